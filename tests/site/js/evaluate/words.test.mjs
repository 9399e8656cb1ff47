// site/js/evaluate/words.js: "1 query", "2 queries".
import { test } from "node:test";
import assert from "node:assert/strict";
import { counted } from "../../../../site/js/evaluate/words.js";

test("one is singular, any other count plural", () => {
  assert.equal(counted(1, "query", "queries"), "1 query");
  assert.equal(counted(2, "query", "queries"), "2 queries");
  assert.equal(counted(0, "run"), "0 runs");
  assert.equal(counted(1, "run"), "1 run");
});
