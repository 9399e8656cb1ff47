// One lesson's parts of a lesson page: its cells (with their editors), quizzes and tools. The
// page (lesson.js) mounts the lesson it was loaded with, and, when another lesson opens in its
// place (lesson-navigation.js), unmounts it and mounts the new one.
import { CellController } from "./cells.js";
import { setupQuizzes } from "./quiz.js";
import { setupPredictions } from "./predict.js";
import { showBanner } from "../shared/banner.js";
import { setupTakeaway } from "./takeaway.js";
import { carryOver } from "../shared/storage.js";

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
 * Load and mount a part only some pages have, once `selector` finds it on this page: its script
 * is fetched then, so a page without it never downloads it (the service worker keeps it offline).
 * @param {string} selector  the part's element (docs/ui-contract.md)
 * @param {string} name  the part, in a sentence ("The rank playground")
 * @param {() => Promise<object>} load  the dynamic import of its module
 * @param {(module: object) => Array<{unmount: () => void}>} mount
 * @param {AbortSignal} signal  aborted when the lesson is unmounted: a part loaded after that is not mounted
 * @returns {Promise<Array<{unmount: () => void}>>}
 */
function mountOnDemand(selector, name, load, mount, signal) {
  if (!document.querySelector(selector)) return Promise.resolve([]);
  return load().then(
    (module) => (signal.aborted ? [] : mount(module)),
    (error) => {
      console.warn(`${name} did not load:`, error);
      showBanner("part-warning", `${name} could not load. Reload the page to try again.`);
      return [];
    },
  );
}

/**
 * Bring the lesson in this document to life.
 * @param {object} lesson  the lesson's JSON (the page's #lesson-data): slug, cells, quizzes, ...
 * @param {import("../runtime/runtime.js").PythonRuntime} runtime
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
  // The rank playground and the evaluate page's form: only the pages that have one load its script.
  const parts = [
    mountOnDemand(
      "[data-playground]",
      "The rank playground",
      () => import("../playground/main.js"),
      ({ mountPlaygrounds }) =>
        mountPlaygrounds(document, {
          runtime,
          slug: lesson.slug,
          predictions: lesson.predictions ?? {},
          signal: mounted.signal,
        }),
      mounted.signal,
    ),
    mountOnDemand(
      "[data-evaluate]",
      "The evaluate form",
      () => import("../evaluate/main.js"),
      ({ mountEvaluate }) => [mountEvaluate(document, { runtime, signal: mounted.signal })].filter(Boolean),
      mounted.signal,
    ),
  ];
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
      for (const part of parts)
        part.then((mountedParts) => {
          for (const each of mountedParts) each.unmount();
        });
    },
  };
}
