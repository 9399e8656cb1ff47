// The evaluate page (UI contract, "Evaluate your own run"): the learner's run files and
// judgments, read and scored by rankmetrics in the worker's Python, never sent anywhere. This
// module wires the form (files, names, baseline, options), the Evaluate and Stop buttons, the
// status, and the results; each part has a module of its own.
import { el } from "../playground/dom.js";
import { load, save } from "../shared/storage.js";
import { mountPlaygrounds } from "../playground/main.js";
import { meansCSV, meansLaTeX, meansMarkdown, perQueryCSV } from "./export.js";
import { changedOnDisk, placeChosen, summariesByFile, unreadable } from "./files.js";
import { unpackedSize, unreadableGzip } from "./gzip.js";
import { outOfMemory, tooLarge } from "./limits.js";
import { badNames, nameProblem, uniqueNames } from "./names.js";
import { DEFAULT_OPTIONS, OPTION_NAMES, parseCutoffs, parseThreshold, trecEvalCommand } from "./options.js";
import { drawCharts, drawComparison, drawCounts, drawFiles, drawMeans, drawPerQuery } from "./results-view.js";
import { fileSize as size } from "./sizes.js";
import { counted } from "./words.js";

const SLUG = "evaluate"; // storage.js keys: the page's options are kept like a lesson's answers
const QRELS_NAME = /qrel/i; // a dropped file named like this is the judgments
const PLAYGROUND_ID = "evaluate-query"; // the one playground a query opens in (its kept state is cleared)

/**
 * Mount the evaluate page's form in `root` (the page's `[data-evaluate]`), if there is one.
 * @param {ParentNode} root
 * @param {{runtime: import("../runtime/runtime.js").PythonRuntime|null, signal?: AbortSignal}} options
 * @returns {{unmount: () => void}|null}
 */
export function mountEvaluate(root, { runtime, signal }) {
  const section = root.querySelector("[data-evaluate]");
  if (!section) return null;
  const $ = (selector) => section.querySelector(selector);
  const form = $("[data-eval-form]");
  const status = $("[data-eval-status]");
  const progress = $("[data-eval-progress]");
  const output = $("[data-eval-output]");
  const startButton = $("[data-eval-start]");
  const stopButton = $("[data-eval-stop]");
  const options = Object.fromEntries(OPTION_NAMES.map((name) => [name, $(`[data-eval-option="${name}"]`)]));
  const on = (target, type, listener) => target.addEventListener(type, listener, { signal });

  let runs = []; // [{file, name, label}], in the order chosen; label: the default name, which the field is labelled by
  // The rows under "Run files": each run, or a run removed since files were last added, which
  // keeps its row (with Undo) so that no row slides under the pointer.
  let rows = []; // [{run, removed}]
  let qrels = null; // File
  let qrelsDropped = false; // the judgments came by drop, not from their file input
  let changed = new Set(); // Files the browser refused to read since they were chosen
  let summaries = new Map(); // File -> what the last evaluation found in it (format, nothingRead, bytes)
  // A file's size as the last evaluation read it, else as the browser gave it when it was chosen
  // (Firefox reads a file edited on disk since, and keeps the size it had then).
  const sizeOf = (file) => summaries.get(file)?.bytes ?? file.size;
  let working = false;

  const setStatus = (state, text, fraction = null) => {
    status.dataset.evalStatus = state;
    status.textContent = text;
    progress.hidden = fraction === null;
    if (fraction !== null) progress.value = Math.min(1, Math.max(0, fraction));
  };

  // --- options: kept in localStorage, shown as a trec_eval command -------------------------
  const readOption = (name) => (options[name].type === "checkbox" ? options[name].checked : options[name].value);
  const writeOption = (name, value) => {
    if (options[name].type === "checkbox") options[name].checked = Boolean(value);
    else options[name].value = value;
  };
  const kept = load(SLUG, "options", "form");
  for (const name of OPTION_NAMES) writeOption(name, kept?.[name] ?? DEFAULT_OPTIONS[name]);

  /** The options as the worker takes them, or {error}. */
  const currentOptions = () => {
    const cutoffs = parseCutoffs(readOption("cutoffs"));
    if (cutoffs.error) return { error: cutoffs.error, field: options.cutoffs };
    const threshold = parseThreshold(readOption("threshold"));
    if (threshold.error) return { error: threshold.error, field: options.threshold };
    return {
      cutoffs: cutoffs.cutoffs,
      threshold: threshold.threshold,
      gain: readOption("gain"),
      missing: readOption("missing"),
      useRank: readOption("useRank"),
    };
  };
  // The command's line goes while an option is invalid (no command gives those numbers): the
  // note under it says what is wrong.
  const commandLine = $("[data-eval-command]").closest("p");
  const showCommand = () => {
    const current = currentOptions();
    for (const field of [options.cutoffs, options.threshold]) field.removeAttribute("aria-invalid");
    commandLine.hidden = Boolean(current.error);
    if (current.error) {
      current.field.setAttribute("aria-invalid", "true");
      $("[data-eval-command]").textContent = "";
      $("[data-eval-command-note]").textContent = current.error;
      return;
    }
    // A file's format is known once it has been read: the command follows the last evaluation.
    const formats = Object.fromEntries(
      [qrels, ...runs.map((run) => run.file)]
        .filter((file) => summaries.has(file))
        .map((file) => [file.name, summaries.get(file).format]),
    );
    const { command, parts, files, notes } = trecEvalCommand(current, {
      qrels: qrels?.name,
      run: runs[0]?.file.name,
      others: runs.slice(1).map((run) => run.file.name),
      formats,
    });
    commandLine.hidden = !command;
    showCommandParts($("[data-eval-command]"), parts, files);
    $("[data-eval-command-note]").textContent = notes.join(" ");
  };
  for (const name of OPTION_NAMES) {
    on(options[name], "change", () => {
      save(SLUG, "options", "form", Object.fromEntries(OPTION_NAMES.map((option) => [option, readOption(option)])));
      showCommand();
    });
    on(options[name], "input", showCommand);
  }

  // --- files, names, baseline -------------------------------------------------------------
  const namesBox = $("[data-eval-names]");
  const baseline = $("[data-eval-baseline]");
  const drawNames = (focus = null) => {
    const chosen = runs[Number(baseline.value) || 0];
    runs = rows.filter((row) => !row.removed).map((row) => row.run);
    namesBox.replaceChildren(...rows.map((row, index) => (row.removed ? removedRow(row, index) : nameRow(row, index))));
    $("[data-eval-no-runs]").hidden = runs.length > 0;
    baseline.closest("p").hidden = runs.length === 0;
    drawBaseline(String(Math.max(0, runs.indexOf(chosen))));
    checkNames();
    showCommand();
    namesBox.querySelector(focus)?.focus();
  };
  const nameRow = (row, index) => {
    const { run } = row;
    const id = `eval-name-${index}`;
    const input = el("input", {
      id,
      type: "text",
      value: run.name,
      "data-eval-name": String(runs.indexOf(run)),
      required: true,
    });
    on(input, "input", () => {
      run.name = input.value;
      checkNames();
      drawBaseline(baseline.value);
    });
    const remove = el("button", {
      type: "button",
      class: "evaluate-remove",
      text: "Remove",
      "aria-label": `Remove ${run.label}`,
      "data-eval-row": String(index),
    });
    on(remove, "click", () => {
      row.height = remove.closest("p").offsetHeight; // the Undo row keeps this height
      row.removed = true;
      drawNames(`[data-eval-row="${index}"]`);
      markStale();
    });
    return el(
      "p",
      { class: "evaluate-name" },
      el("label", { for: id, text: `Name of ${run.label}` }),
      " ",
      input,
      " ",
      changed.has(run.file)
        ? el("span", { class: "evaluate-changed", "data-eval-changed": true, text: changedOnDisk(run.file.name) })
        : el("span", { class: "evaluate-hint", text: `${run.file.name}, ${size(sizeOf(run.file))}` }),
      " ",
      remove,
    );
  };
  const removedRow = (row, index) => {
    const undo = el("button", {
      type: "button",
      text: "Undo",
      "aria-label": `Undo removing ${row.run.label}`,
      "data-eval-row": String(index),
    });
    on(undo, "click", () => {
      row.removed = false;
      drawNames(`[data-eval-row="${index}"]`);
      markStale();
    });
    return el(
      "p",
      { class: "evaluate-name evaluate-removed", style: `min-height: ${row.height}px` },
      `Removed ${row.run.label} (${row.run.file.name}). `,
      undo,
    );
  };
  const drawBaseline = (chosen) => {
    const index = Number(chosen) || 0; // option values are run indexes
    // A run the last evaluation could not read is no baseline, unless no run could be read.
    const read = runs.map((_, i) => i).filter((i) => !summaries.get(runs[i].file)?.nothingRead);
    const offered = read.length ? read : runs.map((_, i) => i);
    baseline.replaceChildren(...offered.map((i) => el("option", { value: String(i), text: runs[i].name })));
    if (offered.length) baseline.value = String(offered.includes(index) ? index : offered[0]);
  };
  const checkNames = () => {
    const bad = badNames(runs.map((run) => run.name));
    namesBox.querySelectorAll("[data-eval-name]").forEach((input, index) => {
      if (bad.has(index)) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
    });
    return bad;
  };
  // Chosen or dropped runs join those kept; a file of the same name as a run's file (an edited
  // file chosen again) takes that run's place, keeping its name.
  const addRuns = (files) => {
    const kept = rows.filter((row) => !row.removed); // removed rows go with new files
    const { replaced, added } = placeChosen(
      kept.map((row) => row.run),
      files,
    );
    for (const [index, file] of replaced) kept[index].run.file = file;
    const names = uniqueNames(
      added.map((file) => file.name),
      kept.map((row) => row.run.name),
    );
    rows = [...kept, ...added.map((file, i) => ({ run: { file, name: names[i], label: names[i] }, removed: false }))];
    drawNames();
  };
  // Each file input is emptied once its files are taken, so that choosing the same file again
  // (edited since) is a change too; the rows and the hint beside the judgments name the files in use.
  on($("[data-eval-runs]"), "change", (event) => {
    const files = [...event.target.files];
    event.target.value = "";
    addRuns(files);
  });
  const showQrels = () => {
    const hint = $("[data-eval-qrels-dropped]");
    hint.classList.toggle("evaluate-changed", changed.has(qrels));
    if (!qrels) hint.textContent = "";
    else if (changed.has(qrels)) hint.textContent = changedOnDisk(qrels.name);
    else hint.textContent = `In use: ${qrels.name}, ${size(sizeOf(qrels))}${qrelsDropped ? " (dropped)" : ""}`;
  };
  on($("[data-eval-qrels]"), "change", (event) => {
    qrels = event.target.files[0] ?? null;
    qrelsDropped = false;
    event.target.value = "";
    showQrels();
    showCommand();
  });
  // Files dropped anywhere on the page: the one named like qrels is the judgments, the others runs.
  on(document, "dragover", (event) => {
    if (event.dataTransfer?.types.includes("Files")) event.preventDefault();
  });
  on(document, "drop", (event) => {
    const files = [...(event.dataTransfer?.files ?? [])];
    if (!files.length) return;
    event.preventDefault();
    const judgments = files.find((file) => QRELS_NAME.test(file.name));
    if (judgments) {
      qrels = judgments;
      qrelsDropped = true;
      showQrels();
    }
    const dropped = files.filter((file) => file !== judgments);
    if (dropped.length) addRuns(dropped);
    showCommand();
    markStale();
    setStatus(
      "idle",
      `Dropped: ${files.map((file) => file.name).join(", ")}.${qrels ? ` Judgments: ${qrels.name}.` : " Choose a judgments file too."}`,
    );
  });

  // Results drawn from earlier files or options say so once the form changes, or a file is found
  // changed on disk, rather than pass for the current choices (the trec_eval command above
  // already follows the form).
  const FORM_CHANGED =
    "The files, names or options above have changed since these results: press Evaluate to update them.";
  const FILE_CHANGED =
    "A file has changed on disk since these results: choose it again above, then press Evaluate to update them.";
  const markStale = (text = FORM_CHANGED) => {
    if (!output.querySelector("[data-results]")) return;
    const shown = output.querySelector("[data-eval-stale]");
    if (shown) {
      shown.textContent = text;
      return;
    }
    output
      .querySelector("h2")
      ?.after(el("p", { class: "evaluate-stale", role: "note", "data-eval-stale": true, text }));
  };
  on(form, "input", () => markStale());
  on(form, "change", () => markStale());

  // --- Evaluate, Stop -----------------------------------------------------------------------
  const refuse = (text, focus = null) => {
    setStatus("error", text);
    focus?.focus();
  };
  on(form, "submit", async (event) => {
    event.preventDefault();
    if (working) return;
    const current = currentOptions();
    if (current.error) return refuse(current.error, current.field);
    if (!runs.length) return refuse("Choose at least one run file.", $("[data-eval-runs]"));
    if (!qrels) return refuse("Choose a judgments file.", $("[data-eval-qrels]"));
    checkNames();
    const named = nameProblem(runs.map((run) => ({ name: run.name, label: run.label, fileName: run.file.name })));
    if (named) return refuse(named.message, namesBox.querySelectorAll("[data-eval-name]")[named.index]);
    working = true; // while the files are checked and their first and last bytes read: a second press does nothing
    const refused = await showChanged().finally(() => {
      working = false;
    });
    if (refused) return refuse(refused, changed.has(qrels) ? $("[data-eval-qrels]") : $("[data-eval-runs]"));
    // Refused before anything is read: gzip this browser cannot unpack, judgments too large to hold.
    working = true;
    const [packed, unpacked] = await Promise.all([
      unreadableGzip([qrels, ...runs.map((run) => run.file)]),
      unpackedSize(qrels),
    ]).finally(() => {
      working = false;
    });
    if (packed) return refuse(packed);
    const large = tooLarge(qrels, "judgments", { unpacked });
    if (large) return refuse(large, $("[data-eval-qrels]"));
    if (!runtime) return refuse("Python cannot run on this page.");

    working = true;
    startButton.disabled = true;
    stopButton.disabled = false;
    output.replaceChildren();
    if (!runtime.isReady)
      setStatus("waiting", "Waiting for Python to load; the evaluation starts as soon as it is ready.");
    else setStatus("reading", "Reading the files…", 0);
    const job = {
      qrels,
      runs: runs.map(({ file, name }) => ({ file, name: name.trim() })),
      baseline: runs[Number(baseline.value) || 0].name.trim(),
      options: current,
    };
    let answer;
    try {
      answer = await runtime.evaluate(job, (message) => {
        if (message.phase === "reading")
          setStatus(
            "reading",
            `Reading ${message.file}: ${size(message.bytes)} of ${size(message.total)}`,
            message.total ? message.bytes / message.total : 0,
          );
        else if (message.phase === "sorting")
          // A run not grouped by query is read whole, then sorted: the bar would sit at its end.
          setStatus("reading", `Sorting ${message.file} by query…`, null);
        else if (message.step)
          setStatus(
            "evaluating",
            `Comparing the runs: ${message.step === "bootstrap" ? "bootstrap" : "randomization test"}, ${message.done} of ${message.total}`,
            message.total ? message.done / message.total : 0,
          );
        else setStatus("evaluating", "Scoring and comparing the runs…", null);
      });
    } catch (error) {
      // Python failed to load while the evaluation waited for it: the runtime status above
      // offers Retry; this status must not go on saying it waits.
      answer = {
        ok: false,
        loadFailed: true,
        error: `Python could not load (${error?.message ?? error}). Press Retry above, then Evaluate.`,
      };
    } finally {
      working = false;
      startButton.disabled = false;
      stopButton.disabled = true;
    }
    const found = answer.ok ? answer.result.files : answer.files;
    if (found) summaries = summariesByFile(found, job);
    // A file read at another size than it was chosen with shows the size read (the rows are drawn
    // again only then: a name's field keeps its focus).
    if ([...summaries].some(([file, summary]) => summary.bytes !== undefined && summary.bytes !== file.size)) {
      drawNames();
      showQrels();
    }
    // The baseline offers only runs read, on the one the results were compared with.
    const used = answer.ok ? job.runs.find((run) => run.name === answer.result.baseline)?.file : null;
    const usedIndex = runs.findIndex((run) => run.file === used);
    drawBaseline(String(usedIndex >= 0 ? usedIndex : baseline.value));
    showCommand();
    if (answer.ok) return showResult(answer.result, current.cutoffs, job.baseline);
    if (answer.files && Object.keys(answer.files).length) output.append(...drawFiles(answer.files));
    // Out of memory (Python's MemoryError, or the worker's error): said plainly, never a wait.
    const memory = answer.ok === false && answer.error ? outOfMemory(answer.error) : null;
    if (memory) return setStatus("error", memory);
    if (answer.crashed)
      return setStatus("error", `Python stopped while it worked (${answer.error}). Press Evaluate to try again.`);
    if (answer.cancelled || answer.stopped || answer.restarted)
      return setStatus("idle", "Stopped. Press Evaluate to start again.");
    // A file changed on disk while it was read: said as before Evaluate, not as the browser says it.
    const changedNow = await showChanged();
    if (changedNow) return setStatus("error", changedNow);
    setStatus("error", answer.loadFailed ? answer.error : `The evaluation failed: ${answer.error}`);
  });
  /** Mark the files the browser no longer reads beside them; the status's sentence, or null. */
  const showChanged = async () => {
    const files = [qrels, ...runs.map((run) => run.file)];
    const found = new Set(await unreadable(files));
    const same = found.size === changed.size && [...found].every((file) => changed.has(file));
    changed = found;
    if (!same) {
      drawNames(); // the rows are drawn again only when a mark comes or goes: a name's field keeps its focus
      showQrels();
    }
    if (changed.size) markStale(FILE_CHANGED);
    return changed.size ? [...changed].map((file) => changedOnDisk(file.name)).join(" ") : null;
  };
  on(stopButton, "click", () => {
    if (working) runtime.stop();
  });

  // --- results ------------------------------------------------------------------------------
  const download = (name, text, type) => {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const link = el("a", { href: url, download: name });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  // A query's list in the rank playground: asked from the last evaluation in the worker, drawn
  // below the results (they stay), and kept in neither the address nor the browser's storage.
  let playgrounds = [];
  const forgetPlayground = () => {
    for (const playground of playgrounds) playground.unmount();
    playgrounds = [];
    save(SLUG, "playground", PLAYGROUND_ID, null); // the playground keeps its state per id: not ids of the learner's files
  };
  on(window, "pagehide", forgetPlayground);
  const openQuery = async (box, run, query, k) => {
    if (!runtime?.isReady) return;
    const answer = await runtime.evaluatedQuery(run, query, k);
    forgetPlayground();
    if (!answer.ok) {
      box.replaceChildren(el("p", { text: `Could not open ${query}: ${answer.error ?? "Python restarted"}.` }));
      return;
    }
    const config = el("script", { type: "application/json", "data-playground-config": true });
    config.textContent = JSON.stringify(answer.config);
    const heading = el("h3", { tabindex: "-1", text: `Query ${query} as ${run} ranked it` });
    const close = el("button", { type: "button", text: "Close the playground" });
    on(close, "click", () => {
      forgetPlayground();
      box.replaceChildren();
      // The focus was on the button just removed: back to the query that opened the playground,
      // or to the table's box when a filter hides it, never to the top of the page.
      const row = [...output.querySelectorAll("[data-per-query] tr[data-query]")].find(
        (element) => element.dataset.query === query,
      );
      (row?.querySelector("button") ?? output.querySelector("[data-per-query]")?.closest("[tabindex]"))?.focus();
    });
    box.replaceChildren(
      heading,
      el("p", {
        class: "evaluate-hint",
        text: `Its top 30 documents with their grades, and judged relevant documents it missed, at k = ${answer.config.k}${answer.config.k === k ? ", the first cut-off of the results" : ` (the playground's largest; the results' first cut-off is ${k})`}. Changes here leave the results above as they are.`,
      }),
      el(
        "div",
        {
          class: "playground",
          "data-playground": PLAYGROUND_ID,
          role: "group",
          "aria-label": `Rank playground: ${answer.config.title}`,
          "data-state": "waiting",
        },
        config,
      ),
      close,
    );
    playgrounds = mountPlaygrounds(box, { runtime, slug: SLUG, useFragment: false, signal });
    heading.focus();
  };

  const showResult = (result, cutoffs, chosenBaseline) => {
    forgetPlayground();
    const exports = el("p", { class: "evaluate-exports", "data-eval-exports": true });
    for (const [text, name, make, type] of [
      ["Means (CSV)", "means.csv", meansCSV, "text/csv"],
      ["Per query (CSV)", "per-query.csv", perQueryCSV, "text/csv"],
      ["Means (Markdown)", "means.md", meansMarkdown, "text/markdown"],
      ["Means (LaTeX)", "means.tex", meansLaTeX, "application/x-tex"],
    ]) {
      const button = el("button", { type: "button", "data-eval-export": name, text: `Download ${text}` });
      // Results marked out of date say so in the file too.
      const stale = () => Boolean(output.querySelector("[data-eval-stale]"));
      on(button, "click", () => download(name, make(result, { stale: stale() }), type));
      exports.append(button, " ");
    }
    output.replaceChildren(
      el("h2", { text: "Results" }),
      ...drawFiles(result.files),
      ...drawMeans(result),
      ...drawCounts(result),
      ...drawComparison(result),
      ...drawCharts(result),
      exports,
    );
    const box = el("section", { class: "evaluate-playground", "data-eval-playground": true });
    const runChoice = el("select", { id: "eval-open-run" });
    for (const run of result.runs) runChoice.append(el("option", { value: run.name, text: run.name }));
    output.append(
      el(
        "p",
        { hidden: result.runs.length < 2 },
        el("label", { for: "eval-open-run", text: "Run a query opens with" }),
        " ",
        runChoice,
      ),
      ...drawPerQuery(result, { onQuery: (query) => openQuery(box, runChoice.value, query, cutoffs[0]) }),
      box,
    );
    const queries = result.runs[0] ? Object.keys(result.runs[0].perQuery[result.runs[0].measures[0]] ?? {}).length : 0;
    // Runs that could not be read are left out: named here, their problems listed (and open) below.
    const unread = Object.entries(result.files).filter(([, summary]) => summary.nothingRead);
    const left = unread.length
      ? ` Not evaluated: ${unread.map(([name]) => name).join(", ")}, whose problems are listed below.${result.baseline === chosenBaseline ? "" : ` The baseline is ${result.baseline} instead.`}`
      : "";
    setStatus("done", `Done: ${counted(result.runs.length, "run")}, ${counted(queries, "query", "queries")}.${left}`);
  };

  drawNames();
  // The form answers from now on: Evaluate (disabled in the page's HTML, so that a press before
  // this script arrived could not submit the form natively and reload the page) is enabled.
  if (status.dataset.evalStatus === "loading") status.dataset.evalStatus = "idle";
  startButton.disabled = false;
  return { unmount: () => {} };
}

/** Show the trec_eval command in `code`: each option with its value unbroken (a narrow screen
 *  wraps between them), the file names free to wrap anywhere. Its text is the command itself. */
function showCommandParts(code, parts, files) {
  const words = [...parts.map((part) => el("span", { class: "evaluate-command-part", text: part })), ...files];
  code.replaceChildren(...words.flatMap((word, index) => (index ? [" ", word] : [word])));
}
