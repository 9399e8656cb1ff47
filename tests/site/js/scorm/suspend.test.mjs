// site/js/scorm/suspend.js: a lesson's saved work as suspend_data, within the LMS's limit.
import { test } from "node:test";
import assert from "node:assert/strict";
import { pack, unpack } from "../../../../site/js/scorm/suspend.js";

const saved = {
  "quiz:q1": JSON.stringify({ chosen: [1], verdict: "correct", hash: "abc" }),
  "exercise:e1": JSON.stringify({ verdict: "correct" }),
  "cell:c1": JSON.stringify({ code: "x = 1", base: "h1", tab: "t" }),
  "cell:c2": JSON.stringify({ code: "y = 2\n".repeat(200), base: "h2", tab: "t" }),
};

test("all the work comes back when it fits", () => {
  const { text, left } = pack(saved, 64000);
  assert.equal(left, 0);
  assert.deepEqual(unpack(text), { saved, left: 0 });
});

test("edited cells that do not fit are left out and counted; answers are kept first", () => {
  const { text, left } = pack(saved, 400);
  assert.ok(text.length <= 400);
  assert.equal(left, 1);
  const back = unpack(text);
  assert.deepEqual(Object.keys(back.saved).sort(), ["cell:c1", "exercise:e1", "quiz:q1"]);
  assert.equal(back.left, 1);
});

test("nothing fits: an empty record within the limit", () => {
  const { text, left } = pack(saved, 30);
  assert.ok(text.length <= 30, text);
  assert.equal(left, 4);
});

test("suspend_data the lesson did not write reads as nothing", () => {
  assert.equal(unpack(""), null);
  assert.equal(unpack("viewed=1,2,3"), null);
  assert.equal(unpack('{"saved": 3}'), null);
});
