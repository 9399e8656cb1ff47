// The one short sentence the playground's polite live region says after a change. Pure.
import { metricLabel, rounded } from "./format.js";

/**
 * The sentence for a change.
 * @param {string} action  what the learner did, as a sentence without its full stop
 *   ("Moved c to rank 1")
 * @param {object|null} before  the readouts' metrics before ({name: {value}}), or null
 * @param {object|null} after  the metrics after, or null while they are not known
 * @param {number} k
 */
export function announcement(action, before, after, k) {
  if (!after || !before) return `${action}.`;
  const changed = Object.keys(after)
    .filter((name) => before[name] && before[name].value !== after[name].value)
    .map((name) => `${metricLabel(name, k)} ${rounded(before[name].value)} to ${rounded(after[name].value)}`);
  if (changed.length === 0) return `${action}; no metric changed.`;
  return `${action}: ${changed.join(", ")}.`;
}
