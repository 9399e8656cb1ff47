// Predict, then run (UI contract, "Predictions"): a question asked before a code cell shows its
// output. Until the learner commits to an answer, that cell's output is held back
// (`data-held="true"`), whoever ran the cell (itself, or a later cell that needed it). Committing
// shows the output and a verdict with one line on why. The answer is kept per lesson, so a
// reload shows it, and the output, again.
import { load, save } from "../shared/storage.js";
import { isRightAnswer, keptChoice } from "./answers.js";

const KIND = "predict"; // the storage kind (storage.js keys)

/**
 * Wire every prediction form of the lesson in this document.
 * @param {string} slug
 * @param {Record<string, {cell?: string, playground?: string, correct: number[], hash: string}>} predictions
 *   lesson JSON: each guards a cell's output, or a rank playground's readouts
 */
export function setupPredictions(slug, predictions) {
  for (const form of document.querySelectorAll("form[data-predict]")) {
    const prediction = predictions[form.dataset.predict];
    if (!prediction) continue;
    showCommitted(form, slug, prediction);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (form.dataset.committed !== undefined) return;
      const chosen = chosenIndexes(form);
      if (chosen.length === 0) {
        showVerdict(form, "", [document.createTextNode("Choose an answer first.")]);
        return;
      }
      commit(form, prediction, chosen);
      save(slug, KIND, form.dataset.predict, { chosen, hash: prediction.hash });
    });
  }
}

/** Show the learner's committed answer to `form`, if one was kept for this version of it;
 *  returns whether. */
export function showCommitted(form, slug, prediction) {
  const chosen = keptChoice(load(slug, KIND, form.dataset.predict), prediction.hash);
  if (!chosen) return false;
  commit(form, prediction, chosen);
  return true;
}

/** Whether the learner committed an answer to this version of the prediction `id`. */
export function hasCommitted(slug, id, prediction) {
  return keptChoice(load(slug, KIND, id), prediction.hash) !== null;
}

function chosenIndexes(form) {
  return [...form.querySelectorAll("input")].filter((input) => input.checked).map((input) => Number(input.value));
}

/** Fix the answer, give the verdict with the chosen option's reason, and show the output. */
function commit(form, { cell = null, correct }, chosen) {
  form.dataset.committed = "";
  for (const input of form.querySelectorAll("input")) {
    input.checked = chosen.includes(Number(input.value));
    input.disabled = true;
    // A disabled input is drawn faint: the label says which answer was committed.
    if (input.checked) input.closest(".quiz-option").dataset.chosen = "";
  }
  const button = form.querySelector('button[type="submit"]');
  button.textContent = "Committed";
  button.setAttribute("aria-disabled", "true"); // not `disabled`: the focus stays on it
  const right = isRightAnswer(correct, chosen);
  const tag = document.createElement("strong");
  tag.textContent = right ? "Right. " : "Not quite. ";
  showVerdict(form, right ? "correct" : "incorrect", [tag, ...reasonNodes(form, reasonsFor(correct, chosen))]);
  const cellElement = cell && document.querySelector(`[data-cell="${CSS.escape(cell)}"]`);
  if (cellElement) {
    cellElement.querySelector("[data-output]").dataset.held = "false";
    cellElement.querySelector("[data-held-note]")?.remove();
  }
  const prose = cell && document.querySelector(`[data-held-prose="${CSS.escape(cell)}"]`);
  if (prose) prose.dataset.held = "false"; // the text that explains the output
  // A playground's readouts (a prediction with `playground` instead of `cell`) are its own to
  // show: it listens for this (site/js/playground/main.js).
  form.dispatchEvent(new Event("committed"));
}

/**
 * Which options' explanations the verdict gives as its reasons: every option chosen wrongly,
 * else every right one left out, else (a right answer) the first chosen.
 * @param {number[]} correct  the right options' indexes
 * @param {number[]} chosen  the committed options' indexes (not empty)
 * @returns {number[]}  option indexes, in the form's order
 */
export function reasonsFor(correct, chosen) {
  const wrong = chosen.filter((index) => !correct.includes(index));
  const missed = correct.filter((index) => !chosen.includes(index));
  const reasons = wrong.length ? wrong : missed.length ? missed : [chosen[0]];
  return [...reasons].sort((a, b) => a - b);
}

/** The explanations of the options `indexes`; with more than one, each starts with its option's
 *  answer, so the learner sees which tick it is about. */
function reasonNodes(form, indexes) {
  const options = form.querySelectorAll(".quiz-option");
  return indexes.flatMap((index, position) => {
    const option = options[index];
    const explanation = option?.querySelector("template[data-explanation]");
    if (!explanation) return [];
    if (indexes.length === 1) return [explanation.content.cloneNode(true)];
    const reason = document.createElement("span");
    reason.className = "predict-reason";
    const answer = document.createElement("strong");
    answer.append(...[...option.querySelector("label").childNodes].map((node) => node.cloneNode(true)), ": ");
    reason.append(answer, explanation.content.cloneNode(true));
    return position === 0 ? [reason] : [document.createTextNode(" "), reason];
  });
}

function showVerdict(form, verdict, nodes) {
  const element = form.querySelector("[data-verdict]");
  element.dataset.verdict = verdict;
  element.replaceChildren(...nodes);
}
