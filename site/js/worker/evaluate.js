// The evaluate page's "evaluate" message: the page sends its File objects (structured clone, no
// copy) and the options; the files are read here, chunk by chunk (file.stream(), gunzipped when
// they are gzip, decoded as UTF-8 or Latin-1 once their first bytes show they are text), and each
// chunk's text goes to evaluate.py (bundled as text, like playground.py), which reads, scores
// and compares the runs with rankmetrics. Nothing is sent anywhere: the files' text only goes
// from this worker's memory into Python's.
import SOURCE from "./evaluate.py";
import { failureReason } from "./failure.js";
import { canGunzip } from "../runtime/capabilities.js";
import { isGzip, unpackedSize } from "../evaluate/gzip.js";
import { tooLarge } from "../evaluate/limits.js";
import { fileLabels } from "../evaluate/names.js";
import { SNIFF_BYTES, textKind } from "../evaluate/text.js";

const STOPPED = Symbol("stopped");

/** A file whose first bytes are not text (text.js textKind): `reason` says why. */
class NotText extends Error {
  constructor(reason) {
    super(reason);
    this.reason = reason;
  }
}

/** Run evaluate.py in a namespace of its own and return its `new_evaluation` (a PyProxy).
 *  Called at boot, before any learner code runs (what it binds then stays bound). */
export function loadEvaluate(pyodide) {
  const dict = pyodide.globals.get("dict");
  const namespace = dict();
  dict.destroy();
  pyodide.runPython(SOURCE, { globals: namespace });
  const evaluation = namespace.get("new_evaluation");
  namespace.destroy();
  return evaluation;
}

/**
 * Read `file` as text, chunk by chunk.
 * @param {File} file
 * @param {string} label  the file's name on the page (fileLabels: "run.txt (2)" for a second one)
 * @param {(text: string) => boolean|void} feed  each chunk's text; false stops the reading early
 * @param {(bytes: number) => void} onBytes  the file's bytes read so far (before gunzip)
 * @param {() => boolean} stopped  true when the learner pressed Stop
 * @returns {Promise<boolean>} false when `feed` stopped it early
 * @throws STOPPED on Stop; NotText before any text is fed when the first bytes are not text;
 *   Error for a gzip file this browser cannot unpack, or a broken one
 */
async function readText(file, label, feed, onBytes, stopped) {
  const gzip = await isGzip(file);
  if (gzip && !canGunzip())
    throw new Error(`${label} is gzip-compressed, and this browser cannot unpack it: unpack it first.`);
  let bytes = 0;
  let stream = file.stream().pipeThrough(
    new TransformStream({
      transform(chunk, controller) {
        bytes += chunk.byteLength;
        controller.enqueue(chunk);
      },
    }),
  );
  if (gzip) stream = stream.pipeThrough(new DecompressionStream("gzip"));
  const reader = stream.getReader();
  const next = async () => {
    const chunk = await reader.read().catch((error) => {
      // A broken gzip member or a failing disk: say which file, and what the browser said.
      throw new Error(`${label} could not be read${gzip ? " as gzip" : ""}: ${error?.message ?? error}`);
    });
    if (!chunk.done && stopped()) throw STOPPED;
    return chunk;
  };
  try {
    // The first bytes are held until they show whether the file is text, and in which encoding.
    const head = [];
    let held = 0;
    let ended = false;
    while (held < SNIFF_BYTES && !ended) {
      const { done, value } = await next();
      ended = done;
      if (!done) {
        head.push(value);
        held += value.byteLength;
        onBytes(bytes);
      }
    }
    const first = new Uint8Array(held);
    let at = 0;
    for (const chunk of head) {
      first.set(chunk, at);
      at += chunk.byteLength;
    }
    const kind = textKind(first);
    if (kind.notText) throw new NotText(kind.notText);
    const decoder = new TextDecoder(kind.encoding);
    if (feed(decoder.decode(first, { stream: true })) === false) return false;
    while (!ended) {
      const { done, value } = await next();
      ended = done;
      if (!done) {
        if (feed(decoder.decode(value, { stream: true })) === false) return false;
        onBytes(bytes);
      }
    }
    return feed(decoder.decode()) !== false;
  } finally {
    reader.cancel().catch(() => {});
  }
}

/**
 * Answer {type: "evaluate", id, qrels: File, runs: [{name, file: File}], baseline, options}.
 * Posts {type: "progress", id, phase: "reading"|"sorting"|"evaluating", file, bytes, total, text}
 * while it works ("sorting": a run not grouped by query, read whole, is being sorted by query), then {type: "result", id, ok: true, result} (the JSON of evaluate.py's `compare`), or
 * {type: "result", id, ok: false, error, files?} with the files' summaries read so far, or
 * {type: "result", id, ok: false, stopped: true} after Stop.
 */
export async function answerEvaluate(state, { id, qrels, runs, baseline, options }) {
  const post = (message) => state.post({ id, ...message });
  if (!state.evaluate) return post({ type: "result", ok: false, error: "Python is not ready" });
  const { interruptBuffer } = await state.bootMessage;
  // Stop between chunks: the page sets the interrupt buffer (Python, when it runs, raises
  // KeyboardInterrupt on its own); taken here, it is set back to 0 as Python does.
  const stopped = () => {
    if (interruptBuffer?.[0] !== 2) return false;
    interruptBuffer[0] = 0;
    return true;
  };
  // file label -> summary, for the page even when a later file fails; the label is the file's
  // name, told apart when two files have one (names.js fileLabels), and names it in problems too
  const files = {};
  const [qrelsLabel, ...runLabels] = fileLabels([qrels.name, ...runs.map((run) => run.file.name)]);
  let evaluation = null;
  let kept = false; // the evaluation stays for its queries' lists (answerEvaluatedQuery)
  state.lastEvaluation?.destroy();
  state.lastEvaluation = null;
  try {
    evaluation = state.evaluate(JSON.stringify(options));
    // The bytes each file held when read to its end: its size as it is now, where the File's own
    // size is the one it had when chosen (Firefox reads a file edited since, and keeps that size).
    const sizes = {};
    const read = async (file, label, feed) => {
      post({ type: "progress", phase: "reading", file: label, bytes: 0, total: file.size });
      sizes[label] = 0;
      return readText(
        file,
        label,
        feed,
        (bytes) => {
          sizes[label] = bytes;
          post({ type: "progress", phase: "reading", file: label, bytes, total: Math.max(bytes, file.size) });
        },
        stopped,
      );
    };
    evaluation.start_qrels(qrelsLabel);
    let judgmentsHeld = 0; // the judgments' text, in UTF-16 code units (a byte each for ASCII)
    await read(qrels, qrelsLabel, (text) => {
      judgmentsHeld += text.length;
      evaluation.feed_qrels(text);
    }).catch((error) => {
      if (error instanceof NotText)
        throw new Error(`${qrelsLabel} is not a text file (${error.reason}): choose the judgments file.`);
      throw error;
    });
    files[qrelsLabel] = { role: "qrels", bytes: sizes[qrelsLabel], ...JSON.parse(evaluation.finish_qrels()) };
    // Nothing readable: say which file, list its problems, and score nothing (no table of zeros).
    if (files[qrelsLabel].nothingRead) throw new Error(files[qrelsLabel].nothingRead);
    for (const [index, { name, file }] of runs.entries()) {
      const label = runLabels[index];
      evaluation.start_run(name, label, true);
      const grouped = await read(file, label, (text) => evaluation.feed_run(text)).catch((error) => {
        if (!(error instanceof NotText)) throw error;
        return error;
      });
      if (grouped instanceof NotText) {
        // Not text: this run is named and left out, as one whose lines all have problems.
        const why = `${label} is not a text file (${grouped.reason}): choose the run file.`;
        const problem = {
          kind: "not text",
          count: 1,
          lines: [0],
          message: `this is not a text file (${grouped.reason}): choose the run file.`,
        };
        files[label] = { role: "run", run: name, format: "", lines: 0, problemGroups: [problem], nothingRead: why };
        continue;
      }
      if (!grouped) {
        // A query came back after another: read it again, holding every line until the end,
        // if Python's memory can hold them (limits.js).
        const large = tooLarge(file, "ungrouped run", { unpacked: await unpackedSize(file), judgmentsHeld });
        if (large) throw new Error(large);
        evaluation.start_run(name, label, false);
        await read(file, label, (text) => evaluation.feed_run(text));
        post({ type: "progress", phase: "sorting", file: label }); // finish_run sorts it: a while, for a big run
      }
      files[label] = { role: "run", run: name, grouped, bytes: sizes[label], ...JSON.parse(evaluation.finish_run()) };
    }
    // A run with nothing readable is left out (evaluate.py); with no run left, nothing is scored.
    const unread = Object.values(files).filter((summary) => summary.nothingRead);
    if (unread.length === runs.length) throw new Error(unread[0].nothingRead);
    post({ type: "progress", phase: "evaluating", text: "comparing the runs" });
    const progress = (step, done, total) => post({ type: "progress", phase: "evaluating", step, done, total });
    const result = JSON.parse(evaluation.compare(baseline, progress));
    state.lastEvaluation = evaluation;
    kept = true;
    post({ type: "result", ok: true, result: { ...result, files } });
  } catch (error) {
    const wasStopped = error === STOPPED || String(error?.message || error).includes("KeyboardInterrupt");
    if (wasStopped) post({ type: "result", ok: false, stopped: true, files });
    else post({ type: "result", ok: false, error: failureReason(error), files });
  } finally {
    if (!kept) evaluation?.destroy();
  }
}

/** Answer {type: "evaluated-query", id, run, query, k}: the rank playground's config for that
 *  query of the last evaluation at cut-off k (evaluate.py query_list), as
 *  {type: "evaluated-query", id, ok, config} or {ok: false, error}. */
export function answerEvaluatedQuery(state, { id, run, query, k }) {
  const answer = (result) => state.post({ type: "evaluated-query", id, ...result });
  if (!state.lastEvaluation) return answer({ ok: false, error: "no evaluation to show" });
  try {
    answer({ ok: true, config: JSON.parse(state.lastEvaluation.query_list(run, query, k ?? null)) });
  } catch (error) {
    answer({ ok: false, error: failureReason(error) });
  }
}
