// The evaluate page's measures: keys as rankmetrics.pages.trec writes them ("ndcg@10",
// "average_precision@all") and their names for people. Pure functions.
import { metricFacts } from "../shared/metrics.js";

/** {metric, k} of a measure key: "ndcg@10" -> {metric: "ndcg", k: "10"}. */
export function splitKey(key) {
  const at = key.lastIndexOf("@");
  return { metric: key.slice(0, at), k: key.slice(at + 1) };
}

/** "NDCG@10", "AP (full list)"; an unknown metric throws (rankmetrics/registry.py names each). */
export function measureLabel(key) {
  const { metric, k } = splitKey(key);
  const name = metricFacts(metric).title;
  return k === "all" ? `${name} (full list)` : `${name}@${k}`;
}

/** A value (Python's repr as text) rounded for people: four decimals; "–" for nan. A value
 *  that rounds to zero shows no minus sign ("-0.0000" read as a loss where two runs tie but for
 *  float noise in a mean difference). */
export function rounded(text, digits = 4) {
  const value = Number(text);
  if (!Number.isFinite(value)) return "–";
  const shown = value.toFixed(digits);
  return Number(shown) === 0 ? (0).toFixed(digits) : shown;
}

/** A p-value for people: "< 0.0001" below that, else four decimals. */
export function pValue(text) {
  const value = Number(text);
  if (!Number.isFinite(value)) return "–";
  return value < 0.0001 ? "< 0.0001" : value.toFixed(4);
}
