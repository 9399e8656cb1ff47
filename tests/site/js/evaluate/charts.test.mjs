// site/js/evaluate/charts.js's geometry: the histogram's bins and the sorted differences.
import { test } from "node:test";
import assert from "node:assert/strict";
import { BINS, differenceBars, histogram } from "../../../../site/js/evaluate/charts.js";

test("values fall in tenths of [0, 1], 1 in the last bin, nan nowhere", () => {
  const counts = histogram([0, 0.05, 0.1, 0.99, 1, Number.NaN]);
  assert.equal(counts.length, BINS);
  assert.deepEqual(counts, [2, 1, 0, 0, 0, 0, 0, 0, 0, 2]);
});

test("differences are run minus baseline over shared queries, sorted from loss to win", () => {
  const bars = differenceBars({ q1: "0.5", q2: "0.25", q3: "1.0" }, { q1: "0.25", q2: "0.5", q4: "1" });
  assert.deepEqual(bars, [
    { query: "q2", difference: -0.25 },
    { query: "q1", difference: 0.25 },
  ]);
});
