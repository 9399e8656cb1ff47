// Main-thread side of the Python worker: boots it in the background, runs one cell at a
// time, and stops a runaway cell (interrupt where this browser can share memory with the
// worker, otherwise by replacing the worker). Any failure to start ends in the "error" status.

import { rememberKept } from "./snapshot-source.js";
import { startWorker, whyNoWorker } from "./worker-start.js";

const INTERRUPT_GRACE_MS = 1000; // a cell whose Python has not taken the interrupt by then is restarted
const HANDLING_GRACE_MS = 2000; // more time once Python took it (its traceback is on the way)
const CANCELLED = Symbol("cancelled");

export class PythonRuntime {
  /**
   * @param {object} settings  the lesson's `runtime` JSON (pyodide path, wheels, packages)
   * @param {(state: string, text: string) => void} onStatus  runtime status changes
   * @param {{siteURL?: string, onCapability?: (id: string, ok: boolean) => void}} options
   *   siteURL: where the site lives (its root); by default this page's folder. Pages on another
   *   origin (embed.js) pass the site's own address. onCapability: what the worker found it can
   *   or cannot do (capability-note.js reportLate), e.g. ("gunzip", false).
   */
  constructor(settings, onStatus, { siteURL = document.baseURI, onCapability = null } = {}) {
    this.onCapability = onCapability;
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
    this.startedAgainAfterTrap = false; // a start that trapped was followed by one more (start)
    this.cancelWaiting = null; // resolves requests waiting for Python when Stop comes first
    this.waitingCancelled = null;
    this.packagesAdded = null; // a lesson's packages being added (useSettings): runs wait for them
    this.packageAnswers = []; // resolvers of the worker's answers to "packages", in order
    this.readoutAnswers = new Map(); // readouts id -> resolver (the rank playground's asks, the evaluate page's lists)
    this.watchers = new Set(); // called when isReady or busy may have changed (watch)
  }

  /** Call `callback()` whenever Python's readiness or business may have changed (it loaded, a
   *  run or check started or ended, Python restarted or failed); returns a function that stops. */
  watch(callback) {
    this.watchers.add(callback);
    return () => this.watchers.delete(callback);
  }

  #changed() {
    for (const callback of this.watchers) callback();
  }

  /**
   * The rank playground's readouts of `state` ({ranking, grades, k, gain, threshold}), computed
   * by rankmetrics in the worker's Python apart from the learner's globals. Resolves with
   * {ok: true, readouts} or {ok: false, error}, or {restarted: true} when the worker was
   * replaced first. Call it only when `isReady`; it does not wait for Python, nor count as busy
   * (a learner's run queued after it waits the few ms it takes).
   */
  readouts(state) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.readoutAnswers.set(id, resolve);
      this.worker.postMessage({ type: "readouts", id, state });
    });
  }

  /** The rank playground's config for `query` as run `run` ranked it, at cut-off `k` (the one the
   *  page's results show), from the last evaluation (PythonRuntime.evaluate); resolves with
   *  {ok, config} or {ok: false, error}, or {restarted}.
   *  Like readouts: call it only when `isReady`; it does not count as busy. */
  evaluatedQuery(run, query, k) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.readoutAnswers.set(id, resolve);
      this.worker.postMessage({ type: "evaluated-query", id, run, query, k });
    });
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
    for (const answer of this.readoutAnswers.values()) answer({ restarted: true });
    this.readoutAnswers.clear();
    let started = adopt;
    let refused = null; // why no worker could be started
    if (!started) {
      refused = whyNoWorker();
      try {
        started = refused ? null : startWorker(this.settings, this.siteURL);
      } catch (error) {
        refused = `this browser refused to start Python's worker (${error.message || error})`;
      }
    }
    const worker = started?.worker ?? null;
    this.interruptBuffer = started?.interruptBuffer ?? null;
    this.worker = worker;
    this.isReady = false;
    this.onStatus("loading", "Python is loading…");
    this.ready = new Promise((resolve, reject) => {
      this.releaseOldReady = () => resolve("replaced");
      if (!worker) return reject(new Error(refused));
      let booted = false;
      let failed = false;
      // A worker that failed to boot is ended, so nothing it sends later (a late "ready") undoes
      // the error. Once booted, its errors are the runs' business (a run's result says so).
      const fail = (error) => {
        if (booted) return this.#workerFailed(error);
        failed = true;
        worker.terminate();
        if (error.trap && !this.startedAgainAfterTrap) {
          // Python's WebAssembly trapped while it started (WebKitGTK's engine does, now and
          // then, on a busy machine): a fresh worker starts once more before the page says so.
          this.startedAgainAfterTrap = true;
          console.warn(`Python's start failed (${error.message}); starting it once more.`);
          queueMicrotask(() => this.start()); // after this start() has set this.ready
          return;
        }
        reject(error);
      };
      const receive = (message) => {
        if (failed) return;
        if (message.type === "ready") {
          booted = true;
          this.startedAgainAfterTrap = false;
        }
        this.#receive(message, resolve, fail);
      };
      worker.onmessage = ({ data }) => receive(data);
      // The worker's script did not load, threw while it was imported, or a boot step threw
      // outside the boot's own error handling.
      worker.onerror = (event) => {
        event.preventDefault();
        fail(new Error(event.message || "the Python worker could not start"));
      };
      worker.onmessageerror = () => fail(new Error("a message from the Python worker could not be read"));
      for (const message of adopt?.messages ?? []) receive(message);
      if (adopt?.error) fail(new Error(adopt.error));
    });
    this.ready.catch((error) => this.onStatus("error", `Could not load Python: ${error.message}.`));
    this.ready.then(
      () => this.#changed(),
      () => this.#changed(),
    );
    this.#changed();
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
    if (!this.isReady)
      this.stop(); // "cancelled": the boot goes on, and its session is new anyway
    else this.worker.postMessage({ type: "reset" }); // before any later run: messages keep their order
  }

  /** Another lesson opened in the page runs with `settings` (its `runtime` JSON), which may name
   *  wheels and packages this Python lacks: they are added in place, before any later run. A
   *  worker started from now on (Retry, a restart) boots with them. */
  useSettings(settings) {
    const needsMore =
      settings.wheels.some((path) => !this.settings.wheels.includes(path)) ||
      settings.packages.some((name) => !this.settings.packages.includes(name));
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
    this.worker.postMessage({
      type: "packages",
      baseURL: this.siteURL,
      wheels: settings.wheels,
      packages: settings.packages,
    });
  }

  /** Run code; resolves with {ok, display, error}. `onOutput(stream, text)` streams output.
   *  `name`: the page's name for the cell ("Code cell 2"), which its tracebacks then use. */
  run(cellId, code, onOutput, name = null) {
    return this.#request({ type: "run", cellId, code, name }, onOutput);
  }

  /** Check the function the exercise cell `cellId` defined against the reference check `name`;
   *  resolves with {ok, message}. */
  check(name, onOutput, cellId = null) {
    return this.#request({ type: "check", name, cellId }, onOutput);
  }

  /**
   * Read, score and compare the evaluate page's files in the worker (worker/evaluate.js); waits
   * for Python like a run, counts as busy, and Stop stops it like a run.
   * @param {{qrels: File, runs: {name: string, file: File}[], baseline: string, options: object}} job
   * @param {(progress: object) => void} onProgress  each {phase, file, bytes, total, ...} message
   * @returns {Promise<object>} {ok, result} | {ok: false, error|stopped, files} | {cancelled} | {restarted}
   */
  evaluate(job, onProgress) {
    return this.#request(
      { type: "evaluate", ...job },
      (stream, progress) => {
        if (stream === "progress") onProgress(progress);
      },
      { endsOnWorkerError: true },
    );
  }

  /** A request's answer is `entry.settled`; `endsOnWorkerError`: an error the booted worker did
   *  not catch (the browser ran out of memory for it) ends this request, which then resolves
   *  {ok: false, crashed: true, error}, and Python starts again. */
  async #request(message, onOutput, { endsOnWorkerError = false } = {}) {
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
    const entry = { onOutput, endsOnWorkerError };
    entry.settled = new Promise((resolve) => {
      entry.resolve = resolve;
    });
    this.pending.set(id, entry);
    this.worker.postMessage({ ...message, id });
    this.#changed();
    return entry.settled;
  }

  /** Wait until Python can run code; false when Stop was pressed first. Throws if loading failed. */
  async #untilReady() {
    while (!this.isReady) {
      if (!this.waitingCancelled)
        this.waitingCancelled = new Promise((resolve) => {
          this.cancelWaiting = resolve;
        });
      if ((await Promise.race([this.ready, this.waitingCancelled])) === CANCELLED) return false;
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
        setTimeout(() => {
          if (stillRunning()) this.#restart();
        }, HANDLING_GRACE_MS);
      }, INTERRUPT_GRACE_MS);
      return "interrupted";
    }
    this.#restart();
    return "restarted";
  }

  /** The booted worker reported an error it did not catch. A request that cannot outlive one (an
   *  evaluation: its Python may be left without memory) ends, saying so, and Python starts again;
   *  otherwise the runs' own results say what failed. */
  #workerFailed(error) {
    console.warn("the Python worker reported an error:", error);
    const ending = [...this.pending.values()].filter((entry) => entry.endsOnWorkerError);
    if (!ending.length) return;
    const reason = error?.message || String(error);
    for (const entry of ending) entry.resolve({ ok: false, crashed: true, error: reason });
    this.#restart();
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
        rejectReady(Object.assign(new Error(message.reason), { trap: Boolean(message.trap) }));
        break;
      case "capability": // e.g. it cannot unpack the snapshot here
        this.onCapability?.(message.name, message.ok);
        break;
      case "output":
        this.pending.get(message.id)?.onOutput(message.stream, message.text);
        break;
      case "progress": // how the evaluate page's files are going (evaluate)
        this.pending.get(message.id)?.onOutput("progress", message);
        break;
      case "result": {
        const entry = this.pending.get(message.id);
        this.pending.delete(message.id);
        entry?.resolve(message.fatal ? { ...message, restarted: true } : message);
        if (message.fatal) this.#restart();
        else this.#changed();
        break;
      }
      case "evaluated-query": // answered like readouts (evaluatedQuery)
      case "readouts": {
        const answer = this.readoutAnswers.get(message.id);
        this.readoutAnswers.delete(message.id);
        answer?.(message);
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
