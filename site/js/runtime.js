// Main-thread side of the Python worker: boots it in the background, runs one cell at a
// time, and stops a runaway cell (interrupt when the page is cross-origin isolated,
// otherwise by replacing the worker).

// From the page's address, not import.meta.url: bundling may move this code into a chunk.
const WORKER_URL = new URL("assets/worker.js", document.baseURI);
const INTERRUPT_GRACE_MS = 1000; // after this, a cell that ignored the interrupt is stopped by a restart

export class PythonRuntime {
  /**
   * @param {object} settings  the lesson's `runtime` JSON (pyodide path, wheels, packages)
   * @param {(state: string, text: string) => void} onStatus  runtime status changes
   */
  constructor(settings, onStatus) {
    this.settings = settings;
    this.onStatus = onStatus;
    this.worker = null;
    this.ready = null; // Promise that resolves when Python can run code
    this.pending = new Map(); // run id -> {onOutput, resolve}
    this.nextId = 1;
    this.isReady = false;
    this.interruptBuffer = null; // made fresh for each worker in start()
  }

  get canInterrupt() {
    return this.interruptBuffer !== null;
  }

  /** Start (or restart) the worker; returns the ready promise. */
  start() {
    this.worker?.terminate();
    // A fresh buffer: one left at "interrupt" by a stopped worker must not stop the next one.
    this.interruptBuffer = globalThis.crossOriginIsolated ? new Uint8Array(new SharedArrayBuffer(1)) : null;
    const worker = new Worker(WORKER_URL, { type: "module" });
    this.worker = worker;
    this.isReady = false;
    this.ready = new Promise((resolve, reject) => {
      worker.onmessage = ({ data }) => this.#receive(data, resolve, reject);
      worker.onerror = (event) => {
        event.preventDefault();
        reject(new Error(event.message || "the Python worker could not start"));
      };
    });
    this.ready.catch((error) => this.onStatus("error", `Could not load Python: ${error.message}.`));
    this.onStatus("loading", "Python is loading…");
    worker.postMessage({
      type: "boot",
      baseURL: document.baseURI,
      runtime: this.settings,
      interruptBuffer: this.interruptBuffer,
    });
    return this.ready;
  }

  /** Run code; resolves with {ok, display, error}. `onOutput(stream, text)` streams output. */
  run(cellId, code, onOutput) {
    return this.#request({ type: "run", cellId, code }, onOutput);
  }

  /** Check the learner's function against the reference; resolves with {ok, message}. */
  check(name, onOutput) {
    return this.#request({ type: "check", name }, onOutput);
  }

  async #request(message, onOutput) {
    await this.ready;
    const id = this.nextId++;
    if (this.interruptBuffer) this.interruptBuffer[0] = 0;
    return new Promise((resolve) => {
      this.pending.set(id, { onOutput, resolve });
      this.worker.postMessage({ ...message, id });
    });
  }

  /**
   * Stop the running cell. Returns "interrupted" (namespace kept) or "restarted" (variables lost).
   */
  stop() {
    if (this.interruptBuffer) {
      this.interruptBuffer[0] = 2; // SIGINT: Python raises KeyboardInterrupt
      // Code can ignore the interrupt (a C call such as time.sleep, or `except KeyboardInterrupt`):
      // if the same run is still going after a grace period, restart Python instead.
      const running = [...this.pending.keys()];
      setTimeout(() => {
        if (running.some((id) => this.pending.has(id))) this.#restart();
      }, INTERRUPT_GRACE_MS);
      return "interrupted";
    }
    this.#restart();
    return "restarted";
  }

  #restart() {
    const stopped = { ok: false, display: null, error: null, restarted: true };
    for (const { resolve } of this.pending.values()) resolve(stopped);
    this.pending.clear();
    this.start();
    this.onRestart?.();
  }

  #receive(message, resolveReady, rejectReady) {
    switch (message.type) {
      case "status":
        this.onStatus(message.state, message.text);
        break;
      case "ready":
        this.isReady = true;
        this.onStatus("ready", "Python ready");
        resolveReady();
        break;
      case "failed":
        rejectReady(new Error(message.reason));
        break;
      case "output":
        this.pending.get(message.id)?.onOutput(message.stream, message.text);
        break;
      case "result": {
        const entry = this.pending.get(message.id);
        this.pending.delete(message.id);
        entry?.resolve(message.fatal ? { ...message, restarted: true } : message);
        if (message.fatal) this.#restart();
        break;
      }
    }
  }
}
