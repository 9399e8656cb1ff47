// site/js/evaluate/charts.js's geometry: the histogram's bins and the sorted differences.
import "../build-constants.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  BINS,
  differenceBars,
  histogram,
  legendLayout,
  MAX_BARS,
  signed,
  spacedBars,
} from "../../../../site/js/evaluate/charts.js";

test("values fall in tenths of [0, 1], 1 in the last bin, nan nowhere", () => {
  const counts = histogram([0, 0.05, 0.1, 0.99, 1, Number.NaN]);
  assert.equal(counts.length, BINS);
  assert.deepEqual(counts, [2, 1, 0, 0, 0, 0, 0, 0, 0, 2]);
});

test("differences are run minus baseline over shared queries, sorted from loss to win", () => {
  const run = { queries: ["q1", "q2", "q3"], perQuery: { "ndcg@10": ["0.5", "0.25", "1.0"] } };
  const baseline = { queries: ["q1", "q2", "q4"], perQuery: { "ndcg@10": ["0.25", "0.5", "1"] } };
  const bars = differenceBars(run, baseline, "ndcg@10");
  assert.deepEqual(bars, [
    { query: "q2", difference: -0.25 },
    { query: "q1", difference: 0.25 },
  ]);
});

test("thousands of bars are drawn as at most MAX_BARS, evenly spaced, the first and last kept", () => {
  const bars = Array.from({ length: 10_000 }, (_, i) => ({ query: `q${i}`, difference: i }));
  const drawn = spacedBars(bars);
  assert.equal(drawn.length, MAX_BARS);
  assert.equal(drawn[0], bars[0]);
  assert.equal(drawn.at(-1), bars.at(-1));
  assert.ok(drawn.every((bar, i) => i === 0 || bar.difference > drawn[i - 1].difference));
  assert.equal(spacedBars(bars.slice(0, 5)).length, 5);
});

test("a signed axis label has a plus for a gain and the minus sign for a loss", () => {
  assert.equal(signed(1), "+1.00");
  assert.equal(signed(-1), "\u22121.00");
  assert.equal(signed(0), "0.00");
  assert.equal(signed(0.25, 3), "+0.250");
});

test("the legend moves a name that would pass the chart's right edge to the next line", () => {
  const names = ["bm25_rm3_tuned", "splade_pp_ed", "colbertv2_plaid"];
  const narrow = legendLayout(names, 390);
  assert.equal(narrow.lines, 2);
  assert.deepEqual(
    narrow.entries.map((entry) => entry.line),
    [0, 0, 1],
  );
  assert.equal(narrow.entries[2].x, narrow.entries[0].x); // a new line starts at the left
  const wide = legendLayout(names, 1280);
  assert.equal(wide.lines, 1);
  assert.deepEqual(
    wide.entries.map((entry) => entry.text),
    names,
  );
});

test("a name wider than a whole line is cut short with an ellipsis", () => {
  const { entries, lines } = legendLayout(["x".repeat(200), "b"], 390);
  assert.equal(lines, 2);
  assert.ok(entries[0].text.endsWith("\u2026") && entries[0].text.length < 200);
  assert.equal(entries[1].text, "b");
});
