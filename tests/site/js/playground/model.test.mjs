// site/js/playground/model.js: the playground's state and the changes a learner makes to it.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as model from "../../../../site/js/playground/model.js";

const CONFIG = {
  id: "seed",
  items: [
    { id: "a", grade: 1 },
    { id: "b", grade: 0 },
    { id: "c", grade: 0 },
    { id: "d", grade: 1 },
  ],
  unretrieved: [{ id: "e", grade: 2 }],
  k: 3,
  gain: "linear",
  threshold: 1,
  max_grade: 3,
  max_items: 5,
};
const limits = model.limitsOf(CONFIG);
const start = model.initialState(CONFIG);

test("the block's list opens with its order, grades (both lists), k, gain and threshold", () => {
  assert.deepEqual(start, {
    ranking: ["a", "b", "c", "d"],
    unretrieved: ["e"],
    grades: { a: 1, b: 0, c: 0, d: 1, e: 2 },
    k: 3,
    gain: "linear",
    threshold: 1,
  });
  assert.deepEqual(limits, { maxItems: 5, maxGrade: 3 });
  assert.deepEqual(model.limitsOf({}), { maxItems: 30, maxGrade: 3 });
  assert.deepEqual(model.initialState({ items: [{ id: "x", grade: 2 }], unretrieved: ["y"] }).grades, { x: 2, y: 0 });
});

test("Python gets every judged item's grade, retrieved or not, and no unretrieved list", () => {
  assert.deepEqual(model.toPython(start, { maxItems: 5, maxGrade: 3 }), {
    ranking: ["a", "b", "c", "d"],
    grades: { a: 1, b: 0, c: 0, d: 1, e: 2 },
    k: 3,
    gain: "linear",
    threshold: 1,
    max_grade: 3, // the playground's own scale: ERR's g_max
  });
});

test("moves stay inside the list and leave the old state alone", () => {
  assert.deepEqual(model.moveTo(start, "d", 0).ranking, ["d", "a", "b", "c"]);
  assert.deepEqual(model.moveBy(start, "b", 1).ranking, ["a", "c", "b", "d"]);
  assert.equal(model.moveBy(start, "a", -1), start); // already first: no change
  assert.deepEqual(model.moveTo(start, "a", 99).ranking, ["b", "c", "d", "a"]);
  assert.deepEqual(start.ranking, ["a", "b", "c", "d"]);
});

test("grades, k and threshold are clamped integers; an unknown gain is ignored", () => {
  assert.equal(model.setGrade(start, "b", "3", limits).grades.b, 3);
  assert.equal(model.setGrade(start, "b", 9, limits).grades.b, 3);
  assert.equal(model.setGrade(start, "b", -1, limits).grades.b, 0);
  assert.equal(model.setGrade(start, "zz", 1, limits), start);
  assert.equal(model.setK(start, "0", limits).k, 1);
  assert.equal(model.setK(start, 50, limits).k, 5);
  assert.equal(model.setK(start, "x", limits), start); // k stays: the very state comes back
  assert.equal(model.setK(start, "", limits), start); // a blank field is no 0
  assert.equal(model.setK(start, 3, limits), start);
  assert.equal(model.setThreshold(start, " ", limits), start);
  assert.equal(model.setThreshold(start, 7, limits).threshold, 3);
  assert.equal(model.setGain(start, "exponential").gain, "exponential");
  assert.equal(model.setGain(start, "cubic"), start);
});

test("retrieve, drop, add and remove move items between the lists within the limit", () => {
  const retrieved = model.retrieve(start, "e", limits);
  assert.deepEqual([retrieved.ranking, retrieved.unretrieved], [["a", "b", "c", "d", "e"], []]);
  assert.equal(model.retrieve(retrieved, "e", limits), retrieved);
  const full = model.addItem(start, limits);
  assert.deepEqual(full.ranking, ["a", "b", "c", "d", "f"]);
  assert.equal(full.grades.f, 0);
  assert.equal(model.addItem(full, limits), full); // 5 items: full
  assert.equal(model.retrieve(full, "e", limits), full);
  const dropped = model.drop(start, "a");
  assert.deepEqual(
    [dropped.ranking, dropped.unretrieved],
    [
      ["b", "c", "d"],
      ["e", "a"],
    ],
  );
  const removed = model.removeItem(start, "e");
  assert.deepEqual([removed.unretrieved, "e" in removed.grades], [[], false]);
});

test("new items take the first free letter, then numbered names", () => {
  const grades = Object.fromEntries([..."abcdefghijklmnopqrstuvwxyz"].map((id) => [id, 0]));
  assert.equal(model.newItemId({ grades: { a: 0, c: 0 } }), "b");
  assert.equal(model.newItemId({ grades }), "item 27");
});

test("sameState compares states whatever the order of their grades", () => {
  const reordered = { ...start, grades: { e: 2, d: 1, c: 0, b: 0, a: 1 } };
  assert.ok(model.sameState(start, reordered));
  assert.ok(!model.sameState(start, model.moveBy(start, "b", 1)));
});

test("the ideal ordering drawn before Python answers follows rankmetrics.pages.playground's ties", () => {
  const state = {
    ...start,
    ranking: ["d", "a", "b"],
    unretrieved: ["e", "c"],
    grades: { a: 1, b: 0, c: 2, d: 1, e: 2 },
  };
  // Python's rule: best grade first; ties in rank order, then unretrieved ones in "grades" order.
  assert.deepEqual(model.idealOrder(state), ["c", "e", "d", "a"]);
});

test("a host page's playground takes its list and settings from the element", async () => {
  const { configFromElement } = await import("../../../../site/js/playground/embed-config.js");
  const config = configFromElement(
    { playground: "mine", k: "2", gain: "linear", maxGrade: "2", readouts: "ndcg, precision" },
    [{ id: " d1 ", grade: "3" }, { id: "d2" }],
    [{ id: "d9", grade: "1" }],
    0,
  );
  assert.deepEqual(config, {
    id: "mine",
    title: "list 1",
    items: [
      { id: "d1", grade: 2 },
      { id: "d2", grade: 0 },
    ],
    unretrieved: [{ id: "d9", grade: 1 }],
    k: 2,
    gain: "linear",
    threshold: 1,
    max_grade: 2,
    readouts: ["ndcg", "precision"],
    max_items: 30,
    notice: null,
  });
  assert.equal(configFromElement({}, [], [], 2).id, "playground-3");
});
