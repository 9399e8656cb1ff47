// Smoke check: run the cellruntime package inside Pyodide under Node.
//
//   node tests/cellruntime/pyodide_smoke.mjs < cells.json
//
// stdin (optional): {"available_packages": [...], "cells": [{"id": "...", "code": "..."}]}
// Without stdin input a few built-in cells run. Each cell runs in one Session
// with a write callback that records [stream, text]; Python code may call
// js.smokeMark() to record how many writes had arrived at that moment, and
// js.smokeInterrupt[0] = 2 to press "Stop" (Pyodide's interrupt buffer).
// stdout gets one JSON line:
//   {"python": ..., "pyodide": ..., "load_ms": ..., "results": [
//      {"id", "result": {ok, display, error}, "writes": [[stream, text]...],
//       "marks": [n...], "ms"}]}
// Python's own stdout/stderr (outside runs) goes to this process's stderr.
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const PACKAGE_DIR = fileURLToPath(new URL("../../py/cellruntime/", import.meta.url));
const FS_ROOT = "/home/pyodide/site";

const DEFAULT_INPUT = {
  available_packages: ["rankmetrics"],
  cells: [
    { id: "print", code: "for i in range(3):\n    print('line', i)\n" },
    { id: "raise", code: "x = 41\nprint(x + 1)\nprint(1 / 0)\n" },
    { id: "expr", code: "x + 1" },
  ],
};

async function readInput() {
  if (process.stdin.isTTY) return DEFAULT_INPUT;
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString("utf8").trim();
  return text ? JSON.parse(text) : DEFAULT_INPUT;
}

const input = await readInput();
const started = performance.now();
const pyodide = await loadPyodide({
  stdout: (line) => process.stderr.write(`[python stdout] ${line}\n`),
  stderr: (line) => process.stderr.write(`[python stderr] ${line}\n`),
});
const loadMs = performance.now() - started;

// Install the package: copy its .py files into Pyodide's file system.
pyodide.FS.mkdirTree(`${FS_ROOT}/cellruntime`);
for (const name of readdirSync(PACKAGE_DIR).filter((n) => n.endsWith(".py"))) {
  pyodide.FS.writeFile(`${FS_ROOT}/cellruntime/${name}`, readFileSync(PACKAGE_DIR + name, "utf8"));
}
const sys = pyodide.pyimport("sys");
sys.path.insert(0, FS_ROOT);

const interrupt = new Int32Array(new SharedArrayBuffer(4));
pyodide.setInterruptBuffer(interrupt);
globalThis.smokeInterrupt = interrupt;

const { Session } = pyodide.pyimport("cellruntime");
const session = Session.callKwargs({ available_packages: input.available_packages ?? [] });

const results = [];
for (const cell of input.cells) {
  const writes = [];
  const marks = [];
  globalThis.smokeMark = () => marks.push(writes.length);
  interrupt[0] = 0;
  const write = (stream, text) => writes.push([stream, text]);
  const t0 = performance.now();
  const proxy = session.run(cell.code, cell.id, write);
  const ms = performance.now() - t0;
  const result = proxy.toJs({ dict_converter: Object.fromEntries });
  proxy.destroy();
  results.push({ id: cell.id, result, writes, marks, ms: Math.round(ms) });
}

// toJs() turns None into undefined, which JSON.stringify would drop: keep it as null.
const keepNull = (_key, value) => (value === undefined ? null : value);
console.log(
  JSON.stringify(
    {
      python: sys.version,
      pyodide: pyodide.version,
      load_ms: Math.round(loadMs),
      stdout_restored: String(sys.stdout.__class__.__name__),
      results,
    },
    keepNull,
  ),
);
