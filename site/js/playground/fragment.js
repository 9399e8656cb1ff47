// The playground's state in the address's fragment, under the playground's own key, next to
// whatever else the fragment holds (the skip link's target, other playgrounds): parts joined
// by "&", each "key=value" or a bare target. Pure functions, no DOM.
//
// Value: "BASE;K;G;T;RANKED;NOT" with BASE the block's configHash (a link made from an older
// block is out of date), G "e" or "l", RANKED and NOT "id:grade" joined by ",". Ids are
// percent-encoded, so ";", "," and ":" never occur inside one.
import { GAINS } from "./model.js";

const GAIN_CODES = { exponential: "e", linear: "l" };

/** The fragment key of the playground `id`. */
export const fragmentKey = (id) => `pg-${id}`;

/** A short hash (base 36) of what makes the block's own list: a fragment made from another
 *  version of the block is out of date. */
export function configHash(config) {
  const { items, unretrieved, k, gain, threshold, max_grade, max_items } = config;
  const text = JSON.stringify([items, unretrieved ?? [], k, gain, threshold, max_grade, max_items]);
  let hash = 0x811c9dc5; // FNV-1a, 32 bits
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** The value under `key` in the fragment `hash` ("#a&pg-x=…"), or null. */
export function readKey(hash, key) {
  for (const part of hash.replace(/^#/, "").split("&")) {
    const at = part.indexOf("=");
    if (at > 0 && decodeURIComponent(part.slice(0, at)) === key) return part.slice(at + 1);
  }
  return null;
}

/** The fragment `hash` with `key` set to `value` (null: removed), the other parts kept in order.
 *  Returns it with its "#" ("" when nothing is left). */
export function writeKey(hash, key, value) {
  const parts = hash
    .replace(/^#/, "")
    .split("&")
    .filter((part) => part !== "");
  const index = parts.findIndex((part) => part.split("=")[0] === encodeURIComponent(key));
  const own = value === null ? [] : [`${encodeURIComponent(key)}=${value}`];
  if (index >= 0) parts.splice(index, 1, ...own);
  else parts.push(...own);
  return parts.length ? `#${parts.join("&")}` : "";
}

/** The fragment value of `state`, made from the block whose configHash is `base`. */
export function encodeState(state, base) {
  const list = (ids) => ids.map((id) => `${encodeURIComponent(id)}:${state.grades[id]}`).join(",");
  return [base, state.k, GAIN_CODES[state.gain], state.threshold, list(state.ranking), list(state.unretrieved)].join(
    ";",
  );
}

/**
 * Read a fragment value back.
 * @param {string} value  what encodeState wrote
 * @param {string} base  the block's configHash now
 * @param {{maxItems: number, maxGrade: number}} limits
 * @returns {{state: object} | {problem: "malformed" | "stale"}}
 */
export function decodeState(value, base, { maxItems, maxGrade }) {
  const fields = value.split(";");
  if (fields.length !== 6) return { problem: "malformed" };
  const [hash, k, gainCode, threshold, ranked, rest] = fields;
  if (hash !== base) return { problem: "stale" };
  const gain = GAINS.find((name) => GAIN_CODES[name] === gainCode);
  const grades = {};
  const readList = (text) => {
    if (text === "") return [];
    return text.split(",").map((pair) => {
      const [id, grade, extra] = pair.split(":");
      const decoded = safeDecode(id);
      if (extra !== undefined || decoded === null || decoded === "" || !isInt(grade)) throw new Error(pair);
      if (decoded in grades || Number(grade) > maxGrade) throw new Error(pair);
      grades[decoded] = Number(grade);
      return decoded;
    });
  };
  let ranking;
  let unretrieved;
  try {
    ranking = readList(ranked);
    unretrieved = readList(rest);
  } catch {
    return { problem: "malformed" };
  }
  const valid =
    gain &&
    isInt(k) &&
    Number(k) >= 1 &&
    Number(k) <= maxItems &&
    isInt(threshold) &&
    Number(threshold) >= 1 &&
    Number(threshold) <= Math.max(1, maxGrade) &&
    ranking.length <= maxItems;
  if (!valid) return { problem: "malformed" };
  return { state: { ranking, unretrieved, grades, k: Number(k), gain, threshold: Number(threshold) } };
}

const isInt = (text) => /^\d+$/.test(text ?? "");

function safeDecode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
