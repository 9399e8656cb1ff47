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

const csvField = (text) => (/[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
const csvLine = (fields) => fields.map((field) => csvField(String(field))).join(",");
// A spreadsheet takes a cell that starts like a formula (=, +, -, @, a tab or a return) for one
// (OWASP, "CSV Injection"): a run or query name that does, and is not a number, gets a leading
// apostrophe, which spreadsheets show as text. Numbers and the values are written as they are.
const FORMULA_START = /^[=+\-@\t\r]/;
export const csvName = (text) => (FORMULA_START.test(text) && !Number.isFinite(Number(text)) ? `'${text}` : text);

/** The means as CSV: a row per run, a column per measure (full precision), and `significant_*`
 *  columns (1 when MARK applies). */
export function meansCSV(result) {
  const measures = result.runs[0]?.measures ?? [];
  const lines = [csvLine(["run", ...measures, ...measures.map((key) => `significant_${key}`)])];
  for (const run of result.runs) {
    lines.push(
      csvLine([
        csvName(run.name),
        ...measures.map((key) => run.means[key]),
        ...measures.map((key) => (significant(result, run.name, key) ? 1 : 0)),
      ]),
    );
  }
  return `${lines.join("\n")}\n`;
}

/** The per-query values as CSV, long format: run, query, measure, value. */
export function perQueryCSV(result) {
  const lines = [csvLine(["run", "query", "measure", "value"])];
  for (const run of result.runs) {
    for (const key of run.measures) {
      const values = run.perQuery[key];
      run.queries.forEach((query, position) => {
        lines.push(csvLine([csvName(run.name), csvName(query), key, values[position]]));
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

/** The means as a Markdown table (four decimals), with the footnote line under it. */
export function meansMarkdown(result) {
  const escapeCell = (text) => String(text).replaceAll("|", "\\|");
  const { header, rows } = meansGrid(result, escapeCell);
  const line = (cells) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line), "", markNote(result), ""].join("\n");
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

/** The means as a LaTeX tabular (booktabs), with the footnote as a \\dag note under it. */
export function meansLaTeX(result) {
  const { header, rows } = meansGrid(result, latexEscape);
  const body = rows.map((cells) => `${cells.join(" & ").replaceAll(MARK, "$^\\dagger$")} \\\\`);
  return [
    `\\begin{tabular}{l${"r".repeat(header.length - 1)}}`,
    "\\toprule",
    `${header.join(" & ")} \\\\`,
    "\\midrule",
    ...body,
    "\\bottomrule",
    "\\end{tabular}",
    "",
    `% ${markNote(result).replace(MARK, "\\dag")}`,
    `\\par\\noindent$^\\dagger$ ${latexEscape(markNote(result).slice(MARK.length + 2))}`,
    "",
  ].join("\n");
}
