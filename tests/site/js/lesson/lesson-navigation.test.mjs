// site/js/lesson/lesson-navigation.js: which links open in place, and when a fetched lesson can be.
import { test } from "node:test";
import assert from "node:assert/strict";
import { isOtherLesson, samePython } from "../../../../site/js/lesson/lesson-navigation.js";

const here = new URL("https://course.example/lessons/precision-recall.html");
const opens = (address) => isOtherLesson(new URL(address, here), here);

test("another lesson of the course's folder opens in place", () => {
  assert.equal(opens("ndcg.html"), true);
  assert.equal(opens("ndcg.html#summary"), true);
});

test("this page, the index, other folders, other origins and other pages load whole", () => {
  assert.equal(opens("precision-recall.html"), false);
  assert.equal(opens("index.html"), false);
  assert.equal(opens("./"), false);
  assert.equal(opens("../other/ndcg.html"), false);
  assert.equal(opens("https://elsewhere.example/lessons/ndcg.html"), false);
  assert.equal(opens("notes.pdf"), false);
});

test("an embedded page opens in place only lessons embedded the same way", () => {
  const embedded = new URL("https://course.example/lessons/precision-recall.html?embed");
  assert.equal(isOtherLesson(new URL("ndcg.html?embed", embedded), embedded), true);
  assert.equal(isOtherLesson(new URL("ndcg.html", embedded), embedded), false);
});

test("lessons ask for the same Python when all but their wheels and packages agree", () => {
  const runtime = { pyodide: "pyodide/", snapshot: { url: "s.bin" }, timeLimit: null, wheels: ["a.whl"], packages: [] };
  assert.equal(samePython(runtime, { ...runtime, wheels: ["b.whl"], packages: ["numpy"] }), true);
  assert.equal(samePython(runtime, { ...runtime, timeLimit: 5 }), false);
  assert.equal(samePython(runtime, { ...runtime, snapshot: { url: "t.bin" } }), false);
});
