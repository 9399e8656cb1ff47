// site/js/playground/steady.js's pure part: when two clicks are at the same spot.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sameSpot } from "../../../../site/js/playground/steady.js";

test("a click within a few pixels of the last is at the same spot", () => {
  assert.equal(sameSpot({ x: 100, y: 200 }, { x: 102, y: 197 }), true);
  assert.equal(sameSpot({ x: 100, y: 200 }, { x: 100, y: 210 }), false);
  assert.equal(sameSpot({ x: 100, y: 200 }, { x: 90, y: 200 }), false);
});
