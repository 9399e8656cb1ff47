// site/js/playground/announce.js and drag.js's pure part: the live region's sentence, and
// where a dragged item lands.
import { test } from "node:test";
import assert from "node:assert/strict";
import { announcement } from "../../../../site/js/playground/announce.js";
import { dropIndex, gapShifts } from "../../../../site/js/playground/drag.js";

test("the sentence names the change and each metric that moved", () => {
  const before = { precision: { value: 0.4 }, ndcg: { value: 0.5 } };
  const after = { precision: { value: 0.4 }, ndcg: { value: 0.75 } };
  assert.equal(announcement("Moved d to rank 1", before, after, 5), "Moved d to rank 1: NDCG@5 0.500 to 0.750.");
  assert.equal(announcement("Moved d to rank 1", before, before, 5), "Moved d to rank 1; no metric changed.");
  assert.equal(announcement("Moved d to rank 1", null, after, 5), "Moved d to rank 1.");
});

test("a dragged item lands after every other item whose middle is above the pointer", () => {
  const rects = [0, 40, 80, 120].map((top) => ({ top, height: 40 }));
  assert.equal(dropIndex(rects, 3, 5), 0);
  assert.equal(dropIndex(rects, 0, 65), 1);
  assert.equal(dropIndex(rects, 0, 200), 3);
  assert.equal(dropIndex(rects, 1, 50), 1); // in its own place
});

test("while an item is dragged, the items between its place and the gap slide one slot", () => {
  assert.deepEqual(gapShifts(5, 3, 0, 40), [40, 40, 40, 0, 0]);
  assert.deepEqual(gapShifts(5, 1, 3, 40), [0, 0, -40, -40, 0]);
  assert.deepEqual(gapShifts(3, 1, 1, 40), [0, 0, 0]);
  assert.deepEqual(gapShifts(3, 1, null, 40), [0, 0, 0]); // over "Not retrieved": no gap
});
