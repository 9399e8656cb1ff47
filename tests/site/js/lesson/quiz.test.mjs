// site/js/lesson/quiz.js: the verdict on a multiple-choice answer.
import "../fake-storage.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { openExplanations, quizVerdict } from "../../../../site/js/lesson/quiz.js";

test("nothing chosen asks for an answer and gives no verdict", () => {
  assert.deepEqual(quizVerdict([1], []), { verdict: "", text: "Choose an answer first." });
});

test("the right options are correct; anything else is not, and says try again", () => {
  assert.equal(quizVerdict([0, 2], [2, 0]).verdict, "correct");
  assert.match(quizVerdict([0, 2], [2, 0]).text, /^Correct\./);
  const wrong = quizVerdict([0, 2], [0]);
  assert.equal(wrong.verdict, "incorrect");
  assert.equal(wrong.text, "Not quite.");
  assert.match(wrong.next, /try again\.$/);
});

test("a wrong answer opens only the chosen options' explanations; the right one opens all", () => {
  assert.deepEqual(openExplanations([2], [0], 4), [0]);
  assert.deepEqual(openExplanations([0, 2], [0, 3], 4), [0, 3]);
  assert.deepEqual(openExplanations([0, 2], [2, 0], 4), [0, 1, 2, 3]);
});
