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

/**
 * What the live region says, in the order things happened. A change is said when its readouts
 * come; anything said in the meantime (a copied link, a refused move) is said after it then,
 * so a late change never hides a newer message.
 * @param {(text: string) => void} write  puts a sentence in the live region
 */
export function announcer(write) {
  let pending = null; // the change waiting for its readouts: {action}
  let saidSince = null; // what was said after it

  return {
    /** Say `text` now. */
    say(text) {
      write(text);
      if (pending) saidSince = text;
    },
    /** A change was made: its sentence waits for its readouts (and is said now too if they will not come soon). */
    changed(action, { sayNow = false } = {}) {
      pending = { action };
      saidSince = null;
      if (sayNow) write(`${action}.`);
    },
    /** The readouts came: say the waiting change with what they changed. */
    readouts(before, after, k) {
      if (!pending) return;
      const sentence = announcement(pending.action, before, after, k);
      write(saidSince ? `${sentence} ${saidSince}` : sentence);
      pending = null;
      saidSince = null;
    },
  };
}
