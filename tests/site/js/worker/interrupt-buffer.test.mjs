import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { atomicSignalBuffer } from "../../../../site/js/worker/interrupt-buffer.js";

// CPython's Emscripten signal check, as the bundled Pyodide has it: it reads Module.Py_EmscriptenSignalBuffer.
const pyodideScript = readFileSync(
  new URL("../../../../node_modules/pyodide/pyodide.asm.mjs", import.meta.url),
  "utf8",
);
const helper = pyodideScript.match(
  /function _Py_CheckEmscriptenSignals_Helper\(\)\{.*?\}_Py_CheckEmscriptenSignals_Helper\.sig/s,
);
assert.ok(helper, "pyodide.asm.mjs has no _Py_CheckEmscriptenSignals_Helper");
const signalCheck = (buffer) =>
  new Function(
    "Module",
    `${helper[0].replace(/_Py_CheckEmscriptenSignals_Helper\.sig$/, "")}\nreturn _Py_CheckEmscriptenSignals_Helper;`,
  )({
    Py_EmscriptenSignalBuffer: buffer,
  });

const sharedByte = () => new Uint8Array(new SharedArrayBuffer(1));

/** `buffer` as Python's check sees it, with the page writing `signal` into `shared` right
 *  after the check's first read (between its read and its clearing write). */
function stopDuringTheCheck(buffer, shared, signal) {
  let written = false;
  return new Proxy(buffer, {
    get(target, key) {
      const value = target[key];
      if (key === "0" && !written) {
        written = true;
        shared[0] = signal;
      }
      return value;
    },
  });
}

test("Python's check takes a Stop through the view once, and leaves 0 for the page", () => {
  const shared = sharedByte();
  const check = signalCheck(atomicSignalBuffer(shared));
  assert.equal(check(), 0);
  shared[0] = 2;
  assert.equal(check(), 2);
  assert.equal(shared[0], 0);
  assert.equal(check(), 0);
});

test("a Stop written while Python's check runs is lost on the bare buffer and taken next time through the view", () => {
  const bare = sharedByte();
  const bareCheck = signalCheck(stopDuringTheCheck(bare, bare, 2));
  assert.equal(bareCheck(), 0);
  assert.equal(bareCheck(), 0, "the bare buffer no longer loses the Stop: Pyodide's check may be atomic now");

  const shared = sharedByte();
  const check = signalCheck(stopDuringTheCheck(atomicSignalBuffer(shared), shared, 2));
  assert.equal(check(), 0);
  assert.equal(check(), 2);
  assert.equal(shared[0], 0);
});
