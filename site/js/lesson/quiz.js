// Multiple-choice checks: native forms, checked on submit. A wrong answer opens the explanations
// of the options chosen; the right answer opens every option's.
// The last answer is remembered per lesson, so a reload shows it again.
import { load, save } from "../shared/storage.js";
import { isRightAnswer, keptChoice } from "./answers.js";

export function setupQuizzes(slug, quizzes) {
  for (const form of document.querySelectorAll("form[data-quiz]")) {
    const quizId = form.dataset.quiz;
    const answer = quizzes[quizId];
    if (!answer) continue;
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const chosen = chosenIndexes(form);
      const verdict = check(form, answer, chosen);
      if (verdict) save(slug, "quiz", quizId, { chosen, verdict, hash: answer.hash });
    });
    // A new choice makes the old verdict stale.
    form.addEventListener("change", () => showVerdict(form, { verdict: "", text: "" }));
    showSavedAnswer(form, slug, answer);
  }
}

/** Tick the learner's saved answer to the quiz `form` and show its verdict and explanations
 *  (nothing when there is none, or it was given to another version of the quiz). */
export function showSavedAnswer(form, slug, answer) {
  const chosen = keptChoice(load(slug, "quiz", form.dataset.quiz), answer.hash);
  if (!chosen) return;
  for (const input of form.querySelectorAll("input")) input.checked = chosen.includes(Number(input.value));
  check(form, answer, chosen);
}

function chosenIndexes(form) {
  return [...form.querySelectorAll("input")].filter((input) => input.checked).map((input) => Number(input.value));
}

/** Show quizVerdict's verdict and words in the form's verdict line; what to do next is for the screen
 *  (.quiz-next: paper keeps the verdict alone). */
function showVerdict(form, { verdict, text, next = "" }) {
  const element = form.querySelector("[data-verdict]");
  element.dataset.verdict = verdict;
  element.textContent = text;
  if (!next) return;
  const hint = document.createElement("span");
  hint.className = "quiz-next";
  hint.textContent = next;
  element.append(" ", hint);
}

/**
 * The verdict on a quiz answer and what it says.
 * @param {number[]} correct  the right options' indexes
 * @param {number[]} chosen  the chosen options' indexes
 * @returns {{verdict: "correct" | "incorrect" | "", text: string, next?: string}}  `verdict`
 *   "" when nothing is chosen yet; `text` says the verdict, `next` what the learner can do now
 *   on the screen
 */
export function quizVerdict(correct, chosen) {
  if (chosen.length === 0) return { verdict: "", text: "Choose an answer first." };
  if (isRightAnswer(correct, chosen))
    return { verdict: "correct", text: "Correct.", next: "Each option now shows why it is right or wrong." };
  const yours = chosen.length === 1 ? "the answer you chose" : "each answer you chose";
  return { verdict: "incorrect", text: "Not quite.", next: `See why under ${yours}, then try again.` };
}

/** The options whose explanation opens: every one once the answer is right; before that, only
 *  the chosen ones, so a wrong answer does not give the right one away. */
export function openExplanations(correct, chosen, count) {
  const all = [...Array(count).keys()];
  return isRightAnswer(correct, chosen) ? all : all.filter((index) => chosen.includes(index));
}

/** Show the verdict and the explanations it opens; returns "correct", "incorrect" or null (no choice). */
function check(form, { correct }, chosen) {
  const said = quizVerdict(correct, chosen);
  showVerdict(form, said);
  const { verdict } = said;
  if (!verdict) return null;
  const inputs = [...form.querySelectorAll("input")];
  const open = openExplanations(correct, chosen, inputs.length);
  for (const input of inputs) {
    const index = Number(input.value);
    const explanation = form.querySelector(`#${CSS.escape(input.id)}-explanation`);
    if (!open.includes(index)) {
      explanation.hidden = true; // opened by an earlier answer
      input.removeAttribute("aria-describedby");
      continue;
    }
    explanation.hidden = false;
    explanation.dataset.correct = correct.includes(index) ? "true" : "false";
    if (!explanation.querySelector(".explain-tag")) {
      const tag = document.createElement("strong");
      tag.className = "explain-tag";
      tag.textContent = correct.includes(index) ? "Right answer. " : "Wrong answer. ";
      explanation.prepend(tag);
    }
    input.setAttribute("aria-describedby", explanation.id);
  }
  return verdict;
}
