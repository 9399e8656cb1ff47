// The small standard library Python starts with: boot the pinned Pyodide under Node.js with the
// page's worker's own steps before the full standard library is in place (site/js/worker/:
// start Python, unpack the wheels, import the cell runtime's packages), list the files of
// python_stdlib.zip behind every module then imported, and write them to a zip, compiled
// (boot_stdlib.py). The build ships it as pyodide/python_stdlib_boot.zip (py/lessonbuild/stdlib.py).
//
//   node site/tools/make-boot-stdlib.mjs OUT.zip < request.json
//
// stdin: {"wheels": ["path/x.whl", ...], "imports": ["cellruntime", ...]}
// stdout: one JSON line {"names": [names in python_stdlib.zip], "bytes": n}; errors on stderr.
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";
import { importWithPythonText } from "./python-as-text.mjs";

const { importModules, reseedRandom, sitePackages, stdlibZip, unpackWheels } = await importWithPythonText(
  "../js/worker/interpreter.js",
  import.meta.url,
);
const BOOT_STDLIB = readFileSync(new URL("./boot_stdlib.py", import.meta.url), "utf8");
const TEMPORARY = "/tmp/boot.zip"; // in Pyodide's file system

const out = process.argv[2];
if (!out) throw new Error("usage: node make-boot-stdlib.mjs OUT.zip");
const pyodide = await loadPyodide({
  stdout: (line) => process.stderr.write(`[python] ${line}\n`),
  stderr: (line) => process.stderr.write(`[python] ${line}\n`),
});
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const request = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
const wheels = request.wheels ?? [];

reseedRandom(pyodide); // as a boot from the snapshot does
unpackWheels(
  pyodide,
  sitePackages(pyodide),
  wheels,
  wheels.map((path) => new Uint8Array(readFileSync(path))),
);
importModules(pyodide, request.imports ?? []);

const dict = pyodide.globals.get("dict");
const namespace = dict();
dict.destroy();
pyodide.runPython(BOOT_STDLIB, { globals: namespace });
const write = namespace.get("write_boot_stdlib");
const names = write(stdlibZip(pyodide), TEMPORARY);
const list = names.toJs();
for (const proxy of [names, write, namespace]) proxy.destroy();
const bytes = pyodide.FS.readFile(TEMPORARY);
writeFileSync(out, bytes);
process.stdout.write(`${JSON.stringify({ names: list, bytes: bytes.length })}\n`);
