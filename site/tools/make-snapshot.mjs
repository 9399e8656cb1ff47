// Build-time Pyodide memory snapshot: boot the pinned Pyodide from node_modules under Node.js
// with the page's worker's own steps (site/js/worker/interpreter.js: unpack the project's
// wheels, import its packages), and write the interpreter's memory to a file that the page's
// worker can boot from (`loadPyodide({_loadSnapshot})`) instead of starting Python.
//
//   node site/tools/make-snapshot.mjs < request.json
//
// stdin: {"out": "path/snapshot.bin", "wheels": ["path/x.whl", ...], "imports": ["cellruntime", ...]}
// stdout: one JSON line {"bytes", "buildId", "version", "modules", "ms"}; errors go to stderr,
// exit code 1.
//
// What a snapshot holds: the WebAssembly memory (Python's heap: imported modules, their state) and
// a short JSON list of the JavaScript objects Python refers to. It does NOT hold the file system
// (Emscripten keeps files in JavaScript), so the worker must still unpack the wheels after booting
// from it (tracebacks read source lines from those files), and Pyodide still fetches
// python_stdlib.zip. It may not hold JavaScript proxies either: makeMemorySnapshot() refuses when
// Python refers to a JavaScript object it cannot name by a path from globalThis. That is why the
// wheels are unpacked with unpackArchive (pyodide.loadPackage records the package in a JavaScript
// object the snapshot then refuses) and why the worker creates its Session after booting.
// `_makeSnapshot` / `_loadSnapshot` are underscore (experimental) options of Pyodide: the snapshot
// only loads into the exact Pyodide build that made it (Pyodide checks a build id).
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide, version } from "pyodide";
import { importWithPythonText } from "./python-as-text.mjs";

const { collectGarbage, forget, importModules, sitePackages, unpackWheels } = await importWithPythonText(
  "../js/worker/interpreter.js",
  import.meta.url,
);

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const request = JSON.parse(Buffer.concat(chunks).toString("utf8"));

const started = performance.now();
const pyodide = await loadPyodide({
  _makeSnapshot: true,
  // Python's own output must not reach stdout, which carries the JSON answer.
  stdout: (line) => process.stderr.write(`[python] ${line}\n`),
  stderr: (line) => process.stderr.write(`[python] ${line}\n`),
});
unpackWheels(
  pyodide,
  sitePackages(pyodide),
  request.wheels,
  request.wheels.map((path) => new Uint8Array(readFileSync(path))),
);
const modules = importModules(pyodide, request.imports ?? []);
collectGarbage(pyodide);
forget(pyodide); // the snapshot must hold no proxies
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(request.out, snapshot);
const buildId = Array.from(new Uint32Array(snapshot.buffer, snapshot.byteOffset + 16, 8), (word) =>
  word.toString(16).padStart(8, "0"),
).join("");
process.stdout.write(
  `${JSON.stringify({
    bytes: snapshot.length,
    buildId,
    version,
    modules,
    ms: Math.round(performance.now() - started),
  })}\n`,
);
