// Starting the Python worker (site/js/worker.js): shared by PythonRuntime (runtime.js) and the
// page's early start (early-start.js), so both start it the same way.

/**
 * Create the worker and ask it to boot.
 * @param {object} settings  the lesson's `runtime` JSON (pyodide path, wheels, packages, ...)
 * @param {string} siteURL  the site's root, ending in "/"
 * @param {{stdlibFromPage: boolean, snapshotFromPage?: boolean}} options  whether the page will
 *   post the full standard library ({type: "stdlib", bytes}) and the opened snapshot
 *   ({type: "snapshot-source", source}) instead of the worker getting them
 * @returns {{worker: Worker, interruptBuffer: Uint8Array|null}}  the interrupt buffer is shared
 *   with the worker when the page is cross-origin isolated, else null
 */
export function startWorker(settings, siteURL, { stdlibFromPage, snapshotFromPage = false }) {
  // A fresh buffer for each worker: one left at "interrupt" by a stopped worker must not stop the next.
  const interruptBuffer = globalThis.crossOriginIsolated ? new Uint8Array(new SharedArrayBuffer(1)) : null;
  const worker = createWorker(new URL("assets/worker.js", siteURL));
  worker.postMessage({ type: "boot", baseURL: siteURL, runtime: settings, interruptBuffer, stdlibFromPage, snapshotFromPage });
  return { worker, interruptBuffer };
}

/** A module worker; from another origin through a same-origin blob that imports it (the
 *  browser allows a worker script only from the page's own origin; imports may cross with CORS). */
function createWorker(url) {
  if (url.origin === location.origin) return new Worker(url, { type: "module" });
  const wrapper = new Blob([`import ${JSON.stringify(url.href)};`], { type: "text/javascript" });
  return new Worker(URL.createObjectURL(wrapper), { type: "module" });
}
