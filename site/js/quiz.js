// Multiple-choice checks: native forms, checked on submit, every explanation shown after.

export function setupQuizzes(quizzes) {
  for (const form of document.querySelectorAll("form[data-quiz]")) {
    const answer = quizzes[form.dataset.quiz];
    if (!answer) continue;
    form.addEventListener("submit", (event) => check(event, form, answer));
    // A new choice makes the old verdict stale.
    form.addEventListener("change", () => {
      const verdict = form.querySelector("[data-verdict]");
      verdict.dataset.verdict = "";
      verdict.textContent = "";
    });
  }
}

function check(event, form, { correct }) {
  event.preventDefault();
  const verdict = form.querySelector("[data-verdict]");
  const inputs = [...form.querySelectorAll("input")];
  const chosen = inputs.filter((input) => input.checked).map((input) => Number(input.value));
  if (chosen.length === 0) {
    verdict.removeAttribute("data-verdict-value");
    verdict.dataset.verdict = "";
    verdict.textContent = "Choose an answer first.";
    return;
  }
  const right = chosen.length === correct.length && chosen.every((index) => correct.includes(index));
  verdict.dataset.verdict = right ? "correct" : "incorrect";
  verdict.textContent = right
    ? "Correct. Each option now shows why it is right or wrong."
    : "Not quite. Each option now shows why it is right or wrong; try again.";
  for (const input of inputs) {
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
}
