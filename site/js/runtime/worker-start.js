// Starting the Python worker (site/js/worker/main.js, bundled as workerScript): shared by PythonRuntime (runtime.js) and the
// page's early start (early-start.js), so both start it the same way.

import { workerScript } from "../shared/build-constants.js";
import { canRunModuleWorkers, dataSaving, shareableBuffer } from "./capabilities.js";
import { mayHaveKept, snapshotPlan } from "./snapshot-source.js";

/** Why Python cannot start in this browser (a sentence for the status line), or null when it
 *  can: it runs in a module worker. (WebAssembly is the worker's to check: it is the worker's
 *  own that runs Python.) */
export function whyNoWorker() {
  if (typeof Worker !== "function") return "this browser has no Web Workers, and Python runs in one";
  if (!canRunModuleWorkers()) return "this browser cannot start module workers, and Python runs in one";
  return null;
}

/**
 * Create the worker and ask it to boot. Throws where the browser refuses the worker (see
 * whyNoWorker, and a policy that forbids it).
 * @param {object} settings  the lesson's `runtime` JSON (pyodide path, wheels, packages, ...)
 * @param {string} siteURL  the site's root, ending in "/"
 * @returns {{worker: Worker, interruptBuffer: Uint8Array|null}}  the interrupt buffer is shared
 *   with the worker where this browser can share memory with it, else null
 */
export function startWorker(settings, siteURL) {
  // A fresh buffer for each worker: one left at "interrupt" by a stopped worker must not stop the next.
  const shared = shareableBuffer(1);
  const interruptBuffer = shared && new Uint8Array(shared);
  const lookForKept = mayHaveKept(snapshotPlan(settings, siteURL).url);
  // The page decides whether to spare the learner's data (the worker fetches nothing it can do
  // without then: snapshot.js, stdlib.js).
  const saveData = dataSaving() !== null;
  const boot = { baseURL: siteURL, runtime: settings, lookForKept, saveData };
  const worker = createWorker(new URL(workerScript, siteURL), boot);
  // Also the worker that boots from its URL waits for this message's interrupt buffer.
  worker.postMessage({ type: "boot", ...boot, interruptBuffer });
  return { worker, interruptBuffer };
}

/** A module worker. On the page's origin its boot settings ride in the URL's fragment, so it
 *  boots as soon as its script runs: a message from the page reached it only after the page's
 *  main thread had laid out the lesson (0.1 s later here, on a long lesson). From another
 *  origin through a same-origin blob that imports it (the browser allows a worker script only
 *  from the page's own origin; imports may cross with CORS); that one waits for the message. */
function createWorker(url, boot) {
  if (url.origin === location.origin) {
    url.hash = encodeURIComponent(JSON.stringify(boot));
    return new Worker(url, { type: "module" });
  }
  const wrapper = new Blob([`import ${JSON.stringify(url.href)};`], { type: "text/javascript" });
  return new Worker(URL.createObjectURL(wrapper), { type: "module" });
}
