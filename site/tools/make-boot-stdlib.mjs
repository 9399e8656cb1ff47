// The small standard library Python starts with: boot the pinned Pyodide under Node.js, do what
// the page's worker does before the full standard library is in place (site/js/worker.js: start
// Python, unpack the wheels, import the cell runtime's packages), list the files of
// python_stdlib.zip behind every module then imported, and write them to a zip, compiled. The
// build ships it as pyodide/python_stdlib_boot.zip (py/lessonbuild/stdlib.py).
//
//   node site/tools/make-boot-stdlib.mjs OUT.zip < request.json
//
// stdin: {"wheels": ["path/x.whl", ...], "imports": ["cellruntime", ...]}
// stdout: one JSON line {"names": [names in python_stdlib.zip], "bytes": n}; errors on stderr.
//
// Pyodide's zip holds Python sources, which every start compiles again: with compiled files
// (.pyc, made here by the same Python that will read them, so their format always matches)
// a normal start took 0.5 s instead of 1.5 s under Node.js. The .pyc files are "unchecked
// hash-based" (PEP 552): nothing about them depends on dates, and no source is looked for. The
// code objects name the source's place in the zip, so once the worker has put the full zip
// (with the sources) there, tracebacks show the lines.
// The files are stored, not deflated: Python then reads them without inflating each one, and
// the build's Brotli copy of the whole zip (py/lessonbuild/compress.py) is a third smaller than
// a zip of deflated files (1.05 MB against 1.53 MB).
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const out = process.argv[2];
if (!out) throw new Error("usage: node make-boot-stdlib.mjs OUT.zip");
const pyodide = await loadPyodide({
  stdout: (line) => process.stderr.write(`[python] ${line}\n`),
  stderr: (line) => process.stderr.write(`[python] ${line}\n`),
});
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const request = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
const imports = request.imports ?? [];
const badName = imports.find((name) => !/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(name));
if (badName !== undefined) throw new Error(`not a module name: ${JSON.stringify(badName)}`);

pyodide.runPython("import random, site\nrandom.seed()");
const sitePackages = pyodide.runPython("site.getsitepackages()[0]");
for (const wheel of request.wheels ?? []) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: sitePackages });
}
const names = pyodide.runPython(`
import importlib, importlib.util, io, json, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

for name in ${JSON.stringify(imports)}:
    importlib.import_module(name)
zip_path = next(path for path in sys.path if path.endswith(".zip"))
files = {getattr(module, "__file__", None) or "" for module in list(sys.modules.values())}
names = sorted(name[len(zip_path) + 1:] for name in files if name.startswith(zip_path + "/"))

buffer = io.BytesIO()
with zipfile.ZipFile(zip_path) as full, zipfile.ZipFile(buffer, "w") as boot:
    for name in names:
        info = full.getinfo(name)
        data = full.read(name)
        if name.endswith(".py"):
            code = compile(data, f"{zip_path}/{name}", "exec", dont_inherit=True)
            data = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            info = zipfile.ZipInfo(name + "c", info.date_time)
        boot.writestr(info, data, compress_type=zipfile.ZIP_STORED)
open("/tmp/boot.zip", "wb").write(buffer.getvalue())
json.dumps(names)
`);
const bytes = pyodide.FS.readFile("/tmp/boot.zip");
writeFileSync(out, bytes);
process.stdout.write(JSON.stringify({ names: JSON.parse(names), bytes: bytes.length }) + "\n");
