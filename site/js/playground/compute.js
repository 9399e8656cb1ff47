// Asks the worker's Python for the readouts of the playground's latest state, one request at a
// time (a change made meanwhile is asked for when the answer comes), and says where that stands:
// "waiting" (Python is loading, or a learner's cell is running), "computing", "ready", "error"
// (Python could not start, or the readouts failed).

/** The performance mark made when the worker's answer reaches the page, so a change's time can
 *  be split into the worker's part and the page's drawing (bench/playground_speed.py). */
export const ANSWER_MARK = "playground-answer";

/**
 * @param {import("../runtime/runtime.js").PythonRuntime|null} runtime  null: no Python on this page
 * @param {{
 *   current: () => object,                        the state to compute (what rankmetrics.pages.playground.readouts takes)
 *   onState: (state: string, reason?: string) => void,
 *   onReadouts: (readouts: object, asked: object) => void,
 * }} hooks
 * @returns {{changed: () => void, retry: () => void, stop: () => void}}
 */
export function computeReadouts(runtime, { current, onState, onReadouts }) {
  let dirty = true; // the state changed since the last readouts were asked for
  let inFlight = false;
  let failure = null; // why Python could not start or the readouts failed, or null
  let watched = null; // the runtime's ready promise whose failure is followed
  let stopped = false;

  function follow() {
    if (!runtime?.ready || runtime.ready === watched) return;
    const ready = runtime.ready;
    watched = ready;
    failure = null;
    ready.catch((error) => {
      if (runtime.ready !== ready) return;
      failure = `Python could not start: ${error.message}`;
      pump();
    });
  }

  function pump() {
    if (stopped) return;
    follow();
    if (failure) return onState("error", failure);
    if (!runtime?.isReady) return onState("waiting", "Waiting for Python to load…");
    if (runtime.busy) return onState("waiting", "Waiting for your cell to finish…");
    if (inFlight) return onState("computing");
    if (!dirty) return onState("ready");
    dirty = false;
    inFlight = true;
    onState("computing");
    const asked = current();
    runtime.readouts(asked).then((answer) => {
      performance.clearMarks(ANSWER_MARK); // only the latest is kept
      performance.mark(ANSWER_MARK);
      inFlight = false;
      if (stopped) return;
      if (answer.restarted)
        dirty = true; // Python started again: ask it anew
      else if (!answer.ok) {
        failure = `The readouts could not be computed: ${answer.error}`;
        dirty = true; // Retry asks again
      } else if (!dirty) onReadouts(answer.readouts, asked);
      pump();
    });
  }

  const unwatch = runtime?.watch(pump);
  pump();
  return {
    changed() {
      dirty = true;
      pump();
    },
    retry() {
      if (watched && failure?.startsWith("Python")) runtime.start();
      failure = null;
      dirty = true;
      pump();
    },
    stop() {
      stopped = true;
      unwatch?.();
    },
  };
}
