// Time the evaluate page's Python in Pyodide under Node (no browser): evaluate.py driven as the
// worker drives it (site/js/worker/evaluate.js), the files fed in the chunks file.stream() gives.
//
//   node bench/evaluate_pyodide.mjs RUN QRELS [--chunk BYTES] [--repeat N]
//
// RUN and QRELS: files as bench/evaluate_speed.py writes them. Prints, for each of N presses of
// Evaluate (default 3), the CPU time (process.cpuUsage, user + system: other processes on a
// shared machine change it less than the wall clock) and the wall time of: reading the qrels,
// preparing the judgments, reading and scoring the run, comparing; then the least of each.
// --chunk: the bytes of each chunk fed (default 65536, what Chromium's file.stream() gives).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const FS_ROOT = "/home/pyodide/site";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const [value] = args.splice(at, 2).slice(1);
  return Number(value);
};
const CHUNK = option("--chunk", 65536);
const REPEAT = option("--repeat", 3);
const [runPath, qrelsPath] = args;
if (!runPath || !qrelsPath) throw new Error("usage: node bench/evaluate_pyodide.mjs RUN QRELS [--chunk B]");

/** Copy the .py files of py/NAME (and its subfolders) into Pyodide's file system. */
function install(pyodide, name) {
  const walk = (folder) => {
    pyodide.FS.mkdirTree(`${FS_ROOT}/${folder}`);
    for (const entry of readdirSync(`${ROOT}py/${folder}`)) {
      const path = `${ROOT}py/${folder}/${entry}`;
      if (statSync(path).isDirectory()) {
        if (entry !== "__pycache__") walk(`${folder}/${entry}`);
      } else if (entry.endsWith(".py")) {
        pyodide.FS.writeFile(`${FS_ROOT}/${folder}/${entry}`, readFileSync(path, "utf8"));
      }
    }
  };
  walk(name);
}

/** The file's text in the chunks the page feeds: CHUNK bytes at a time, decoded as UTF-8. */
function chunks(path) {
  const bytes = readFileSync(path);
  const decoder = new TextDecoder("utf-8");
  const texts = [];
  for (let at = 0; at < bytes.length; at += CHUNK)
    texts.push(decoder.decode(bytes.subarray(at, at + CHUNK), { stream: true }));
  texts.push(decoder.decode());
  return texts;
}

const pyodide = await loadPyodide();
install(pyodide, "cellruntime");
install(pyodide, "rankmetrics");
pyodide.pyimport("sys").path.insert(0, FS_ROOT);
const dict = pyodide.globals.get("dict");
const namespace = dict();
pyodide.runPython(readFileSync(`${ROOT}site/js/worker/evaluate.py`, "utf8"), { globals: namespace });
const newEvaluation = namespace.get("new_evaluation");
const run = chunks(runPath);
const qrels = chunks(qrelsPath);
const options = JSON.stringify({
  cutoffs: [10, 100],
  threshold: 1,
  gain: "linear",
  missing: "score 0",
  permutations: 10000,
  resamples: 10000,
});

const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};
const best = {};
for (let round = 1; round <= REPEAT; round++) {
  const marks = [["start", cpu(), performance.now()]];
  const mark = (name) => marks.push([name, cpu(), performance.now()]);
  const evaluation = newEvaluation(options);
  evaluation.start_qrels("qrels.txt");
  for (const text of qrels) evaluation.feed_qrels(text);
  evaluation.finish_qrels();
  mark("read the qrels");
  evaluation.start_run("run", "run.txt", true);
  mark("start the run (judgments)");
  for (const text of run) if (evaluation.feed_run(text) === false) throw new Error("the run is not grouped");
  evaluation.finish_run();
  mark("read and score the run");
  JSON.parse(evaluation.compare("run", null));
  mark("compare (one run: the means)");
  evaluation.destroy();
  console.log(`round ${round}:`);
  for (let i = 1; i < marks.length; i++) {
    const [name, cpuAfter, wallAfter] = marks[i];
    const [, cpuBefore, wallBefore] = marks[i - 1];
    const seconds = cpuAfter - cpuBefore;
    best[name] = Math.min(best[name] ?? Infinity, seconds);
    const wall = (wallAfter - wallBefore) / 1000;
    console.log(`  ${name.padEnd(30)} cpu ${seconds.toFixed(3)} s   wall ${wall.toFixed(3)} s`);
  }
}
console.log(`chunks fed: ${qrels.length} (qrels) + ${run.length} (run), ${CHUNK} bytes each`);
console.log(`least CPU time of ${REPEAT}:`);
for (const [name, seconds] of Object.entries(best)) console.log(`  ${name.padEnd(30)} ${seconds.toFixed(3)} s`);
