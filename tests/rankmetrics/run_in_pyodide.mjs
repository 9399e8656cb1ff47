// Run a Python script under Pyodide (node_modules/pyodide) with py/rankmetrics importable.
//
//   node tests/rankmetrics/run_in_pyodide.mjs SCRIPT.py [DATA_FILE ...] [-- SCRIPT_ARGS ...]
//
// Copies py/rankmetrics/**/*.py to /home/pyodide/py/rankmetrics, and the script and data files
// to /home/pyodide/work (the working directory), as the browser would have them: no host
// file system is mounted. The script runs as __main__; its stdout goes to our stdout.
// Exit status 1 if Python raised. All the Python lives in .py files, none here.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const packageDir = path.join(repoRoot, "py", "rankmetrics");
const PY_DIR = "/home/pyodide/py";
const WORK_DIR = "/home/pyodide/work";

function parseArgs(argv) {
  const split = argv.indexOf("--");
  const files = split === -1 ? argv : argv.slice(0, split);
  const scriptArgs = split === -1 ? [] : argv.slice(split + 1);
  if (files.length === 0) {
    console.error("usage: node run_in_pyodide.mjs SCRIPT.py [DATA_FILE ...] [-- ARGS ...]");
    process.exit(2);
  }
  return { script: files[0], dataFiles: files.slice(1), scriptArgs };
}

function copyInto(pyodide, hostFile, dir) {
  const target = path.posix.join(dir, path.basename(hostFile));
  pyodide.FS.writeFile(target, readFileSync(hostFile));
  return target;
}

const { script, dataFiles, scriptArgs } = parseArgs(process.argv.slice(2));
const pyodide = await loadPyodide({
  stdout: (line) => process.stdout.write(`${line}\n`),
  stderr: (line) => process.stderr.write(`${line}\n`),
});

// The package, exactly the files in py/rankmetrics and its subpackages.
for (const name of readdirSync(packageDir, { recursive: true }).filter((n) => n.endsWith(".py"))) {
  const dir = path.posix.join(PY_DIR, "rankmetrics", path.dirname(name).split(path.sep).join("/"));
  pyodide.FS.mkdirTree(dir);
  copyInto(pyodide, path.join(packageDir, name), dir);
}
pyodide.FS.mkdirTree(WORK_DIR);
const scriptInPyodide = copyInto(pyodide, script, WORK_DIR);
for (const file of dataFiles) copyInto(pyodide, file, WORK_DIR);

const sys = pyodide.pyimport("sys");
sys.path.insert(0, WORK_DIR);
sys.path.insert(0, PY_DIR);
sys.argv = pyodide.toPy([scriptInPyodide, ...scriptArgs]);
pyodide.pyimport("os").chdir(WORK_DIR);

try {
  pyodide.pyimport("runpy").run_path.callKwargs(scriptInPyodide, { run_name: "__main__" });
} catch (error) {
  console.error(String(error));
  process.exit(1);
}
