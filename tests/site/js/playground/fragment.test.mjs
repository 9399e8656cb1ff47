// site/js/playground/fragment.js: the state in the address's fragment, next to other parts.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  configHash,
  decodeState,
  encodeState,
  fragmentKey,
  readKey,
  writeKey,
} from "../../../../site/js/playground/fragment.js";

const limits = { maxItems: 30, maxGrade: 3 };
const STATE = {
  ranking: ["d", "a b", "c;,:&="],
  unretrieved: ["e"],
  grades: { d: 1, "a b": 3, "c;,:&=": 0, e: 2 },
  k: 2,
  gain: "linear",
  threshold: 2,
};

test("a state comes back from its fragment value, odd ids included", () => {
  const value = encodeState(STATE, "base");
  assert.ok(!/[&#]/.test(value.replace(/%../g, "")));
  assert.deepEqual(decodeState(value, "base", limits), { state: STATE });
});

test("a value made from another version of the block is out of date", () => {
  assert.deepEqual(decodeState(encodeState(STATE, "old"), "new", limits), { problem: "stale" });
});

test("broken values are malformed", () => {
  const good = encodeState(STATE, "h").split(";");
  const variants = [
    "",
    "h;2;l;2",
    [...good.slice(0, 1), "0", ...good.slice(2)].join(";"), // k = 0
    [...good.slice(0, 2), "x", ...good.slice(3)].join(";"), // gain
    [...good.slice(0, 3), "9", ...good.slice(4)].join(";"), // threshold above the grades
    [...good.slice(0, 4), "d:1,d:2", good[5]].join(";"), // an item twice
    [...good.slice(0, 4), "d:7", good[5]].join(";"), // grade above max
    [...good.slice(0, 4), "d", good[5]].join(";"), // no grade
    [...good.slice(0, 4), "%E0%A4%A:1", good[5]].join(";"), // bad percent-encoding
  ];
  for (const value of variants) assert.deepEqual(decodeState(value, "h", limits), { problem: "malformed" }, value);
});

test("the playground's key sits next to the fragment's other parts", () => {
  const key = fragmentKey("seed");
  assert.equal(writeKey("", key, "v1"), "#pg-seed=v1");
  assert.equal(writeKey("#main", key, "v1"), "#main&pg-seed=v1");
  assert.equal(writeKey("#main&pg-seed=v1&pg-other=x", key, "v2"), "#main&pg-seed=v2&pg-other=x");
  assert.equal(writeKey("#main&pg-seed=v1", key, null), "#main");
  assert.equal(writeKey("#pg-seed=v1", key, null), "");
  assert.equal(readKey("#main&pg-seed=v2&pg-other=x", key), "v2");
  assert.equal(readKey("#main", key), null);
});

test("the config hash changes with the block's list and nothing else", () => {
  const config = { id: "x", title: "T", items: [{ id: "a", grade: 1 }], k: 1, gain: "linear", threshold: 1 };
  assert.equal(configHash(config), configHash({ ...config, title: "Another title" }));
  assert.notEqual(configHash(config), configHash({ ...config, items: [{ id: "a", grade: 2 }] }));
  assert.match(configHash(config), /^[0-9a-z]+$/);
});
