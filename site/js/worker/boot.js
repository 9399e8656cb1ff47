// Booting Python: Pyodide's loader, the snapshot or a normal start, the standard library, the
// wheels and the cell runtime's Session. Posts {type: "boot", mode, ms, reason, steps, unpacked}
// then {type: "ready"} (ms: boot to ready; steps: when each step ended, e.g. steps.python:
// Python running, before the wheels).
import { pyodideCoreFiles } from "../shared/build-constants.js";
import { canGunzip, hasWebAssembly } from "../runtime/capabilities.js";
import { SAVE_DATA_REASON, snapshotPlan } from "../runtime/snapshot-source.js";
import { MissingFileError, missingCoreFiles, missingCoreFilesReport } from "./core-files.js";
import { fetchWasmOfAnyType } from "./wasm-type.js";
import { importModules, reseedRandom, sitePackages as sitePackagesOf, unpackWheels } from "./interpreter.js";
import { keepUnpacked, snapshotBytes, warmSnapshot } from "./snapshot.js";
import { installFullStdlibWhenItComes } from "./stdlib.js";
import { atomicSignalBuffer } from "./interrupt-buffer.js";
import { fetchBytes } from "./wheels.js";
import { loadPlayground } from "./playground.js";
import { loadEvaluate } from "./evaluate.js";

const MISSING_CHECK_DELAY_MS = 3000; // ask for each core file when the boot still goes on then
const INSTALL_LATER_MS = 1000; // unpack the snapshot's own wheels then, unless a run came first
const WARM_DELAY_MS = 3000; // fetch the snapshot for the next page this long after ready, not during the first runs
const KEEP_UNPACKED_DELAY_MS = 1000; // after ready: the write must not slow the first runs

/** Boot with the page's settings `message` ({baseURL, runtime, lookForKept, saveData}); when that fails
 *  because a core file cannot be fetched, throw a MissingFileError saying which (the loader's
 *  own message names one URL at best). Throws what stopped the boot. */
export async function boot(state, message) {
  try {
    await bootPython(state, message);
  } catch (error) {
    if (error instanceof MissingFileError) throw error;
    const report = await missingCoreFilesReport(
      new URL(message.runtime.pyodide, message.baseURL).href,
      pyodideCoreFiles,
    );
    throw report ? new MissingFileError(report) : error;
  }
}

async function bootPython(state, { baseURL, runtime, lookForKept = true, saveData = false }) {
  const { post } = state;
  const started = performance.now();
  const indexURL = new URL(runtime.pyodide, baseURL).href;
  post({ type: "status", state: "loading", text: "Python is loading…" });
  if (!hasWebAssembly()) {
    throw new Error("this browser has WebAssembly turned off or does not support it, and Python needs it");
  }
  // Without gzip streams the snapshot cannot be unpacked here: Python starts normally (the page
  // tells the learner why it is slower).
  post({ type: "capability", name: "gunzip", ok: canGunzip() });
  const missing = missingCoreFiles(indexURL, pyodideCoreFiles, MISSING_CHECK_DELAY_MS);
  missing.catch(() => {}); // raced below; no unhandled rejection before then
  // A .wasm file sent with another type than application/wasm still runs; one that is not
  // WebAssembly at all stops the boot at once.
  const notWasm = new Promise((_, reject) => fetchWasmOfAnyType(reject));
  notWasm.catch(() => {});
  const orMissing = (promise) => Promise.race([promise, missing, notWasm]);
  // The wheels and the snapshot download while Pyodide's own files do.
  const wheels = runtime.wheels.map((path) => fetchBytes(new URL(path, baseURL).href));
  for (const download of wheels) download.catch(() => {}); // awaited below; no unhandled rejection
  const steps = {}; // when each step ended, in ms from the boot's start (for bench/page_speed.py)
  const step = (name) => {
    steps[name] = Math.round(performance.now() - started);
  };
  const plan = { ...snapshotPlan(runtime, baseURL), saveData };
  const snapshot = snapshotBytes(plan, started, lookForKept);
  const { loadPyodide: loadFullPyodide } = await orMissing(import(`${indexURL}pyodide.mjs`));
  step("loader");
  const stdlib = runtime.stdlib
    ? { boot: new URL(runtime.stdlib.boot, baseURL).href, full: new URL(runtime.stdlib.full, baseURL).href }
    : null;
  const loadPyodide = (options) => loadFullPyodide({ ...options, ...(stdlib ? { stdLibURL: stdlib.boot } : {}) });
  let { bytes, reason, unpacked, damaged } = await snapshot;
  step("snapshot");
  let pyodide = null;
  let keep = null; // keeps the unpacked bytes of a snapshot that worked, for the next page
  if (bytes) {
    try {
      pyodide = await orMissing(bootFromSnapshot(loadPyodide, indexURL, bytes, runtime.snapshot.packages));
      if (!unpacked) keep = bytes;
    } catch (error) {
      if (error instanceof MissingFileError) throw error;
      reason = `snapshot failed: ${error.message || error}`;
      if (unpacked)
        keepUnpacked(plan.url, null).catch(() => {}); // the file may still be good
      else damaged = true;
    }
    bytes = null;
  }
  const mode = pyodide ? "snapshot" : "normal";
  if (!pyodide) {
    try {
      pyodide = await orMissing(loadPyodide({ indexURL }));
    } catch (error) {
      // A start that needed a file the small standard library lacks: start with the full one.
      if (!stdlib || error instanceof MissingFileError) throw error;
      reason = `${reason ?? ""}; the small standard library failed: ${error.message || error}`;
      pyodide = await orMissing(loadFullPyodide({ indexURL }));
    }
  }
  step("python");
  if (stdlib) {
    // Sparing data, the full standard library comes only when an import needs it.
    const download = saveData ? null : fetchBytes(stdlib.full);
    download?.catch(() => {}); // awaited by the install; no unhandled rejection
    installFullStdlibWhenItComes(pyodide, download, stdlib.full, state);
  }
  // The page's boot message brings the buffer (a worker booting from its URL may not have it
  // yet); it is set before any run, since runs are messages sent after it. Python reads it
  // through atomicSignalBuffer, which cannot lose a Stop.
  state.bootMessage.then(({ interruptBuffer }) => {
    if (interruptBuffer) pyodide.setInterruptBuffer(atomicSignalBuffer(interruptBuffer));
  });

  post({ type: "status", state: "loading", text: "Python is installing the lesson packages…" });
  // Also after a snapshot: it holds the imported modules but not their files, which tracebacks
  // read; and the lesson's extra packages are never in it. The wheels whose packages the
  // snapshot already imported are only needed for their source lines (tracebacks, inspect):
  // they are unpacked after the first run, which then comes sooner.
  const sitePackages = sitePackagesOf(pyodide);
  const imported = new Set(mode === "snapshot" ? (runtime.snapshot.wheels ?? []) : []);
  const install = async (paths) =>
    unpackWheels(
      pyodide,
      sitePackages,
      paths,
      await Promise.all(paths.map((path) => wheels[runtime.wheels.indexOf(path)])),
    );
  await install(runtime.wheels.filter((path) => !imported.has(path)));
  const later = runtime.wheels.filter((path) => imported.has(path));
  if (later.length) {
    state.installLater = () => {
      state.installLater = null;
      install(later).catch((error) => console.warn("unpacking the wheels after the first run failed:", error));
    };
    setTimeout(() => state.installLater?.(), INSTALL_LATER_MS);
  }
  step("wheels");

  const { Session } = pyodide.pyimport("cellruntime");
  state.session = Session.callKwargs({ available_packages: runtime.packages });
  state.playground = loadPlayground(pyodide); // before any learner code (playground.js)
  state.evaluate = loadEvaluate(pyodide); // the evaluate page's (evaluate.js), as early
  state.markBooted({ pyodide, sitePackages, wheels: new Set(runtime.wheels), packages: new Set(runtime.packages) });
  step("session");
  const ms = Math.round(performance.now() - started);
  post({ type: "boot", mode, ms, reason, steps, unpacked: Boolean(pyodide && unpacked) });
  post({ type: "ready" });
  if (keep) {
    // Posts {type: "kept", ok, reason, url} when done, as warmSnapshot does (bench/page_speed.py
    // waits for it before the next page).
    setTimeout(
      () =>
        keepUnpacked(plan.url, keep).then(
          () => post({ type: "kept", ok: true, reason: null, url: plan.url }),
          (error) => {
            console.warn("keeping the unpacked snapshot failed:", error);
            post({ type: "kept", ok: false, reason: String(error.message || error) });
          },
        ),
      KEEP_UNPACKED_DELAY_MS,
    );
  }
  if (mode === "normal" && !damaged && plan.url && plan.use !== "always" && plan.sameOrigin) {
    // Sparing data, nothing is fetched for the next page.
    if (saveData) post({ type: "kept", ok: false, reason: SAVE_DATA_REASON });
    else setTimeout(() => warmSnapshot(plan.url, post), WARM_DELAY_MS);
  }
}

/** Python from the memory snapshot `bytes`, after proving its `packages` (the names it was made
 *  with) import. Rejects when the snapshot does not load (e.g. another Pyodide build's). */
async function bootFromSnapshot(loadPyodide, indexURL, bytes, packages) {
  const pyodide = await loadPyodide({ indexURL, _loadSnapshot: bytes });
  importModules(pyodide, packages);
  // The snapshot's random module was seeded at build time: reseed it, or every visit would
  // draw the same numbers.
  reseedRandom(pyodide);
  return pyodide;
}
