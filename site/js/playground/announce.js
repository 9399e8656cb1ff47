// The one short sentence the playground's polite live region says after a change. Pure.
import { metricLabel, rounded } from "./format.js";

/**
 * The sentence for a change.
 * @param {string} action  what the learner did, as a sentence without its full stop
 *   ("Moved c to rank 1")
 * @param {object|null} before  the readouts' metrics before ({name: {value}}), or null
 * @param {object|null} after  the metrics after, or null while they are not known
 * @param {number} k
 * @param {string[]} [names]  the metrics the playground shows (default: all in `after`)
 */
export function announcement(action, before, after, k, names = Object.keys(after ?? {})) {
  if (!after || !before) return `${action}.`;
  const changed = names
    .filter((name) => before[name] && after[name] && before[name].value !== after[name].value)
    .map((name) => `${metricLabel(name, k)} ${rounded(before[name].value)} to ${rounded(after[name].value)}`);
  if (changed.length === 0) return `${action}; no metric changed.`;
  return `${action}: ${changed.join(", ")}.`;
}

/**
 * What the live region says, in the order things happened. A change is said when its readouts
 * come; anything said in the meantime (a copied link, a refused move) is said after it then,
 * so a late change never hides a newer message. Moves of one item in a row (a run: Alt+ArrowUp
 * pressed three times) are each said from the values before the first of them.
 * @param {(text: string) => void} write  puts a sentence in the live region
 * @param {string[]} [names]  the metrics the playground shows: the only ones named
 */
export function announcer(write, names) {
  let pending = null; // the change waiting for its readouts: {action}
  let saidSince = null; // what was said after it
  let run = { key: null, base: undefined }; // the run of changes going on, and its values before

  return {
    /** Say `text` now. */
    say(text) {
      write(text);
      if (pending) saidSince = text;
    },
    /** A change was made: its sentence waits for its readouts (and is said now too if they will
     *  not come soon). `run`: the key of a run of changes it goes on (the moved item), or null. */
    changed(action, { sayNow = false, run: key = null } = {}) {
      if (key === null || key !== run.key) run = { key, base: undefined };
      pending = { action };
      saidSince = null;
      if (sayNow) write(`${action}.`);
    },
    /** The readouts came: say the waiting change with what they changed. */
    readouts(before, after, k) {
      if (!pending) return;
      if (run.base === undefined) run.base = before; // the values before the run's first change
      const sentence = announcement(pending.action, run.base, after, k, names);
      write(saidSince ? `${sentence} ${saidSince}` : sentence);
      pending = null;
      saidSince = null;
    },
  };
}
