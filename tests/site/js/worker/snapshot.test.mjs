import "../build-constants.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";
import { paceJudge } from "../../../../site/js/worker/snapshot.js";

/** A judge for a download of 1000 bytes from a boot that started at 0, with a clock we set. */
function judge() {
  const clock = { now: 0, aborted: null };
  const onProgress = paceJudge({
    bytes: 1000,
    started: 0,
    budgetMs: 1000,
    minObservedMs: 50,
    now: () => clock.now,
    abort: (error) => {
      clock.aborted = error;
    },
  });
  return { clock, onProgress };
}

test("the pace is not judged before the first byte is minObservedMs old", () => {
  const { clock, onProgress } = judge();
  clock.now = 149;
  onProgress(1, 100); // 1 byte in 49 ms: far too slow, but too soon to say
  assert.equal(clock.aborted, null);
});

test("a download whose pace ends it within the budget goes on", () => {
  const { clock, onProgress } = judge();
  clock.now = 300;
  onProgress(500, 100); // 500 bytes in 200 ms: the rest by 700 ms
  assert.equal(clock.aborted, null);
});

test("a download whose pace ends it past the budget is stopped, saying when it would arrive", () => {
  const { clock, onProgress } = judge();
  clock.now = 600;
  onProgress(250, 100); // 250 bytes in 500 ms: the rest takes 1500 ms more, until 2100 ms
  assert.equal(clock.aborted?.message, "the link is too slow for it (it would arrive after 2100 ms)");
});
