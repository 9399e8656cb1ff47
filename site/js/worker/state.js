// The worker's one piece of state, shared by its modules.

/**
 * A fresh state: {post, session, playground, evaluate, installLater, booted, markBooted, bootMessage,
 * receiveBootMessage, booting}.
 * - `post(message)`: sends to the page.
 * - `session`: the cellruntime Session (a PyProxy) once booted, else null.
 * - `playground`: playground.py's readouts_json (a PyProxy) once booted, else null.
 * - `evaluate`: evaluate.py's new_evaluation (a PyProxy) once booted, else null.
 * - `installLater`: after a snapshot boot, a function that unpacks the wheels it already
 *   imported (called after the first run), else null.
 * - `booted`: resolves, once booted, to what a lesson opened later needs to add its packages:
 *   {pyodide, sitePackages, wheels: Set of paths, packages: Set of names}.
 * - `bootMessage`: resolves to the page's {type: "boot"} message, which brings the interrupt
 *   buffer (a worker that boots from its URL may have Python running before it arrives).
 * - `booting`: a boot has started (only one does).
 */
export function createState(post) {
  const state = { post, session: null, playground: null, evaluate: null, installLater: null, booting: false };
  state.booted = new Promise((resolve) => {
    state.markBooted = resolve;
  });
  state.bootMessage = new Promise((resolve) => {
    state.receiveBootMessage = resolve;
  });
  return state;
}
