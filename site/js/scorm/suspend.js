// The learner's saved work in a lesson (storage.js's values: quiz answers, exercise verdicts,
// committed predictions, edited code) as one cmi.suspend_data text, within the LMS's limit.
// Answers, verdicts and predictions go first; then each edited cell that still fits. The text is JSON: {"saved": {"kind:id": value}, "left": cells left out}.

const CELL = "cell:"; // storage.js keys of edited code start so

/** Pack `saved` ({"kind:id": JSON text}, storage.js's savedLesson) into at most `limit`
 *  characters; returns {text, left: how many edited cells did not fit (answers that do not fit
 *  count too)}. */
export function pack(saved, limit) {
  const entries = Object.entries(saved).flatMap(([key, text]) => {
    try {
      return [[key, JSON.parse(text)]];
    } catch {
      return []; // not a value storage.js wrote
    }
  });
  const first = entries.filter(([key]) => !key.startsWith(CELL));
  const cells = entries.filter(([key]) => key.startsWith(CELL));
  const kept = {};
  let left = 0;
  const render = () => JSON.stringify({ saved: kept, left });
  for (const [key, value] of [...first, ...cells]) {
    kept[key] = value;
    if (render().length > limit) {
      delete kept[key];
      left += 1;
    }
  }
  // `left` grew after some entries were measured: a digit more may not fit
  while (render().length > limit && Object.keys(kept).length > 0) {
    delete kept[Object.keys(kept).at(-1)];
    left += 1;
  }
  return { text: render(), left };
}

/** The {saved: {"kind:id": JSON text}, left} in a suspend_data `text` of `pack`, or null. */
export function unpack(text) {
  try {
    const { saved, left } = JSON.parse(text);
    if (typeof saved !== "object" || saved === null) return null;
    const texts = Object.fromEntries(Object.entries(saved).map(([key, value]) => [key, JSON.stringify(value)]));
    return { saved: texts, left: Number.isInteger(left) ? left : 0 };
  } catch {
    return null; // empty (a first launch) or written by something else
  }
}
