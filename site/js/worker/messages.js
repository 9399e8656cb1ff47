// The page's messages (ARCHITECTURE.md, "Page ↔ worker protocol"): boot, run, check, packages,
// readouts, evaluate, reset. Each cell goes to the cellruntime Session, which does the real work (capture,
// tracebacks, displays) in Python.
import { boot } from "./boot.js";
import { failureReason, isTrap } from "./failure.js";
import { addPackages } from "./wheels.js";
import { answerReadouts } from "./playground.js";
import { answerEvaluate, answerEvaluatedQuery } from "./evaluate.js";

/** Act on one message from the page. */
export function handleMessage(state, message) {
  const { post } = state;
  if (message.type === "boot") {
    state.receiveBootMessage(message);
    bootOnce(state, message);
  } else if (message.type === "run") {
    run(state, message);
    state.installLater?.();
  } else if (message.type === "check") {
    check(state, message);
    state.installLater?.();
  } else if (message.type === "packages") {
    // The page sends no run until this answers (PythonRuntime.useSettings).
    addPackages(state, message).then(
      () => post({ type: "packages", ok: true }),
      (error) => post({ type: "packages", ok: false, reason: failureReason(error) }),
    );
  } else if (message.type === "readouts") {
    answerReadouts(state, message); // the rank playground's metrics (site/js/playground/)
  } else if (message.type === "evaluate") {
    answerEvaluate(state, message); // the evaluate page's files (site/js/evaluate/)
  } else if (message.type === "evaluated-query") {
    answerEvaluatedQuery(state, message); // one query's list of the last evaluation, for the playground
  } else if (message.type === "reset") {
    state.session?.reset(); // another lesson opened in the page: fresh globals (no session yet: fresh anyway)
  }
}

/** Boot with `settings` unless a boot has started; a failure is posted as {type: "failed",
 *  reason, trap}: `trap` when Python's WebAssembly trapped (a WebAssembly.RuntimeError, such as
 *  "Out of bounds memory access"), which a fresh worker may well get past. */
export async function bootOnce(state, settings) {
  if (state.booting) return;
  state.booting = true;
  try {
    await boot(state, settings);
  } catch (error) {
    state.post({ type: "failed", reason: failureReason(error), trap: isTrap(error) });
  }
}

function run(state, { id, cellId, code, name }) {
  const write = (stream, text) => state.post({ type: "output", id, stream, text });
  let result;
  try {
    const proxy = state.session.run(code, cellId, write, name ?? null); // errors name the cell as the page does
    result = proxy.toJs({ dict_converter: Object.fromEntries });
    proxy.destroy();
  } catch (error) {
    // Only a fault of the runtime itself lands here (e.g. the JavaScript stack overflowed after
    // the recursion limit was raised); learner errors come back in `result`. Python may be
    // broken now, so the page replaces this worker.
    result = { ok: false, display: null, fatal: true, error: `Python crashed: ${error.message || error}` };
  }
  state.post({ type: "result", id, ...result });
}

function check(state, { id, name, cellId }) {
  const write = (stream, text) => state.post({ type: "output", id, stream, text });
  let result;
  try {
    const proxy = state.session.check.callKwargs(name, write, { cell_id: cellId ?? null });
    result = proxy.toJs({ dict_converter: Object.fromEntries });
    proxy.destroy();
  } catch (error) {
    const stopped = String(error.message || error).includes("KeyboardInterrupt");
    result = stopped
      ? { ok: false, stopped: true, message: "Not checked: the check was stopped." }
      : { ok: false, message: `The check failed to run: ${error.message || error}` };
  }
  state.post({ type: "result", id, ...result });
}

/** The boot settings in the worker script's URL fragment (worker-start.js), or null. */
export function settingsInURL(hash) {
  try {
    return hash.length > 1 ? JSON.parse(decodeURIComponent(hash.slice(1))) : null;
  } catch {
    return null; // the message brings them
  }
}
