// site/js/lesson/indent.js: a cell's indent unit, and Enter in an editor set up with it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { EditorSelection, EditorState } from "@codemirror/state";
import { insertNewlineAndIndent } from "@codemirror/commands";
import { python } from "@codemirror/lang-python";
import { ensureSyntaxTree } from "@codemirror/language";
import { DEFAULT_INDENT_UNIT, cellIndentation, indentUnitOf } from "../../../../site/js/lesson/indent.js";

/** The code after Enter at the end of 1-based line `number` and "pass" typed, as in a cell's editor. */
function enterThenPass(code, number) {
  let state = EditorState.create({ doc: code, extensions: [python(), cellIndentation(code)] });
  ensureSyntaxTree(state, state.doc.length, 10_000); // parsed whole, as by the time a learner types
  state = state.update({ selection: EditorSelection.cursor(state.doc.line(number).to) }).state;
  insertNewlineAndIndent({
    state,
    dispatch: (transaction) => {
      state = transaction.state;
    },
  });
  return state.update(state.replaceSelection("pass")).state.doc.toString();
}

test("the unit is the smallest step from a block's header to its body", () => {
  assert.equal(indentUnitOf("def f(x):\n  if x:\n      return 1\n  return 0\n"), "  ");
  assert.equal(indentUnitOf("for i in range(3):\n    print(i)\n"), "    ");
});

test("comments, blank lines and a comment after the colon do not change the unit", () => {
  assert.equal(indentUnitOf("if True:  # a note\n\n   # a comment\n   x = 1\n"), "   ");
});

test("blocks indented with tabs give a tab", () => {
  assert.equal(indentUnitOf("if True:\n\tx = 1\n"), "\t");
});

test("code with no block yet gets PEP 8's four spaces", () => {
  assert.equal(DEFAULT_INDENT_UNIT, "    ");
  assert.equal(indentUnitOf("x = 1\nprint(x)\n"), DEFAULT_INDENT_UNIT);
  assert.equal(indentUnitOf(""), DEFAULT_INDENT_UNIT);
});

test("a body that is not deeper than its header is no step", () => {
  assert.equal(indentUnitOf("if x:\npass\n"), DEFAULT_INDENT_UNIT);
});

test("Enter after a header goes one of the cell's own units deeper", () => {
  const code = "def f(x):\n  if x:\n    return 1\n  return 0\n";
  assert.equal(enterThenPass(code, 2).split("\n")[2], "    pass");
});

test("Enter after an ordinary line stays beside it", () => {
  assert.equal(enterThenPass("print(1)\n", 1), "print(1)\npass\n");
  assert.equal(enterThenPass("if x:\n    y = 1\n", 2), "if x:\n    y = 1\n    pass\n");
});
