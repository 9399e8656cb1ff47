// How the playground writes numbers and names metrics for people. Pure functions.

export { metricLabel, shortLabel } from "../shared/metrics.js";

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
