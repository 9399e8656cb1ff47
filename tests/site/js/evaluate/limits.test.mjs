// site/js/evaluate/limits.js: how large a file the evaluate page can hold, from what the browser
// says the device's memory is.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  DEFAULT_PYTHON_MEMORY,
  DEVICE_SHARE,
  GZIP_RATIO,
  PYTHON_BYTES_PER_TEXT_BYTE,
  WASM_MEMORY_MAX,
  deviceMemory,
  heldTextBytes,
  outOfMemory,
  pythonMemory,
  tooLarge,
} from "../../../../site/js/evaluate/limits.js";

const GiB = 1024 ** 3;

test("Python's memory is a share of the device's, a stated default when unknown, never past wasm32", () => {
  assert.equal(pythonMemory(2), 2 * GiB * DEVICE_SHARE);
  assert.equal(pythonMemory(null), DEFAULT_PYTHON_MEMORY);
  assert.equal(pythonMemory(32), WASM_MEMORY_MAX);
  assert.equal(heldTextBytes(null), Math.floor(DEFAULT_PYTHON_MEMORY / PYTHON_BYTES_PER_TEXT_BYTE));
  assert.ok(heldTextBytes(0.5) < heldTextBytes(null) && heldTextBytes(null) < heldTextBytes(8));
});

test("the device's memory is what navigator.deviceMemory says, and null where it says nothing", (t) => {
  const saved = Object.getOwnPropertyDescriptor(globalThis, "navigator");
  t.after(() => (saved ? Object.defineProperty(globalThis, "navigator", saved) : delete globalThis.navigator));
  Object.defineProperty(globalThis, "navigator", { value: { deviceMemory: 4 }, configurable: true });
  assert.equal(deviceMemory(), 4);
  Object.defineProperty(globalThis, "navigator", { value: {}, configurable: true });
  assert.equal(deviceMemory(), null);
  assert.match(tooLarge({ name: "qrels.txt", size: heldTextBytes(null) + 1 }, "judgments"), /does not say/);
});

test("a file the page must hold whole is refused above the bound, saying why and what to do", () => {
  const held = heldTextBytes(4);
  assert.equal(tooLarge({ name: "qrels.txt", size: held }, "judgments", { deviceGiB: 4 }), null);
  const refused = tooLarge({ name: "qrels.txt", size: held + 1 }, "judgments", { deviceGiB: 4 });
  assert.match(refused, /qrels\.txt .* is too large/);
  assert.match(refused, /says the device has 4 GB/);
  assert.match(refused, /Keep only the queries/);
  const unknown = tooLarge({ name: "qrels.txt", size: heldTextBytes(null) + 1 }, "judgments", { deviceGiB: null });
  assert.match(unknown, /does not say how much memory/);
  const gzip = tooLarge({ name: "run.gz", size: Math.ceil(held / GZIP_RATIO) + 1 }, "ungrouped run", { deviceGiB: 4 });
  assert.match(gzip, /Sort the run by query/);
  assert.match(gzip, /it unpacks to about \d+ MB/);
  assert.equal(
    tooLarge({ name: "run.gz", size: Math.floor(held / GZIP_RATIO) }, "ungrouped run", { deviceGiB: 4 }),
    null,
  );
});

test("a gzip file's own unpacked size counts when it is past GZIP_RATIO times its size", () => {
  const held = heldTextBytes(4);
  const small = { name: "qrels.txt.gz", size: 1000 };
  assert.equal(tooLarge(small, "judgments", { deviceGiB: 4, unpacked: held }), null);
  assert.match(tooLarge(small, "judgments", { deviceGiB: 4, unpacked: held + 1 }), /it unpacks to about \d+ MB/);
  // A gzip file without the .gz name (found by its bytes) is taken as gzip too.
  assert.match(tooLarge({ name: "qrels", size: 1000 }, "judgments", { deviceGiB: 4, unpacked: held + 1 }), /too large/);
  assert.equal(
    tooLarge({ name: "qrels.gz", size: Math.floor(held / GZIP_RATIO) }, "judgments", { deviceGiB: 4, unpacked: 10 }),
    null,
  );
});

test("a run not grouped by query shares the bound with the judgments Python already holds", () => {
  const held = heldTextBytes(4);
  const run = { name: "run.txt", size: held / 2 };
  assert.equal(tooLarge(run, "ungrouped run", { deviceGiB: 4, judgmentsHeld: held / 2 }), null);
  const refused = tooLarge(run, "ungrouped run", { deviceGiB: 4, judgmentsHeld: held / 2 + 1 });
  assert.match(refused, /run\.txt .* is too large/);
  assert.match(refused, /beside the judgments' \d+ MB/);
  assert.match(refused, /Sort the run by query/);
  // Alone, the same run fits: only what is held beside it refused it.
  assert.equal(tooLarge(run, "ungrouped run", { deviceGiB: 4 }), null);
});

test("where the browser says nothing, the bound is one a phone's tab holds: a few hundred MB", () => {
  assert.ok(DEFAULT_PYTHON_MEMORY <= 512 * 1024 ** 2, DEFAULT_PYTHON_MEMORY);
  assert.ok(DEFAULT_PYTHON_MEMORY >= 256 * 1024 ** 2, DEFAULT_PYTHON_MEMORY);
});

test("running out of memory is told plainly, whoever says it; other failures are not taken for it", () => {
  for (const said of [
    "Traceback (most recent call last):\n  ...\nMemoryError",
    "MemoryError",
    "Uncaught RangeError: out of memory",
    "Cannot enlarge memory arrays",
    "Aborted(OOM)",
  ])
    assert.match(outOfMemory(said), /^Python ran out of memory reading these files/, said);
  assert.equal(outOfMemory("qrels.txt could not be read: NotReadableError"), null);
  assert.equal(outOfMemory("ValueError: memoryless"), null);
});
