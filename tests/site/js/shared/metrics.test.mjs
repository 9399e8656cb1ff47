// site/js/shared/metrics.js: the metrics' facts from rankmetrics/registry.py, and their labels.
import "../build-constants.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { measureLabel } from "../../../../site/js/evaluate/measures.js";
import {
  METRICS,
  PLAYGROUND_METRICS,
  metricFacts,
  metricLabel,
  shortLabel,
} from "../../../../site/js/shared/metrics.js";

test("every metric the build hands over has a title, a short name and a formula", () => {
  assert.ok(METRICS.length >= 8);
  for (const facts of METRICS) {
    for (const field of ["title", "short", "formula"]) assert.ok(facts[field].trim(), `${facts.key} has no ${field}`);
  }
  assert.ok(PLAYGROUND_METRICS.includes("err") && PLAYGROUND_METRICS.includes("rbp"));
  assert.ok(!PLAYGROUND_METRICS.includes("judged"));
});

test("labels come from the registry; an unknown key throws instead of showing itself", () => {
  assert.equal(metricLabel("err", 5), "ERR@5");
  assert.equal(shortLabel("rbp", 5), "RBP@5");
  assert.equal(measureLabel("rbp_residual@all"), "RBP residual (full list)");
  assert.equal(metricFacts("rbp").params.p, 0.8);
  assert.throws(() => metricLabel("dcg", 5), /Unknown metric "dcg"/);
  assert.throws(() => measureLabel("dcg@5"), /Unknown metric "dcg"/);
});
