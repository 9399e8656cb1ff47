// site/js/lesson/restore.js: what the note at the top of a cell says about its saved code.
import "../fake-storage.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { savedCodeNotice } from "../../../../site/js/lesson/restore.js";

const CELL = { id: "c1", code: "print(1)", hash: "now" };
const mine = (base = "now") => ({ code: "print(2)", base, tab: "t", mine: true });
const theirs = (base = "now") => ({ code: "print(3)", base, tab: "u", mine: false });

test("no saved code, no note", () => {
  assert.equal(savedCodeNotice({ shown: null, other: null }, CELL), null);
});

test("an edit back with no other version says so", () => {
  assert.deepEqual(savedCodeNotice({ shown: mine(), other: null }, CELL), { text: "Your edited code is back." });
});

test("an edit of an older lesson says Reset shows the new version", () => {
  assert.deepEqual(savedCodeNotice({ shown: mine("then"), other: null }, CELL), {
    text: "This lesson was updated since you edited this cell: Reset to see the new version.",
  });
});

test("this tab's edit beside another tab's offers the other tab's version", () => {
  assert.deepEqual(savedCodeNotice({ shown: mine(), other: { code: "print(3)", base: "now" } }, CELL), {
    text: "Your edited code from this tab is back. Another tab saved a different version.",
    label: "Use the other tab's version",
  });
});

test("the latest edit (another session's) beside an earlier one offers the earlier", () => {
  assert.deepEqual(savedCodeNotice({ shown: theirs(), other: { code: "print(2)", base: "now" } }, CELL), {
    text: "Your latest edited code is back. Another tab saved an earlier version.",
    label: "Use the earlier version",
  });
});

test("the lesson's code shown beside another tab's edit offers that edit", () => {
  assert.deepEqual(savedCodeNotice({ shown: null, other: { code: "print(3)", base: "now" } }, CELL), {
    text: "Another tab saved an edit of this cell; this tab shows the lesson's code.",
    label: "Use that edit",
  });
});
