// A lesson inside a SCORM package (build.py --scorm adds this script to its pages only, first
// in the <head>, with the lesson's slug and pass mark): it tells the learning management system
// (LMS) the learner's progress, score and time, and keeps their work in the LMS's suspend_data,
// so a relaunch (on any machine) shows it again.
// A classic script (bundled as one file), so the saved work is back in the browser's storage
// before the page's own scripts read it (early-start.js, lesson.js).
import { restoreLesson, savedLesson } from "../shared/storage.js";
import { lessonState } from "../scorm/lesson-state.js";
import { findLms } from "../scorm/lms.js";
import { pack, unpack } from "../scorm/suspend.js";

const { lesson: slug, passMark } = document.currentScript.dataset;
const mark = passMark ? Number(passMark) : null;

/** The line at the top of the lesson that says how many edited cells the LMS could not keep
 *  (none: no line). */
function leftOutNote(count) {
  let note = document.querySelector("[data-lms-note]");
  if (count === 0) {
    note?.remove();
    return;
  }
  if (!note) {
    note = document.createElement("p");
    note.dataset.lmsNote = "";
    note.setAttribute("role", "status");
    document.querySelector("main")?.prepend(note);
  }
  const cells = count === 1 ? "1 cell" : `${count} cells`;
  note.textContent = `The learning management system could not keep your edits to ${cells} (too long): they are only in the browser you made them in.`;
}

function connect() {
  const lms = findLms(window);
  if (!lms?.start()) return;
  const started = Date.now();
  const kept = unpack(lms.suspendData);
  if (kept) restoreLesson(slug, kept.saved);
  const leftBefore = kept?.left ?? 0; // cells the last session could not keep
  let finished = false;

  const keep = () => {
    const saved = savedLesson(slug);
    if (!saved) return; // no storage here: what the LMS kept stays as it is
    const { text, left } = pack(saved, lms.spec.suspendLimit);
    lms.suspendData = text;
    leftOutNote(Math.max(left, leftBefore));
  };
  const report = () => {
    if (finished) return;
    keep();
    lms.report(lessonState(document, mark));
  };
  document.addEventListener(
    "DOMContentLoaded",
    () => {
      leftOutNote(leftBefore);
      new MutationObserver(report).observe(document.body, {
        subtree: true,
        attributes: true,
        attributeFilter: ["data-verdict"],
      });
      report(); // incomplete on opening, or what the saved work shown again says
    },
    { once: true },
  );
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") report();
  });
  window.addEventListener(
    "pagehide",
    () => {
      report();
      lms.sessionTime(Date.now() - started);
      lms.commit();
      lms.finish();
      finished = true;
    },
    { once: true },
  );
}

connect();
