// site/js/lesson/early-editor.js: the edits the code shown at once applies to its text, as the editor
// will apply them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { editOf, indentationAt, wordEndAfter, wordStartBefore } from "../../../../site/js/lesson/early-editor.js";

const CODE = "def f(x):\n    if x:\n        return 1";
/** The code after the input, from a caret (`at`) or a selection (`[from, to]`). */
function after(input, at, text = CODE) {
  const [from, to] = Array.isArray(at) ? at : [at, at];
  const edit = editOf(input, { from, to }, text);
  return text.slice(0, edit.from) + edit.text + text.slice(edit.to);
}

test("typed text goes in at the caret or over the selection", () => {
  assert.equal(after({ inputType: "insertText", data: "y" }, 5, "f(x)"), "f(x)y");
  assert.equal(after({ inputType: "insertText", data: "z" }, [2, 3], "f(x)"), "f(z)");
});

test("pasted and dropped text comes in with its line breaks made \\n", () => {
  assert.equal(after({ inputType: "insertFromPaste", dropped: "a\r\nb\rc" }, 0, ""), "a\nb\nc");
  assert.equal(after({ inputType: "insertFromDrop" }, 0, "x"), "x", "nothing carried: nothing in");
});

test("Enter keeps the indentation of the caret's line", () => {
  const end = CODE.indexOf(":\n        ") + 1;
  assert.equal(after({ inputType: "insertParagraph" }, end), "def f(x):\n    if x:\n    \n        return 1");
  assert.equal(after({ inputType: "insertLineBreak" }, 3), "def\n f(x):\n    if x:\n        return 1");
});

test("Backspace at a line start joins just that line and the one before", () => {
  const lineStart = CODE.indexOf("    if");
  assert.equal(after({ inputType: "deleteContentBackward" }, lineStart), "def f(x):    if x:\n        return 1");
  assert.equal(after({ inputType: "deleteContentBackward" }, 0), CODE, "nothing before the start");
});

test("Delete at a line end joins just that line and the next", () => {
  assert.equal(after({ inputType: "deleteContentForward" }, 9), "def f(x):    if x:\n        return 1");
  assert.equal(after({ inputType: "deleteContentForward" }, CODE.length), CODE, "nothing after the end");
  assert.equal(after({ inputType: "deleteContentForward" }, [0, 4]), CODE.slice(4), "a selection: just it");
});

test("Ctrl+Backspace and Ctrl+Delete take a word or a run of punctuation, with the spaces beside", () => {
  assert.equal(wordStartBefore("return  total", 13), 8);
  assert.equal(wordStartBefore("return  ", 8), 0);
  assert.equal(wordStartBefore("f(x)", 4), 3);
  assert.equal(wordStartBefore("a\n", 2), 1, "at a line start: the line break");
  assert.equal(wordEndAfter("  total = 1", 0), 7);
  assert.equal(wordEndAfter("x\n", 1), 2, "at a line end: the line break");
  assert.equal(after({ inputType: "deleteWordBackward" }, 15, "print(x) + total"), "print(x) + l");
});

test("the kinds left to the browser give no edit", () => {
  for (const inputType of ["insertCompositionText", "historyUndo", "formatBold"]) {
    assert.equal(editOf({ inputType }, { from: 0, to: 0 }, CODE), null);
  }
});

test("the indentation at an offset is the leading spaces and tabs of its line", () => {
  assert.equal(indentationAt(CODE, CODE.length), "        ");
  assert.equal(indentationAt(CODE, 3), "");
  assert.equal(indentationAt("x\n\t y", 4), "\t ");
});
