// How large a file the evaluate page can hold. Python runs in WebAssembly (wasm32): its memory is
// one linear memory of at most 4 GiB, and browsers often refuse to grow it past 2 GiB, so the page
// counts on PYTHON_MEMORY_BYTES. What must be held whole is the judgments (every line becomes a
// dict entry) and a run that is not grouped by query (trec_eval does not require grouping, so the
// reader keeps every line until the end); a run grouped by query streams, holding one query's
// lines at a time, so its size is not bounded here.

export const PYTHON_MEMORY_BYTES = 2 * 1024 ** 3; // what the page counts on Python's memory to reach
// Python's memory per byte of text held: a 40-byte line "q1 Q0 doc42 1 12.5 tag" becomes a tuple
// of str objects and a list entry, about 400 bytes (measured with tracemalloc under CPython).
export const PYTHON_BYTES_PER_TEXT_BYTE = 10;
// gzip shrinks a run or qrels file about 4 to 6 times; the bound takes the larger.
export const GZIP_RATIO = 6;
/** The most text (bytes) the page can hold whole: the judgments, or a run not grouped by query. */
export const HELD_TEXT_BYTES = PYTHON_MEMORY_BYTES / PYTHON_BYTES_PER_TEXT_BYTE;

const MB = 1024 ** 2;
const megabytes = (bytes) => `${Math.round(bytes / MB)} MB`;

/** The text bytes a file of `size` bytes may hold (its size, or GZIP_RATIO times it when gzip). */
export const textBytes = (size, gzip) => (gzip ? size * GZIP_RATIO : size);

/**
 * Why a file the page must hold whole is too large, or null when it fits.
 * @param {{name: string, size: number}} file
 * @param {"judgments"|"ungrouped run"} role
 * @returns {string|null} one sentence for the page
 */
export function tooLarge(file, role) {
  const gzip = /\.gz$/i.test(file.name);
  if (textBytes(file.size, gzip) <= HELD_TEXT_BYTES) return null;
  const what = role === "judgments" ? "a judgments file" : "a run not grouped by query";
  return (
    `${file.name} is too large for this page: ${what} is held whole in Python's memory, ` +
    `which holds at most about ${megabytes(HELD_TEXT_BYTES)} of text${gzip ? " (gzip unpacks to about 6 times its size)" : ""}. ` +
    (role === "judgments"
      ? "Keep only the queries your runs rank."
      : "Sort the run by query (sort -s -k1,1) and it streams, whatever its size.")
  );
}
