// site/js/evaluate/measures.js: measure keys, their names, and numbers rounded for people.
import "../build-constants.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { measureLabel, pValue, rounded } from "../../../../site/js/evaluate/measures.js";

test("a value rounds to four decimals, nan to a dash", () => {
  assert.equal(rounded("0.26860614190999607"), "0.2686");
  assert.equal(rounded("-0.0300"), "-0.0300");
  assert.equal(rounded("nan"), "\u2013");
});

test("a value that rounds to zero shows no minus sign (a difference of float noise is no loss)", () => {
  assert.equal(rounded("-2.7755575615628914e-18"), "0.0000");
  assert.equal(rounded("-0.00004"), "0.0000");
  assert.equal(rounded("-0.0"), "0.0000");
});

test("measure keys read as names; tiny p-values as a bound", () => {
  assert.equal(measureLabel("ndcg@10"), "NDCG@10");
  assert.equal(measureLabel("average_precision@all"), "AP (full list)");
  assert.equal(pValue("0.00001"), "< 0.0001");
});
