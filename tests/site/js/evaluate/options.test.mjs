// site/js/evaluate/options.js and names.js: the evaluate page's options, the trec_eval command
import "../build-constants.mjs";
// line, and run names.
import { test } from "node:test";
import { readFileSync } from "node:fs";
import assert from "node:assert/strict";
import {
  DEFAULT_OPTIONS,
  parseCutoffs,
  parseThreshold,
  trecEvalCommand,
} from "../../../../site/js/evaluate/options.js";
import { badNames, uniqueNames } from "../../../../site/js/evaluate/names.js";

const OPTIONS = { cutoffs: [5, 10], threshold: 1, gain: "linear", missing: "score 0", useRank: false };

test("cut-offs are whole numbers, sorted, without repeats; anything else says what is wrong", () => {
  assert.deepEqual(parseCutoffs("10, 5 20,5"), { cutoffs: [5, 10, 20] });
  assert.match(parseCutoffs("").error, /at least one/);
  assert.match(parseCutoffs("5, x").error, /"x"/);
  assert.match(parseCutoffs("0").error, /"0"/);
  assert.match(parseCutoffs("2.5").error, /"2.5"/);
  assert.deepEqual(parseThreshold("2"), { threshold: 2 });
  assert.match(parseThreshold("").error, /number/);
});

test("a threshold of 0 or less is refused, as rankmetrics refuses it (unjudged documents have grade 0)", () => {
  for (const text of ["0", "-1", "-0.5"])
    assert.equal(
      parseThreshold(text).error,
      "The relevance threshold must be a number above 0 (a document nobody judged has grade 0), e.g. 1.",
    );
  assert.deepEqual(parseThreshold("0.5"), { threshold: 0.5 });
});

test("the trec_eval command has -c for 'score 0', -l for the threshold, and each measure at the cut-offs", () => {
  const { command, notes } = trecEvalCommand(OPTIONS, { qrels: "qrels.txt", run: "my run.txt" });
  assert.equal(
    command,
    "trec_eval -c -l 1 -m P.5,10 -m recall.5,10 -m success.5,10 -m map_cut.5,10 -m ndcg_cut.5,10 -m recip_rank -m map -q qrels.txt 'my run.txt'",
  );
  assert.equal(notes.length, 1);
  // The measures trec_eval lacks, by their names in rankmetrics/registry.py, and ir_measures' names for them.
  assert.match(notes[0], /^trec_eval has no Reciprocal rank@k, ERR@k, RBP@k, .*Judged@k\. ir_measures gives some: /);
  assert.ok(
    notes[0].includes("ir_measures qrels.txt 'my run.txt' 'RR(rel=1)@5 RR(rel=1)@10 ERR@5 ERR@10 RBP(rel=1,p=0.8)"),
  );
  // Each option with its value is one part (a page keeps them unbroken), then the two files.
  const { parts, files } = trecEvalCommand(OPTIONS, { qrels: "qrels.txt", run: "my run.txt" });
  assert.deepEqual(parts.slice(0, 4), ["trec_eval", "-c", "-l 1", "-m P.5,10"]);
  assert.deepEqual(files, ["qrels.txt", "'my run.txt'"]);
  const leaveOut = trecEvalCommand({ ...OPTIONS, missing: "leave out" }).command;
  assert.ok(!leaveOut.includes(" -c "));
});

test("several runs: the command scores the first, the note names the others, quoted as in a shell", () => {
  const { command, notes } = trecEvalCommand(OPTIONS, { qrels: "q.txt", run: "a.txt", others: ["b.txt", "c d.txt"] });
  assert.ok(command.endsWith(" q.txt a.txt"));
  assert.ok(notes.includes("trec_eval takes one run at a time: run it again with b.txt, 'c d.txt' in place of a.txt."));
  assert.equal(trecEvalCommand(OPTIONS, { run: "a.txt" }).notes.length, 1);
});

test("exponential gain and the rank column say they have no trec_eval equivalent", () => {
  const { notes } = trecEvalCommand({ ...OPTIONS, gain: "exponential", useRank: true });
  assert.ok(notes.some((note) => /Exponential gain has no trec_eval equivalent/.test(note)));
  assert.ok(notes.some((note) => /rank column/.test(note)));
});

test("runs get their file names without extensions, made unique", () => {
  assert.deepEqual(uniqueNames(["bm25.txt", "bm25.txt.gz", "dense.run"]), ["bm25", "bm25 (2)", "dense"]);
  assert.deepEqual(uniqueNames(["bm25.txt"], ["bm25"]), ["bm25 (2)"]);
  assert.deepEqual([...badNames(["a", " a", "", "b"])], [1, 2]);
});

test("the page's HTML shows the default options' command and note before the script runs", () => {
  const html = readFileSync(new URL("../../../../site/templates/evaluate.html", import.meta.url), "utf8");
  const { command, notes } = trecEvalCommand({ ...OPTIONS, cutoffs: parseCutoffs(DEFAULT_OPTIONS.cutoffs).cutoffs });
  assert.ok(html.includes(`<code data-eval-command>${command}</code>`));
  assert.ok(html.includes(`data-eval-command-note>${notes.join(" ")}</p>`));
});

test("a gzip file is named unpacked in the command, and the note says to unpack it first", () => {
  const options = { cutoffs: [10], threshold: 1, gain: "linear", missing: "score 0", useRank: false };
  const { command, notes } = trecEvalCommand(options, { qrels: "qrels.txt", run: "runB.rerank.txt.gz" });
  assert.ok(command.endsWith(" qrels.txt runB.rerank.txt"), command);
  assert.ok(!command.includes(".gz"));
  assert.ok(
    notes.includes("trec_eval cannot read gzip: unpack runB.rerank.txt.gz first (gunzip -k runB.rerank.txt.gz)."),
  );
  const plain = trecEvalCommand(options, { qrels: "qrels.txt", run: "run.txt" });
  assert.ok(!plain.notes.some((note) => note.includes("gzip")));
});

test("a run or judgments file read as CSV or TSV gets no trec_eval command: the note says trec_eval reads TREC files only", () => {
  const formats = { "q.txt": "TREC qrels", "sheet.csv": "CSV (semicolons)", "a.txt": "TREC run" };
  const alone = trecEvalCommand(OPTIONS, { qrels: "q.txt", run: "sheet.csv", formats });
  assert.equal(alone.command, "");
  assert.deepEqual(alone.notes, [
    "trec_eval reads only whitespace-separated TREC files: sheet.csv is CSV (semicolons).",
  ]);
  // With a TREC run too: the command scores that one, and the note names the file it leaves out.
  const mixed = trecEvalCommand(OPTIONS, { qrels: "q.txt", run: "sheet.csv", others: ["a.txt"], formats });
  assert.ok(mixed.command.endsWith(" -q q.txt a.txt"));
  assert.ok(
    mixed.notes.includes("trec_eval reads only whitespace-separated TREC files: sheet.csv is CSV (semicolons)."),
  );
  assert.ok(!mixed.notes.some((note) => note.startsWith("trec_eval takes one run at a time")));
  const judgments = trecEvalCommand(OPTIONS, { qrels: "q.tsv", run: "a.txt", formats: { "q.tsv": "TSV" } });
  assert.equal(judgments.command, "");
  assert.deepEqual(judgments.notes, ["trec_eval reads only whitespace-separated TREC files: q.tsv is TSV."]);
  // Files not read yet (no format) and TREC files get the command as before.
  assert.equal(
    trecEvalCommand(OPTIONS, { qrels: "q.txt", run: "a.txt", formats }).command,
    trecEvalCommand(OPTIONS, { qrels: "q.txt", run: "a.txt" }).command,
  );
});
