// The metrics' facts, from their one home (py/rankmetrics/registry.py, handed over by the build):
// keys in display order, names for people, trec_eval and ir_measures names. Pure.
import { metrics } from "./build-constants.js";

/** Every metric's facts, in display order: {key, title, short, formula, trecEval, trecEvalFull,
 *  irMeasures, graded, params, fullList, playground, compared}. */
export const METRICS = metrics;

const BY_KEY = new Map(metrics.map((facts) => [facts.key, facts]));

/** The keys of the metrics the rank playground shows, in order. */
export const PLAYGROUND_METRICS = metrics.filter((facts) => facts.playground).map((facts) => facts.key);

/** The facts of metric `key`; an unknown key throws (a page never shows a raw key). */
export function metricFacts(key) {
  const facts = BY_KEY.get(key);
  if (!facts) throw new Error(`Unknown metric "${key}": rankmetrics/registry.py declares every metric.`);
  return facts;
}

/** "NDCG@5". */
export const metricLabel = (key, k) => `${metricFacts(key).title}@${k}`;

/** "P@5": the short name, for the phone's compact line. */
export const shortLabel = (key, k) => `${metricFacts(key).short}@${k}`;
