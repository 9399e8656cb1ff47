// site/js/playground/formula.js and format.js: each readout's working, and numbers for people.
import "../build-constants.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { formulaOf } from "../../../../site/js/playground/formula.js";
import { direction, metricLabel, rounded, short } from "../../../../site/js/playground/format.js";

const text = (lines) => lines.map((line) => line.map((part) => (typeof part === "string" ? part : part.text)).join(""));
const terms = (lines) => lines.flat().filter((part) => typeof part !== "string");

test("numbers for people: rounded readouts, short formula numbers, arrows", () => {
  assert.equal(rounded(2 / 3), "0.667");
  assert.equal(rounded(1), "1.000");
  assert.equal(short(7), "7");
  assert.equal(short(1 / Math.log2(3)), "0.631");
  assert.equal(metricLabel("ndcg", 5), "NDCG@5");
  assert.deepEqual(
    [direction(null, 1), direction(0.5, 0.6), direction(0.5, 0.4), direction(0.5, 0.5)],
    [null, "up", "down", "same"],
  );
});

test("AP shows the precision at each hit, its sum and the denominator |R|", () => {
  const metric = {
    value: 0.5,
    why: null,
    terms: [
      { item: "d", rank: 1, precision: 1 },
      { item: "a", rank: 4, precision: 0.5 },
    ],
    sum: 1.5,
    denominator: 3,
  };
  const lines = formulaOf("average_precision", metric, { k: 5, relevant: 3, threshold: 1 });
  assert.deepEqual(text(lines), [
    "Precision at each relevant rank: P@1 = 1 (d) + P@4 = 0.5 (a)",
    "AP@5 = sum / |R| = 1.5 / 3 = 0.5",
  ]);
  assert.deepEqual(
    terms(lines).map((part) => part.item),
    ["d", "a"],
  );
});

test("NDCG shows DCG's and IDCG's terms, their ratio and its note", () => {
  const term = (item, rank, gain) => ({
    item,
    rank,
    grade: gain,
    gain,
    discount: Math.log2(rank + 1),
    value: gain / Math.log2(rank + 1),
  });
  const metric = {
    value: 0.5,
    why: null,
    dcg_terms: [term("b", 1, 0), term("a", 2, 1)],
    idcg_terms: [term("a", 1, 1)],
    dcg: 1 / Math.log2(3),
    idcg: 1,
    note: "NDCG uses the grades.",
  };
  const lines = formulaOf("ndcg", metric, { k: 2, relevant: 1, threshold: 1 });
  assert.equal(text(lines)[0], "DCG@2 = 0 / log₂(2) = 0 (b) + 1 / log₂(3) = 0.631 (a) = 0.631");
  assert.ok(text(lines).includes("NDCG uses the grades."));
  assert.deepEqual(
    terms(lines).map((part) => part.item),
    ["b", "a", "a"],
  );
});

test("a zero says why, and a metric with no hit says none", () => {
  const metric = { value: 0, why: "No judged item is relevant (|R| = 0).", terms: [] };
  for (const name of ["precision", "recall", "hit_rate", "reciprocal_rank"]) {
    const lines = text(formulaOf(name, metric, { k: 3, relevant: 0, threshold: 1 }));
    assert.equal(lines.at(-1), metric.why);
  }
  assert.match(text(formulaOf("reciprocal_rank", metric, { k: 3, relevant: 0, threshold: 1 }))[0], /none$/);
});

test("a metric whose working Python writes shows its lines as they come, then its value", () => {
  const metric = {
    value: 0.455078125,
    why: null,
    lines: [
      ["Chance to stop at an item of grade g: R = (2^g − 1) / 2^4"],
      ["Terms (reach × R / rank): ", { text: "1 × 0.438 / 1 = 0.438 (d)", item: "d" }],
    ],
  };
  const lines = formulaOf("err", metric, { k: 5, relevant: 2, threshold: 1 });
  assert.deepEqual(text(lines), [
    "Chance to stop at an item of grade g: R = (2^g − 1) / 2^4",
    "Terms (reach × R / rank): 1 × 0.438 / 1 = 0.438 (d)",
    "ERR@5 = 0.455",
  ]);
  assert.deepEqual(
    terms(lines).map((part) => part.item),
    ["d"],
  );
});
