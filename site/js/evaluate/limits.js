// How large a file the evaluate page can hold. What must be held whole in Python's memory is the
// judgments (every line becomes a dict entry) and a run that is not grouped by query (trec_eval
// does not require grouping, so the reader keeps every line until the end, beside the judgments;
// one such run at a time, as the runs are read one after the other); a run grouped by query
// streams, holding one query's lines at a time, so its size is not bounded here. Python's memory
// is Pyodide's WebAssembly memory, bounded by wasm32 and by what the browser says the device has.

// Pyodide's own bound on its wasm32 memory (getHeapMax in pyodide.asm.mjs: 4 GiB less 64 KiB).
export const WASM_MEMORY_MAX = 4294901760;
// Of the memory the browser says the device has (navigator.deviceMemory, GiB), the share one tab's
// Python may take: the system, the browser and the page's own JavaScript need the rest.
export const DEVICE_SHARE = 0.5;
// Where the browser says nothing (no navigator.deviceMemory: every Safari, so every iPhone, and
// Firefox) the page cannot tell a phone from a desktop, so it counts on what a phone's tab holds:
// a few hundred MB, well under the 1 GB a 2 GB device's DEVICE_SHARE would give.
export const DEFAULT_PYTHON_MEMORY = 384 * 1024 ** 2;
// Python's wasm memory per byte of text held whole: 3.4 for a judgments file and 2.8 for a run not
// grouped by query, both of 128 MB with short lines (bench/evaluate_memory.mjs, Pyodide 314.0.7),
// rounded up for the page's other Python objects and for the memory's growth steps.
export const PYTHON_BYTES_PER_TEXT_BYTE = 4;
// gzip shrinks a run or qrels file about 2 to 10 times (3.2 for a run of random ids, 10 for qrels
// of sequential ids); where the page reads the file's own unpacked size (its gzip trailer, which
// a file of several members or past 4 GiB unpacked understates) the bound takes the larger.
export const GZIP_RATIO = 6;

const GiB = 1024 ** 3;
const MB = 1024 ** 2;
const megabytes = (bytes) => `${Math.round(bytes / MB)} MB`;

/** What the browser says the device's memory is, in GiB (navigator.deviceMemory, in the page or a
 *  worker), or null where it says nothing. */
export function deviceMemory() {
  const value = globalThis.navigator?.deviceMemory;
  return typeof value === "number" && value > 0 ? value : null;
}

/**
 * The memory (bytes) the page counts on Python's reaching.
 * @param {number|null} deviceGiB  the device's memory as the browser gives it (GiB), or null
 * @returns {number} DEVICE_SHARE of the device's memory, or DEFAULT_PYTHON_MEMORY when unknown,
 *   never above WASM_MEMORY_MAX
 */
export const pythonMemory = (deviceGiB) =>
  Math.min(WASM_MEMORY_MAX, deviceGiB ? deviceGiB * GiB * DEVICE_SHARE : DEFAULT_PYTHON_MEMORY);

/** The most text (bytes) the page can hold whole (the judgments, or a run not grouped by query),
 *  for a device with `deviceGiB` GiB of memory (null: unknown). */
export const heldTextBytes = (deviceGiB) => Math.floor(pythonMemory(deviceGiB) / PYTHON_BYTES_PER_TEXT_BYTE);

/** The text bytes a file of `size` bytes may hold (its size, or GZIP_RATIO times it when gzip). */
export const textBytes = (size, gzip) => (gzip ? size * GZIP_RATIO : size);

/**
 * Why a file the page must hold whole is too large, or null when it fits.
 * @param {{name: string, size: number}} file  size in bytes, as on disk
 * @param {"judgments"|"ungrouped run"} role
 * @param {object} [context]
 * @param {number|null} [context.deviceGiB]  the device's memory in GiB; by default what this
 *   browser says (null: it says nothing)
 * @param {number|null} [context.unpacked]  for a gzip file, the size its trailer says it unpacks
 *   to (gzip.js unpackedSize), or null: unknown, or not gzip
 * @param {number} [context.judgmentsHeld]  the judgments' text (bytes) Python already holds: a
 *   run not grouped by query is held beside them, so the two share the bound
 * @returns {string|null} one sentence for the page
 */
export function tooLarge(file, role, { deviceGiB = deviceMemory(), unpacked = null, judgmentsHeld = 0 } = {}) {
  const gzip = unpacked !== null || /\.gz$/i.test(file.name);
  const held = heldTextBytes(deviceGiB);
  const text = Math.max(unpacked ?? 0, textBytes(file.size, gzip));
  if (text + judgmentsHeld <= held) return null;
  const what = role === "judgments" ? "a judgments file" : "a run not grouped by query";
  const device = deviceGiB
    ? `this browser says the device has ${deviceGiB} GB of memory`
    : "this browser does not say how much memory the device has";
  const besides = judgmentsHeld ? `, beside the judgments' ${megabytes(judgmentsHeld)}` : "";
  return (
    `${file.name} (${megabytes(file.size)}) is too large for this page: ${what} is held whole in Python's memory, ` +
    `and ${device}, so the page holds at most about ${megabytes(held)} of text` +
    `${gzip ? `, and it unpacks to about ${megabytes(text)}` : ""}${besides}. ` +
    (role === "judgments"
      ? "Keep only the queries your runs rank."
      : "Sort the run by query (sort -s -k1,1) and it streams, whatever its size.")
  );
}

// What an engine says when Python or its worker ran out of memory: Python's MemoryError, a wasm
// memory that cannot grow (Emscripten's "Cannot enlarge memory", "Aborted(OOM)"), the browser's
// "out of memory".
const OUT_OF_MEMORY = /\bMemoryError\b|out of memory|Cannot enlarge memory|Aborted\(OOM\)/i;

/**
 * The page's sentence for an evaluation that failed because memory ran out, or null.
 * @param {string} error  what the worker or the browser said
 * @returns {string|null}
 */
export function outOfMemory(error) {
  if (!OUT_OF_MEMORY.test(String(error))) return null;
  return (
    "Python ran out of memory reading these files: this browser gives it less than they need. " +
    "Keep only the queries your runs rank in the judgments, sort each run by query (sort -s -k1,1) " +
    "so it streams, or use a device with more memory; then press Evaluate."
  );
}
