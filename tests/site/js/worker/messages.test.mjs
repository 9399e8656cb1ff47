import "../build-constants.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";
import { createState } from "../../../../site/js/worker/state.js";

// messages.js imports interpreter.py as text, which only a bundle (or site/tools/python-as-text.mjs) can.
const { importWithPythonText } = await import("../../../../site/tools/python-as-text.mjs");
const { handleMessage, settingsInURL } = await importWithPythonText(
  "../js/worker/messages.js",
  new URL("../../../../site/tools/", import.meta.url),
);

test("settings ride in the URL fragment as JSON; a bad or empty one is none", () => {
  const settings = { baseURL: "https://course.example/", runtime: { pyodide: "pyodide/" } };
  assert.deepEqual(settingsInURL(`#${encodeURIComponent(JSON.stringify(settings))}`), settings);
  assert.equal(settingsInURL(""), null);
  assert.equal(settingsInURL("#"), null);
  assert.equal(settingsInURL("#%7Bnot json"), null);
});

test("a run goes to the session, its output and result to the page, then the deferred wheels", () => {
  const posted = [];
  const state = createState((message) => posted.push(message));
  let deferred = 0;
  state.installLater = () => {
    deferred += 1;
  };
  state.session = {
    run(_code, cellId, write, name) {
      write("stdout", `ran ${cellId} as ${name}\n`);
      return { toJs: () => ({ ok: true, display: null, error: null }), destroy() {} };
    },
  };
  handleMessage(state, { type: "run", id: 7, cellId: "first", code: "print(1)", name: "Code cell 1" });
  assert.deepEqual(posted, [
    { type: "output", id: 7, stream: "stdout", text: "ran first as Code cell 1\n" },
    { type: "result", id: 7, ok: true, display: null, error: null },
  ]);
  assert.equal(deferred, 1);
});

test("a runtime that throws gives a fatal result; a stopped check says it was stopped", () => {
  const posted = [];
  const state = createState((message) => posted.push(message));
  const interrupted = () => {
    throw new Error("KeyboardInterrupt");
  };
  state.session = {
    run: () => {
      throw new RangeError("Maximum call stack size exceeded");
    },
    check: { callKwargs: interrupted },
  };
  handleMessage(state, { type: "run", id: 1, cellId: "a", code: "f()" });
  handleMessage(state, { type: "check", id: 2, name: "precision", cellId: "a" });
  assert.deepEqual(posted, [
    {
      type: "result",
      id: 1,
      ok: false,
      display: null,
      fatal: true,
      error: "Python crashed: Maximum call stack size exceeded",
    },
    { type: "result", id: 2, ok: false, stopped: true, message: "Not checked: the check was stopped." },
  ]);
});

test("the boot message is handed on, and only the first boot starts", async () => {
  const posted = [];
  const state = createState((message) => posted.push(message));
  state.booting = true; // a boot from the URL already started
  const message = { type: "boot", interruptBuffer: null };
  handleMessage(state, message);
  assert.equal(await state.bootMessage, message);
  assert.deepEqual(posted, []);
});
