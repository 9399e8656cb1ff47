// Main-thread side of the Python worker: boots it in the background, runs one cell at a
// time, and stops a runaway cell (interrupt when the page is cross-origin isolated,
// otherwise by replacing the worker).

import { rememberKept } from "./snapshot-source.js";
import { startWorker } from "./worker-start.js";

const INTERRUPT_GRACE_MS = 1000; // a cell whose Python has not taken the interrupt by then is restarted
const HANDLING_GRACE_MS = 2000; // more time once Python took it (its traceback is on the way)
const CANCELLED = Symbol("cancelled");

export class PythonRuntime {
  /**
   * @param {object} settings  the lesson's `runtime` JSON (pyodide path, wheels, packages)
   * @param {(state: string, text: string) => void} onStatus  runtime status changes
   * @param {{siteURL?: string}} options  where the site lives (its root); by default this page's
   *   folder. Pages on another origin (embed.js) pass the site's own address.
   */
  constructor(settings, onStatus, { siteURL = document.baseURI } = {}) {
    this.settings = settings;
    this.siteURL = new URL(".", siteURL).href;
    this.onStatus = onStatus;
    this.worker = null;
    this.ready = null; // Promise that resolves when Python can run code
    this.pending = new Map(); // run id -> {onOutput, resolve, settled: Promise}
    this.nextId = 1;
    this.isReady = false;
    this.interruptBuffer = null; // made fresh for each worker in start()
    this.releaseOldReady = null; // wakes requests that waited for a worker that was replaced
    this.cancelWaiting = null; // resolves requests waiting for Python when Stop comes first
    this.waitingCancelled = null;
    this.packagesAdded = null; // a lesson's packages being added (useSettings): runs wait for them
    this.packageAnswers = []; // resolvers of the worker's answers to "packages", in order
  }

  get canInterrupt() {
    return this.interruptBuffer !== null;
  }

  /**
   * Start (or restart) the worker; returns the ready promise.
   * @param {{adopt?: {worker: Worker, interruptBuffer: Uint8Array|null, messages: object[], error: string|null}}} options
   *   `adopt`: a worker already started for these settings (early-start.js), with the messages
   *   it sent before this runtime existed; used instead of starting one.
   */
  start({ adopt = null } = {}) {
    this.worker?.terminate();
    this.releaseOldReady?.(); // whoever waited for the old worker now waits for this one
    // The new worker boots with this.settings' packages: nothing is left to add.
    for (const answer of this.packageAnswers.splice(0)) answer({ ok: true });
    const { worker, interruptBuffer } = adopt ?? startWorker(this.settings, this.siteURL);
    this.interruptBuffer = interruptBuffer;
    this.worker = worker;
    this.isReady = false;
    this.onStatus("loading", "Python is loading…");
    this.ready = new Promise((resolve, reject) => {
      this.releaseOldReady = () => resolve("replaced");
      worker.onmessage = ({ data }) => this.#receive(data, resolve, reject);
      worker.onerror = (event) => {
        event.preventDefault();
        reject(new Error(event.message || "the Python worker could not start"));
      };
      for (const message of adopt?.messages ?? []) this.#receive(message, resolve, reject);
      if (adopt?.error) reject(new Error(adopt.error));
    });
    this.ready.catch((error) => this.onStatus("error", `Could not load Python: ${error.message}.`));
    return this.ready;
  }

  /** Whether a run or check is on its way in Python. */
  get busy() {
    return this.pending.size > 0;
  }

  /** Resolves once no run or check is on its way. */
  async whenIdle() {
    while (this.pending.size > 0) await Promise.all([...this.pending.values()].map((entry) => entry.settled));
  }

  /** Python forgets what the cells defined (fresh globals), for another lesson opened in this
   *  page (lesson-navigation.js); later runs see only their own lesson's names. Runs already
   *  waiting for Python to load are dropped, as by Stop. Python itself, its imports and its
   *  boot stay. */
  resetSession() {
    if (!this.isReady) this.stop(); // "cancelled": the boot goes on, and its session is new anyway
    else this.worker.postMessage({ type: "reset" }); // before any later run: messages keep their order
  }

  /** Another lesson opened in the page runs with `settings` (its `runtime` JSON), which may name
   *  wheels and packages this Python lacks: they are added in place, before any later run. A
   *  worker started from now on (Retry, a restart) boots with them. */
  useSettings(settings) {
    const needsMore = settings.wheels.some((path) => !this.settings.wheels.includes(path))
      || settings.packages.some((name) => !this.settings.packages.includes(name));
    this.settings = settings;
    if (!needsMore || !this.worker) return;
    // Runs wait for the answer. When the packages cannot be added (a failed download), Python
    // starts again in a worker that boots with them, and says why if that fails too. A boot
    // that failed answers nothing: runs then go on to say so (#untilReady).
    const answered = new Promise((resolve) => {
      this.packageAnswers.push(resolve);
      this.ready.catch(() => resolve({ ok: true }));
    }).then(({ ok, reason }) => {
      if (ok) return;
      console.warn("adding the lesson's packages failed, so Python starts again with them:", reason);
      this.start();
    });
    const added = Promise.all([this.packagesAdded, answered]).then(() => {
      if (this.packagesAdded === added) this.packagesAdded = null;
    });
    this.packagesAdded = added;
    this.worker.postMessage({ type: "packages", baseURL: this.siteURL, wheels: settings.wheels, packages: settings.packages });
  }

  /** Run code; resolves with {ok, display, error}. `onOutput(stream, text)` streams output. */
  run(cellId, code, onOutput) {
    return this.#request({ type: "run", cellId, code }, onOutput);
  }

  /** Check the function the exercise cell `cellId` defined against the reference check `name`;
   *  resolves with {ok, message}. */
  check(name, onOutput, cellId = null) {
    return this.#request({ type: "check", name, cellId }, onOutput);
  }

  async #request(message, onOutput) {
    await this.packagesAdded; // a lesson opened in place: its packages first (useSettings)
    for (;;) {
      if (!(await this.#untilReady())) return { ok: false, display: null, error: null, cancelled: true };
      if (this.pending.size === 0) break;
      // The run of a lesson the learner left (lesson-navigation.js) is still stopping: go after
      // it, so the Stop on its way reaches it, and a restart that ends it does not end this run.
      await this.whenIdle();
    }
    const id = this.nextId++;
    if (this.interruptBuffer) this.interruptBuffer[0] = 0; // a Stop pressed after the last run ended
    const entry = { onOutput };
    entry.settled = new Promise((resolve) => { entry.resolve = resolve; });
    this.pending.set(id, entry);
    this.worker.postMessage({ ...message, id });
    return entry.settled;
  }

  /** Wait until Python can run code; false when Stop was pressed first. Throws if loading failed. */
  async #untilReady() {
    while (!this.isReady) {
      if (!this.waitingCancelled) this.waitingCancelled = new Promise((resolve) => { this.cancelWaiting = resolve; });
      if (await Promise.race([this.ready, this.waitingCancelled]) === CANCELLED) return false;
    }
    return true;
  }

  /**
   * Stop the running cell. Returns "cancelled" (Python was still loading: the waiting runs are
   * dropped, loading goes on), "interrupted" (namespace kept) or "restarted" (variables lost).
   */
  stop() {
    if (!this.isReady) {
      this.cancelWaiting?.(CANCELLED);
      this.waitingCancelled = null;
      return "cancelled";
    }
    if (this.interruptBuffer) {
      this.interruptBuffer[0] = 2; // SIGINT: Python raises KeyboardInterrupt
      // Code can ignore the interrupt (a long C call, or `except KeyboardInterrupt`): if the same
      // run is still going after a grace period, restart Python instead. Python sets the buffer
      // back to 0 when it takes the interrupt; a run that took it gets a second period, since on
      // a loaded machine its traceback can take a while, and code that swallowed it is then
      // restarted too.
      const running = [...this.pending.keys()];
      const buffer = this.interruptBuffer;
      const stillRunning = () => running.some((id) => this.pending.has(id));
      setTimeout(() => {
        if (!stillRunning()) return;
        if (buffer[0] !== 0) return this.#restart();
        setTimeout(() => { if (stillRunning()) this.#restart(); }, HANDLING_GRACE_MS);
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
      case "packages": // an answer to useSettings
        this.packageAnswers.shift()?.(message);
        break;
      case "kept": // the worker kept the unpacked snapshot: the next page looks for it first
        if (message.ok) rememberKept(message.url);
        break;
    }
  }
}
