// site/js/runtime/capabilities.js: each capability detected on the thing itself.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  cacheStorageUsable,
  canEditPlainText,
  canKeepLocally,
  canShareMemory,
  dataSaving,
  hasCacheStorage,
  hasPrecommitHandlers,
  hasWebAssembly,
  shareableBuffer,
} from "../../../../site/js/runtime/capabilities.js";

/** Run `body` with `globalThis[name]` set to `value` (undefined: absent), then put it back. */
async function withGlobal(name, value, body) {
  const had = Object.getOwnPropertyDescriptor(globalThis, name);
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  try {
    return await body();
  } finally {
    if (had) Object.defineProperty(globalThis, name, had);
    else delete globalThis[name];
  }
}

test("memory is shared where a SharedArrayBuffer can be sent (as under Node)", () => {
  const buffer = shareableBuffer(8);
  assert.ok(buffer instanceof SharedArrayBuffer);
  assert.equal(buffer.byteLength, 8);
  assert.equal(canShareMemory(), true);
});

test("a SharedArrayBuffer that cannot be sent is no shared memory (isolated, yet refused)", async () => {
  class RefusingChannel {
    port1 = {
      postMessage() {
        throw new DOMException("cannot be shared", "DataCloneError");
      },
    };
  }
  await withGlobal("MessageChannel", RefusingChannel, () => assert.equal(shareableBuffer(8), null));
  await withGlobal("SharedArrayBuffer", undefined, () => assert.equal(canShareMemory(), false));
});

test("WebAssembly counts only when it validates a module", async () => {
  assert.equal(hasWebAssembly(), true);
  await withGlobal("WebAssembly", undefined, () => assert.equal(hasWebAssembly(), false));
  await withGlobal(
    "WebAssembly",
    {
      validate: () => {
        throw new Error("disabled");
      },
    },
    () => assert.equal(hasWebAssembly(), false),
  );
});

test("opening lessons in place needs the Navigation API's precommit handlers", async () => {
  const navigation = { addEventListener() {} };
  await withGlobal("navigation", navigation, async () => {
    assert.equal(hasPrecommitHandlers(), false);
    await withGlobal("NavigationPrecommitController", class {}, () => assert.equal(hasPrecommitHandlers(), true));
  });
});

test("local storage counts only when a value can be written and removed", async () => {
  await withGlobal("localStorage", undefined, () => assert.equal(canKeepLocally(), false));
  const blocked = {
    setItem() {
      throw new DOMException("denied", "SecurityError");
    },
    removeItem() {},
  };
  await withGlobal("localStorage", blocked, () => assert.equal(canKeepLocally(), false));
  const kept = new Map();
  const working = { setItem: (key, value) => kept.set(key, value), removeItem: (key) => kept.delete(key) };
  await withGlobal("localStorage", working, () => assert.equal(canKeepLocally(), true));
  assert.equal(kept.size, 0, "the probe is removed");
});

test("Cache Storage is usable only when it opens", async () => {
  await withGlobal("caches", undefined, async () => {
    assert.equal(hasCacheStorage(), false);
    assert.equal(await cacheStorageUsable("x"), false);
  });
  await withGlobal(
    "caches",
    {
      open: async () => {
        throw new DOMException("no", "SecurityError");
      },
    },
    async () => assert.equal(await cacheStorageUsable("x"), false),
  );
  await withGlobal("caches", { open: async () => ({}) }, async () => assert.equal(await cacheStorageUsable("x"), true));
});

test("plain-text editing counts where contenteditable keeps the value plaintext-only", async () => {
  const documentWith = (keeps) => ({
    createElement: () => ({
      setAttribute(_name, value) {
        this.value = value;
      },
      get contentEditable() {
        return keeps ? this.value : "inherit";
      },
    }),
  });
  await withGlobal("document", documentWith(true), () => assert.equal(canEditPlainText(), true));
  await withGlobal("document", documentWith(false), () => assert.equal(canEditPlainText(), false));
});

test("data saving: the browser's data saver, or a slow link it reports; nothing where it says nothing", () => {
  assert.equal(dataSaving({ connection: { saveData: true, effectiveType: "4g" } }), "save-data");
  for (const effectiveType of ["slow-2g", "2g", "3g"]) {
    assert.equal(dataSaving({ connection: { saveData: false, effectiveType } }), "slow");
  }
  assert.equal(dataSaving({ connection: { saveData: false, effectiveType: "4g" } }), null);
  assert.equal(dataSaving({ connection: { effectiveType: "4g" } }), null);
  assert.equal(dataSaving({}), null); // Firefox, Safari: no navigator.connection
  assert.equal(dataSaving(undefined), null);
});
