// site/js/evaluate/text.js: text files (UTF-8, Latin-1) are read; NUL and control bytes are not text.
import { test } from "node:test";
import assert from "node:assert/strict";
import { textKind } from "../../../../site/js/evaluate/text.js";

const bytes = (...values) => Uint8Array.from(values);
const utf8 = (text) => new TextEncoder().encode(text);

test("UTF-8 text, a cut last character included, is read as UTF-8", () => {
  assert.deepEqual(textKind(utf8("q1 Q0 d1 1 2.5 r\n")), { encoding: "utf-8" });
  const cut = utf8("q1 Q0 caf\u00e9 1 2 r\n").slice(0, 10); // é cut after its first byte
  assert.deepEqual(textKind(cut), { encoding: "utf-8" });
});

test("Latin-1 text that trec_eval reads is read as Latin-1, not refused", () => {
  assert.deepEqual(textKind(bytes(...utf8("q1 Q0 caf"), 0xe9, ...utf8(" 1 2 r\n"))), { encoding: "latin1" });
});

test("NUL bytes, UTF-16 and control bytes outside UTF-8 are not text", () => {
  assert.deepEqual(textKind(bytes(...utf8("q1 Q0 d1"), 0, 0x41)), { notText: "it holds NUL bytes" });
  assert.match(textKind(bytes(0xff, 0xfe, 0x71, 0)).notText, /UTF-16: save it as UTF-8/);
  assert.match(textKind(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)).notText, /neither UTF-8 nor Latin-1/);
});
