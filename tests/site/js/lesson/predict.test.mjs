// site/js/lesson/predict.js: which reasons a prediction's verdict gives, and whether one was committed.
import "../fake-storage.mjs";
import { beforeEach, test } from "node:test";
import assert from "node:assert/strict";
import { hasCommitted, reasonsFor } from "../../../../site/js/lesson/predict.js";
import { save } from "../../../../site/js/shared/storage.js";

beforeEach(() => localStorage.clear());

test("the reasons are every option chosen wrongly, in the form's order", () => {
  assert.deepEqual(reasonsFor([2], [3, 1]), [1, 3]);
  assert.deepEqual(reasonsFor([0, 2], [0, 1]), [1]);
  assert.deepEqual(reasonsFor([3], [0, 1, 3]), [0, 1]);
});

test("with no wrong option chosen, the reasons are the right ones left out", () => {
  assert.deepEqual(reasonsFor([0, 2, 3], [0]), [2, 3]);
});

test("a right answer gives the first option chosen as its reason", () => {
  assert.deepEqual(reasonsFor([1, 2], [2, 1]), [2]);
});

test("a prediction counts as committed for the version it was committed to", () => {
  const prediction = { cell: "cell-1", correct: [1], hash: "v1" };
  assert.equal(hasCommitted("lesson", "p1", prediction), false);
  save("lesson", "predict", "p1", { chosen: [0], hash: "v1" });
  assert.equal(hasCommitted("lesson", "p1", prediction), true);
  assert.equal(hasCommitted("lesson", "p1", { ...prediction, hash: "v2" }), false);
  assert.equal(hasCommitted("other-lesson", "p1", prediction), false);
});
