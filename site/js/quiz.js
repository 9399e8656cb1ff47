// Multiple-choice checks: native forms, checked on submit, every explanation shown after.
// The last answer is remembered per lesson, so a reload shows it again.
import { load, save } from "./storage.js";
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
    form.addEventListener("change", () => showVerdict(form, "", ""));
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

function showVerdict(form, verdict, text) {
  const element = form.querySelector("[data-verdict]");
  element.dataset.verdict = verdict;
  element.textContent = text;
}

/**
 * The verdict on a quiz answer and what it says.
 * @param {number[]} correct  the right options' indexes
 * @param {number[]} chosen  the chosen options' indexes
 * @returns {{verdict: "correct" | "incorrect" | "", text: string}}  `verdict` "" when nothing
 *   is chosen yet
 */
export function quizVerdict(correct, chosen) {
  if (chosen.length === 0) return { verdict: "", text: "Choose an answer first." };
  return isRightAnswer(correct, chosen)
    ? { verdict: "correct", text: "Correct. Each option now shows why it is right or wrong." }
    : { verdict: "incorrect", text: "Not quite. Each option now shows why it is right or wrong; try again." };
}

/** Show the verdict and every explanation; returns "correct", "incorrect" or null (no choice). */
function check(form, { correct }, chosen) {
  const { verdict, text } = quizVerdict(correct, chosen);
  showVerdict(form, verdict, text);
  if (!verdict) return null;
  for (const input of form.querySelectorAll("input")) {
    const index = Number(input.value);
    const explanation = form.querySelector(`#${CSS.escape(input.id)}-explanation`);
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
