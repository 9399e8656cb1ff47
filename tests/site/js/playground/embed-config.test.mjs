// site/js/playground/embed-config.js: a host page's list with an id written twice.
import { test } from "node:test";
import assert from "node:assert/strict";
import { configFromElement } from "../../../../site/js/playground/embed-config.js";

test("an id written twice keeps its first place and the config says so in a line", () => {
  const ranked = [{ id: "d1", grade: "2" }, { id: "d2" }, { id: "d1", grade: "3" }];
  const config = configFromElement({ playground: "ours" }, ranked, [{ id: "d2", grade: "1" }], 0);
  assert.deepEqual(config.items, [
    { id: "d1", grade: 2 },
    { id: "d2", grade: 0 },
  ]);
  assert.deepEqual(config.unretrieved, []);
  assert.match(config.notice, /'d1', 'd2' more than once/);
});

test("a list without repeats has no notice", () => {
  const config = configFromElement({}, [{ id: "a" }, { id: "b" }], [{ id: "c" }], 0);
  assert.equal(config.notice, null);
  assert.equal(config.items.length, 2);
});
