// A playground's config on another site's page (embed.js), read from the element's attributes
// and content instead of the build's JSON (README.md, "Embedding a lesson in your documentation"):
//
//   <div data-playground="my-list" data-title="My list" data-k="3" data-gain="linear"
//        data-threshold="1" data-max-grade="3">
//     <ol><li data-grade="3">d1</li><li>d2</li></ol>      ranked, best first (grade 0 if none)
//     <ul><li data-grade="2">d9</li></ul>                judged, not retrieved (optional)
//   </div>
import { limitsOf } from "./model.js";

/**
 * A playground block's config from what the host page wrote. Pure.
 * @param {Record<string, string|undefined>} data  the element's dataset (playground, title, k,
 *   gain, threshold, maxGrade, readouts: names separated by spaces or commas)
 * @param {Array<{id: string, grade?: string}>} ranked  the <ol>'s items
 * @param {Array<{id: string, grade?: string}>} unretrieved  the <ul>'s items
 * @param {number} index  the playground's place on the page (names one without an id)
 * @returns {object} {id, title, items, unretrieved, k, gain, threshold, max_grade, readouts, max_items,
 *   notice: a line for people when an item id was written twice (else null)}
 */
export function configFromElement(data, ranked, unretrieved, index) {
  const number = (text, fallback) => (/^\d+$/.test(text?.trim() ?? "") ? Number(text) : fallback);
  const maxGrade = number(data.maxGrade, limitsOf({}).maxGrade);
  const entry = ({ id, grade }) => ({ id: id.trim(), grade: Math.min(maxGrade, number(grade, 0)) });
  // An id written twice keeps its first place only (Python would refuse the list), and the
  // playground says so in a line (`notice`).
  const seen = new Set();
  const twice = [];
  const once = (list) =>
    list
      .map(entry)
      .filter(({ id }) => id)
      .filter(({ id }) => {
        if (!seen.has(id)) return seen.add(id);
        if (!twice.includes(id)) twice.push(id);
        return false;
      });
  const items = once(ranked);
  const notRetrieved = once(unretrieved);
  const readouts = (data.readouts ?? "").split(/[\s,]+/).filter(Boolean);
  return {
    id: data.playground || `playground-${index + 1}`,
    title: data.title || `list ${index + 1}`,
    items,
    unretrieved: notRetrieved,
    k: number(data.k, Math.max(1, items.length)),
    gain: data.gain === "linear" ? "linear" : "exponential",
    threshold: number(data.threshold, 1),
    max_grade: maxGrade,
    readouts,
    max_items: limitsOf({}).maxItems,
    notice: twice.length ? duplicateNotice(twice) : null,
  };
}

/** The line saying which ids were written more than once (each kept at its first place). */
export function duplicateNotice(ids) {
  const names = ids.map((id) => `'${id}'`).join(", ");
  return `This list names ${names} more than once: each item is kept at its first place only. Give every item its own id.`;
}
