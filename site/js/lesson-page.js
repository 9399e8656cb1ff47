// One lesson's parts of a lesson page: its cells (with their editors), quizzes and tools. The
// page (lesson.js) mounts the lesson it was loaded with, and, when another lesson opens in its
// place (lesson-navigation.js), unmounts it and mounts the new one.
import { CellController } from "./cells.js";
import { setupQuizzes } from "./quiz.js";
import { setupPredictions } from "./predict.js";
import { showBanner } from "./banner.js";
import { setupTakeaway } from "./takeaway.js";
import { carryOver } from "./storage.js";
import { mountPlaygrounds } from "./playground/main.js";
import { mountEvaluate } from "./evaluate/main.js";

// Runs pressed while Python loaded go first once it is ready: their output is what the learner
// is waiting for, and loading the editors would hold the main thread (and the result) meanwhile.
const EDITORS_WAIT_FOR_RUNS_MS = 1000; // at most: a long-running cell must not keep the editors away

/** "Reset all code" puts back every cell's original code; "Undo reset" brings the edits back.
 *  Both buttons are in the page's HTML (lesson.html), so wiring them moves nothing. */
function setupResetAll(tools, cells, signal) {
  const reset = tools.querySelector('[data-tool="reset-all"]');
  const undo = tools.querySelector('[data-tool="undo-reset"]');
  let undoReset = null;
  reset.addEventListener(
    "click",
    () => {
      undoReset = cells.resetAll();
      undo.hidden = false;
    },
    { signal },
  );
  undo.addEventListener(
    "click",
    () => {
      undoReset?.();
      undo.hidden = true;
      reset.focus(); // the Undo button hides itself: keep the keyboard nearby
    },
    { signal },
  );
}

/**
 * Bring the lesson in this document to life.
 * @param {object} lesson  the lesson's JSON (the page's #lesson-data): slug, cells, quizzes, ...
 * @param {import("./runtime.js").PythonRuntime} runtime
 * @param {(state: string, text: string) => void} setStatus
 * @returns {{cells: CellController, afterFirstRuns: Promise<void>, unmount: () => void}}
 *   afterFirstRuns: Python is ready (or failed) and the runs pressed meanwhile are done
 */
export function mountLesson(lesson, runtime, setStatus) {
  const mounted = new AbortController();
  const tools = document.querySelector("[data-lesson-tools]");
  carryOver(lesson.slug, lesson.movedFrom); // blocks that moved here bring the learner's work
  const cells = new CellController(lesson.slug, lesson.cells, runtime, setStatus);
  setupQuizzes(lesson.slug, lesson.quizzes);
  setupPredictions(lesson.slug, lesson.predictions ?? {});
  const playgrounds = mountPlaygrounds(document, {
    runtime,
    slug: lesson.slug,
    predictions: lesson.predictions ?? {},
    signal: mounted.signal,
  });
  mountEvaluate(document, { runtime, signal: mounted.signal }); // the evaluate page's form, if here
  setupResetAll(tools, cells, mounted.signal);
  setupTakeaway(tools, lesson, (id) => cells.cells.find((cell) => cell.id === id).current, mounted.signal);
  tools.dataset.wired = ""; // shown from now on (their space was kept until then)

  // The editors (a script of their own, and main-thread work for every cell) load once Python is
  // ready, or at once when the learner goes to edit: focus or press on a cell's code, which then
  // gets its editor's focus, and only that cell (and any other the learner goes to) until Python
  // is ready, so the rest do not slow its start. Until then the code is shown highlighted (an
  // early editor where it is editable), and Run runs it.
  const queuedRunsDone = () =>
    Promise.race([
      cells.queue.catch(() => {}),
      new Promise((resolve) => setTimeout(resolve, EDITORS_WAIT_FOR_RUNS_MS)),
    ]);
  const afterFirstRuns = runtime.ready ? runtime.ready.catch(() => {}).then(queuedRunsDone) : Promise.resolve();
  let editorsLoaded = null;
  const loadEditors = (focusCellId = null) => {
    if (mounted.signal.aborted) return;
    editorsLoaded ??= import("./editor.js").then(
      ({ createEditor }) => cells.attachEditors(createEditor, { first: focusCellId, othersAfter: afterFirstRuns }),
      (error) => {
        console.warn("the code editor did not load:", error);
        editorsLoaded = null; // the next press on the code tries again
        showBanner(
          "editor-warning",
          "The code editor could not load, so the code cannot be edited; " +
            "Run still runs it. Reload the page to try again.",
        );
        throw error;
      },
    );
    editorsLoaded.then(
      () => document.querySelector("[data-editor-warning]")?.remove(),
      () => {},
    );
  };
  for (const type of ["focusin", "pointerdown"]) {
    document.addEventListener(
      type,
      (event) => {
        const id = event.target.closest?.("[data-editor]")?.closest("[data-cell]")?.dataset.cell;
        if (!id || cells.cells.find((cell) => cell.id === id)?.editor) return;
        if (editorsLoaded)
          cells.wantEditor(id); // the editors are coming in: this one next
        else loadEditors(id);
      },
      { signal: mounted.signal },
    );
  }
  afterFirstRuns.then(() => loadEditors());

  return {
    cells,
    afterFirstRuns,
    unmount() {
      mounted.abort();
      cells.detach();
      for (const playground of playgrounds) playground.unmount();
    },
  };
}
