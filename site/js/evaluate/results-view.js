// The evaluate page's results (UI contract, "Evaluate your own run"): the files' formats and
// problems, the means, the counts, the comparison with the baseline and the per-query table,
// drawn from the worker's result (worker/evaluate.py). Numbers keep Python's repr in data-value.
import { el } from "../playground/dom.js";
import { differenceChart, distributionChart, MIN_WIDTH, WIDTH } from "./charts.js";
import { anyMarked, MARK, markNote, significant } from "./export.js";
import { measureLabel, pValue, rounded, splitKey } from "./measures.js";
import { allQueries, queryValue } from "./per-query.js";
import { nameParts } from "./names.js";
import { counted } from "./words.js";

// Per-query rows drawn at a time ("Show more" draws the next ones): few enough that making and
// laying them out stays a short task.
export const ROWS_SHOWN = 100;
// On paper each run's per-query values make a table of their own, of this many measures at most,
// so that it fits a landscape sheet at the size of the other printed tables.
const PAPER_COLUMNS = 14;
const COUNTS = ["scored", "skipped", "missing", "ignored"];

const keyAttributes = (run, key) => {
  const { metric, k } = splitKey(key);
  return { "data-run": run, "data-metric": metric, "data-k": k };
};

/** A table with a caption, its head row and its body rows, in a scrolling box of its own. */
function table(caption, head, rows, attributes = {}) {
  const element = el(
    "table",
    attributes,
    el("caption", { text: caption }),
    el("thead", {}, el("tr", {}, ...head)),
    el("tbody", {}, ...rows),
  );
  return el("div", { class: "evaluate-table", role: "region", "aria-label": caption, tabindex: "0" }, element);
}

const th = (text, attributes = {}) => el("th", { scope: "col", text, ...attributes });
// "p, t-test" and its Holm column: a header wraps between words, never at t-test's hyphen.
const pTTestHead = (after) =>
  el("th", { scope: "col" }, "p, ", el("span", { class: "evaluate-word", text: "t-test" }), after);

/** One list entry for a kind of problem in one file: its count, the first lines, and what to do. */
function problemItem(file, group) {
  const [line = 0] = group.lines;
  const where =
    group.count === 1
      ? `${file}${line ? `, line ${line}` : ""}`
      : `${file}: ${counted(group.count, "line")} with this problem, e.g. ${group.lines.length === 1 ? "line" : "lines"} ${group.lines.join(", ")}. Line ${line}`;
  return el("li", {
    "data-file": file,
    "data-line": String(line),
    "data-lines": group.lines.join(" "),
    "data-count": String(group.count),
    "data-kind": group.kind,
    text: `${where}: ${group.message}`,
  });
}

/**
 * The files: one line each with its detected format and lines, its notes, and the problems found
 * in them, one entry per kind and file. A file that could not be read (nothingRead) comes first,
 * and the list is then open; otherwise it is folded.
 * @param {Record<string, object>} files  file name -> summary (evaluate.py finish_qrels/finish_run)
 */
export function drawFiles(files) {
  const list = el("ul", { class: "evaluate-file-list", "data-eval-files": true });
  const notes = [];
  const problems = el("ol", { class: "evaluate-problems", "data-eval-problems": true });
  const kinds = new Set();
  let total = 0;
  const entries = Object.entries(files);
  const unread = entries.filter(([, summary]) => summary.nothingRead);
  for (const [name, summary] of entries) {
    const role = summary.role === "qrels" ? "judgments" : `run "${summary.run}"`;
    const grouped = summary.role === "run" && summary.grouped === false ? ", not grouped by query" : "";
    const left = summary.role === "run" && summary.nothingRead ? " Not evaluated: nothing in it could be read." : "";
    list.append(
      el("li", {
        "data-eval-file": name,
        "data-format": summary.format,
        text: `${name} (${role}): ${summary.format ? `detected ${summary.format}` : "no format detected"}, ${counted(summary.lines, "line")}${grouped}.${left}`,
      }),
    );
    for (const note of summary.notes ?? [])
      notes.push(el("p", { class: "evaluate-hint", role: "note", "data-eval-note": name, text: `${name}: ${note}` }));
  }
  for (const [name, summary] of [...unread, ...entries.filter((entry) => !unread.includes(entry))]) {
    if (summary.noSharedQuery)
      problems.append(
        el("li", {
          "data-file": name,
          "data-line": "0",
          "data-count": "1",
          "data-kind": "no shared query",
          text: `${name}: shares no query with the judgments, so every judged query is missing from it. Check that both files use the same query ids.`,
        }),
      );
    for (const group of summary.problemGroups ?? []) {
      problems.append(problemItem(name, group));
      kinds.add(group.kind);
      total += group.count;
    }
  }
  // A run sharing no query with the judgments is listed, and counted, as one more problem.
  total += Object.values(files).filter((summary) => summary.noSharedQuery).length;
  const parts = [el("h3", { text: "Files" }), list, ...notes];
  if (problems.children.length > 0) {
    const fold = el(
      "details",
      { class: "evaluate-problems-fold", open: unread.length > 0 },
      el("summary", { text: `Show them by kind (${counted(problems.children.length, "entry", "entries")})` }),
      problems,
    );
    parts.push(el("h3", { text: `Problems (${total})` }), fold);
    const extra = kinds.has("extra columns")
      ? ", but for a run line with extra columns: it is scored, its columns after the sixth ignored, as trec_eval reads it"
      : "";
    parts.push(
      el("p", { class: "evaluate-hint", text: `A line with a problem is left out of the evaluation${extra}.` }),
    );
  }
  return parts;
}

/** The means: a row per measure, a column per run, judged@k among them. */
export function drawMeans(result) {
  const measures = result.runs[0]?.measures ?? [];
  const head = [
    th("Measure", { class: "evaluate-label" }),
    ...result.runs.map((run) => el("th", { scope: "col" }, ...wrappable(run.name))),
  ];
  const rows = measures.map((key) =>
    el(
      "tr",
      {},
      el("th", { scope: "row", text: measureLabel(key) }),
      ...result.runs.map((run) =>
        el("td", {
          ...keyAttributes(run.name, key),
          "data-value": run.means[key],
          text: `${rounded(run.means[key])}${significant(result, run.name, key) ? MARK : ""}`,
        }),
      ),
    ),
  );
  return [
    el("h3", { text: "Means" }),
    table("Mean over queries", head, rows, { "data-results": true }),
    ...(anyMarked(result) ? [el("p", { class: "evaluate-hint", text: markNote(result) })] : []),
  ];
}

/** The counts of queries scored, skipped, missing and ignored per run. */
export function drawCounts(result) {
  const head = [th("Run", { class: "evaluate-label" }), ...COUNTS.map((name) => th(name))];
  const rows = result.runs.map((run) =>
    el(
      "tr",
      {},
      el("th", { scope: "row" }, ...wrappable(run.name)),
      ...COUNTS.map((name) =>
        el("td", {
          "data-count": name,
          "data-run": run.name,
          "data-value": String(run.counts[name]),
          text: String(run.counts[name]),
        }),
      ),
    ),
  );
  return [
    table("Queries per run", head, rows, { "data-counts": true }),
    el("p", {
      class: "evaluate-hint",
      text:
        "Scored: in the mean. Skipped: no relevant document at the threshold. Missing: judged, " +
        "not in the run. Ignored: in the run, not judged.",
    }),
  ];
}

/** Each run against the baseline: a row per measure with the difference, its interval, the
 *  p-values (raw and Holm-adjusted) and wins/ties/losses. */
export function drawComparison(result) {
  if (result.comparisons.length === 0) return [];
  const head = [
    th("Run", { class: "evaluate-label" }),
    th("Measure", { class: "evaluate-label" }),
    th("Mean difference"),
    th(`${Math.round(result.confidence * 100)}% interval`),
    pTTestHead(""),
    pTTestHead(", Holm"),
    // A soft hyphen: on paper the column is narrower than the word.
    th("p, random\u00adization"),
    th("p, random\u00adization, Holm"),
    th("Wins / ties / losses"),
  ];
  const rows = result.comparisons.flatMap(({ run, rows: measures }) =>
    Object.entries(measures).map(([key, row]) =>
      el(
        "tr",
        {
          ...keyAttributes(run, key),
          "data-delta": row.delta,
          "data-p-t": row.pT,
          "data-p-t-holm": row.pTHolm,
          "data-p-randomization": row.pRandomization,
          "data-p-randomization-holm": row.pRandomizationHolm,
          "data-ci-low": row.ciLow,
          "data-ci-high": row.ciHigh,
          "data-wins": String(row.wins),
          "data-ties": String(row.ties),
          "data-losses": String(row.losses),
        },
        el("th", { scope: "row" }, ...wrappable(run)),
        el("td", { class: "evaluate-label", text: measureLabel(key) }),
        el("td", { text: rounded(row.delta) }),
        el("td", { class: "evaluate-interval", text: `[${rounded(row.ciLow)}, ${rounded(row.ciHigh)}]` }),
        el("td", { text: pValue(row.pT) }),
        el("td", { text: pValue(row.pTHolm) }),
        el("td", { text: pValue(row.pRandomization) }),
        el("td", {
          text: `${pValue(row.pRandomizationHolm)}${Number(row.pRandomizationHolm) < 0.05 ? ` ${MARK}` : ""}`,
        }),
        el("td", { text: `${row.wins} / ${row.ties} / ${row.losses}` }),
      ),
    ),
  );
  const box = table("Each run against the baseline", head, rows, { "data-comparison": true });
  stickSecondColumn(box.firstElementChild, head[0]);
  return [
    el("h3", { text: `Against the baseline, ${result.baseline}` }),
    el("p", {
      "data-eval-method": true,
      text:
        `Differences are run − baseline, paired by query. Two-sided paired t-test; two-sided paired ` +
        `randomization test with ${result.permutations} permutations (seed ${result.seed}); percentile ` +
        `bootstrap interval from ${result.resamples} resamples (seed ${result.seed}). Holm's correction ` +
        `over ${counted(result.holmComparisons, "comparison")} (every run, measure and cut-off on this page), for each test.`,
    }),
    box,
  ];
}

/** A run's name as nodes, with a line break allowed where nameParts cuts it (<wbr>), so a narrow
 *  column wraps it there, not inside a word. */
function wrappable(name) {
  return nameParts(name).flatMap((part, index) => (index === 0 ? [part] : [el("wbr"), part]));
}

/** The second of two sticky label columns starts where the first ends: `table`'s --label-left
 *  follows the width of `first` (its first column's header) as the table is laid out. */
function stickSecondColumn(table, first) {
  if (typeof ResizeObserver !== "function") return;
  new ResizeObserver(() => table.style.setProperty("--label-left", `${first.offsetWidth}px`)).observe(first);
}

/** `items` in pieces of `size` at most, in order. */
function pieces(items, size) {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );
}

/** The per-query values of one run's measures `keys` as paper has them: a table with the run's
 *  name above its measures in its head (repeated on each page), and its body, to fill. */
function paperTable(run, keys) {
  const body = el("tbody");
  const head = el(
    "thead",
    {},
    el(
      "tr",
      { class: "evaluate-run-row" },
      el("td"),
      el("th", { scope: "colgroup", colspan: String(keys.length), text: run.name }),
    ),
    el("tr", {}, th("Query"), ...keys.map((key) => th(measureLabel(key)))),
  );
  const box = el(
    "div",
    { class: "evaluate-paper-table" },
    el("table", { "data-paper-per-query": run.name }, el("caption", { text: "Each query's values" }), head, body),
  );
  return { run, keys, box, body };
}

/**
 * The per-query table, sortable by its column headers and filtered by a text box. Paper gets the
 * rows shown, in the same order, as a table per run (PAPER_COLUMNS measures at most each).
 * @param {object} result
 * @param {{onQuery?: (query: string) => void}} options  onQuery: a query's button was pressed
 */
export function drawPerQuery(result, { onQuery = null } = {}) {
  const columns = result.runs.flatMap((run) => run.measures.map((key) => ({ run, key })));
  const queries = allQueries(result.runs);
  const filter = el("input", { type: "search", id: "eval-filter", "data-eval-filter": true });
  // Rows are made when first shown, ROWS_SHOWN at a time: thousands of queries would otherwise
  // hold the main thread for the whole table.
  const rowOf = new Map();
  const row = (query) => {
    if (rowOf.has(query)) return rowOf.get(query);
    const label = onQuery
      ? el("button", {
          type: "button",
          class: "evaluate-query",
          "aria-label": `Open query ${query} in the rank playground`,
          text: query,
        })
      : query;
    if (onQuery) label.addEventListener("click", () => onQuery(query));
    const element = el(
      "tr",
      { "data-query": query },
      el("th", { scope: "row" }, label),
      ...columns.map(({ run, key }) => {
        const value = queryValue(run, key, query);
        return el("td", {
          ...keyAttributes(run.name, key),
          "data-value": value ?? "",
          text: value === undefined ? "" : rounded(value),
        });
      }),
    );
    rowOf.set(query, element);
    return element;
  };
  const body = el("tbody");
  const paper = result.runs.flatMap((run) => pieces(run.measures, PAPER_COLUMNS).map((keys) => paperTable(run, keys)));
  const paperRowsOf = new Map(); // query -> its row in each paper table
  const paperRows = (query) => {
    if (!paperRowsOf.has(query))
      paperRowsOf.set(
        query,
        paper.map(({ run, keys }) =>
          el(
            "tr",
            {},
            el("th", { scope: "row", text: query }),
            ...keys.map((key) => {
              const value = queryValue(run, key, query);
              return el("td", { text: value === undefined ? "" : rounded(value) });
            }),
          ),
        ),
      );
    return paperRowsOf.get(query);
  };
  let ordered = queries; // sorted as asked
  let limit = ROWS_SHOWN;
  const more = el("button", { type: "button", "data-eval-more": true });
  const shownCount = el("span", { "aria-live": "polite" });
  const draw = () => {
    const text = filter.value.trim().toLowerCase();
    const matching = text ? ordered.filter((query) => query.toLowerCase().includes(text)) : ordered;
    const drawn = matching.slice(0, limit);
    body.replaceChildren(...drawn.map(row));
    for (const [index, table] of paper.entries())
      table.body.replaceChildren(...drawn.map((query) => paperRows(query)[index]));
    const shown = Math.min(limit, matching.length);
    shownCount.textContent =
      matching.length === queries.length && shown === matching.length
        ? counted(queries.length, "query", "queries")
        : `${shown} shown of ${matching.length} matching, ${counted(queries.length, "query", "queries")}`;
    more.hidden = shown >= matching.length;
    more.textContent = `Show ${Math.min(ROWS_SHOWN, matching.length - shown)} more`;
  };
  more.addEventListener("click", () => {
    limit += ROWS_SHOWN;
    draw();
  });
  let order = { column: -1, descending: false }; // -1: the query id
  const headers = [];
  const byName = new Intl.Collator(undefined, { numeric: true }).compare;
  const sortBy = (column) => {
    order = { column, descending: order.column === column ? !order.descending : column >= 0 };
    const sign = order.descending ? -1 : 1;
    if (column < 0) ordered = [...queries].sort((a, b) => sign * byName(a, b));
    else {
      // Each query's number once, then positions sorted: no lookups inside the comparison.
      const { run, key } = columns[column];
      // A query without a value (left out of this run) goes last, whichever the direction.
      const numbers = queries.map((query) => Number(queryValue(run, key, query) ?? Number.NaN));
      const positions = queries.map((_, position) => position);
      positions.sort(
        (a, b) => Number.isNaN(numbers[a]) - Number.isNaN(numbers[b]) || sign * (numbers[a] - numbers[b]) || a - b,
      );
      ordered = positions.map((position) => queries[position]);
    }
    headers.forEach((header, index) => {
      if (index - 1 === column) header.setAttribute("aria-sort", order.descending ? "descending" : "ascending");
      else header.removeAttribute("aria-sort");
    });
    draw();
  };
  const headerButton = (column, ...label) => {
    const button = el("button", { type: "button", class: "evaluate-sort" }, ...label);
    button.addEventListener("click", () => sortBy(column));
    const header = el("th", { scope: "col" }, button);
    headers.push(header);
    return header;
  };
  // With several runs a column is named "run: measure".
  const several = result.runs.length > 1;
  const head = [
    headerButton(-1, "Query"),
    ...columns.map(({ run, key }, index) =>
      headerButton(index, ...(several ? [`${run.name}: `] : []), measureLabel(key)),
    ),
  ];
  const tableElement = el(
    "table",
    { "data-per-query": true },
    el("caption", { text: "Each query's values (sort by pressing a column's name)" }),
    el("thead", {}, el("tr", {}, ...head)),
    body,
  );
  filter.addEventListener("input", () => {
    limit = ROWS_SHOWN;
    draw();
  });
  draw();
  return [
    el("h3", { text: "Per query" }),
    el(
      "p",
      { class: "evaluate-filter" },
      el("label", { for: "eval-filter", text: "Filter queries" }),
      " ",
      filter,
      " ",
      shownCount,
    ),
    el(
      "div",
      {
        class: "evaluate-table evaluate-table-tall",
        role: "region",
        "aria-label": "Each query's values",
        tabindex: "0",
      },
      tableElement,
    ),
    ...paper.map((table) => table.box),
    more,
  ];
}

/** The charts of one measure, chosen with a select: its distribution over queries, and each other
 *  run's per-query difference from the baseline, sorted. */
export function drawCharts(result) {
  const measures = result.runs[0]?.measures ?? [];
  if (!measures.length) return [];
  const choice = el("select", { id: "eval-chart-measure", "data-eval-chart-measure": true });
  for (const key of measures) choice.append(el("option", { value: key, text: measureLabel(key) }));
  choice.value = measures.find((key) => key.startsWith("ndcg@")) ?? measures[0];
  const charts = el("div", { class: "evaluate-charts", "data-eval-charts": true });
  const baseline = result.runs.find((run) => run.name === result.baseline);
  let width = WIDTH; // CSS px: the box's, once it is laid out
  const draw = () => {
    const key = choice.value;
    charts.replaceChildren(
      distributionChart(result, key, width),
      ...result.runs
        .filter((run) => run !== baseline && baseline)
        .map((run) =>
          // Named in words above the drawing: with several runs, the charts differ only by it.
          el(
            "figure",
            { class: "evaluate-figure", "data-chart-run": run.name },
            el("figcaption", { text: `${run.name} \u2212 ${baseline.name}, ${measureLabel(key)} per query` }),
            differenceChart(run, baseline, key, width),
          ),
        ),
    );
  };
  choice.addEventListener("change", draw);
  draw();
  // Drawn again at the box's width (before it is painted, and when the window changes), so the
  // charts' text keeps its CSS size.
  if (typeof ResizeObserver === "function")
    new ResizeObserver(([entry]) => {
      const next = Math.max(MIN_WIDTH, Math.floor(entry.contentRect.width));
      if (next === width) return;
      width = next;
      draw();
    }).observe(charts);
  return [
    el("h3", { text: "Charts" }),
    el("p", {}, el("label", { for: "eval-chart-measure", text: "Measure" }), " ", choice),
    charts,
  ];
}
