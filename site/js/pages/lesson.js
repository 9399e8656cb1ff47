// Entry point of a lesson page. The page is complete HTML without this script; it adds the
// Python runtime (started at once, in a worker), editors, and quiz checking. Another lesson of
// the course opens in this same document, so Python stays booted (lesson-navigation.js).
import { PythonRuntime } from "../runtime/runtime.js";
import { showRuntimeStatus } from "../runtime/status-line.js";
import { mountLesson } from "../lesson/lesson-page.js";
import { openLessonsInPlace } from "../lesson/lesson-navigation.js";
import { dropRestOfClick } from "../lesson/rest-of-click.js";
import {
  checkForUpdate,
  registerServiceWorker,
  showOfflineOffer,
  showOfflineReady,
  showUpdateBanner,
} from "../shared/offline.js";
import { claimTabId, onSaveFailure } from "../shared/storage.js";
import { showBanner } from "../shared/banner.js";
import { setupEmbedMode } from "../embed/embed-mode.js";
import { lessonReductions, reportLate, showNote } from "../runtime/capability-note.js";

setupEmbedMode();

// This script is loaded `async` from the <head>; the browser runs it once the document is
// parsed, or soon after. The Python worker is already booting by then (early-start.js).
let lesson = JSON.parse(document.getElementById("lesson-data").textContent);
let statusElement = null;
let lastStatus = null; // [state, text]: shown again in the status line of a lesson opened later

function setStatus(state, text) {
  lastStatus = [state, text];
  if (!statusElement) return; // before the document is ready: shown once it is
  showRuntimeStatus(statusElement, state, text, () => runtime.start());
}

// What checks found after the page was painted (capability-note.js): {id: reduced}. The note
// (placed by early-note.js) takes them without moving anything, and a lesson opened in place
// shows them with the rest.
const foundLate = new Map();
function reportReduction(id, reduced) {
  foundLate.set(id, reduced);
  reportLate(statusElement, id, reduced); // before the document is ready: at mount()
}

const runtime = new PythonRuntime(lesson.runtime, setStatus, {
  onCapability: (name, ok) => reportReduction(name, !ok),
});
if (location.protocol !== "file:") {
  // Normally the worker was started from the <head> (early-start.js); adopt it.
  const early = window.earlyPythonWorker;
  delete window.earlyPythonWorker;
  runtime.start(early ? { adopt: early } : {}); // file:// pages: see file-notice.js
}

if (document.readyState === "loading") {
  await new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve, { once: true }));
}
// Edits that cannot be kept must not vanish unannounced when the learner leaves the page.
onSaveFailure((reason) =>
  showBanner(
    "storage-warning",
    reason === "full"
      ? "Your edits and answers can no longer be saved: this browser's storage for this site is full. " +
          "They stay on this page until you leave it; copy any code you want to keep."
      : "This browser does not let the page save your edits and answers. " +
          "They stay on this page until you leave it; copy any code you want to keep.",
  ),
);

claimTabId(); // a tab opened from this one (window.open, "Duplicate tab") gets an id of its own

let offlineReady = false;
const noteOfflineReady = () => showOfflineReady(document.querySelector("[data-page-notes]"));
let saveCourse = null; // the offer's download, when the page spares the learner's data
const noteOfflineOffer = () => showOfflineOffer(document.querySelector("[data-page-notes]"), saveCourse);

/** Mount the lesson now in the document: its status line shows Python's state so far, and its
 *  capability note what this browser reduces (`swapped`: the lesson was opened in place, so
 *  the note is new with it). */
function mount({ swapped = false } = {}) {
  statusElement = document.querySelector("[data-runtime-status]");
  if (lastStatus) setStatus(...lastStatus);
  if (swapped) {
    const late = [...foundLate].filter(([, reduced]) => reduced).map(([id]) => id);
    showNote(statusElement, [...lessonReductions().filter((id) => foundLate.get(id) !== false), ...late]);
  } else {
    for (const [id, reduced] of foundLate) reportLate(statusElement, id, reduced);
  }
  const mounted = mountLesson(lesson, runtime, setStatus);
  if (offlineReady) noteOfflineReady();
  else if (saveCourse) noteOfflineOffer();
  return mounted;
}
let current = mount();

openLessonsInPlace({
  currentRuntime: () => lesson.runtime,
  swap(page, nextLesson) {
    current.unmount();
    // A cell still running is stopped, as leaving the page would (its lesson is gone); the new
    // lesson's runs wait for it to end (PythonRuntime.run).
    if (runtime.busy) {
      const stopping = "Python is stopping the last lesson's cell…";
      lastStatus = ["busy", stopping]; // shown by mount() below
      runtime.stop();
      runtime.whenIdle().then(() => {
        if (lastStatus[1] === stopping && runtime.isReady) setStatus("ready", "Python ready");
      });
    }
    runtime.resetSession();
    runtime.useSettings(nextLesson.runtime);
    document.title = page.title;
    const description = page.querySelector('meta[name="description"]')?.content;
    if (description !== undefined)
      document.querySelector('meta[name="description"]')?.setAttribute("content", description);
    document.getElementById("lesson-data").textContent = page.getElementById("lesson-data").textContent;
    document.querySelector("main").replaceWith(document.adoptNode(page.querySelector("main")));
    lesson = nextLesson;
    current = mount({ swapped: true });
    // As after a page load, a screen reader starts at the new lesson: its heading.
    const heading = document.querySelector("main h1");
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
    dropRestOfClick(); // a double click's second click does not land on the new lesson
    checkForUpdate(); // as the browser does on every page load
  },
});

// The service worker precaches the whole course (bench/page_speed.py prints its bytes): register it
// once Python is ready (or has failed), so those downloads never compete with the first boot.
// A page that spares the learner's data offers it instead (offline.js).
current.afterFirstRuns.then(() =>
  registerServiceWorker(
    showUpdateBanner,
    () => {
      offlineReady = true;
      noteOfflineReady();
    },
    reportReduction,
    (save) => {
      saveCourse = save;
      noteOfflineOffer();
    },
  ),
);
