// A run's per-query values as the worker sends them (worker/evaluate.py `_result`): run.queries,
// its scored queries in the judgments' order, and run.perQuery[key], the values (Python's repr as
// text) at the same positions. Arrays rather than objects keyed by query, so that a result with
// thousands of queries crosses from the worker and is drawn without holding the main thread.

const indexes = new WeakMap(); // run -> Map(query -> position), made on first use

/** Map query -> its position in run.queries (made once per run). */
export function queryIndex(run) {
  let index = indexes.get(run);
  if (!index) {
    index = new Map(run.queries.map((query, position) => [query, position]));
    indexes.set(run, index);
  }
  return index;
}

/** The value of measure `key` for `query` in `run` (repr text), or undefined if not scored. */
export function queryValue(run, key, query) {
  const position = queryIndex(run).get(query);
  return position === undefined ? undefined : run.perQuery[key]?.[position];
}

/** Every query of the runs, each once, in the order the runs first name them. */
export function allQueries(runs) {
  if (runs.length === 1) return runs[0].queries;
  return [...new Set(runs.flatMap((run) => run.queries))];
}
