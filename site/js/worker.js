// The Python worker: boots Pyodide, installs the project's wheels, and hands each cell to the
// `cellruntime` package, which does the real work (capture, tracebacks, displays) in Python.
// It stays thin on purpose: the logic lives in py/cellruntime and is tested under CPython.

let session = null;
const post = (message) => self.postMessage(message);

// Pyodide's loader can wait forever when a core file is missing, so ask for each first and
// fail with a reason the page can show.
const CORE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];

async function checkCoreFiles(indexURL) {
  const answers = await Promise.all(CORE_FILES.map((name) =>
    fetch(indexURL + name, { method: "HEAD" }).then((response) => [name, response.status], () => [name, "no answer"])));
  const missing = answers.filter(([, status]) => status !== 200);
  if (missing.length) {
    throw new Error(`the site is missing ${missing.map(([name, status]) => `${name} (${status})`).join(", ")}`);
  }
}

// A memory snapshot (made at build time, py/lessonbuild/snapshot.py) holds Python with
// cellruntime and rankmetrics already imported: booting from it skips starting Python (about
// 2 s) but costs a 30 MiB file (about 5 MB compressed). `runtime.snapshot.use` says when:
//   "cached"  (the build's choice) only when the browser already has it, in its HTTP cache or
//             the service worker's; otherwise boot normally, then fetch it in the background
//             for the next page. A first visit never waits for it.
//   "always"  fetch it on every boot: fastest on a fast link, slower on a slow one.
//   "off"     never.
// Whatever goes wrong with the snapshot (missing, another Pyodide build, a failed restore),
// the worker boots normally. Either way it posts {type: "boot", mode, ms, pythonMs, reason}
// (ms: boot to ready; pythonMs: of which until Python ran, before the wheels were installed).
function snapshotPlan(runtime, baseURL) {
  const snapshot = runtime.snapshot;
  if (!snapshot?.url) return { use: "off", reason: "the site has no snapshot" };
  const url = new URL(snapshot.url, baseURL);
  const use = snapshot.use ?? "cached";
  // Embedded in another site's page this worker runs on that site's origin, where the browser
  // will not say whether a file of the course's origin is cached.
  if (use === "cached" && url.origin !== self.location.origin) {
    return { use: "off", reason: "snapshot is on another origin" };
  }
  return { use, url: url.href };
}

/** The snapshot's response, or null with a reason when this boot should not use it. */
async function snapshotResponse(plan) {
  if (plan.use !== "always" && plan.use !== "cached") return { response: null, reason: plan.reason ?? "snapshot turned off" };
  // "only-if-cached" answers from the HTTP cache (or the service worker's) without the network,
  // and fails at once when the file is not there.
  const options = plan.use === "cached" ? { cache: "only-if-cached", mode: "same-origin" } : {};
  const response = await fetch(plan.url, options).catch(() => null);
  if (!response) return { response: null, reason: plan.use === "cached" ? "snapshot not cached yet" : "snapshot fetch failed" };
  if (!response.ok) return { response: null, reason: `snapshot answered ${response.status}` };
  return { response, reason: null };
}

async function bootFromSnapshot(loadPyodide, indexURL, response) {
  const pyodide = await loadPyodide({ indexURL, _loadSnapshot: response.arrayBuffer() });
  // The snapshot's random module was seeded at build time: reseed it, or every visit would
  // draw the same numbers. Also prove the packages are there before trusting this Python.
  pyodide.runPython("__import__('cellruntime'), __import__('rankmetrics'), __import__('random').seed()");
  return pyodide;
}

async function boot({ baseURL, runtime, interruptBuffer }) {
  const started = performance.now();
  const indexURL = new URL(runtime.pyodide, baseURL).href;
  post({ type: "status", state: "loading", text: "Python is loading…" });
  if (typeof WebAssembly === "undefined") {
    throw new Error("this browser has WebAssembly turned off or does not support it, and Python needs it");
  }
  await checkCoreFiles(indexURL);
  // The wheels download while Python starts.
  const wheels = runtime.wheels.map((path) => fetchBytes(new URL(path, baseURL).href));
  wheels.forEach((download) => download.catch(() => {})); // awaited below; no unhandled rejection
  const { loadPyodide } = await import(indexURL + "pyodide.mjs");
  const plan = snapshotPlan(runtime, baseURL);
  let { response, reason } = await snapshotResponse(plan);
  let pyodide = null;
  if (response) {
    try {
      pyodide = await bootFromSnapshot(loadPyodide, indexURL, response);
    } catch (error) {
      reason = `snapshot failed: ${error.message || error}`;
    }
  }
  const mode = pyodide ? "snapshot" : "normal";
  pyodide ??= await loadPyodide({ indexURL });
  const pythonMs = performance.now() - started;
  if (interruptBuffer) pyodide.setInterruptBuffer(interruptBuffer);

  post({ type: "status", state: "loading", text: "Python is installing the lesson packages…" });
  // Also after a snapshot: it holds the imported modules but not their files, which tracebacks
  // read; and the lesson's extra packages (e.g. pygal) are never in it. The wheels are pure
  // Python, so unpacking them is the whole install (pyodide.loadPackage does the same plus
  // bookkeeping; under Node its first call after a snapshot took about 1 s, unpacking 0.1 s).
  const sitePackages = pyodide.runPython("__import__('site').getsitepackages()[0]");
  for (const bytes of await Promise.all(wheels)) {
    pyodide.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
  }
  pyodide.runPython("__import__('importlib').invalidate_caches()");

  const { Session } = pyodide.pyimport("cellruntime");
  session = Session.callKwargs({ available_packages: runtime.packages });
  const ms = Math.round(performance.now() - started);
  post({ type: "boot", mode, ms, pythonMs: Math.round(pythonMs), reason });
  post({ type: "ready" });
  if (mode === "normal" && plan.use === "cached" && reason === "snapshot not cached yet") warmSnapshot(plan.url);
}

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Fetch the snapshot at low priority so the next page finds it in the HTTP cache; posts
 *  {type: "snapshot", cached} when done. Skipped when the site's service worker (site/js/sw.js)
 *  has a cache: it precaches every file, the snapshot included, so this would fetch it twice.
 *  (A dedicated worker cannot see the service worker itself; its cache names start "lessons-".) */
async function warmSnapshot(url) {
  const keys = (await self.caches?.keys().catch(() => null)) ?? [];
  if (keys.some((name) => name.startsWith("lessons-"))) return;
  let cached = false;
  try {
    const response = await fetch(url, { priority: "low" });
    cached = response.ok && (await response.arrayBuffer()).byteLength > 0;
  } catch {
    // offline, or the page went away: the next page boots normally and tries again
  }
  post({ type: "snapshot", cached });
}

function run({ id, cellId, code }) {
  const write = (stream, text) => post({ type: "output", id, stream, text });
  let result;
  try {
    const proxy = session.run(code, cellId, write);
    result = proxy.toJs({ dict_converter: Object.fromEntries });
    proxy.destroy();
  } catch (error) {
    // Only a fault of the runtime itself lands here (e.g. the JavaScript stack overflowed after
    // the recursion limit was raised); learner errors come back in `result`. Python may be
    // broken now, so the page replaces this worker.
    result = { ok: false, display: null, fatal: true, error: `Python crashed: ${error.message || error}` };
  }
  post({ type: "result", id, ...result });
}

function check({ id, name }) {
  const write = (stream, text) => post({ type: "output", id, stream, text });
  let result;
  try {
    const proxy = session.check(name, write);
    result = proxy.toJs({ dict_converter: Object.fromEntries });
    proxy.destroy();
  } catch (error) {
    const stopped = String(error.message || error).includes("KeyboardInterrupt");
    result = { ok: false, message: stopped ? "The check was stopped." : `The check failed to run: ${error.message || error}` };
  }
  post({ type: "result", id, ...result });
}

self.onmessage = async ({ data: message }) => {
  if (message.type === "boot") {
    try {
      await boot(message);
    } catch (error) {
      post({ type: "failed", reason: String(error.message || error) });
    }
  } else if (message.type === "run") {
    run(message);
  } else if (message.type === "check") {
    check(message);
  }
};
