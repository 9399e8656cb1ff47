// Which files of Pyodide's python_stdlib.zip Python reads while it starts: boot the pinned
// Pyodide under Node.js and list the zip's files behind every module then imported. The build
// packs them into a small zip the page starts Python with (py/lessonbuild/stdlib.py).
//
//   node site/tools/list-boot-stdlib.mjs   → stdout: JSON list of names inside the zip
import { loadPyodide } from "pyodide";

const pyodide = await loadPyodide({
  stdout: (line) => process.stderr.write(`[python] ${line}\n`),
  stderr: (line) => process.stderr.write(`[python] ${line}\n`),
});
// What the worker runs before the full standard library is in place (site/js/worker.js).
const names = pyodide.runPython(`
import json, random, site, sys
random.seed()
site.getsitepackages()
zip_path = next(path for path in sys.path if path.endswith(".zip")) + "/"
files = {getattr(module, "__file__", None) or "" for module in list(sys.modules.values())}
json.dumps(sorted(name[len(zip_path):] for name in files if name.startswith(zip_path)))
`);
process.stdout.write(names);
