// Code cells of a lesson page: their state, their Run/Stop/Reset buttons and the run queue.
// Cells share one Python namespace. Running a cell first runs every earlier cell that has not
// run yet (hidden set-up cells too), so a learner can start anywhere on the page; a cell whose
// latest run the learner stopped, or that ended with an error, is left out of that until they
// run it, edit it or reset it.
import { streams } from "../shared/build-constants.js";
import { OutputArea } from "./output.js";
import { load, onOtherTabChange, save } from "../shared/storage.js";
import { otherTabVersion, saveCellCode } from "./cell-versions.js";
import { earlyEditorOf, earlySelection, whenNotComposing, wireEarlyEditor } from "./early-editor.js";
import { showStaticCode } from "./static-code.js";
import { setCellNotice } from "./cell-notice.js";
import { showPassedBefore, showSavedCode } from "./restore.js";

export class CellController {
  /**
   * @param {string} slug  the lesson, which keys its saved edits
   * @param {Array<{id: string, code: string, hash: string, hidden: boolean, readonly: boolean, name: string}>} cellData
   * @param {import("../runtime/runtime.js").PythonRuntime} runtime
   * @param {(state: string, text: string) => void} setStatus
   * @param {{findCell?: (id: string) => Element | null}} options  where a cell's element is
   *   (by default in this document; embed.js finds them in shadow roots)
   */
  constructor(slug, cellData, runtime, setStatus, { findCell } = {}) {
    this.slug = slug;
    this.findCell = findCell ?? ((id) => document.querySelector(`[data-cell="${CSS.escape(id)}"]`));
    this.runtime = runtime;
    this.setStatus = setStatus;
    this.queue = Promise.resolve();
    this.stopCount = 0; // runs requested before the latest Stop are dropped
    this.wanted = null; // the id of a cell the learner went to edit before its editor was in
    this.runningFor = null; // the cell whose run (its earlier cells, then itself) is under way
    this.cells = cellData.map((data, index) => this.#makeCell(data, index));
    // A restart (Stop without isolation, or a cell that ignored the interrupt) forgets every variable.
    runtime.onRestart = () => {
      for (const cell of this.cells) cell.ran = false;
    };
    this.detached = new AbortController();
    onOtherTabChange(
      slug,
      (kind, id, value) => {
        const cell = this.cells.find((candidate) => candidate.id === id && candidate.element);
        const version = otherTabVersion(value);
        if (kind === "cell" && cell && version) this.#otherTabEdited(cell, version.code);
      },
      { signal: this.detached.signal },
    );
  }

  /** The lesson leaves the page (another lesson opens in its place, lesson-navigation.js): stop
   *  attaching editors, let go of the ones attached and of other tabs' changes. Edits are
   *  already saved (each change is). */
  detach() {
    this.detached.abort(); // runs still queued end before they start (#runUpTo)
    for (const cell of this.cells) {
      cell.editor?.destroy?.();
      cell.editor = null;
    }
  }

  #makeCell(data, index) {
    const element = data.hidden ? null : this.findCell(data.id);
    const cell = { ...data, index, element, editor: null, ran: false, state: "idle", current: data.code };
    if (!element) return cell;
    cell.output = new OutputArea(element.querySelector("[data-output]"));
    cell.buttons = {
      run: element.querySelector('[data-action="run"]'),
      stop: element.querySelector('[data-action="stop"]'),
      reset: element.querySelector('[data-action="reset"]'),
    };
    cell.buttons.run.addEventListener("click", () => this.requestRun(cell));
    cell.buttons.stop.addEventListener("click", () => this.stop(cell));
    cell.buttons.reset.addEventListener("click", () => this.reset(cell));
    this.#restoreEdit(cell);
    const early = earlyEditorOf(element);
    if (
      early &&
      wireEarlyEditor(early, { onChange: (code) => this.#edited(cell, code), onRun: () => this.requestRun(cell) })
    ) {
      cell.early = early;
    }
    if (data.check) {
      cell.verdict = element.querySelector("[data-verdict]");
      showPassedBefore(element, this.slug, data);
      element.querySelector('[data-action="check"]').addEventListener("click", () => this.requestCheck(cell));
      element
        .querySelector('[data-action="use-solution"]')
        .addEventListener("click", () => this.#setCode(cell, data.solution));
    }
    return cell;
  }

  /** Swap each visible cell's static code for an editor, one cell per task, so the page keeps
   *  answering the learner meanwhile (all at once held the main thread 0.15–0.23 s here).
   *  `first`: the id of the cell the learner went to (see wantEditor), which gets its editor
   *  first, with the keyboard focus. `othersAfter`: the cells nobody asked for wait for it (the
   *  page's Python start, which their main-thread work would slow), while a cell the learner
   *  goes to meanwhile still gets its editor at once. Resolves when every cell has its editor. */
  async attachEditors(createEditor, { first = null, othersAfter = null } = {}) {
    if (first) this.wantEditor(first);
    let othersMayStart = othersAfter === null;
    othersAfter?.then(() => {
      othersMayStart = true;
      this.#wakeAttach?.();
    });
    for (;;) {
      await yieldToPage(); // also before the first: the editor's script has just been evaluated
      if (this.detached.signal.aborted) return;
      const wanted = this.cells.find((cell) => cell.id === this.wanted && cell.element && !cell.editor);
      if (!wanted && !othersMayStart) {
        await new Promise((resolve) => {
          this.#wakeAttach = resolve;
        });
        this.#wakeAttach = null;
        continue;
      }
      const cell = wanted ?? this.cells.find((each) => each.element && !each.editor);
      if (!cell) return;
      await whenNotComposing(cell.early); // an input method's draft would be lost
      if (this.detached.signal.aborted) return;
      const holder = cell.element.querySelector("[data-editor]");
      const staticHeight = holder.getBoundingClientRect().height;
      // The learner may be in the code (typing in the early editor, or on the static code): the
      // editor takes over the caret and the focus; focus the learner moved elsewhere stays there.
      const focusInCode = holder.contains(cell.element.getRootNode().activeElement);
      const selection = focusInCode && cell.early ? earlySelection(cell.early) : null;
      cell.early = null;
      holder.replaceChildren();
      cell.editor = createEditor(holder, {
        code: cell.current,
        original: cell.code,
        readonly: cell.readonly,
        label: `${cell.name}, code editor`,
        onRun: () => this.requestRun(cell),
        onChange: (code) => this.#edited(cell, code),
        root: cell.element.getRootNode() instanceof ShadowRoot ? cell.element.getRootNode() : undefined,
        keys: cell.element.querySelector("[data-editor-keys]") ?? undefined,
        staticHeight,
        selection,
      });
      if (cell === wanted) this.wanted = null;
      if (focusInCode) cell.editor.focus();
    }
  }

  /** The learner went to edit cell `id` (a press or Tab on its code) before its editor was in:
   *  attachEditors does that one next (it takes the focus if the learner is still there). */
  wantEditor(id) {
    this.wanted = id;
    this.#wakeAttach?.();
  }

  #wakeAttach = null; // attachEditors waiting for a wanted cell or for othersAfter

  requestRun(target) {
    if (target.state === "queued" || target.state === "running") return;
    this.#setState(target, "queued");
    const stops = this.stopCount;
    this.queue = this.queue.then(() => (this.#dropped(target, stops) ? "stopped" : this.#runUpTo(target)));
  }

  /** True (and the cell is told) when a Stop came after this run was requested. */
  #dropped(cell, stopsAtRequest) {
    if (this.stopCount === stopsAtRequest) return false;
    this.#setState(cell, "idle");
    cell.output.note("Not run: Stop was pressed while this cell waited its turn.");
    return true;
  }

  /** Run the exercise cell (and what it needs), then check its function against the reference. */
  requestCheck(cell) {
    if (cell.state === "queued" || cell.state === "running") return;
    this.#setState(cell, "queued");
    this.#setVerdict(cell, "", "Checking…");
    const stops = this.stopCount;
    this.queue = this.queue.then(async () => {
      const outcome = this.#dropped(cell, stops) ? "stopped" : await this.#runUpTo(cell);
      if (outcome === "stopped") {
        this.#setVerdict(cell, "", "Not checked: the code was stopped.");
        return;
      }
      if (outcome !== "ok") {
        this.#setVerdict(
          cell,
          "incorrect",
          "Not checked: the code stopped with an error (see the output above). Fix it, then check again.",
        );
        return;
      }
      this.#setState(cell, "running");
      this.setStatus("busy", `Python is checking ${cell.name}…`);
      const result = await this.runtime.check(cell.check, (stream, text) => cell.output.write(stream, text), cell.id);
      this.setStatus("ready", "Python ready");
      if (result.restarted || result.stopped) {
        // a stop is no verdict
        this.#setState(cell, "idle");
        this.#setVerdict(cell, "", "Not checked: the check was stopped.");
        return;
      }
      this.#setState(cell, "done");
      this.#setVerdict(cell, result.ok ? "correct" : "incorrect", result.message);
    });
  }

  #setVerdict(cell, verdict, message) {
    cell.verdict.dataset.verdict = verdict;
    cell.verdict.textContent = message;
    if (verdict === "correct" || verdict === "incorrect") {
      const before = load(this.slug, "exercise", cell.id)?.verdict;
      save(this.slug, "exercise", cell.id, { verdict: before === "correct" ? "correct" : verdict });
    }
  }

  /** Stop the running cell (or, pressed on a queued cell whose earlier cells run for it now, the
   *  one running) and drop every run queued behind it: Stop means stop. */
  stop(cell) {
    if (!this.#canStop(cell)) return;
    this.stopCount += 1;
    this.runtime.stop();
    if (
      cell.buttons.stop === document.activeElement ||
      cell.element.getRootNode().activeElement === cell.buttons.stop
    ) {
      cell.buttons.run.focus(); // Stop disables itself: keep the keyboard user in the cell
    }
  }

  /** Bring the cell back as the lesson has it: its code; for an exercise, the hint and the
   *  solution closed and the verdict cleared. Returns a function that puts all of that back (the code is also one undo
   *  step in the editor, Ctrl+Z). */
  reset(cell) {
    const help = [...cell.element.querySelectorAll("details")];
    const before = {
      code: cell.current,
      open: help.map((details) => details.open),
      verdict: cell.verdict ? [cell.verdict.dataset.verdict, cell.verdict.textContent] : null,
    };
    this.#setCode(cell, cell.code); // an editor change, so Ctrl+Z brings the edit back
    cell.leftOut = null; // the lesson's code again, even if it was never edited
    for (const details of help) details.open = false;
    if (cell.verdict) this.#setVerdict(cell, "", "");
    return () => {
      this.#setCode(cell, before.code);
      help.forEach((details, index) => {
        details.open = before.open[index];
      });
      if (before.verdict) this.#setVerdict(cell, ...before.verdict);
    };
  }

  /** Reset every cell of the lesson; returns a function that undoes it. */
  resetAll() {
    const undo = this.cells.filter((cell) => cell.element).map((cell) => this.reset(cell));
    return () => {
      for (const each of undo) each();
    };
  }

  #setCode(cell, code) {
    if (cell.editor) {
      cell.editor.setCode(code);
      return;
    }
    const shown = cell.early ?? cell.element?.querySelector("[data-editor] code");
    if (shown) showStaticCode(shown, code);
    this.#edited(cell, code);
  }

  /** Every edit is saved as it is typed, as this tab's version (cell-versions.js), with the hash
   *  of the lesson's original code. */
  #edited(cell, code) {
    cell.current = code;
    cell.leftOut = null; // new code: later cells may run it first again
    saveCellCode(this.slug, cell, code, cell.editingOn);
    if (cell.showingOther !== undefined && code !== cell.showingOther) {
      cell.showingOther = undefined;
      this.#notice(cell, null);
    }
    if (code === cell.code) this.#notice(cell, null);
  }

  /** Bring back a saved edit (shown already when the page loaded, restore.js), saying which
   *  version it is, and offer another tab's different version. */
  #restoreEdit(cell) {
    const shown = showSavedCode(cell.element, this.slug, cell, (code) => this.#takeOtherVersion(cell, code));
    cell.current = shown?.code ?? cell.code;
    cell.editingOn = shown && !shown.mine ? shown : null; // another tab's version: edits replace it
  }

  #otherTabEdited(cell, code) {
    if (code === cell.current) return;
    this.#notice(
      cell,
      "Another tab saved a different version of this cell; this tab's version is shown.",
      "Use the other tab's version",
      () => this.#takeOtherVersion(cell, code),
    );
  }

  /** Show the other tab's version; this tab's stays one Ctrl+Z away (and saved as the other). */
  #takeOtherVersion(cell, code) {
    cell.editingOn = null; // the version shown before is kept as the other one
    this.#setCode(cell, code);
    cell.showingOther = code; // the note below holds until the code changes (say, Ctrl+Z)
    this.#notice(
      cell,
      cell.editor
        ? "The other tab's version is shown. Ctrl+Z brings back this tab's."
        : "The other tab's version is shown.",
    );
    cell.editor?.focus(); // the button is gone: put the keyboard where the code is
  }

  /** A one-line note at the top of a cell, with an optional action; null removes it. */
  #notice(cell, text, actionLabel, action) {
    setCellNotice(
      cell.element,
      text,
      actionLabel
        ? {
            label: actionLabel,
            onClick: (note) => {
              note.remove();
              action(); // may put a note of its own
              cell.editor?.focus(); // the button is gone: put the keyboard where the new code is
            },
          }
        : null,
    );
  }

  /** Run the cells before `target` whose latest run did not finish (never run, stopped, or
   *  undone by a restart), then `target`; stop at the first failure.
   *  Returns the outcome: "ok", "error" or "stopped". */
  async #runUpTo(target) {
    this.runningFor = target; // its Stop works while its earlier cells run for it
    if (target.element) this.#setState(target, target.state);
    try {
      return await this.#runEarlierThen(target);
    } finally {
      this.runningFor = null;
      if (target.element) this.#setState(target, target.state);
    }
  }

  async #runEarlierThen(target) {
    target.leftOut = null; // run again by the learner
    const before = this.cells.slice(0, target.index);
    const leftOut = before.filter((cell) => !cell.ran && cell.leftOut);
    const earlier = before.filter((cell) => !cell.ran && !cell.leftOut);
    for (const cell of earlier) {
      if (this.detached.signal.aborted) return "stopped"; // the lesson left the page: so do its runs
      const outcome = await this.#execute(cell, target);
      if (outcome !== "ok") {
        if (target.state === "queued") {
          const earlierName = cell.hidden ? "the lesson's set-up code" : cell.name;
          this.#setState(target, outcome === "error" ? "error" : "idle");
          target.output.clear();
          target.output.note(
            {
              cancelled: "Not run: Stop was pressed before Python had loaded.",
              stopped: `Not run: Stop was pressed while ${earlierName} ran before this cell.`,
            }[outcome] ?? erroredBefore(cell, earlierName),
          );
        }
        return outcome === "cancelled" ? "stopped" : outcome;
      }
    }
    if (this.detached.signal.aborted) return "stopped";
    const outcome = await this.#execute(target, target);
    if (leftOut.length && outcome !== "cancelled") target.output.note(leftOutNote(leftOut), { top: true });
    return outcome === "cancelled" ? "stopped" : outcome;
  }

  /** Run one cell; returns "ok", "error", "stopped", or "cancelled" (Stop came before Python
   *  had loaded). Hidden cells report into `shownIn`. */
  async #execute(cell, shownIn) {
    const output = cell.element ? cell.output : shownIn.output;
    if (cell.element) {
      output.clear();
      this.#setState(cell, "running");
    }
    let waiting = null;
    if (this.runtime.isReady) {
      this.setStatus("busy", `Python is running ${cell.hidden ? "the lesson's set-up code" : cell.name}…`);
    } else if (cell.element) {
      // Said at the cell too: the page's status line may be scrolled out of view.
      waiting = output.note("Waiting for Python to finish loading; this cell runs as soon as it has.");
      this.runtime.ready.finally(() => waiting.remove()).catch(() => {});
    }
    let result;
    const stopsAtStart = this.stopCount;
    const limit = this.runtime.settings.timeLimit;
    let timedOut = false;
    let finished = false;
    let timer = null;
    if (limit) {
      // The limit counts running time, not loading time.
      this.runtime.ready.then(
        () => {
          if (!finished)
            timer = setTimeout(() => {
              timedOut = true;
              this.runtime.stop();
            }, limit * 1000);
        },
        () => {},
      );
    }
    try {
      result = await this.runtime.run(
        cell.id,
        cell.current,
        (stream, text) => {
          if (cell.element || stream === streams.stderr) output.write(stream, text);
        },
        cell.hidden ? null : cell.name,
      );
    } catch (error) {
      result = { ok: false, error: `Python could not load: ${error.message}` };
    } finally {
      finished = true;
      clearTimeout(timer);
    }
    if (timedOut) output.note(`Stopped: this lesson lets a cell run for ${limit} s at most.`, { top: true });
    // A lesson that left the page says nothing more in the status line (the next one's).
    if (this.runtime.isReady && !this.detached.signal.aborted) this.setStatus("ready", "Python ready");
    if (result.cancelled) {
      waiting?.remove();
      output.note("Not run: Stop was pressed before Python had loaded.");
      if (cell.element) this.#setState(cell, "idle");
      return "cancelled";
    }
    if (result.restarted) {
      if (result.error) output.error(result.error);
      output.note(
        `${result.fatal ? "Python was restarted after the crash" : "Stopped. Python was restarted to stop this cell"}, ` +
          "so the variables of this page were reset; earlier cells will run again the next time you run a cell.",
      );
      // A cell the time limit ended failed, whether the interrupt landed in time or not.
      const failed = result.fatal || timedOut;
      if (cell.element && (failed || this.stopCount !== stopsAtStart)) cell.leftOut = failed ? "error" : "stopped";
      if (cell.element) this.#setState(cell, failed ? "error" : "idle");
      return failed ? "error" : "stopped";
    }
    if (result.interrupted && this.stopCount !== stopsAtStart) {
      // The learner's Stop, not their error: no traceback, just where it landed.
      cell.ran = false; // its latest run did not finish
      if (cell.element) cell.leftOut = "stopped"; // and later cells leave it stopped
      output.note(result.line ? `Stopped at line ${result.line}.` : "Stopped.");
      if (cell.element) this.#setState(cell, "idle");
      return "stopped";
    }
    if (result.ok) {
      cell.ran = true;
      output.display(result.display);
      if (cell.element) this.#setState(cell, "done");
      return "ok";
    }
    output.error(result.error ?? "");
    if (cell.element) {
      cell.leftOut = "error"; // later cells do not run it again for the same error
      this.#setState(cell, "error");
    }
    return "error";
  }

  /** Running, or queued while the cells it needs run for it. */
  #canStop(cell) {
    return cell.state === "running" || (cell.state === "queued" && this.runningFor === cell);
  }

  #setState(cell, state) {
    cell.state = state;
    if (!cell.element) return;
    cell.element.dataset.state = state;
    cell.buttons.stop.disabled = !this.#canStop(cell);
    cell.buttons.run.setAttribute("aria-disabled", String(state === "running" || state === "queued"));
    // Screen readers wait for aria-busy to clear, then read the output once, instead of every
    // line a loop prints while it runs.
    cell.output.element.setAttribute("aria-busy", String(state === "running"));
  }
}

/** What a cell says when `cell`, run before it, ended with an error: a cell the learner can see
 *  is left out from then on (its leftOut), so running this one again works without fixing it. */
function erroredBefore(cell, name) {
  if (cell.hidden) return `Not run: ${name} ended with an error.`;
  return `Not run: ${name} ended with an error (shown there). Run this cell again to run it without ${name}, or fix ${name} first.`;
}

/** What a cell says when earlier cells were left out before it (stopped, or ended with an error). */
function leftOutNote(cells) {
  return cells
    .map(
      (cell) =>
        `${cell.name} ${cell.leftOut === "error" ? "ended with an error" : "was stopped"}, so it was not run first; ` +
        "run it yourself when this cell needs it.",
    )
    .join(" ");
}

/** Let the page handle input and paint before the next piece of work. */
function yieldToPage() {
  return globalThis.scheduler?.yield?.() ?? new Promise((resolve) => setTimeout(resolve, 0));
}
