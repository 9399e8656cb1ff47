// Multiple-choice checks: native forms, checked on submit, every explanation shown after.
// The last answer is remembered per lesson, so a reload shows it again.
import { load, save } from "./storage.js";

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
  const saved = load(slug, "quiz", form.dataset.quiz);
  if (!Array.isArray(saved?.chosen) || saved.hash !== answer.hash) return;
  for (const input of form.querySelectorAll("input")) input.checked = saved.chosen.includes(Number(input.value));
  check(form, answer, saved.chosen);
}

function chosenIndexes(form) {
  return [...form.querySelectorAll("input")].filter((input) => input.checked).map((input) => Number(input.value));
}

function showVerdict(form, verdict, text) {
  const element = form.querySelector("[data-verdict]");
  element.dataset.verdict = verdict;
  element.textContent = text;
}

/** Show the verdict and every explanation; returns "correct", "incorrect" or null (no choice). */
function check(form, { correct }, chosen) {
  if (chosen.length === 0) {
    showVerdict(form, "", "Choose an answer first.");
    return null;
  }
  const right = chosen.length === correct.length && chosen.every((index) => correct.includes(index));
  showVerdict(form, right ? "correct" : "incorrect", right
    ? "Correct. Each option now shows why it is right or wrong."
    : "Not quite. Each option now shows why it is right or wrong; try again.");
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
  return right ? "correct" : "incorrect";
}
