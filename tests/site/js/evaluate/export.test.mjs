// site/js/evaluate/export.js: the means and per-query values as CSV, Markdown and LaTeX, with
// the significance mark where the Holm-adjusted randomization p-value is below 0.05.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  MARK,
  csvName,
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

test("the means CSV keeps full precision and flags the significant differences", () => {
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
