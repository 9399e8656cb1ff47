// Counts in words, as the page writes them: "1 query", "2 queries", "1 run".

/**
 * @param {number} count
 * @param {string} one   the word for one ("query")
 * @param {string} [many]  the word for any other count (default: `one` + "s")
 * @returns {string}  "1 query", "0 queries", "2 runs"
 */
export function counted(count, one, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`;
}
