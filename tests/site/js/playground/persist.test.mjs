// site/js/playground/persist.js's stateKeeper: a change reaches storage at once and the address
// at the next idle moment, but never while the page moves to another address (a write then
// would cancel the move, or land in the next lesson's address).
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import "../fake-storage.mjs";
import { fragmentKey, readKey } from "../../../../site/js/playground/fragment.js";
import { stateKeeper } from "../../../../site/js/playground/persist.js";

const CONFIG = { items: ["a", "b"], unretrieved: [], k: 2, gain: "exponential", threshold: 1, max_grade: 3 };
const STATE = { ranking: ["b", "a"], unretrieved: [], grades: { a: 1, b: 3 }, k: 2, gain: "exponential", threshold: 1 };
const WHERE = { slug: "ndcg", id: "seed", config: CONFIG, useFragment: true };
const KEY = "rankmetrics-lessons:v1:ndcg:playground:seed";

// A page's globals: its address, history (whose replaceState is recorded), the Navigation API's
// event target, and idle callbacks that run when the test says the page is idle (storage:
// fake-storage.mjs).
let writes;
let idle;
beforeEach(() => {
  localStorage.clear();
  writes = [];
  idle = [];
  globalThis.location = { origin: "https://course.example", pathname: "/ndcg.html", search: "", hash: "" };
  globalThis.history = {
    state: null,
    replaceState(_state, _title, url) {
      writes.push(url);
      globalThis.location.hash = new URL(url, "https://course.example").hash;
    },
  };
  const requestIdleCallback = (callback) => idle.push(callback);
  globalThis.window = Object.assign(new EventTarget(), { localStorage, requestIdleCallback });
  globalThis.requestIdleCallback = requestIdleCallback;
  globalThis.navigation = new EventTarget();
});

/** Run the idle callbacks asked for so far, as a page that has nothing else to do. */
const beIdle = () => {
  for (const callback of idle.splice(0)) callback();
};

/** A `navigate` event to `url` (the Navigation API's), with the controller that cancels it. */
function navigate(url) {
  const cancel = new AbortController();
  const event = Object.assign(new Event("navigate"), { destination: { url }, signal: cancel.signal });
  globalThis.navigation.dispatchEvent(event);
  return cancel;
}

/** The playground's state as the address holds it, or null. */
const inAddress = () => readKey(globalThis.location.hash, fragmentKey("seed"));

test("a change is kept in storage at once and in the address at the next idle moment", () => {
  const keeper = stateKeeper(WHERE);
  keeper.keep(STATE);
  assert.notEqual(localStorage.getItem(KEY), null);
  keeper.settle();
  assert.deepEqual(writes, []);
  beIdle();
  assert.equal(writes.length, 1);
  assert.notEqual(inAddress(), null);
});

test("while the page moves to another lesson the address is not written", () => {
  const mounted = new AbortController();
  const keeper = stateKeeper(WHERE, mounted.signal);
  keeper.keep(STATE);
  keeper.settle();
  navigate("https://course.example/user-models.html");
  beIdle(); // the idle moment comes while the next lesson is fetched
  assert.deepEqual(writes, []);
  // The address becomes the next lesson's, which then replaces this one in the document.
  globalThis.location.pathname = "/user-models.html";
  mounted.abort();
  window.dispatchEvent(new Event("pagehide"));
  beIdle();
  assert.deepEqual(writes, []);
  assert.notEqual(localStorage.getItem(KEY), null, "the state is still kept in storage");
});

test("once the address is another lesson's, this playground writes nothing into it", () => {
  const keeper = stateKeeper(WHERE);
  keeper.keep(STATE);
  globalThis.location.pathname = "/user-models.html"; // committed, not yet swapped in
  keeper.settle();
  beIdle();
  assert.deepEqual(writes, []);
});

test("a move that is cancelled lets the write happen after all", () => {
  const keeper = stateKeeper(WHERE);
  keeper.keep(STATE);
  keeper.settle();
  const move = navigate("https://course.example/user-models.html");
  beIdle();
  assert.deepEqual(writes, []);
  move.abort();
  beIdle();
  assert.equal(writes.length, 1);
  assert.notEqual(inAddress(), null);
});

test("a page that loads whole writes the state into its own address as it goes", () => {
  const keeper = stateKeeper(WHERE);
  keeper.keep(STATE);
  keeper.settle();
  navigate("https://course.example/index.html");
  window.dispatchEvent(new Event("pagehide"));
  assert.equal(writes.length, 1);
  assert.ok(writes[0].startsWith("/ndcg.html#"));
});

test("a move within the page (a section's link) does not hold the write", () => {
  const keeper = stateKeeper(WHERE);
  keeper.keep(STATE);
  keeper.settle();
  navigate("https://course.example/ndcg.html#discount");
  beIdle();
  assert.equal(writes.length, 1);
});
