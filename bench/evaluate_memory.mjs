// Benchmark: how much of Python's WebAssembly memory the evaluate page needs to hold a file whole
// (site/js/evaluate/limits.js, PYTHON_BYTES_PER_TEXT_BYTE).
//
//     node bench/evaluate_memory.mjs qrels 128    (a judgments file of 128 MB)
//     node bench/evaluate_memory.mjs run 128      (a run of 128 MB, not grouped by query)
//
// Pyodide (node_modules/pyodide: the same wasm32 build as the page's worker) reads generated text
// in 1 MB chunks with rankmetrics.pages.runfiles, as the worker feeds it; printed: the text's size,
// the wasm memory before and after, and their ratio (memory grown per byte of text). The lines are
// short (about 21 bytes for qrels, 40 for a run), the costly case: per-line objects weigh most.
import fs from "node:fs";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const MB = 2 ** 20;
const QUERIES = 1000; // lines cycle through the queries: the run is not grouped by query
const [kind = "qrels", megabytes = "64"] = process.argv.slice(2);
const package_ = new URL("../py/rankmetrics/", import.meta.url);

const pyodide = await loadPyodide();
// The package with its subpackages (pages/), as the page's wheel holds it.
for (const found of fs.readdirSync(package_, { recursive: true }).filter((name) => name.endsWith(".py"))) {
  const name = found.replaceAll("\\", "/"); // a path relative to the package, "pages/runfiles.py"
  pyodide.FS.mkdirTree(`/home/pyodide/rankmetrics/${name}`.replace(/\/[^/]*$/, ""));
  pyodide.FS.writeFile(`/home/pyodide/rankmetrics/${name}`, fs.readFileSync(new URL(name, package_)));
}
pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide'); import rankmetrics.pages.runfiles as runfiles");

/** Chunks of about 1 MB of text, `total` bytes in all. */
function* chunks(total) {
  let made = 0;
  let line = 0;
  while (made < total) {
    const lines = [];
    let size = 0;
    for (; size < MB; line++) {
      const query = line % QUERIES;
      const depth = Math.floor(line / QUERIES);
      const doc = `doc${1_000_000 + ((depth * 7919) % 9_000_000)}`;
      const text =
        kind === "qrels"
          ? `q${query} 0 ${doc} ${depth % 3}\n`
          : `q${query} Q0 ${doc} ${depth + 1} ${(1000 - depth * 0.001).toFixed(6)} tag\n`;
      lines.push(text);
      size += text.length;
    }
    made += size;
    yield lines.join("");
  }
}

const memory = () => pyodide._module.HEAPU8.length;
const before = memory();
pyodide.runPython(
  kind === "qrels" ? "reader = runfiles.QrelsReader('qrels')" : "reader = runfiles.RunReader('run', grouped=False)",
);
const feed = pyodide.globals.get("reader").feed;
let bytes = 0;
for (const text of chunks(Number(megabytes) * MB)) {
  feed(text)?.destroy?.();
  bytes += text.length;
}
pyodide.runPython("held = reader.finish()");
const after = memory();
console.log(
  `${kind}: ${(bytes / MB).toFixed(0)} MB of text; wasm memory ${(before / MB).toFixed(0)} -> ` +
    `${(after / MB).toFixed(0)} MB: ${((after - before) / bytes).toFixed(2)} bytes per byte of text`,
);
