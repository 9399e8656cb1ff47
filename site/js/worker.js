// The Python worker: boots Pyodide, installs the project's wheels, and hands each cell to the
// `cellruntime` package, which does the real work (capture, tracebacks, displays) in Python.
// It stays thin on purpose: the logic lives in py/cellruntime and is tested under CPython.

import { canGunzip, hasWebAssembly } from "./capabilities.js";
import { UNPACKED_CACHE, openSnapshot, snapshotPlan } from "./snapshot-source.js";

let session = null;
let installLater = null; // after a snapshot boot: unpacks the wheels it already imported
// Once booted: what a lesson opened later in the page needs to add its packages (addPackages).
let markBooted;
const booted = new Promise((resolve) => { markBooted = resolve; });
const INSTALL_LATER_MS = 1000; // unless a run came first
const post = (message) => self.postMessage(message);

// The page's {type: "boot"} message, which brings the interrupt buffer: a worker that boots
// from its URL may have Python running before it arrives.
let receiveBootMessage;
const bootMessage = new Promise((resolve) => { receiveBootMessage = resolve; });

// Pyodide's loader can wait forever when a core file is missing. If the boot is still going
// after MISSING_CHECK_DELAY_MS, ask for each file and fail with a reason the page can show.
// (Not at once: five more requests would queue beside the real downloads on a slow link.)
const CORE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];
const MISSING_CHECK_DELAY_MS = 3000;

/** "the site is missing …" naming each core file that does not answer 200, or a sentence on
 *  a wasm file of the wrong type (the browser then refuses to compile it and Pyodide waits
 *  forever); null when all is well. */
async function missingCoreFilesReport(indexURL) {
  const answers = await Promise.all(CORE_FILES.map((name) => fetch(indexURL + name, { method: "HEAD" })
    .then((response) => [name, response.status, response.headers.get("Content-Type") ?? ""], () => [name, "no answer", ""])));
  const missing = answers.filter(([, status]) => status !== 200);
  if (missing.length) return `the site is missing ${missing.map(([name, status]) => `${name} (${status})`).join(", ")}`;
  const wrongType = answers.find(([name, , type]) => name.endsWith(".wasm") && type.split(";")[0].trim() !== "application/wasm");
  if (wrongType) {
    return `the site is missing a correct ${wrongType[0]}: it is served as "${wrongType[2] || "no type"}", and browsers only run "application/wasm"`;
  }
  return null;
}

/** A core file that is missing or unusable: the boot stops, and says so (never a fallback). */
class MissingFileError extends Error {}

/** After MISSING_CHECK_DELAY_MS, rejects if a core file is missing; otherwise never settles
 *  (for Promise.race). */
async function missingCoreFiles(indexURL) {
  await new Promise((resolve) => setTimeout(resolve, MISSING_CHECK_DELAY_MS));
  const report = await missingCoreFilesReport(indexURL);
  if (report) throw new MissingFileError(report);
  return new Promise(() => {});
}

/** Forget the cached listing of one sys.path entry (a folder or a zip) after its files changed.
 *  Only that finder's: importlib.invalidate_caches() also imports importlib.metadata, which
 *  took 0.25 s and more here. */
function refreshFinder(pyodide, path) {
  pyodide.runPython(`finder = __import__('sys').path_importer_cache.get(${JSON.stringify(path)})
if finder is not None:
    finder.invalidate_caches()
del finder`);
}

// A memory snapshot (made at build time, py/lessonbuild/snapshot.py) holds Python with
// cellruntime and rankmetrics already imported: booting from it skips starting Python (1–2 s)
// but costs a gzip file of about 6 MB (its 30 MiB without the pages of zeros, unpacked here with
// DecompressionStream, so it is small on any host). `runtime.snapshot.use` says when:
//   "auto"    (the build's choice) a copy the browser already has (HTTP cache or the service
//             worker's) is used at once. Otherwise it is downloaded beside Pyodide's own files
//             while the link proves fast enough to bring it within AUTO_BUDGET_MS; on a slower
//             link the download stops and Python starts normally, so a slow link never waits.
//   "cached"  only a copy the browser already has.
//   "always"  download it on every boot, however slow the link.
//   "off"     never.
// "auto" and "cached" fetch it in the background after a normal boot (unless the service
// worker precaches it), for the next page. Whatever goes wrong with the snapshot (missing,
// another Pyodide build, a failed restore) the worker boots normally. Either way it posts
// {type: "boot", mode, ms, reason, steps} (ms: boot to ready; steps: when each step ended, e.g.
// steps.python: Python running, before the wheels).
const AUTO_BUDGET_MS = 1000; // about what a snapshot saves on a laptop; more than that and it loses
const AUTO_MIN_OBSERVED_MS = 50; // judge the link's speed only after this long
const AUTO_DEADLINE_MS = 2000; // and give up then in any case (a stalled server sends nothing to judge)
const WARM_DELAY_MS = 3000; // fetch it for the next page this long after ready, not during the first runs
const GZIP_MAGIC = [0x1f, 0x8b];
// Once unpacked, the snapshot is also kept in this worker's Cache Storage (UNPACKED_CACHE):
// reading 30 MiB back took 0.04–0.14 s here against 0.2–0.3 s to read and unpack the 6 MB
// file again. One entry per snapshot path: a new build's replaces the old one.
const KEEP_UNPACKED_DELAY_MS = 1000; // after ready: the write must not slow the first runs

/** The snapshot's bytes (the memory image, unpacked), or null with a reason why this boot
 *  does without; `unpacked` says they came from UNPACKED_CACHE, `damaged` that the file is bad.
 *  `lookForKept` false: the page knows none was kept (see openSnapshot). */
async function snapshotBytes(plan, started, lookForKept) {
  if (plan.use === "off") return { bytes: null, reason: plan.reason ?? "snapshot turned off" };
  const controller = new AbortController();
  const deadline = plan.use !== "always" && setTimeout(() => controller.abort(
    new Error(`it did not arrive within ${AUTO_DEADLINE_MS} ms`)), Math.max(0, started + AUTO_DEADLINE_MS - performance.now()));
  const aborted = new Promise((resolve) => controller.signal.addEventListener("abort", () => resolve({
    reason: `snapshot not used: ${controller.signal.reason?.message ?? "download stopped"}`,
  })));
  try {
    const source = await Promise.race([openSnapshot(plan, controller.signal, { lookForKept }), aborted]);
    if (source.kept) return { bytes: new Uint8Array(source.kept), reason: null, unpacked: true };
    if (!source.body) return { bytes: null, reason: source.reason };
    if (controller.signal.aborted) {
      source.body.cancel().catch(() => {});
      return { bytes: null, reason: (await aborted).reason };
    }
    const judged = !source.cached && plan.use !== "always" && plan.bytes;
    return await readSnapshot(source.body, judged ? paceJudge(plan, started, controller) : null, controller.signal);
  } finally {
    clearTimeout(deadline);
  }
}

/** Keep `bytes` (an unpacked snapshot) for `url`, dropping the copies kept for other versions
 *  of the same file; null bytes only drop (a kept copy that failed to restore). */
async function keepUnpacked(url, bytes) {
  const cache = await self.caches.open(UNPACKED_CACHE);
  const path = new URL(url).pathname;
  for (const request of await cache.keys()) {
    if (new URL(request.url).pathname === path && (request.url !== url || !bytes)) await cache.delete(request);
  }
  if (bytes) await cache.put(url, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
}

/** "auto": a progress callback that aborts the download as soon as its pace says it cannot
 *  arrive within AUTO_BUDGET_MS of the boot's start. */
function paceJudge(plan, started, controller) {
  return (received, firstByteAt) => {
    const now = performance.now();
    if (now - firstByteAt < AUTO_MIN_OBSERVED_MS) return;
    const expectedEnd = now + (plan.bytes - received) * (now - firstByteAt) / received;
    if (expectedEnd - started > AUTO_BUDGET_MS) {
      controller.abort(new Error(`the link is too slow for it (it would arrive after ${Math.round(expectedEnd - started)} ms)`));
    }
  };
}

/** Read a snapshot's body (a ReadableStream) to the end, gunzipping it as it arrives (unless a
 *  host already did), and tell `onProgress(received, firstByteAt)` the gzip bytes so far, which
 *  may abort `signal`: that cancels the download. */
async function readSnapshot(body, onProgress, signal = null) {
  const source = body.getReader();
  signal?.addEventListener("abort", () => source.cancel(signal.reason).catch(() => {}));
  let networkError = null;
  const read = () => source.read().catch((error) => {
    networkError = error;
    throw error;
  });
  let received = 0;
  let firstByteAt = null;
  const counted = (chunk) => {
    firstByteAt ??= performance.now();
    received += chunk.length;
    onProgress?.(received, firstByteAt);
    return chunk;
  };
  const stopped = () => ({ bytes: null, reason: `snapshot not used: ${signal.reason?.message ?? "download stopped"}` });
  try {
    const first = await read();
    if (signal?.aborted) return stopped();
    if (first.done) return { bytes: null, reason: "snapshot is empty", damaged: true };
    const gzipped = first.value[0] === GZIP_MAGIC[0] && first.value[1] === GZIP_MAGIC[1];
    const arriving = new ReadableStream({
      start: (controller) => controller.enqueue(counted(first.value)),
      pull: async (controller) => {
        const { done, value } = await read();
        if (done) controller.close();
        else controller.enqueue(counted(value));
      },
      cancel: (reason) => source.cancel(reason),
    });
    const bytes = await unpackPages(gzipped ? arriving.pipeThrough(new DecompressionStream("gzip")) : arriving);
    return signal?.aborted ? stopped() : { bytes, reason: null }; // a stopped stream may just end
  } catch (error) {
    if (signal?.aborted) return stopped();
    const message = error.message || String(error);
    if (networkError) return { bytes: null, reason: `snapshot not used: ${message}` };
    return { bytes: null, reason: `snapshot is damaged: ${message}`, damaged: true };
  }
}

// The shipped snapshot leaves out its pages of zeros, about half of its 30 MiB (the layout:
// py/lessonbuild/snapshot.py, pack_pages): little-endian uint32s magic, page size, length of the
// whole snapshot, number of runs; each run of kept pages as (first page, number of pages); then
// the kept pages' bytes, run after run.
const PAGES_MAGIC = "ZPG1";
const PAGES_HEADER_BYTES = 16;
const PAGES_RUN_BYTES = 8;

/** The whole snapshot (a Uint8Array) from a stream of its packed form, each chunk written
 *  straight into place. Throws when the stream is not in that layout or ends early. */
async function unpackPages(stream) {
  const reader = stream.getReader();
  let head = new Uint8Array(0); // bytes read before the header was whole
  const readAtLeast = async (length) => {
    while (head.length < length) {
      const { done, value } = await reader.read();
      if (done) throw new Error("it ends inside its header");
      const joined = new Uint8Array(head.length + value.length);
      joined.set(head);
      joined.set(value, head.length);
      head = joined;
    }
    return new DataView(head.buffer, head.byteOffset, head.byteLength);
  };
  let view = await readAtLeast(PAGES_HEADER_BYTES);
  if (String.fromCharCode(...head.subarray(0, 4)) !== PAGES_MAGIC) throw new Error("it is not a packed snapshot");
  const [pageSize, length, runCount] = [4, 8, 12].map((at) => view.getUint32(at, true));
  if (!pageSize || runCount > length / pageSize + 1) throw new Error("its header is wrong");
  view = await readAtLeast(PAGES_HEADER_BYTES + runCount * PAGES_RUN_BYTES);
  const ranges = []; // [start, end) in bytes of the snapshot
  for (let index = 0; index < runCount; index++) {
    const at = PAGES_HEADER_BYTES + index * PAGES_RUN_BYTES;
    const start = view.getUint32(at, true) * pageSize;
    const end = Math.min(length, start + view.getUint32(at + 4, true) * pageSize);
    if (!(start < end) || start < (ranges.at(-1)?.[1] ?? 0)) throw new Error("its list of pages is wrong");
    ranges.push([start, end]);
  }
  const image = new Uint8Array(length);
  let run = 0;
  let at = ranges[0]?.[0];
  const write = (chunk) => {
    while (chunk.length) {
      if (run === ranges.length) throw new Error("it has bytes past its last page");
      const count = Math.min(chunk.length, ranges[run][1] - at);
      image.set(chunk.subarray(0, count), at);
      at += count;
      chunk = chunk.subarray(count);
      if (at === ranges[run][1]) at = ranges[++run]?.[0];
    }
  };
  write(head.subarray(PAGES_HEADER_BYTES + runCount * PAGES_RUN_BYTES));
  head = null;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    write(value);
  }
  if (run !== ranges.length) throw new Error("it ends early");
  return image;
}

// Python starts with a small standard library (runtime.stdlib.boot: the files its start and the
// cell runtime's imports read, compiled; py/lessonbuild/stdlib.py) and is ready without waiting
// for the full one, which is put in its place when it arrives. An import that needs it sooner
// waits for it (installFullStdlibWhenItComes). It is fetched once Python runs: on a slow link the
// files Python starts with come first.

// The last finder on sys.meta_path until the full standard library is in place: a module no
// other finder found may be in it, so get it now (`install_now`, a synchronous download: this
// thread is running Python) and look again.
const ON_MISS_FINDER = `
import sys
from importlib.machinery import PathFinder

class FullStdlibOnMiss:
    @staticmethod
    def find_spec(name, path=None, target=None):
        if not install_now():
            return None
        return PathFinder.find_spec(name, path, target)

sys.meta_path.append(FullStdlibOnMiss)
`;
const DROP_ON_MISS_FINDER = `
import sys
sys.meta_path[:] = [finder for finder in sys.meta_path if getattr(finder, "__name__", "") != "FullStdlibOnMiss"]
`;

/** Put the full standard library where Python's zip importer reads it once `download` brings
 *  it; until then an import that finds nothing fetches it from `url` at once and looks again.
 *  Returns a promise that settles when it is in place (or could not be had). */
function installFullStdlibWhenItComes(pyodide, download, url) {
  let installed = false;
  const path = pyodide.runPython("next(p for p in __import__('sys').path if p.endswith('.zip'))");
  // A snapshot was made with the full zip there: its zip importer still lists the full zip's
  // files (and where they were in it), not the small zip's.
  refreshFinder(pyodide, path);
  const install = (bytes) => {
    if (installed) return;
    installed = true;
    pyodide.FS.writeFile(path, bytes);
    refreshFinder(pyodide, path);
    pyodide.runPython(DROP_ON_MISS_FINDER);
    if (session) session.stdlib_incomplete = false;
  };
  const installNow = () => {
    if (installed) return false; // nothing more to look in
    try {
      install(fetchBytesSync(url));
      return true;
    } catch (error) {
      console.warn("the full standard library could not be fetched:", error);
      if (session) session.stdlib_incomplete = true; // its import errors say so
      return false;
    }
  };
  const globals = pyodide.toPy({ install_now: installNow });
  pyodide.runPython(ON_MISS_FINDER, { globals });
  globals.destroy();
  return download.then(install, (error) => console.warn("the full standard library did not arrive:", error));
}

/** The bytes at `url`, fetched synchronously (a worker may; Python waits meanwhile). */
function fetchBytesSync(url) {
  const request = new XMLHttpRequest();
  request.open("GET", url, false);
  request.responseType = "arraybuffer";
  request.send();
  if (request.status !== 200) throw new Error(`${url} answered ${request.status}`);
  return new Uint8Array(request.response);
}

async function bootFromSnapshot(loadPyodide, indexURL, bytes) {
  const pyodide = await loadPyodide({ indexURL, _loadSnapshot: bytes });
  // The snapshot's random module was seeded at build time: reseed it, or every visit would
  // draw the same numbers. Also prove the packages are there before trusting this Python.
  pyodide.runPython("__import__('cellruntime'), __import__('rankmetrics'), __import__('random').seed()");
  return pyodide;
}

/** Boot; when that fails because a core file cannot be fetched, say which (the loader's own
 *  message names one URL at best). */
async function boot(message) {
  try {
    await bootPython(message);
  } catch (error) {
    if (error instanceof MissingFileError) throw error;
    const report = await missingCoreFilesReport(new URL(message.runtime.pyodide, message.baseURL).href);
    throw report ? new MissingFileError(report) : error;
  }
}

async function bootPython({ baseURL, runtime, lookForKept = true }) {
  const started = performance.now();
  const indexURL = new URL(runtime.pyodide, baseURL).href;
  post({ type: "status", state: "loading", text: "Python is loading…" });
  if (!hasWebAssembly()) {
    throw new Error("this browser has WebAssembly turned off or does not support it, and Python needs it");
  }
  // Without gzip streams the snapshot cannot be unpacked here: Python starts normally (the page
  // tells the learner why it is slower).
  post({ type: "capability", name: "gunzip", ok: canGunzip() });
  const missing = missingCoreFiles(indexURL);
  missing.catch(() => {}); // raced below; no unhandled rejection before then
  const orMissing = (promise) => Promise.race([promise, missing]);
  // The wheels and the snapshot download while Pyodide's own files do.
  const wheels = runtime.wheels.map((path) => fetchBytes(new URL(path, baseURL).href));
  wheels.forEach((download) => download.catch(() => {})); // awaited below; no unhandled rejection
  const steps = {}; // when each step ended, in ms from the boot's start (for bench/page_speed.py)
  const step = (name) => { steps[name] = Math.round(performance.now() - started); };
  const plan = snapshotPlan(runtime, baseURL);
  const snapshot = snapshotBytes(plan, started, lookForKept);
  const { loadPyodide: loadFullPyodide } = await orMissing(import(indexURL + "pyodide.mjs"));
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
      pyodide = await orMissing(bootFromSnapshot(loadPyodide, indexURL, bytes));
      if (!unpacked) keep = bytes;
    } catch (error) {
      if (error instanceof MissingFileError) throw error;
      reason = `snapshot failed: ${error.message || error}`;
      if (unpacked) keepUnpacked(plan.url, null).catch(() => {}); // the file may still be good
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
    const download = fetchBytes(stdlib.full);
    download.catch(() => {}); // awaited by the install; no unhandled rejection
    installFullStdlibWhenItComes(pyodide, download, stdlib.full);
  }
  // The page's boot message brings the buffer (a worker booting from its URL may not have it
  // yet); it is set before any run, since runs are messages sent after it.
  bootMessage.then(({ interruptBuffer }) => {
    if (interruptBuffer) pyodide.setInterruptBuffer(interruptBuffer);
  });

  post({ type: "status", state: "loading", text: "Python is installing the lesson packages…" });
  // Also after a snapshot: it holds the imported modules but not their files, which tracebacks
  // read; and the lesson's extra packages (e.g. pygal) are never in it. The wheels are pure
  // Python, so unpacking them is the whole install (pyodide.loadPackage does the same plus
  // bookkeeping; under Node its first call after a snapshot took about 1 s, unpacking 0.1 s).
  // The wheels whose packages the snapshot already imported are only needed for their source
  // lines (tracebacks, inspect): they are unpacked after the first run, which then comes sooner.
  const sitePackages = pyodide.runPython("__import__('site').getsitepackages()[0]");
  const imported = new Set(mode === "snapshot" ? runtime.snapshot.wheels ?? [] : []);
  const install = async (paths) => unpackWheels(pyodide, sitePackages, paths,
    await Promise.all(paths.map((path) => wheels[runtime.wheels.indexOf(path)])));
  await install(runtime.wheels.filter((path) => !imported.has(path)));
  const later = runtime.wheels.filter((path) => imported.has(path));
  if (later.length) {
    installLater = () => {
      installLater = null;
      install(later).catch((error) => console.warn("unpacking the wheels after the first run failed:", error));
    };
    setTimeout(() => installLater?.(), INSTALL_LATER_MS);
  }
  step("wheels");

  const { Session } = pyodide.pyimport("cellruntime");
  session = Session.callKwargs({ available_packages: runtime.packages });
  markBooted({ pyodide, sitePackages, wheels: new Set(runtime.wheels), packages: new Set(runtime.packages) });
  step("session");
  const ms = Math.round(performance.now() - started);
  post({ type: "boot", mode, ms, reason, steps, unpacked: Boolean(pyodide && unpacked) });
  post({ type: "ready" });
  if (keep) {
    // Posts {type: "kept", ok, reason, url} when done, as warmSnapshot does (bench/page_speed.py
    // waits for it before the next page).
    setTimeout(() => keepUnpacked(plan.url, keep).then(() => post({ type: "kept", ok: true, reason: null, url: plan.url }), (error) => {
      console.warn("keeping the unpacked snapshot failed:", error);
      post({ type: "kept", ok: false, reason: String(error.message || error) });
    }), KEEP_UNPACKED_DELAY_MS);
  }
  if (mode === "normal" && !damaged && plan.url && plan.use !== "always" && plan.sameOrigin) {
    setTimeout(() => warmSnapshot(plan.url), WARM_DELAY_MS);
  }
}

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Get the snapshot for the next page, unpacked and kept (keepUnpacked); posts
 *  {type: "kept", ok, reason, url} when done. When the site's service worker (site/js/sw.js)
 *  has a cache, the copy it precached is used and nothing is downloaded: it precaches every
 *  file, the snapshot included, so a download here would fetch it twice. (A dedicated worker
 *  cannot see the service worker itself; its cache names start "lessons-".) */
async function warmSnapshot(url) {
  let ok = false;
  let reason = null;
  if (self.navigator.connection?.saveData) {
    post({ type: "kept", ok, reason: "the browser asks to save data" });
    return;
  }
  if (!canGunzip()) {
    post({ type: "kept", ok, reason: "this browser cannot unpack gzip" });
    return;
  }
  try {
    const keys = (await self.caches?.keys().catch(() => null)) ?? [];
    let response;
    if (keys.some((name) => name.startsWith("lessons-"))) {
      response = await caches.match(url);
      if (!response) reason = "the service worker has not precached it yet";
    } else {
      response = await fetch(url, { priority: "low" });
      if (!response.ok) reason = `snapshot answered ${response.status}`;
    }
    if (response?.ok) {
      const { bytes, reason: unread } = await readSnapshot(response.body, null);
      reason = unread;
      if (bytes) await keepUnpacked(url, bytes);
      ok = Boolean(bytes);
    }
  } catch (error) {
    reason = String(error.message || error); // offline: the next page boots normally and tries again
  }
  post({ type: "kept", ok, reason, url });
}

/** Unpack the wheels at `paths` (their bytes: `downloads`) into site-packages: they are pure
 *  Python, so unpacking is the install. Throws naming a wheel that is damaged. */
function unpackWheels(pyodide, sitePackages, paths, downloads) {
  if (!paths.length) return;
  downloads.forEach((wheel, index) => {
    try {
      pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
    } catch (error) {
      throw new Error(`the site's ${paths[index]} is damaged (${failureReason(error)})`);
    }
  });
  refreshFinder(pyodide, sitePackages);
}

/** Another lesson opened in the page needs these wheels and packages (its `runtime`): unpack
 *  the wheels this Python lacks, once booted. */
async function addPackages({ baseURL, wheels, packages }) {
  const python = await booted;
  const missing = wheels.filter((path) => !python.wheels.has(path));
  const downloads = await Promise.all(missing.map((path) => fetchBytes(new URL(path, baseURL).href)));
  unpackWheels(python.pyodide, python.sitePackages, missing, downloads);
  for (const path of missing) python.wheels.add(path);
  for (const name of packages) python.packages.add(name);
  const names = python.pyodide.toPy([...python.packages]);
  session.available_packages = names; // named in the hint of ModuleNotFoundError
  names.destroy();
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

function check({ id, name, cellId }) {
  const write = (stream, text) => post({ type: "output", id, stream, text });
  let result;
  try {
    const proxy = session.check.callKwargs(name, write, { cell_id: cellId ?? null });
    result = proxy.toJs({ dict_converter: Object.fromEntries });
    proxy.destroy();
  } catch (error) {
    const stopped = String(error.message || error).includes("KeyboardInterrupt");
    result = stopped ? { ok: false, stopped: true, message: "Not checked: the check was stopped." }
      : { ok: false, message: `The check failed to run: ${error.message || error}` };
  }
  post({ type: "result", id, ...result });
}

/** What the page's status line says about a failed boot: one line. A Python error's message
 *  is its whole traceback (e.g. from a damaged wheel or zip): its last line says what broke. */
function failureReason(error) {
  const message = String(error?.message || error);
  const lines = message.split("\n").map((line) => line.trim()).filter(Boolean);
  const reason = message.includes("Traceback (most recent call last)") ? lines.at(-1) : lines.join(" ");
  return reason.length > 300 ? `${reason.slice(0, 300)}…` : reason;
}

let booting = false;
async function bootOnce(settings) {
  if (booting) return;
  booting = true;
  try {
    await boot(settings);
  } catch (error) {
    post({ type: "failed", reason: failureReason(error) });
  }
}

// A message from the page this worker cannot read: the boot's (the page then says Python could
// not start, and offers Retry) or a later one, whose run would otherwise wait forever.
self.onmessageerror = () => post({ type: "failed", reason: "the Python worker could not read a message from the page" });

self.onmessage = ({ data: message }) => {
  if (message.type === "boot") {
    receiveBootMessage(message);
    bootOnce(message);
  } else if (message.type === "run") {
    run(message);
    installLater?.();
  } else if (message.type === "check") {
    check(message);
    installLater?.();
  } else if (message.type === "packages") {
    // The page sends no run until this answers (PythonRuntime.useSettings).
    addPackages(message).then(() => post({ type: "packages", ok: true }),
      (error) => post({ type: "packages", ok: false, reason: failureReason(error) }));
  } else if (message.type === "reset") {
    session?.reset(); // another lesson opened in the page: fresh globals (no session yet: fresh anyway)
  }
};

// Boot settings in this script's URL fragment (worker-start.js): boot now, not when the page's
// message arrives. Last in this module, so everything above is defined.
const settingsInURL = (() => {
  try {
    return self.location.hash.length > 1 ? JSON.parse(decodeURIComponent(self.location.hash.slice(1))) : null;
  } catch {
    return null; // the message brings them
  }
})();
if (settingsInURL) bootOnce(settingsInURL);
