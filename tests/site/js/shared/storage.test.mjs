// site/js/shared/storage.js: progress kept per lesson and block in localStorage, moved with blocks that
// moved, and failures told once.
import "../fake-storage.mjs";
import { beforeEach, test } from "node:test";
import assert from "node:assert/strict";
import {
  carryOver,
  forgetLesson,
  load,
  onOtherTabChange,
  onSaveFailure,
  restoreLesson,
  save,
  savedLesson,
  tabId,
} from "../../../../site/js/shared/storage.js";

beforeEach(() => localStorage.clear());

test("a saved value loads back for its lesson, kind and block only", () => {
  assert.equal(save("ndcg", "quiz", "q1", { chosen: [1] }), true);
  assert.deepEqual(load("ndcg", "quiz", "q1"), { chosen: [1] });
  assert.equal(load("ndcg", "quiz", "q2"), null);
  assert.equal(load("ndcg", "exercise", "q1"), null);
  assert.equal(load("hit-rate", "quiz", "q1"), null);
});

test("saving null removes the value", () => {
  save("ndcg", "cell", "c1", { code: "x" });
  assert.equal(save("ndcg", "cell", "c1", null), true);
  assert.equal(load("ndcg", "cell", "c1"), null);
  assert.equal(localStorage.length, 0);
});

test("a value that is not JSON loads as nothing", () => {
  save("ndcg", "cell", "c1", { code: "x" });
  const [key] = localStorage.keys();
  localStorage.setItem(key, "{not json");
  assert.equal(load("ndcg", "cell", "c1"), null);
});

test("this tab's id is kept in sessionStorage, so a reload is the same tab", () => {
  assert.match(tabId, /^[0-9a-z]+-[0-9a-z]+$/);
  assert.ok(sessionStorage.keys().some((key) => sessionStorage.getItem(key) === tabId));
});

test("saved work of a block that moved comes along, and the old entry goes", () => {
  save("old-lesson", "quiz", "q1", { chosen: [0] });
  save("old-lesson", "cell", "c1", { code: "theirs" });
  save("new-lesson", "cell", "c1", { code: "mine" });
  carryOver("new-lesson", [
    { from: "old-lesson", kind: "quiz", id: "q1" },
    { from: "old-lesson", kind: "cell", id: "c1" },
    { from: "old-lesson", kind: "quiz", id: "none" },
  ]);
  assert.deepEqual(load("new-lesson", "quiz", "q1"), { chosen: [0] });
  assert.deepEqual(load("new-lesson", "cell", "c1"), { code: "mine" }, "the lesson's own entry wins");
  assert.equal(load("old-lesson", "quiz", "q1"), null);
  assert.equal(load("old-lesson", "cell", "c1"), null);
});

test("a full storage is told once, as full, and the save says it was not kept", (t) => {
  const reasons = [];
  onSaveFailure((reason) => reasons.push(reason));
  t.mock.method(localStorage, "setItem", () => {
    throw new DOMException("quota", "QuotaExceededError");
  });
  assert.equal(save("ndcg", "cell", "c1", { code: "x" }), false);
  assert.equal(save("ndcg", "cell", "c2", { code: "y" }), false);
  assert.deepEqual(reasons, ["full"]);
});

test("another tab's change to this lesson is reported with its kind, block and value", () => {
  const listeners = [];
  const events = { addEventListener: (type, listener, options) => listeners.push({ type, listener, options }) };
  const reported = [];
  const controller = new AbortController();
  const { addEventListener } = globalThis;
  globalThis.addEventListener = events.addEventListener;
  try {
    onOtherTabChange("ndcg", (...change) => reported.push(change), { signal: controller.signal });
  } finally {
    globalThis.addEventListener = addEventListener;
  }
  const [{ type, listener, options }] = listeners;
  assert.equal(type, "storage");
  assert.equal(options.signal, controller.signal);
  save("ndcg", "cell", "c1", { code: "x" });
  const [key] = localStorage.keys();
  listener({ key, newValue: JSON.stringify({ code: "x" }) });
  listener({ key, newValue: null });
  listener({ key: key.replace(":ndcg:", ":hit-rate:"), newValue: "{}" }); // another lesson
  listener({ key, newValue: "{not json" });
  listener({ key: null, newValue: null }); // localStorage.clear() in another tab
  assert.deepEqual(reported, [
    ["cell", "c1", { code: "x" }],
    ["cell", "c1", null],
  ]);
});

test("a lesson's saved values go out and come back whole, in another browser", () => {
  save("ndcg", "quiz", "q1", { chosen: [1] });
  save("ndcg", "cell", "c1", { code: "x" });
  save("mrr", "quiz", "q1", { chosen: [2] });
  const kept = savedLesson("ndcg");
  assert.deepEqual(Object.keys(kept).sort(), ["cell:c1", "quiz:q1"]);
  localStorage.clear();
  restoreLesson("ndcg", kept);
  assert.deepEqual(load("ndcg", "quiz", "q1"), { chosen: [1] });
  assert.deepEqual(load("ndcg", "cell", "c1"), { code: "x" });
  assert.equal(load("mrr", "quiz", "q1"), null);
});

test("forgetting a lesson removes all its saved values and no other lesson's", () => {
  save("ndcg", "quiz", "q1", { chosen: [1] });
  save("ndcg", "cell", "c1", { code: "x" });
  save("ndcg-2", "quiz", "q1", { chosen: [0] });
  save("mrr", "quiz", "q1", { chosen: [2] });
  forgetLesson("ndcg");
  assert.deepEqual(savedLesson("ndcg"), {});
  assert.deepEqual(load("ndcg-2", "quiz", "q1"), { chosen: [0] });
  assert.deepEqual(load("mrr", "quiz", "q1"), { chosen: [2] });
});

test("a lesson reporting to a learning management system keeps its work in this tab only", async () => {
  globalThis.document = { documentElement: { dataset: { lmsSession: "" } } }; // as scorm.js marks it
  try {
    const tab = await import("../../../../site/js/shared/storage.js?lms-session"); // a page of its own
    assert.equal(tab.save("ndcg", "quiz", "q1", { chosen: [1] }), true);
    assert.equal(localStorage.length, 0);
    assert.deepEqual(tab.savedLesson("ndcg"), { "quiz:q1": '{"chosen":[1]}' });
    assert.ok(sessionStorage.keys().some((key) => key.endsWith(":ndcg:quiz:q1")));
    tab.forgetLesson("ndcg");
    assert.deepEqual(tab.savedLesson("ndcg"), {});
  } finally {
    delete globalThis.document;
    sessionStorage.clear();
  }
});
