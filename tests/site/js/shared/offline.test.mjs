// site/js/shared/offline.js: a page of a SCORM package registers no service worker; any other
// page does, and offers a new build of the course (Reload) however far its install has got.
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

/** A service worker of the fake browser below: its state changes as the browser's would. */
class FakeWorker extends EventTarget {
  constructor(state) {
    super();
    this.state = state;
    this.messages = [];
  }
  postMessage(message) {
    this.messages.push(message);
  }
  become(state) {
    this.state = state;
    this.dispatchEvent(new Event("statechange"));
  }
}

/** A lesson page controlled by the course's service worker (`active`), its registration holding
 *  `installing` and `waiting` workers as given. Returns the registration, the container (for
 *  controllerchange), the offers made (each a Reload action) and the page's reload count. */
function controlledPage({ installing = null, waiting = null } = {}) {
  const active = new FakeWorker("activated");
  const registration = Object.assign(new EventTarget(), { active, installing, waiting });
  const serviceWorker = Object.assign(new EventTarget(), {
    controller: active,
    ready: Promise.resolve(registration),
    register: async () => registration,
  });
  const reloads = { count: 0 };
  globalThis.document = { documentElement: { dataset: {} }, baseURI: "https://course.example/precision-recall.html" };
  globalThis.caches = { open: async () => ({}) };
  globalThis.location = { protocol: "https:", reload: () => reloads.count++ };
  Object.defineProperty(globalThis, "navigator", { value: { serviceWorker }, configurable: true });
  return { registration, serviceWorker, reloads };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

async function offersOf() {
  const offers = [];
  await registerServiceWorker((reload) => offers.push(reload));
  await settled();
  return offers;
}

test("a new build already waiting is offered, and Reload asks it to take over", async () => {
  const waiting = new FakeWorker("installed");
  const { reloads } = controlledPage({ waiting });
  const offers = await offersOf();
  assert.equal(offers.length, 1);
  offers[0]();
  assert.deepEqual(waiting.messages, ["skip-waiting"]);
  assert.equal(reloads.count, 0); // the reload follows the worker's controllerchange
});

test("a new build already installing when the page's script runs is offered once installed", async () => {
  const installing = new FakeWorker("installing");
  const { registration } = controlledPage({ installing });
  const offers = await offersOf();
  assert.equal(offers.length, 0);
  Object.assign(registration, { installing: null, waiting: installing });
  installing.become("installed");
  assert.equal(offers.length, 1);
  offers[0]();
  assert.deepEqual(installing.messages, ["skip-waiting"]);
});

test("a new build found after the page's script ran is offered once installed", async () => {
  const { registration } = controlledPage();
  const offers = await offersOf();
  const found = new FakeWorker("installing");
  registration.installing = found;
  registration.dispatchEvent(new Event("updatefound"));
  Object.assign(registration, { installing: null, waiting: found });
  found.become("installed");
  assert.equal(offers.length, 1);
});

test("Reload, pressed after the new build took over from elsewhere, reloads the page", async () => {
  const waiting = new FakeWorker("installed");
  const { registration, serviceWorker, reloads } = controlledPage({ waiting });
  const offers = await offersOf();
  // Another tab's Reload: the offered worker is now the active one, and controls this page too.
  Object.assign(registration, { active: waiting, waiting: null });
  waiting.become("activated");
  serviceWorker.controller = waiting;
  serviceWorker.dispatchEvent(new Event("controllerchange"));
  assert.equal(reloads.count, 0); // never under the learner's hand
  offers[0]();
  assert.equal(reloads.count, 1);
  assert.deepEqual(waiting.messages, []);
});

test("the first install is no update: nothing is offered", async () => {
  const { registration, serviceWorker } = controlledPage();
  serviceWorker.controller = null;
  registration.active = null;
  const offers = await offersOf();
  const first = new FakeWorker("installing");
  registration.installing = first;
  registration.dispatchEvent(new Event("updatefound"));
  first.become("installed");
  serviceWorker.dispatchEvent(new Event("controllerchange"));
  assert.equal(offers.length, 0);
});
