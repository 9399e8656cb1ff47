// site/js/lesson/output.js: output shown as a terminal would show it.
import "../build-constants.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { cutNotice, terminalSteps, withoutTerminalCodes } from "../../../../site/js/lesson/output.js";

/** What a terminal shows after writing `writes` in turn, by applying terminalSteps to a string. */
function shown(...writes) {
  let text = "";
  let carriageReturn = false;
  for (const write of writes) {
    const result = terminalSteps(write, carriageReturn);
    carriageReturn = result.carriageReturn;
    for (const step of result.steps) {
      text = step.erase ? text.slice(0, text.lastIndexOf("\n") + 1) : text + step.append;
    }
  }
  return text;
}

test("plain text is appended as it is", () => {
  assert.equal(shown("a\n", "b"), "a\nb");
});

test("a carriage return starts the line again, even across writes", () => {
  assert.equal(shown("loading 0%\rloading 50%\rloading 100%\n"), "loading 100%\n");
  assert.equal(shown("x\n\rloading 0%", "\rloading 50%", "\r", "loading 100%", "\n"), "x\nloading 100%\n");
});

test("a carriage return at the end of a write waits to see whether a newline follows", () => {
  assert.deepEqual(terminalSteps("50%\r", false), { steps: [{ append: "50%" }], carriageReturn: true });
  assert.equal(shown("a\r", "\nb"), "a\nb");
  assert.equal(shown("a\r", "b"), "b");
});

test("\\r\\n is a newline", () => {
  assert.equal(shown("a\r\nb\r\n"), "a\nb\n");
});

test("terminal colour and cursor codes are dropped", () => {
  assert.equal(withoutTerminalCodes("\x1b[31mred\x1b[0m text\x1b[2K"), "red text");
  assert.equal(withoutTerminalCodes("\x1b]0;title\x07plain"), "plain");
});

test("the cut notice counts the characters left out, with thousands separators", () => {
  assert.equal(cutNotice(1234567), "Output cut: 1,234,567 more characters were not shown.");
});
