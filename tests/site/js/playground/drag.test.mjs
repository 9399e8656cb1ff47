// site/js/playground/drag.js's pure part: where a dragged item lands, and how the others shift.
import { test } from "node:test";
import assert from "node:assert/strict";
import { dropIndex, gapShifts } from "../../../../site/js/playground/drag.js";

// Four rows 40 px high, 50 px apart (tops 0, 50, 100, 150): middles at 20, 70, 120, 170.
const rects = [0, 50, 100, 150].map((top) => ({ top, height: 40 }));

test("a dragged item lands after the other items whose middle is above its own", () => {
  assert.equal(dropIndex(rects, 3, 10), 0); // above every middle
  assert.equal(dropIndex(rects, 3, 80), 2); // below 20 and 70
  assert.equal(dropIndex(rects, 0, 200), 3); // below the three others'
});

test("the items between where it was and where it lands move over by one slot", () => {
  assert.deepEqual(gapShifts(5, 3, 0, 50), [50, 50, 50, 0, 0]); // dragged up: they move down
  assert.deepEqual(gapShifts(5, 1, 3, 50), [0, 0, -50, -50, 0]); // dragged down: they move up
  assert.deepEqual(gapShifts(3, 1, 1, 50), [0, 0, 0]); // its own place: nothing moves
});

test("over the drop zone no item shifts: each stays in its own slot", () => {
  assert.deepEqual(gapShifts(4, 1, null, 50), [0, 0, 0, 0]);
});
