// The evaluate page's exports: the means and the per-query values as CSV, the means as Markdown
// and as LaTeX, with significance marks. Pure functions of the worker's result (evaluate.py).
import { measureLabel, rounded } from "./measures.js";

export const SIGNIFICANCE_LEVEL = 0.05;
export const MARK = "†";

/** The footnote that explains MARK, for `result` (its numbers of permutations and comparisons). */
export function markNote(result) {
  return (
    `${MARK}: the difference from the baseline (${result.baseline}) is significant, ` +
    `paired randomization test (${result.permutations} permutations, seed ${result.seed}), ` +
    `p < ${SIGNIFICANCE_LEVEL} after Holm's correction over ${result.holmComparisons} comparisons.`
  );
}

/** Whether run `name`'s measure `key` differs from the baseline's, significantly after Holm. */
export function significant(result, name, key) {
  const row = result.comparisons.find((comparison) => comparison.run === name)?.rows[key];
  return Boolean(row) && Number(row.pRandomizationHolm) < SIGNIFICANCE_LEVEL;
}

/** Whether any run's mean carries MARK: the footnote that explains it comes only then. */
export function anyMarked(result) {
  return result.runs.some((run) => run.measures.some((key) => significant(result, run.name, key)));
}

// A value's significant digits in the CSV files: a mean's float sum leaves noise in its last
// digits (0.052000000000000005); 12 digits drop the noise and keep far more than any table shows.
export const CSV_DIGITS = 12;

/** A value (Python's repr as text) as a clean decimal for a CSV file: "0.052000000000000005" ->
 *  "0.052", a whole number as Python writes a float ("1.0"); what is not a finite number ("nan")
 *  stays as it is. */
export function csvNumber(text) {
  const value = Number(text);
  if (!Number.isFinite(value)) return String(text);
  const clean = String(Number(value.toPrecision(CSV_DIGITS)));
  return /^-?\d+$/.test(clean) ? `${clean}.0` : clean;
}

const csvField = (text) => (/[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
const csvLine = (fields) => fields.map((field) => csvField(String(field))).join(",");
// A spreadsheet takes a cell that starts like a formula (=, +, -, @, a tab or a return) for one
// (OWASP, "CSV Injection"): a run or query name that does, and is not a number, gets a leading
// apostrophe, which spreadsheets show as text. Numbers and the values are written as they are.
const FORMULA_START = /^[=+\-@\t\r]/;
export const csvName = (text) => (FORMULA_START.test(text) && !Number.isFinite(Number(text)) ? `'${text}` : text);

// Results downloaded after the form changed (the page marks them out of date) say so in a comment
// line first: it stays with the numbers wherever the file is pasted, and leaves the table whole.
export const STALE_NOTE =
  "Out of date: the files, names or options on the evaluate page changed after these results; press Evaluate to update them.";
const staleLines = (stale, comment) => (stale ? [comment(STALE_NOTE)] : []);
const hashComment = (text) => `# ${text}`;

/** The means as CSV: a row per run, a column per measure (csvNumber), and `significant_*`
 *  columns (1 when MARK applies); with `stale`, a first "#" line says the results are out of date. */
export function meansCSV(result, { stale = false } = {}) {
  const measures = result.runs[0]?.measures ?? [];
  const lines = [
    ...staleLines(stale, hashComment),
    csvLine(["run", ...measures, ...measures.map((key) => `significant_${key}`)]),
  ];
  for (const run of result.runs) {
    lines.push(
      csvLine([
        csvName(run.name),
        ...measures.map((key) => csvNumber(run.means[key])),
        ...measures.map((key) => (significant(result, run.name, key) ? 1 : 0)),
      ]),
    );
  }
  return `${lines.join("\n")}\n`;
}

/** The per-query values as CSV, long format: run, query, measure, value (csvNumber); `stale` as
 *  meansCSV's. */
export function perQueryCSV(result, { stale = false } = {}) {
  const lines = [...staleLines(stale, hashComment), csvLine(["run", "query", "measure", "value"])];
  for (const run of result.runs) {
    for (const key of run.measures) {
      const values = run.perQuery[key];
      run.queries.forEach((query, position) => {
        lines.push(csvLine([csvName(run.name), csvName(query), key, csvNumber(values[position])]));
      });
    }
  }
  return `${lines.join("\n")}\n`;
}

function meansGrid(result, escapeText) {
  const measures = result.runs[0]?.measures ?? [];
  const header = ["Run", ...measures.map(measureLabel)].map(escapeText);
  const rows = result.runs.map((run) => [
    escapeText(run.name),
    ...measures.map((key) => `${rounded(run.means[key])}${significant(result, run.name, key) ? MARK : ""}`),
  ]);
  return { header, rows, measures };
}

// In a Markdown cell, `|` ends the cell and `<`, `>` start HTML (a run named `<img ...>` would be
// an image): each is written as text, and `&` too, so that a name holding "&lt;" stays as it is.
const MARKDOWN_TEXT = { "&": "&amp;", "<": "&lt;", ">": "&gt;", "|": "\\|" };
export const markdownEscape = (text) => String(text).replace(/[&<>|]/g, (c) => MARKDOWN_TEXT[c]);

/** The means as a Markdown table (four decimals), with the footnote line under it when a mean
 *  is marked; with `stale`, an HTML comment first says the results are out of date. */
export function meansMarkdown(result, { stale = false } = {}) {
  const { header, rows } = meansGrid(result, markdownEscape);
  const line = (cells) => `| ${cells.join(" | ")} |`;
  const note = anyMarked(result) ? ["", markdownEscape(markNote(result))] : [];
  const first = staleLines(stale, (text) => `<!-- ${text} -->\n`);
  return [...first, line(header), line(header.map(() => "---")), ...rows.map(line), ...note, ""].join("\n");
}

// LaTeX's special characters in text. `~` and `^` escaped with a backslash are accents, and `<`,
// `>`, `|` print as other glyphs in LaTeX's default (OT1) font encoding: each gets its text command.
const LATEX_TEXT_COMMANDS = {
  "\\": "\\textbackslash{}",
  "~": "\\textasciitilde{}",
  "^": "\\textasciicircum{}",
  "<": "\\textless{}",
  ">": "\\textgreater{}",
  "|": "\\textbar{}",
};
const latexEscape = (text) => String(text).replace(/[\\&%$#_{}~^<>|]/g, (c) => LATEX_TEXT_COMMANDS[c] ?? `\\${c}`);

/** The means as a LaTeX tabular (booktabs, which its first line says the document needs), with
 *  the footnote as a \\dag note under it when a mean is marked; with `stale`, a first "%" line
 *  says the results are out of date. */
export function meansLaTeX(result, { stale = false } = {}) {
  const { header, rows } = meansGrid(result, latexEscape);
  const body = rows.map((cells) => `${cells.join(" & ").replaceAll(MARK, "$^\\dagger$")} \\\\`);
  const note = anyMarked(result)
    ? [
        "",
        `% ${markNote(result).replace(MARK, "\\dag")}`,
        `\\par\\noindent$^\\dagger$ ${latexEscape(markNote(result).slice(MARK.length + 2))}`,
      ]
    : [];
  return [
    ...staleLines(stale, (text) => `% ${text}`),
    "% needs \\usepackage{booktabs} (for \\toprule, \\midrule, \\bottomrule)",
    `\\begin{tabular}{l${"r".repeat(header.length - 1)}}`,
    "\\toprule",
    `${header.join(" & ")} \\\\`,
    "\\midrule",
    ...body,
    "\\bottomrule",
    "\\end{tabular}",
    ...note,
    "",
  ].join("\n");
}
