// A returning learner's saved work, shown in the lesson's HTML: edited code (with a note that it
// is back), exercises passed before and quiz answers. early-start.js puts it in before the page
// is first painted, so the lesson never moves when it appears; the page's script (cells.js,
// quiz.js) then shows the same again, which changes nothing, for lessons opened in place.
import { load } from "./storage.js";
import { setCellNotice } from "./cell-notice.js";
import { showSavedAnswer } from "./quiz.js";
import { showStaticCode } from "./static-code.js";

const PASSED_BEFORE = "You passed this check before. Check again any time.";

/** The learner's saved code for `cell` (the lesson JSON's cell: id, code, hash), or null when
 *  there is none or it is the lesson's own code; `base` is the hash of the code it was edited from. */
export function savedCode(slug, cell) {
  const saved = load(slug, "cell", cell.id);
  if (!saved || typeof saved.code !== "string" || saved.code === cell.code) return null;
  return saved;
}

/** Show the saved code of `cell` in its static code block (element: the [data-cell]), with a
 *  note at the top of the cell. Returns the saved code, or null when there is none. */
export function showSavedCode(element, slug, cell) {
  const saved = savedCode(slug, cell);
  if (!saved) return null;
  const code = element.querySelector("[data-editor] code");
  if (code) showStaticCode(code, saved.code);
  setCellNotice(element, saved.base === cell.hash
    ? "Your edited code is back."
    : "This lesson was updated since you edited this cell: Reset to see the new version.");
  return saved.code;
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
}

/** Called from the <head>: when the learner has saved work in this lesson, hold the first paint
 *  until the lesson is parsed (up to #lesson-end; browsers without `rel=expect` paint when they
 *  would), and show the work as soon as the lesson is there, before that paint. */
export function showSavedWorkBeforeFirstPaint(lesson) {
  const hasSavedWork = lesson.cells.some((cell) => !cell.hidden && (savedCode(lesson.slug, cell)
      || (cell.check && load(lesson.slug, "exercise", cell.id)))) ||
    Object.keys(lesson.quizzes).some((id) => load(lesson.slug, "quiz", id));
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
  const parsing = new MutationObserver(() => { if (document.getElementById("lesson-end")) show(); });
  parsing.observe(document, { childList: true, subtree: true });
  document.addEventListener("DOMContentLoaded", show, { once: true }); // a page without the marker
}
