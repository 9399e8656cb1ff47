// The rank playground's "readouts" message: the page asks for the metrics of one state, and
// Python answers with rankmetrics' own numbers (playground.py, bundled as text like
// interpreter.py), computed apart from the learner's globals.
import SOURCE from "./playground.py";
import { failureReason } from "./failure.js";

/** Run playground.py in a namespace of its own and return its `readouts_json` (a PyProxy).
 *  Called at boot, before any learner code runs (what it binds then stays bound). */
export function loadPlayground(pyodide) {
  const dict = pyodide.globals.get("dict");
  const namespace = dict();
  dict.destroy();
  pyodide.runPython(SOURCE, { globals: namespace });
  const readouts = namespace.get("readouts_json");
  namespace.destroy();
  return readouts;
}

/** Answer {type: "readouts", id, state}: posts {type: "readouts", id, ok: true, readouts} or
 *  {type: "readouts", id, ok: false, error} (Python is not booted yet, or readouts raised). */
export function answerReadouts(state, { id, state: playgroundState }) {
  const answer = (result) => state.post({ type: "readouts", id, ...result });
  if (!state.playground) return answer({ ok: false, error: "Python is not ready" });
  try {
    answer({ ok: true, readouts: JSON.parse(state.playground(JSON.stringify(playgroundState))) });
  } catch (error) {
    answer({ ok: false, error: failureReason(error) });
  }
}
