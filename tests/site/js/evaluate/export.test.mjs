// site/js/evaluate/export.js: the means and per-query values as CSV, Markdown and LaTeX, with
import "../build-constants.mjs";
// the significance mark where the Holm-adjusted randomization p-value is below 0.05.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  MARK,
  STALE_NOTE,
  csvName,
  csvNumber,
  meansCSV,
  meansLaTeX,
  meansMarkdown,
  perQueryCSV,
} from "../../../../site/js/evaluate/export.js";

const RESULT = {
  baseline: "A",
  permutations: 10000,
  resamples: 10000,
  seed: 0,
  confidence: 0.95,
  holmComparisons: 2,
  runs: [
    {
      name: "A",
      measures: ["ndcg@10", "judged@10"],
      means: { "ndcg@10": "0.5", "judged@10": "1.0" },
      queries: ["q1"],
      perQuery: { "ndcg@10": ["0.5"], "judged@10": ["1.0"] },
    },
    {
      name: "B|x",
      measures: ["ndcg@10", "judged@10"],
      means: { "ndcg@10": "0.75", "judged@10": "0.9" },
      queries: ["q1"],
      perQuery: { "ndcg@10": ["0.75"], "judged@10": ["0.9"] },
    },
  ],
  comparisons: [{ run: "B|x", queries: 1, rows: { "ndcg@10": { pRandomizationHolm: "0.01" } } }],
};

test("the means CSV writes clean decimals and flags the significant differences", () => {
  assert.equal(
    meansCSV(RESULT),
    "run,ndcg@10,judged@10,significant_ndcg@10,significant_judged@10\nA,0.5,1.0,0,0\nB|x,0.75,0.9,1,0\n",
  );
});

test("the per-query CSV has a line per run, query and measure", () => {
  assert.equal(perQueryCSV(RESULT).split("\n")[0], "run,query,measure,value");
  assert.ok(perQueryCSV(RESULT).includes("B|x,q1,ndcg@10,0.75"));
});

test("a name a spreadsheet would take for a formula is written as text; numbers and plain names as they are", () => {
  for (const name of ["=SUM(A1)", "+cmd", "-x", "@run", "\tx"]) assert.equal(csvName(name), `'${name}`);
  for (const name of ["bm25", "-1", "+2.5", "q=1"]) assert.equal(csvName(name), name);
  const risky = structuredClone(RESULT);
  risky.runs[1].name = "=HYPERLINK(1)";
  risky.runs[1].queries = ["@q1"];
  risky.comparisons[0].run = "=HYPERLINK(1)";
  assert.ok(meansCSV(risky).includes(`\n'=HYPERLINK(1),0.75,`));
  assert.ok(perQueryCSV(risky).includes(`\n'=HYPERLINK(1),'@q1,ndcg@10,0.75`));
});

test("Markdown and LaTeX carry the mark and its footnote", () => {
  const markdown = meansMarkdown(RESULT);
  assert.ok(markdown.includes(`| B\\|x | 0.7500${MARK} | 0.9000 |`));
  assert.ok(markdown.includes("Holm's correction over 2 comparisons"));
  const latex = meansLaTeX(RESULT);
  assert.ok(latex.includes("0.7500$^\\dagger$"));
  assert.ok(latex.includes("\\begin{tabular}{lrr}"));
});

test("LaTeX gets a run's name as text: special characters as their text commands, none as an accent", () => {
  const name = "a~b^c<d>e\\f&g_h";
  const renamed = structuredClone(RESULT);
  renamed.runs[1].name = name;
  renamed.comparisons[0].run = name;
  const latex = meansLaTeX(renamed);
  assert.ok(
    latex.includes("a\\textasciitilde{}b\\textasciicircum{}c\\textless{}d\\textgreater{}e\\textbackslash{}f\\&g\\_h"),
  );
  assert.ok(meansLaTeX(RESULT).includes("B\\textbar{}x"));
});

test("CSV numbers drop a float sum's noise and keep what any table shows", () => {
  assert.equal(csvNumber("0.052000000000000005"), "0.052");
  assert.equal(csvNumber("0.30000000000000004"), "0.3");
  assert.equal(csvNumber("0.123456789012345"), "0.123456789012");
  assert.equal(csvNumber("1.0"), "1.0");
  assert.equal(csvNumber("nan"), "nan");
  const noisy = structuredClone(RESULT);
  noisy.runs[0].means["ndcg@10"] = "0.052000000000000005";
  noisy.runs[0].perQuery["ndcg@10"] = ["0.30000000000000004"];
  assert.ok(meansCSV(noisy).includes("\nA,0.052,1.0,0,0\n"));
  assert.ok(perQueryCSV(noisy).includes("\nA,q1,ndcg@10,0.3\n"));
});

test("the footnote comes only when a mean is marked", () => {
  const unmarked = structuredClone(RESULT);
  unmarked.comparisons[0].rows["ndcg@10"].pRandomizationHolm = "0.2";
  for (const text of [meansMarkdown(unmarked), meansLaTeX(unmarked)]) {
    assert.ok(!text.includes("Holm"), text);
    assert.ok(!text.includes(MARK) && !text.includes("dagger"), text);
  }
  const alone = structuredClone(RESULT);
  alone.runs = alone.runs.slice(0, 1);
  alone.comparisons = [];
  alone.holmComparisons = 0;
  assert.ok(!meansMarkdown(alone).includes("Holm"));
  assert.ok(!meansLaTeX(alone).includes("Holm"));
});

test("Markdown writes <, >, | and & in a run's name as text, never as HTML or a cell's end", () => {
  const renamed = structuredClone(RESULT);
  renamed.runs[1].name = "<img src=x onerror=alert(1)> a|b &lt;";
  renamed.comparisons[0].run = renamed.runs[1].name;
  const markdown = meansMarkdown(renamed);
  assert.ok(markdown.includes(`| &lt;img src=x onerror=alert(1)&gt; a\\|b &amp;lt; | 0.7500${MARK} |`), markdown);
  assert.ok(!markdown.includes("<img"));
});

test("LaTeX says first that it needs booktabs", () => {
  assert.equal(meansLaTeX(RESULT).split("\n")[0].startsWith("% needs \\usepackage{booktabs}"), true);
});

test("results out of date for the form say so in a first comment line of every export, and only then", () => {
  const stale = { stale: true };
  assert.match(STALE_NOTE, /^Out of date: .*press Evaluate to update them\.$/);
  for (const make of [meansCSV, perQueryCSV]) {
    const lines = make(RESULT, stale).split("\n");
    assert.equal(lines[0], `# ${STALE_NOTE}`);
    assert.equal(lines.slice(1).join("\n"), make(RESULT)); // the table below it as before
  }
  const markdown = meansMarkdown(RESULT, stale);
  assert.ok(markdown.startsWith(`<!-- ${STALE_NOTE} -->\n\n| Run |`));
  assert.ok(markdown.endsWith(meansMarkdown(RESULT)));
  assert.equal(meansLaTeX(RESULT, stale), `% ${STALE_NOTE}\n${meansLaTeX(RESULT)}`);
  for (const make of [meansCSV, perQueryCSV, meansMarkdown, meansLaTeX])
    assert.ok(!make(RESULT).includes("Out of date"));
});
