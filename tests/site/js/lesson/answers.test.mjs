// site/js/lesson/answers.js: whether an answer is right, and the kept one.
import { test } from "node:test";
import assert from "node:assert/strict";
import { isRightAnswer, keptChoice } from "../../../../site/js/lesson/answers.js";

test("an answer is right when it holds exactly the right options, in any order", () => {
  assert.equal(isRightAnswer([1], [1]), true);
  assert.equal(isRightAnswer([0, 2], [2, 0]), true);
  assert.equal(isRightAnswer([0, 2], [0]), false, "one right option left out");
  assert.equal(isRightAnswer([0, 2], [0, 1, 2]), false, "a wrong option added");
  assert.equal(isRightAnswer([1], [0]), false);
  assert.equal(isRightAnswer([1], []), false);
});

test("a kept answer counts only for the version of the question it was given to", () => {
  assert.deepEqual(keptChoice({ chosen: [1], hash: "v1" }, "v1"), [1]);
  assert.equal(keptChoice({ chosen: [1], hash: "v1" }, "v2"), null);
  assert.equal(keptChoice(null, "v1"), null);
  assert.equal(keptChoice({ chosen: "1", hash: "v1" }, "v1"), null, "not a list of options");
});
