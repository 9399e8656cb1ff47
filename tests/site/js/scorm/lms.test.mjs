// site/js/scorm/lms.js: what the lesson tells an LMS, through a recording SCORM API.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Lms } from "../../../../site/js/scorm/lms.js";

/** A SCORM API of `version` holding `values` (changed by each SetValue). */
function api(version, values) {
  const [get, set] = version === "1.2" ? ["LMSGetValue", "LMSSetValue"] : ["GetValue", "SetValue"];
  return {
    [get]: (element) => values[element] ?? "",
    [set]: (element, value) => {
      values[element] = value;
      return "true";
    },
    LMSCommit: () => "true",
    Commit: () => "true",
  };
}

test("SCORM 1.2: a passed lesson keeps its status and score when answers are taken back", () => {
  const values = { "cmi.core.lesson_status": "passed", "cmi.core.score.raw": "100" };
  const lms = new Lms(api("1.2", values), "1.2");
  lms.report({ completed: true, passed: false, score: 50 });
  lms.report({ completed: false, passed: null, score: 0 });
  assert.equal(values["cmi.core.lesson_status"], "passed");
  assert.equal(values["cmi.core.score.raw"], "100");
});

test("SCORM 2004: the score never falls within an attempt, and still rises", () => {
  const values = { "cmi.score.raw": "50", "cmi.score.scaled": "0.5" };
  const lms = new Lms(api("2004", values), "2004");
  lms.report({ completed: false, passed: null, score: 0 });
  assert.equal(values["cmi.score.raw"], "50");
  lms.report({ completed: true, passed: true, score: 100 });
  assert.equal(values["cmi.score.raw"], "100");
  assert.equal(values["cmi.score.scaled"], "1");
  assert.equal(values["cmi.success_status"], "passed");
});

test("a first score is reported", () => {
  const values = {};
  new Lms(api("1.2", values), "1.2").report({ completed: false, passed: null, score: 0 });
  assert.equal(values["cmi.core.score.raw"], "0");
  assert.equal(values["cmi.core.lesson_status"], "incomplete");
});

test("the LMS's passing score in percent: 1.2's mastery score, 2004's scaled passing score", () => {
  assert.equal(new Lms(api("1.2", { "cmi.student_data.mastery_score": "80" }), "1.2").passMark, 80);
  assert.equal(new Lms(api("2004", { "cmi.scaled_passing_score": "0.65" }), "2004").passMark, 65);
  for (const none of ["", " ", "unknown"]) {
    assert.equal(new Lms(api("1.2", { "cmi.student_data.mastery_score": none }), "1.2").passMark, null);
    assert.equal(new Lms(api("2004", { "cmi.scaled_passing_score": none }), "2004").passMark, null);
  }
  assert.equal(new Lms(api("1.2", {}), "1.2").passMark, null);
});
