// site/js/shared/offline.js: a page of a SCORM package registers no service worker; any other
// page does.
import "../build-constants.mjs";
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";
import { registerServiceWorker } from "../../../../site/js/shared/offline.js";

/** A page's globals: its <html> data- attributes (`dataset`), and a browser whose service
 *  workers record each register() call in the returned list. */
function page(dataset) {
  const registered = [];
  globalThis.document = { documentElement: { dataset }, baseURI: "https://lms.example/course/precision-recall.html" };
  globalThis.caches = { open: async () => ({}) };
  globalThis.location = { protocol: "https:" };
  const serviceWorker = {
    register: async (url) => {
      registered.push(String(url));
      return undefined; // as the dev server's pages: nothing more happens
    },
  };
  Object.defineProperty(globalThis, "navigator", { value: { serviceWorker }, configurable: true });
  return registered;
}

afterEach(() => {
  for (const name of ["document", "caches", "location", "navigator"]) delete globalThis[name];
});

test("a page of a SCORM package registers no service worker", async () => {
  const registered = page({ lmsPackage: "" });
  await registerServiceWorker(() => {});
  assert.deepEqual(registered, []);
});

test("a page of the site registers its service worker", async () => {
  const registered = page({});
  await registerServiceWorker(() => {});
  assert.deepEqual(registered, ["https://lms.example/course/sw.js"]);
});
