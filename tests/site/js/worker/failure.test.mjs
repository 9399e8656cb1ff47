import assert from "node:assert/strict";
import { test } from "node:test";
import { failureReason, isTrap } from "../../../../site/js/worker/failure.js";

test("a Python traceback gives its last line", () => {
  const error = new Error(
    'Traceback (most recent call last):\n  File "x.py", line 1\nzipfile.BadZipFile: File is not a zip file\n',
  );
  assert.equal(failureReason(error), "zipfile.BadZipFile: File is not a zip file");
});

test("another message is one line, cut at 300 characters", () => {
  assert.equal(failureReason(new Error("first\n  second ")), "first second");
  assert.equal(failureReason("plain"), "plain");
  const long = failureReason(new Error("x".repeat(301)));
  assert.equal(long, `${"x".repeat(300)}…`);
});

test("a trap of WebAssembly code is told from other failures (the page starts a trapped boot once more)", () => {
  assert.equal(isTrap(new WebAssembly.RuntimeError("Out of bounds memory access")), true);
  assert.equal(isTrap(new Error("https://course.example/pyodide/pyodide.asm.wasm gave no answer")), false);
  assert.equal(isTrap(new WebAssembly.CompileError("bad magic number")), false);
  assert.equal(isTrap("a string"), false);
});
