// Entry point of a lesson page. The page is complete HTML without this script; it adds the
// Python runtime (started at once, in a worker), editors, and quiz checking.
import { PythonRuntime } from "./runtime.js";
import { CellController } from "./cells.js";
import { setupQuizzes } from "./quiz.js";
import { registerServiceWorker, showOfflineReady, showUpdateBanner } from "./offline.js";
import { onSaveFailure } from "./storage.js";
import { showBanner } from "./banner.js";
import { setupTakeaway } from "./takeaway.js";
import { setupEmbedMode } from "./embed-mode.js";

setupEmbedMode();

/** "Reset all code" puts back every cell's original code; "Undo reset" brings the edits back. */
function setupResetAll(cells) {
  const tools = document.querySelector("[data-lesson-tools]");
  const reset = document.createElement("button");
  reset.type = "button";
  reset.textContent = "Reset all code";
  const undo = document.createElement("button");
  undo.type = "button";
  undo.textContent = "Undo reset";
  undo.hidden = true;
  let undoReset = null;
  reset.addEventListener("click", () => {
    undoReset = cells.resetAll();
    undo.hidden = false;
  });
  undo.addEventListener("click", () => {
    undoReset?.();
    undo.hidden = true;
    reset.focus(); // the Undo button hides itself: keep the keyboard nearby
  });
  tools.append(reset, undo);
}

// This script is loaded `async` from the <head>; the browser runs it once the document is
// parsed, or soon after. The Python worker is already booting by then (early-start.js).
const lesson = JSON.parse(document.getElementById("lesson-data").textContent);
let statusElement = null;
let pendingStatus = null; // the latest status from before the document was ready

function setStatus(state, text) {
  if (!statusElement) {
    pendingStatus = [state, text];
    return;
  }
  statusElement.dataset.runtimeStatus = state;
  statusElement.textContent = text;
  if (state === "error") {
    const retry = document.createElement("button");
    retry.type = "button";
    retry.textContent = "Retry";
    retry.addEventListener("click", () => runtime.start());
    statusElement.append(" ", retry);
  }
}

const runtime = new PythonRuntime(lesson.runtime, setStatus);
if (location.protocol !== "file:") {
  // Normally the worker was started from the <head> (early-start.js); adopt it.
  const early = window.earlyPythonWorker;
  delete window.earlyPythonWorker;
  runtime.start(early ? { adopt: early } : {}); // file:// pages: see file-notice.js
}

if (document.readyState === "loading") {
  await new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve, { once: true }));
}
statusElement = document.querySelector("[data-runtime-status]");
if (pendingStatus) setStatus(...pendingStatus);
// Edits that cannot be kept must not vanish unannounced when the learner leaves the page.
onSaveFailure((reason) => showBanner("storage-warning", reason === "full"
  ? "Your edits and answers can no longer be saved: this browser's storage for this site is full. "
    + "They stay on this page until you leave it; copy any code you want to keep."
  : "This browser does not let the page save your edits and answers. "
    + "They stay on this page until you leave it; copy any code you want to keep."));
const cells = new CellController(lesson.slug, lesson.cells, runtime, setStatus);
setupQuizzes(lesson.slug, lesson.quizzes);
setupResetAll(cells);
setupTakeaway(document.querySelector("[data-lesson-tools]"), lesson,
  (id) => cells.cells.find((cell) => cell.id === id).current);
// The editors (a 130 KB script, and main-thread work for every cell) load once Python is ready,
// or at once when the learner goes to edit: focus or press on a cell's code, which then gets
// its editor's focus. Until then the code is shown highlighted, and Run runs it.
let editorsLoaded = null;
function loadEditors(focusCellId = null) {
  editorsLoaded ??= import("./editor.js").then(({ createEditor }) => cells.attachEditors(createEditor, { first: focusCellId }), (error) => {
    console.warn("the code editor did not load:", error);
    editorsLoaded = null; // the next press on the code tries again
    showBanner("editor-warning", "The code editor could not load, so the code cannot be edited; "
      + "Run still runs it. Reload the page to try again.");
    throw error;
  });
  editorsLoaded.then(() => document.querySelector("[data-editor-warning]")?.remove(), () => {});
}
for (const type of ["focusin", "pointerdown"]) {
  document.addEventListener(type, (event) => {
    const id = event.target.closest?.("[data-editor]")?.closest("[data-cell]")?.dataset.cell;
    if (!id || cells.cells.find((cell) => cell.id === id)?.editor) return;
    if (editorsLoaded) cells.wantEditor(id); // the editors are coming in: this one next
    else loadEditors(id);
  });
}
// Runs pressed while Python loaded go first once it is ready: their output is what the learner
// is waiting for, and loading the editors would hold the main thread (and the result) meanwhile.
const EDITORS_WAIT_FOR_RUNS_MS = 1000; // at most: a long-running cell must not keep the editors away
const queuedRunsDone = () => Promise.race([
  cells.queue.catch(() => {}),
  new Promise((resolve) => setTimeout(resolve, EDITORS_WAIT_FOR_RUNS_MS)),
]);
const afterFirstRuns = runtime.ready ? runtime.ready.catch(() => {}).then(queuedRunsDone) : Promise.resolve();
afterFirstRuns.then(() => loadEditors());
// The service worker precaches the whole course (about 12 MB on a first visit): register it
// once Python is ready (or has failed), so those downloads never compete with the first boot.
afterFirstRuns.then(() => registerServiceWorker(showUpdateBanner,
  () => showOfflineReady(document.querySelector("[data-lesson-tools]"))));
