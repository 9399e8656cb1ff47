// site/js/service-worker/docs-sw.js as the rankcells package writes it with the offline option
// off: it deletes the caches an earlier build's worker kept, unregisters itself and serves nothing.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import vm from "node:vm";

const CODE = readFileSync(new URL("../../../../site/js/service-worker/docs-sw.js", import.meta.url), "utf8");

/** Run the worker with `settings` (its self.RANKCELLS) and caches named `cacheNames`; returns its
 *  event listeners by name, the caches left, and what it did. */
function worker(settings, cacheNames) {
  const listeners = {};
  const done = { skippedWaiting: false, unregistered: false };
  const names = new Set(cacheNames);
  const self = {
    RANKCELLS: settings,
    location: new URL("https://docs.example/rankcells-sw.js"),
    registration: {
      scope: "https://docs.example/",
      unregister: async () => {
        done.unregistered = true;
        return true;
      },
    },
    addEventListener: (type, listener) => {
      listeners[type] = listener;
    },
    skipWaiting: async () => {
      done.skippedWaiting = true;
    },
    clients: { claim: async () => {} },
  };
  const caches = {
    keys: async () => [...names],
    delete: async (name) => names.delete(name),
    open: async () => assert.fail("a retiring worker opens no cache"),
  };
  vm.runInNewContext(CODE, { self, caches, URL, Response, fetch: () => assert.fail("no fetch") });
  return { listeners, names, done };
}

/** Fire `type` at the worker's listener; resolves once what it waits for is done. */
async function fire(listeners, type, fields = {}) {
  const waits = [];
  let responded = false;
  listeners[type]({ ...fields, waitUntil: (promise) => waits.push(promise), respondWith: () => (responded = true) });
  await Promise.all(waits);
  return responded;
}

const OFF = { off: true, prefix: "rankcells-runtime-", pages: "rankcells-pages" };

test("with the offline option off, the worker deletes the caches and unregisters itself", async () => {
  const { listeners, names, done } = worker(OFF, ["rankcells-runtime-0123", "rankcells-pages", "the-host-s-own"]);
  await fire(listeners, "install");
  assert.equal(done.skippedWaiting, true); // it takes over from the old worker at once
  await fire(listeners, "activate");
  assert.deepEqual([...names], ["the-host-s-own"]);
  assert.equal(done.unregistered, true);
});

test("with the offline option off, the worker serves no request and keeps no page", async () => {
  const { listeners } = worker(OFF, []);
  const request = { method: "GET", url: "https://docs.example/guide/", mode: "navigate" };
  assert.equal(await fire(listeners, "fetch", { request }), false); // the network answers
  const port = { postMessage: () => assert.fail("nothing is kept") };
  await fire(listeners, "message", { data: { type: "rankcells:keep", urls: [request.url] }, ports: [port] });
});
