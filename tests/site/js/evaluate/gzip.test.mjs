// site/js/evaluate/gzip.js: gzip files are found by name or by their first bytes, and refused
// with what to do only where the browser cannot unpack them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import { isGzip, unpackedSize, unreadableGzip } from "../../../../site/js/evaluate/gzip.js";

const TEXT = "q1 Q0 d1 1 2.5 tag\n";
const plain = new File([TEXT], "run.txt");
const packedByName = new File([gzipSync(TEXT)], "run.txt.gz");
const packedByBytes = new File([gzipSync(TEXT)], "run.txt");

test("a gzip file is known by its .gz name or by its magic number", async () => {
  assert.equal(await isGzip(plain), false);
  assert.equal(await isGzip(packedByName), true);
  assert.equal(await isGzip(packedByBytes), true);
  assert.equal(await isGzip(new File([], "empty")), false);
});

test("without DecompressionStream the gzip files are named, with gunzip to do first", async () => {
  const refused = await unreadableGzip([plain, packedByName], () => false);
  assert.match(refused, /^run\.txt\.gz is gzip-compressed, and this browser cannot read gzip/);
  assert.match(refused, /gunzip run\.txt\.gz/);
  assert.equal(await unreadableGzip([plain], () => false), null);
  assert.equal(await unreadableGzip([plain, packedByName], () => true), null);
  assert.match(await unreadableGzip([packedByName, packedByBytes], () => false), /are gzip-compressed/);
});

test("a gzip file's unpacked size is read from its trailer, and is null for a file not gzip", async () => {
  const text = TEXT.repeat(1000);
  assert.equal(await unpackedSize(new File([gzipSync(text)], "run.txt")), text.length);
  assert.equal(await unpackedSize(new File([gzipSync(text)], "run.gz")), text.length);
  assert.equal(await unpackedSize(plain), null);
  assert.equal(await unpackedSize(new File([new Uint8Array([0x1f, 0x8b])], "cut.gz")), null);
});
