// site/js/evaluate/names.js: the runs' names, and what keeps them from being used.
import { test } from "node:test";
import assert from "node:assert/strict";
import { badNames, fileLabels, nameParts, nameProblem, uniqueNames } from "../../../../site/js/evaluate/names.js";

const run = (name, label = name, fileName = `${label}.txt`) => ({ name, label, fileName });

test("default names are the files' names, made distinct", () => {
  assert.deepEqual(uniqueNames(["A.txt", "A.txt", "B.run.gz"]), ["A", "A (2)", "B"]);
});

test("an empty name says which run needs one and which field to type it in", () => {
  const problem = nameProblem([run("bm25", "A"), run("  ", "B", "B.txt")]);
  assert.equal(problem.index, 1);
  assert.match(problem.message, /^The run from B\.txt needs a name: type one in "Name of B"/);
});

test("two runs of one name are named in the message", () => {
  const problem = nameProblem([run("x", "A"), run("x ", "B")]);
  assert.deepEqual(problem, { index: 1, message: 'Two runs are named "x": give each run a name of its own.' });
  assert.deepEqual([...badNames(["x", "x "])], [1]);
});

test("distinct names that are not empty are fine", () => {
  assert.equal(nameProblem([run("a"), run("b")]), null);
});

test("files of one name get labels told apart, in order; distinct names stay as they are", () => {
  assert.deepEqual(fileLabels(["qrels.txt", "run.txt", "run.txt", "other.txt"]), [
    "qrels.txt",
    "run.txt",
    "run.txt (2)",
    "other.txt",
  ]);
  // A file really named like a label already given keeps the label distinct.
  assert.deepEqual(fileLabels(["a", "a", "a (2)"]), ["a", "a (2)", "a (2) (2)"]);
});

test("a run's name may wrap after a separator, before a camelCase capital, and within a long stretch", () => {
  assert.deepEqual(nameParts("neural_rerank_v2"), ["neural_", "rerank_", "v2"]);
  assert.deepEqual(nameParts("bm25-run.2.txt"), ["bm25-", "run.", "2.", "txt"]);
  assert.deepEqual(nameParts("neuralRerank"), ["neural", "Rerank"]);
  assert.deepEqual(nameParts("abcdefghijklmnopqrstuvwxyz"), ["abcdefghij", "klmnopqrst", "uvwxyz"]);
  assert.deepEqual(nameParts("A"), ["A"]);
  assert.deepEqual(nameParts(""), []);
});
