// site/js/evaluate/files.js: files the browser no longer reads, and where a file chosen again goes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { changedOnDisk, placeChosen, summariesByFile, unreadable } from "../../../../site/js/evaluate/files.js";

test("a file whose reading is refused is found, the others are not", async () => {
  const good = new Blob(["a"]);
  const empty = new Blob([]);
  const refused = new Blob(["b"]);
  refused.slice = () => ({
    arrayBuffer: () => Promise.reject(new DOMException("The requested file could not be read", "NotReadableError")),
  });
  assert.deepEqual(await unreadable([good, refused, empty]), [refused]);
});

test("the message names the file and says what to do", () => {
  assert.equal(changedOnDisk("runX.txt"), "runX.txt changed on disk since you chose it: choose it again.");
});

test("a file chosen again takes its run's place; new files are added; two of one name fill two runs", () => {
  const runs = [{ file: { name: "A.txt" } }, { file: { name: "B.txt" } }, { file: { name: "A.txt" } }];
  const again = { name: "A.txt" };
  const { replaced, added } = placeChosen(runs, [again, { name: "C.txt" }]);
  assert.deepEqual([...replaced], [[0, again]]);
  assert.deepEqual(added, [{ name: "C.txt" }]);
  const both = placeChosen(runs, [{ name: "A.txt" }, { name: "A.txt" }, { name: "A.txt" }]);
  assert.deepEqual([...both.replaced.keys()], [0, 2]);
  assert.equal(both.added.length, 1);
});

test("the unpacked file of a run's gzip file takes its place, and the reverse", () => {
  const runs = [{ file: { name: "A.txt.gz" } }, { file: { name: "B.txt" } }];
  const unpacked = { name: "A.txt" };
  const packed = { name: "B.txt.GZ" };
  const { replaced, added } = placeChosen(runs, [unpacked, packed, { name: "A.txt.txt" }]);
  assert.deepEqual(
    [...replaced],
    [
      [0, unpacked],
      [1, packed],
    ],
  );
  assert.deepEqual(added, [{ name: "A.txt.txt" }]);
});

test("each file's summary is found by the File it was read from, through its role and run name", () => {
  const [qrels, a, b, again] = [new Blob(["q"]), new Blob(["a"]), new Blob(["b"]), new Blob(["a2"])];
  const summaries = {
    "q.txt": { role: "qrels", format: "TREC qrels" },
    "a.csv": { role: "run", run: "A", format: "CSV (semicolons)", nothingRead: "nothing" },
    "a.csv (2)": { role: "run", run: "B", format: "TREC run", nothingRead: null },
  };
  const found = summariesByFile(summaries, {
    qrels,
    runs: [
      { file: a, name: "A" },
      { file: b, name: "B" },
    ],
  });
  assert.equal(found.get(qrels).format, "TREC qrels");
  assert.equal(found.get(a).nothingRead, "nothing");
  assert.equal(found.get(b).format, "TREC run");
  assert.equal(found.has(again), false); // a file chosen again has not been read yet
  assert.equal(summariesByFile(undefined, { qrels, runs: [] }).size, 0);
});
