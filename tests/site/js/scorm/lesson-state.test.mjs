// site/js/scorm/lesson-state.js: what a lesson reports, from its quizzes' and exercises' verdicts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { lessonState } from "../../../../site/js/scorm/lesson-state.js";

/** A document with one quiz and one exercise whose verdicts are `quiz` and `exercise`. */
function page(quiz, exercise) {
  const verdict = (value) => ({ dataset: { verdict: value } });
  const found = {
    "form[data-quiz] [data-verdict]": [verdict(quiz)],
    "[data-cell] [data-verdict]": [verdict(exercise)],
  };
  return { querySelectorAll: (selector) => found[selector] ?? [] };
}

test("nothing answered: incomplete, no score", () => {
  assert.deepEqual(lessonState(page("", ""), 80), { completed: false, passed: null, score: null });
});

test("a wrong quiz answer before the exercise is tried decides nothing", () => {
  assert.deepEqual(lessonState(page("incorrect", ""), 80), { completed: false, passed: null, score: 0 });
  assert.deepEqual(lessonState(page("correct", ""), 80), { completed: false, passed: null, score: 50 });
});

test("pass or fail once every quiz and exercise has a verdict", () => {
  assert.deepEqual(lessonState(page("incorrect", "correct"), 80), { completed: true, passed: false, score: 50 });
  assert.deepEqual(lessonState(page("correct", "correct"), 80), { completed: true, passed: true, score: 100 });
  assert.deepEqual(lessonState(page("correct", "incorrect"), null), { completed: true, passed: null, score: 50 });
});
