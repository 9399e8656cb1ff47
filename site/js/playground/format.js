// How the playground writes numbers and names metrics for people. Pure functions.

/** The readouts, in the order the page shows them, with their names for people (`@k` filled in
 *  by metricLabel). */
export const METRICS = {
  precision: "Precision",
  recall: "Recall",
  hit_rate: "Hit rate",
  reciprocal_rank: "Reciprocal rank",
  average_precision: "AP",
  ndcg: "NDCG",
};

/** The readouts' short names, for the phone's compact line (people's copy only). */
const SHORT = {
  precision: "P",
  recall: "R",
  hit_rate: "HR",
  reciprocal_rank: "RR",
  average_precision: "AP",
  ndcg: "NDCG",
};

/** "P@5": a metric's short name for the compact line. */
export const shortLabel = (name, k) => `${SHORT[name] ?? name}@${k}`;

/** "NDCG@5". */
export const metricLabel = (name, k) => `${METRICS[name] ?? name}@${k}`;

/** A value rounded for people: three decimals ("0.613", "1.000"). */
export const rounded = (value) => Number(value).toFixed(3);

/** A number in a formula: at most three decimals, no trailing zeros ("7", "0.631", "0.5"). */
export const short = (value) => String(Number(Number(value).toFixed(3)));

/** Which way a metric just moved: "up", "down", "same", or null when there was no value before. */
export function direction(before, after) {
  if (before === null || before === undefined) return null;
  if (after > before) return "up";
  if (after < before) return "down";
  return "same";
}
