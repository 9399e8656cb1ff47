// site/js/scorm/timespan.js: a session's length as SCORM 1.2 and 2004 write it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { isoDuration, scorm12Timespan } from "../../../../site/js/scorm/timespan.js";

const HOUR = 3600_000;

test("SCORM 1.2 writes HHHH:MM:SS.SS", () => {
  assert.equal(scorm12Timespan(0), "0000:00:00.00");
  assert.equal(scorm12Timespan(5_204), "0000:00:05.20");
  assert.equal(scorm12Timespan(2 * HOUR + 3 * 60_000 + 4_560), "0002:03:04.56");
  assert.equal(scorm12Timespan(59_999), "0000:01:00.00"); // rounded to hundredths, carried over
});

test("SCORM 1.2 stops at 9999 hours, its largest timespan", () => {
  assert.equal(scorm12Timespan(12_000 * HOUR).slice(0, 4), "9999");
});

test("SCORM 2004 writes an ISO 8601 duration", () => {
  assert.equal(isoDuration(0), "PT0H0M0S");
  assert.equal(isoDuration(5_204), "PT0H0M5.2S");
  assert.equal(isoDuration(26 * HOUR + 61_000), "PT26H1M1S");
});
