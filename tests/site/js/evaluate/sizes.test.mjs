// site/js/evaluate/sizes.js: a file's size for people.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fileSize } from "../../../../site/js/evaluate/sizes.js";

test("under 1 kB a size is in bytes, not rounded up to a kilobyte", () => {
  assert.equal(fileSize(119), "119 bytes");
  assert.equal(fileSize(1), "1 byte");
  assert.equal(fileSize(0), "0 bytes");
  assert.equal(fileSize(1023), "1023 bytes");
});

test("from 1 kB, whole kilobytes rounded up; from 1 MB, megabytes to a tenth", () => {
  assert.equal(fileSize(1024), "1 kB");
  assert.equal(fileSize(1025), "2 kB");
  assert.equal(fileSize(3.4 * 1024 ** 2), "3.4 MB");
});
