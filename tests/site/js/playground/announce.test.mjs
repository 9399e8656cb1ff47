// site/js/playground/announce.js and drag.js's pure part: the live region's sentence, and
import "../build-constants.mjs";
// where a dragged item lands.
import { test } from "node:test";
import assert from "node:assert/strict";
import { announcement, announcer } from "../../../../site/js/playground/announce.js";
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

test("a message said while a change waits for its readouts is said again after that change", () => {
  const said = [];
  const live = announcer((text) => said.push(text));
  const before = { ndcg: { value: 0.5 } };
  const after = { ndcg: { value: 0.75 } };
  live.changed("Set the grade of b to 3");
  live.say("Link copied.");
  live.readouts(before, after, 5);
  assert.deepEqual(said, ["Link copied.", "Set the grade of b to 3: NDCG@5 0.500 to 0.750. Link copied."]);
  live.readouts(before, after, 5); // nothing waits any more
  assert.equal(said.length, 2);
});

test("a change's sentence waits for its readouts, or is said at once too when none are coming soon", () => {
  const said = [];
  const live = announcer((text) => said.push(text));
  live.say("Link copied."); // nothing waiting: said once, not repeated later
  live.changed("Moved d to rank 1");
  live.readouts(null, { ndcg: { value: 1 } }, 5);
  live.changed("Moved c to rank 2", { sayNow: true });
  live.readouts({ ndcg: { value: 1 } }, { ndcg: { value: 0.5 } }, 5);
  assert.deepEqual(said, [
    "Link copied.",
    "Moved d to rank 1.",
    "Moved c to rank 2.",
    "Moved c to rank 2: NDCG@5 1.000 to 0.500.",
  ]);
});

test("a newer change replaces the waiting one and forgets what was said before it", () => {
  const said = [];
  const live = announcer((text) => said.push(text));
  live.changed("Moved d to rank 1");
  live.say("Link copied.");
  live.changed("Moved d to rank 2");
  live.readouts({ ndcg: { value: 1 } }, { ndcg: { value: 1 } }, 5);
  assert.deepEqual(said, ["Link copied.", "Moved d to rank 2; no metric changed."]);
});

test("the sentence names only the playground's own readouts", () => {
  const before = { precision: { value: 0.8 }, err: { value: 0.5944 }, ndcg: { value: 0.7 } };
  const after = { precision: { value: 0.8 }, err: { value: 0.9128 }, ndcg: { value: 0.9 } };
  const names = ["precision", "rbp", "err"];
  assert.equal(
    announcement("Moved perfect to rank 1", before, after, 5, names),
    "Moved perfect to rank 1: ERR@5 0.594 to 0.913.",
  );
  const said = [];
  const live = announcer((text) => said.push(text), names);
  live.changed("Moved perfect to rank 1");
  live.readouts(before, after, 5);
  assert.deepEqual(said, ["Moved perfect to rank 1: ERR@5 0.594 to 0.913."]);
});

test("moves of one item in a row are said from the values before the first", () => {
  const values = [0.5944, 0.7, 0.8, 0.9128].map((value) => ({ err: { value } }));
  const said = [];
  const live = announcer((text) => said.push(text), ["err"]);
  live.changed("Moved perfect to rank 3", { run: "perfect" });
  live.readouts(values[0], values[1], 5);
  live.changed("Moved perfect to rank 2, from rank 4", { run: "perfect" });
  live.say("Link copied."); // says nothing of the list: the run goes on
  live.changed("Moved perfect to rank 1, from rank 4", { run: "perfect" });
  live.readouts(values[1], values[3], 5); // the second move's readouts were overtaken by the third's
  assert.deepEqual(said, [
    "Moved perfect to rank 3: ERR@5 0.594 to 0.700.",
    "Link copied.",
    "Moved perfect to rank 1, from rank 4: ERR@5 0.594 to 0.913.",
  ]);
  // Another item, or another kind of change, starts afresh.
  live.changed("Moved good1 to rank 1", { run: "good1" });
  live.readouts(values[3], values[2], 5);
  live.changed("Set the grade of good1 to 0");
  live.readouts(values[2], values[1], 5);
  assert.deepEqual(said.slice(3), [
    "Moved good1 to rank 1: ERR@5 0.913 to 0.800.",
    "Set the grade of good1 to 0: ERR@5 0.800 to 0.700.",
  ]);
});
