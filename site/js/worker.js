// The Python worker: boots Pyodide, installs the project's wheels, and hands each cell to the
// `cellruntime` package, which does the real work (capture, tracebacks, displays) in Python.
// It stays thin on purpose: the logic lives in py/cellruntime and is tested under CPython.

let session = null;
const post = (message) => self.postMessage(message);

// Pyodide's loader can wait forever when a core file is missing, so ask for each first and
// fail with a reason the page can show.
const CORE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];

async function checkCoreFiles(indexURL) {
  const answers = await Promise.all(CORE_FILES.map((name) =>
    fetch(indexURL + name, { method: "HEAD" }).then((response) => [name, response.status], () => [name, "no answer"])));
  const missing = answers.filter(([, status]) => status !== 200);
  if (missing.length) {
    throw new Error(`the site is missing ${missing.map(([name, status]) => `${name} (${status})`).join(", ")}`);
  }
}

async function boot({ baseURL, runtime, interruptBuffer }) {
  const indexURL = new URL(runtime.pyodide, baseURL).href;
  post({ type: "status", state: "loading", text: "Python is loading…" });
  if (typeof WebAssembly === "undefined") {
    throw new Error("this browser has WebAssembly turned off or does not support it, and Python needs it");
  }
  await checkCoreFiles(indexURL);
  const { loadPyodide } = await import(indexURL + "pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL });
  if (interruptBuffer) pyodide.setInterruptBuffer(interruptBuffer);

  post({ type: "status", state: "loading", text: "Python is installing the lesson packages…" });
  const wheels = runtime.wheels.map((path) => new URL(path, baseURL).href);
  await pyodide.loadPackage(wheels, { messageCallback: () => {} });

  const { Session } = pyodide.pyimport("cellruntime");
  session = Session.callKwargs({ available_packages: runtime.packages });
  post({ type: "ready" });
}

function run({ id, cellId, code }) {
  const write = (stream, text) => post({ type: "output", id, stream, text });
  let result;
  try {
    const proxy = session.run(code, cellId, write);
    result = proxy.toJs({ dict_converter: Object.fromEntries });
    proxy.destroy();
  } catch (error) {
    // Only a fault of the runtime itself lands here (e.g. the JavaScript stack overflowed after
    // the recursion limit was raised); learner errors come back in `result`. Python may be
    // broken now, so the page replaces this worker.
    result = { ok: false, display: null, fatal: true, error: `Python crashed: ${error.message || error}` };
  }
  post({ type: "result", id, ...result });
}

function check({ id, name }) {
  const write = (stream, text) => post({ type: "output", id, stream, text });
  let result;
  try {
    const proxy = session.check(name, write);
    result = proxy.toJs({ dict_converter: Object.fromEntries });
    proxy.destroy();
  } catch (error) {
    const stopped = String(error.message || error).includes("KeyboardInterrupt");
    result = { ok: false, message: stopped ? "The check was stopped." : `The check failed to run: ${error.message || error}` };
  }
  post({ type: "result", id, ...result });
}

self.onmessage = async ({ data: message }) => {
  if (message.type === "boot") {
    try {
      await boot(message);
    } catch (error) {
      post({ type: "failed", reason: String(error.message || error) });
    }
  } else if (message.type === "run") {
    run(message);
  } else if (message.type === "check") {
    check(message);
  }
};
