// A lesson inside a SCORM package (build.py --scorm adds this script to its pages only, first
// in the <head>, with the lesson's slug and pass mark): it tells the learning management system
// (LMS) the learner's progress, score and time, and keeps their work in the LMS's suspend_data,
// so a relaunch (on any machine) shows it again.
// A classic script (bundled as one file), so the saved work is back in the browser's storage
// before the page's own scripts read it (early-start.js, lesson.js).
import { forgetLesson, LMS_SESSION, restoreLesson, savedLesson } from "../shared/storage.js";
import { lessonState } from "../scorm/lesson-state.js";
import { findLms } from "../scorm/lms.js";
import { pack, unpack } from "../scorm/suspend.js";

const { lesson: slug, passMark } = document.currentScript.dataset;
const lessonMark = passMark ? Number(passMark) : null;

/** The line at the top of the lesson about the LMS's record: what it could not keep or read, or
 *  that it records nothing (no line: every one of `lines` is empty). */
function lmsNote(...lines) {
  let note = document.querySelector("[data-lms-note]");
  const text = lines.filter(Boolean).join(" ");
  if (!text) {
    note?.remove();
    return;
  }
  if (!note) {
    note = document.createElement("p");
    note.dataset.lmsNote = "";
    note.setAttribute("role", "status");
    document.querySelector("main")?.prepend(note);
  }
  note.textContent = text;
}

/** "1 cell", "2 cells". */
const cellCount = (count) => (count === 1 ? "1 cell" : `${count} cells`);

/** What to say of `count` cells edited in this session that the LMS could not keep ("" for none). */
function leftOut(count) {
  if (count === 0) return "";
  return `The learning management system could not keep your edits to ${cellCount(count)} (too long): they are kept only in this tab, until it is closed.`;
}

/** What to say of `count` cells whose edits the last session could not give the LMS ("" for none):
 *  they stayed in that session's tab, which this launch (maybe on another computer) is not. */
function leftLastTime(count) {
  if (count === 0) return "";
  const them = count === 1 ? "it shows" : "they show";
  return `Last time, the learning management system could not keep your edits to ${cellCount(count)} (too long), so ${them} the code it kept before.`;
}

const UNREADABLE =
  "The learning management system sent saved work this lesson cannot read, so the lesson starts afresh; what the system holds stays until you answer or edit something.";
const NOT_RECORDED =
  "Your results are not being recorded: the learning management system offers no SCORM connection here.";

const RUN_ENDED = new Set(["done", "error"]); // a cell's data-state once its run is over

/** Run `then` once the page's <main> is parsed. */
function whenParsed(then) {
  document.addEventListener("DOMContentLoaded", then, { once: true });
}

/** Launched by a system (or framed by some page): the lesson opens no other page of the course
 *  where it is, since the system records this lesson there. Its lessons bar gives way to the
 *  line pointing to the system's menu (site.css), and the other links to the course's pages
 *  open in a new tab, with no opener (so a lesson there cannot reach the system). */
function keepToThisLesson() {
  document.documentElement.dataset.lmsLaunched = "";
  whenParsed(() => {
    for (const link of document.querySelectorAll("a[href]")) {
      if (!COURSE_PAGE.test(link.getAttribute("href")) || link.target) continue;
      link.target = "_blank";
      link.relList.add("noopener");
    }
  });
}
const COURSE_PAGE = /^[A-Za-z0-9_-]+\.html(?:#.*)?$/; // a page next to this one, as the build links it

function connect() {
  const lms = findLms(window);
  if (lms || window.parent !== window) keepToThisLesson();
  if (!lms?.start()) {
    if (window.parent !== window) whenParsed(() => lmsNote(NOT_RECORDED)); // framed, but by no LMS
    return;
  }
  const started = Date.now();
  // This tab's work is its own (storage.js): the record gets one tab's work whole, never a mix.
  document.documentElement.dataset[LMS_SESSION] = "";
  const text = lms.suspendData;
  const kept = unpack(text);
  // The LMS is the only record of this learner: the browser's copy may be another learner's.
  forgetLesson(slug);
  if (kept) restoreLesson(slug, kept.saved);
  let unreadable = text !== "" && !kept; // left in place until the learner does something
  const leftBefore = kept?.left ?? 0; // cells the last session could not keep
  const mark = lms.passMark ?? lessonMark; // a passing score set in the LMS comes first
  let finished = false;

  const report = () => {
    if (finished) return;
    const saved = savedLesson(slug);
    if (unreadable && !Object.keys(saved ?? {}).length) return;
    unreadable = false;
    if (saved) {
      // no storage here: what the LMS kept stays as it is
      const { text, left } = pack(saved, lms.spec.suspendLimit);
      lms.suspendData = text;
      lmsNote(leftOut(left), leftLastTime(leftBefore));
    }
    lms.report(lessonState(document, mark));
  };
  whenParsed(() => {
    lmsNote(unreadable ? UNREADABLE : "", leftLastTime(leftBefore));
    // A verdict changes the score; a run that ends keeps the code it ran (and says at once
    // when the LMS cannot hold it).
    const ranOrJudged = (record) =>
      record.attributeName === "data-verdict" ||
      (record.target.matches("[data-cell]") && RUN_ENDED.has(record.target.dataset.state));
    new MutationObserver((records) => {
      if (records.some(ranOrJudged)) report();
    }).observe(document.body, {
      subtree: true,
      attributes: true,
      attributeFilter: ["data-verdict", "data-state"],
    });
    report(); // incomplete on opening, or what the saved work shown again says
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") report();
  });
  window.addEventListener(
    "pagehide",
    () => {
      report();
      if (!unreadable) lms.sessionTime(Date.now() - started);
      lms.commit();
      lms.finish();
      finished = true;
    },
    { once: true },
  );
}

connect();
