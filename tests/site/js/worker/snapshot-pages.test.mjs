import { runPython } from "../build-constants.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";
import { readSnapshot, unpackPages } from "../../../../site/js/worker/snapshot-pages.js";

// A memory image with runs of zeros, packed by the build's own pack_pages (py/lessonbuild/snapshot.py),
// page size 16 so that a few bytes make several runs; the last page is short.
const IMAGE = Uint8Array.from({ length: 16 * 9 + 5 }, (_, index) =>
  [0, 1, 4, 5, 6, 9].includes(Math.floor(index / 16)) ? (index % 251) + 1 : 0,
);

function pack(image, { gzip = false } = {}) {
  const code = `import base64, gzip, sys
from lessonbuild.snapshot import pack_pages
packed = pack_pages(base64.b64decode("${Buffer.from(image).toString("base64")}"), page_size=16)
sys.stdout.write(base64.b64encode(gzip.compress(packed, mtime=0) if ${gzip ? "True" : "False"} else packed).decode())`;
  return new Uint8Array(Buffer.from(runPython(code).toString(), "base64"));
}

/** A ReadableStream of `bytes` in chunks of `size`. */
function streamOf(bytes, size) {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) controller.close();
      else {
        controller.enqueue(bytes.slice(at, at + size));
        at += size;
      }
    },
  });
}

test("unpackPages gives back the image pack_pages packed, whatever the chunk sizes", async () => {
  const packed = pack(IMAGE);
  assert.ok(packed.length < IMAGE.length, "the zero pages are left out");
  for (const size of [1, 7, 16, 100, packed.length]) {
    assert.deepEqual(await unpackPages(streamOf(packed, size)), IMAGE);
  }
});

test("unpackPages refuses a stream that is not a packed snapshot, or is cut short", async () => {
  const packed = pack(IMAGE);
  await assert.rejects(unpackPages(streamOf(new Uint8Array(40).fill(7), 8)), /not a packed snapshot/);
  await assert.rejects(unpackPages(streamOf(packed.slice(0, 10), 4)), /ends inside its header/);
  await assert.rejects(unpackPages(streamOf(packed.slice(0, -3), 5)), /ends early/);
  const longer = new Uint8Array(packed.length + 1);
  longer.set(packed);
  await assert.rejects(unpackPages(streamOf(longer, 5)), /past its last page/);
});

test("readSnapshot unpacks the gzip file, counting its bytes as they arrive", async () => {
  const gzipped = pack(IMAGE, { gzip: true });
  const progress = [];
  const result = await readSnapshot(streamOf(gzipped, 10), (received) => progress.push(received));
  assert.deepEqual(result, { bytes: IMAGE, reason: null });
  assert.equal(progress.at(-1), gzipped.length);
  assert.deepEqual(
    await readSnapshot(streamOf(pack(IMAGE), 9), null),
    { bytes: IMAGE, reason: null },
    "a host that already unpacked the gzip",
  );
});

test("readSnapshot says why it has no bytes: empty, damaged, stopped", async () => {
  assert.deepEqual(await readSnapshot(streamOf(new Uint8Array(0), 1), null), {
    bytes: null,
    reason: "snapshot is empty",
    damaged: true,
  });
  const damaged = await readSnapshot(streamOf(new Uint8Array(64).fill(3), 8), null);
  assert.equal(damaged.damaged, true);
  assert.match(damaged.reason, /^snapshot is damaged: it is not a packed snapshot/);
  const controller = new AbortController();
  const stopped = await readSnapshot(
    streamOf(pack(IMAGE, { gzip: true }), 4),
    () => controller.abort(new Error("the link is too slow for it")),
    controller.signal,
  );
  assert.deepEqual(stopped, { bytes: null, reason: "snapshot not used: the link is too slow for it" });
});
