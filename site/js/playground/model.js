// The rank playground's state and every change a learner can make to it, as pure functions:
// each takes a state and returns a new one (the view and the fragment never change one in place).
//
// A state: {ranking: [ids in rank order], unretrieved: [ids judged but not retrieved],
// grades: {id: int, for every item of both lists}, k, gain: "exponential"|"linear", threshold}.

export const GAINS = ["exponential", "linear"];
const DEFAULT_MAX_ITEMS = 30; // a list holds up to 30 items
const DEFAULT_MAX_GRADE = 3; // grades run 0–3 unless the block says otherwise

/** The limits a block's config sets: {maxItems, maxGrade}. */
export function limitsOf(config) {
  return {
    maxItems: Number.isInteger(config.max_items) ? config.max_items : DEFAULT_MAX_ITEMS,
    maxGrade: Number.isInteger(config.max_grade) ? config.max_grade : DEFAULT_MAX_GRADE,
  };
}

const entry = (item) => (typeof item === "string" ? { id: item, grade: 0 } : item);

/**
 * The block's own list (the config the build writes for a playground block: {items: [{id, grade}], unretrieved: [{id, grade}]
 * or [id], k, gain, threshold, max_grade, max_items}).
 * @returns {object} a state
 */
export function initialState(config) {
  const items = (config.items ?? []).map(entry);
  const unretrieved = (config.unretrieved ?? []).map(entry);
  const grades = {};
  for (const { id, grade } of [...items, ...unretrieved]) grades[id] = grade ?? 0;
  return {
    ranking: items.map(({ id }) => id),
    unretrieved: unretrieved.map(({ id }) => id),
    grades,
    k: config.k ?? Math.max(1, items.length),
    gain: GAINS.includes(config.gain) ? config.gain : GAINS[0],
    threshold: config.threshold ?? 1,
  };
}

/** What Python's readouts take (rankmetrics.pages.playground.readouts): {ranking, grades of every judged item, k, gain,
 *  threshold, max_grade (the top of this playground's grade scale, ERR's g_max)}. */
export function toPython(state, limits) {
  const { ranking, grades, k, gain, threshold } = state;
  return { ranking: [...ranking], grades: { ...grades }, k, gain, threshold, max_grade: limits.maxGrade };
}

/** Move item `id` of the ranked list to position `index` (0-based, clamped to the list). */
export function moveTo(state, id, index) {
  const from = state.ranking.indexOf(id);
  if (from < 0) return state;
  const to = Math.max(0, Math.min(state.ranking.length - 1, index));
  if (to === from) return state;
  const ranking = state.ranking.filter((other) => other !== id);
  ranking.splice(to, 0, id);
  return { ...state, ranking };
}

/** Move item `id` by `delta` ranks (-1: up, one rank better). */
export const moveBy = (state, id, delta) => moveTo(state, id, state.ranking.indexOf(id) + delta);

/** Set an item's grade (an integer from 0 to maxGrade). */
export function setGrade(state, id, grade, { maxGrade }) {
  if (!(id in state.grades)) return state;
  const clamped = clampInt(grade, 0, maxGrade, state.grades[id]);
  return { ...state, grades: { ...state.grades, [id]: clamped } };
}

/** Set k (an integer from 1 to maxItems; a blank or a non-number leaves it). Returns `state`
 *  itself when k stays as it was. */
export function setK(state, k, { maxItems }) {
  const next = clampInt(k, 1, maxItems, state.k);
  return next === state.k ? state : { ...state, k: next };
}

/** Set the gain ("exponential" or "linear"; anything else leaves it). */
export const setGain = (state, gain) => (GAINS.includes(gain) ? { ...state, gain } : state);

/** Set the relevance threshold (an integer from 1 to maxGrade; a blank or a non-number leaves
 *  it). Returns `state` itself when it stays as it was. */
export function setThreshold(state, threshold, { maxGrade }) {
  const next = clampInt(threshold, 1, Math.max(1, maxGrade), state.threshold);
  return next === state.threshold ? state : { ...state, threshold: next };
}

/** Move a judged item the list did not retrieve to the end of the ranked list (when there is room). */
export function retrieve(state, id, { maxItems }) {
  if (!state.unretrieved.includes(id) || state.ranking.length >= maxItems) return state;
  return { ...state, ranking: [...state.ranking, id], unretrieved: state.unretrieved.filter((other) => other !== id) };
}

/** Take an item out of the ranked list; it stays judged, in the "Not retrieved" list. */
export function drop(state, id) {
  if (!state.ranking.includes(id)) return state;
  return { ...state, ranking: state.ranking.filter((other) => other !== id), unretrieved: [...state.unretrieved, id] };
}

/** Add a new item (grade 0) at the end of the ranked list, when there is room; its id is
 *  newItemId's. */
export function addItem(state, { maxItems }) {
  if (state.ranking.length >= maxItems) return state;
  const id = newItemId(state);
  return { ...state, ranking: [...state.ranking, id], grades: { ...state.grades, [id]: 0 } };
}

/** The id a new item gets: the first single letter a–z no item has, then "item N". */
export function newItemId(state) {
  const used = new Set(Object.keys(state.grades));
  for (let code = 97; code <= 122; code++) {
    const letter = String.fromCharCode(code);
    if (!used.has(letter)) return letter;
  }
  let n = used.size + 1;
  while (used.has(`item ${n}`)) n++;
  return `item ${n}`;
}

/** Remove an item from the playground altogether (from either list, and its judgment). */
export function removeItem(state, id) {
  if (!(id in state.grades)) return state;
  const { [id]: _removed, ...grades } = state.grades;
  return {
    ...state,
    ranking: state.ranking.filter((other) => other !== id),
    unretrieved: state.unretrieved.filter((other) => other !== id),
    grades,
  };
}

/** Whether two states are the same playground state. */
export function sameState(a, b) {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical({ ranking, unretrieved, grades, k, gain, threshold }) {
  const sorted = Object.keys(grades)
    .sort()
    .map((id) => [id, grades[id]]);
  return { ranking, unretrieved, grades: sorted, k, gain, threshold };
}

function clampInt(value, low, high, fallback) {
  if (typeof value === "string" && value.trim() === "") return fallback; // Number("") is 0
  const number = Number(value);
  if (!Number.isFinite(number)) return fallback;
  return Math.max(low, Math.min(high, Math.round(number)));
}

/** The ideal ordering as rankmetrics.pages.playground gives it (every judged item with grade > 0, best
 *  grade first; ties keep rank order, then the unretrieved items in their order), drawn at once
 *  so the ideal list has its size before Python answers. Python's own replaces it. */
export function idealOrder(state) {
  const order = [...state.ranking, ...Object.keys(state.grades).filter((id) => !state.ranking.includes(id))];
  return order.filter((id) => state.grades[id] > 0).sort((a, b) => state.grades[b] - state.grades[a]);
}
