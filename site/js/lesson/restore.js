// A returning learner's saved work, shown in the lesson's HTML: edited code (with a note that it
// is back), exercises passed before and quiz answers. early-start.js puts it in before the page
// is first painted, so the lesson never moves when it appears; the page's script (cells.js,
// quiz.js) then shows the same again, which changes nothing, for lessons opened in place.
import { load } from "../shared/storage.js";
import { cellVersions } from "./cell-versions.js";
import { setCellNotice } from "./cell-notice.js";
import { showSavedAnswer } from "./quiz.js";
import { hasCommitted, showCommitted } from "./predict.js";
import { showStaticCode } from "./static-code.js";

const PASSED_BEFORE = "You passed this check before. Check again any time.";

/** What the note at the top of a cell says about its saved code, and the label of the button
 *  that takes the other tab's version (none when there is no other version); null: no note. */
export function savedCodeNotice({ shown, other }, cell) {
  const otherLabel = shown?.mine === false ? "Use the earlier version" : "Use the other tab's version";
  if (!shown) {
    return other
      ? { text: "Another tab saved an edit of this cell; this tab shows the lesson's code.", label: "Use that edit" }
      : null;
  }
  const back =
    shown.base !== cell.hash
      ? "This lesson was updated since you edited this cell: Reset to see the new version."
      : { true: "Your edited code from this tab is back.", false: "Your latest edited code is back." }[shown.mine];
  if (!other) return { text: shown.base !== cell.hash ? back : "Your edited code is back." };
  const otherIs = shown.mine ? "Another tab saved a different version." : "Another tab saved an earlier version.";
  return { text: `${back} ${otherIs}`, label: otherLabel };
}

/** Show the saved code of `cell` in its static code block (element: the [data-cell]), with a
 *  note at the top of the cell that says which version is shown. `useOther(code)` is called
 *  when the learner takes the other tab's version (before the page's script is in, the button is
 *  there but does nothing: the script shows the note again). Returns the version shown when it
 *  is an edit (cellVersions' `shown`), or null. */
export function showSavedCode(element, slug, cell, useOther = () => {}) {
  const versions = cellVersions(slug, cell);
  const { shown, other } = versions;
  if (shown) {
    const code = element.querySelector("[data-editor] code");
    if (code) showStaticCode(code, shown.code);
  }
  const notice = savedCodeNotice(versions, cell);
  if (notice) {
    setCellNotice(
      element,
      notice.text,
      notice.label ? { label: notice.label, onClick: () => useOther(other.code) } : null,
    );
  }
  return shown;
}

/** Say in an exercise cell's verdict that the learner passed its check before; returns whether. */
export function showPassedBefore(element, slug, cell) {
  if (load(slug, "exercise", cell.id)?.verdict !== "correct") return false;
  const verdict = element.querySelector("[data-verdict]");
  verdict.dataset.verdict = "correct";
  verdict.textContent = PASSED_BEFORE;
  return true;
}

/** Show all the learner's saved work in the lesson `lesson` (its JSON) of this document. */
function showSavedWork(lesson) {
  for (const cell of lesson.cells) {
    const element = cell.hidden ? null : document.querySelector(`[data-cell="${CSS.escape(cell.id)}"]`);
    if (!element) continue;
    showSavedCode(element, lesson.slug, cell);
    if (cell.check) showPassedBefore(element, lesson.slug, cell);
  }
  for (const form of document.querySelectorAll("form[data-quiz]")) {
    const answer = lesson.quizzes[form.dataset.quiz];
    if (answer) showSavedAnswer(form, lesson.slug, answer);
  }
  for (const form of document.querySelectorAll("form[data-predict]")) {
    const prediction = lesson.predictions?.[form.dataset.predict];
    if (prediction) showCommitted(form, lesson.slug, prediction);
  }
}

/** Called from the <head>: when the learner has saved work in this lesson, hold the first paint
 *  until the lesson is parsed (up to #lesson-end; browsers without `rel=expect` paint when they
 *  would), and show the work as soon as the lesson is there, before that paint. */
export function showSavedWorkBeforeFirstPaint(lesson) {
  const hasSavedWork =
    lesson.cells.some(
      (cell) =>
        !cell.hidden &&
        (savedCodeNotice(cellVersions(lesson.slug, cell), cell) ||
          (cell.check && load(lesson.slug, "exercise", cell.id))),
    ) ||
    Object.keys(lesson.quizzes).some((id) => load(lesson.slug, "quiz", id)) ||
    Object.entries(lesson.predictions ?? {}).some(([id, prediction]) => hasCommitted(lesson.slug, id, prediction));
  if (!hasSavedWork) return;
  const hold = document.createElement("link");
  hold.rel = "expect";
  hold.href = "#lesson-end";
  hold.setAttribute("blocking", "render");
  document.head.append(hold);
  let shown = false;
  const show = () => {
    if (shown) return;
    shown = true;
    parsing.disconnect();
    showSavedWork(lesson);
  };
  // Mutation records are handled before the browser next renders, so the work is in place in
  // the first frame that shows the lesson's end.
  const parsing = new MutationObserver(() => {
    if (document.getElementById("lesson-end")) show();
  });
  parsing.observe(document, { childList: true, subtree: true });
  document.addEventListener("DOMContentLoaded", show, { once: true }); // a page without the marker
}
