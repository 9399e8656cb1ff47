import assert from "node:assert/strict";
import { test } from "node:test";

// interpreter.js imports interpreter.py as text, which only a bundle (or site/tools/python-as-text.mjs) can.
const { importWithPythonText } = await import("../../../../site/tools/python-as-text.mjs");
const { unpackWheels } = await importWithPythonText(
  "../js/worker/interpreter.js",
  new URL("../../../../site/tools/", import.meta.url),
);

/** A Pyodide whose unpackArchive throws `error`. */
const failingPyodide = (error) => ({
  unpackArchive() {
    throw error;
  },
});

test("a wheel that does not unpack is named as damaged, with Python's last line", () => {
  const badZip = new Error("Traceback (most recent call last):\nzipfile.BadZipFile: File is not a zip file\n");
  assert.throws(
    () =>
      unpackWheels(failingPyodide(badZip), "/site", ["wheels/cellruntime-0.1.0-py3-none-any.whl"], [new Uint8Array(4)]),
    {
      message:
        "the site's wheels/cellruntime-0.1.0-py3-none-any.whl is damaged (zipfile.BadZipFile: File is not a zip file)",
    },
  );
});

test("a trap of Python's WebAssembly while unpacking is not called a damaged wheel: it goes on as a trap", () => {
  const trap = new WebAssembly.RuntimeError("Out of bounds memory access");
  assert.throws(
    () =>
      unpackWheels(failingPyodide(trap), "/site", ["wheels/cellruntime-0.1.0-py3-none-any.whl"], [new Uint8Array(4)]),
    (error) => error === trap,
  );
});
