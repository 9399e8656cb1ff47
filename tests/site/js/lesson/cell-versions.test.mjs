// site/js/lesson/cell-versions.js: a cell's edited code as two tabs see it.
import "../fake-storage.mjs";
import { beforeEach, test } from "node:test";
import assert from "node:assert/strict";
import { cellVersions, otherTabVersion, saveCellCode } from "../../../../site/js/lesson/cell-versions.js";
import { load, save, tabId } from "../../../../site/js/shared/storage.js";

const SLUG = "precision-recall";
const CELL = { id: "c1", code: "print('lesson')", hash: "h1" };
const OTHER_TAB = "other-tab";

/** Save a version as another tab would have (its own tab id). */
function savedByAnotherTab(code, extra = {}) {
  save(SLUG, "cell", CELL.id, { code, base: CELL.hash, tab: OTHER_TAB, ...extra });
}

beforeEach(() => localStorage.clear());

test("nothing saved shows the lesson's code and offers nothing", () => {
  assert.deepEqual(cellVersions(SLUG, CELL), { shown: null, other: null });
});

test("this tab's edit is shown as its own", () => {
  saveCellCode(SLUG, CELL, "print('mine')");
  assert.deepEqual(cellVersions(SLUG, CELL), {
    shown: { code: "print('mine')", base: "h1", tab: tabId, mine: true },
    other: null,
  });
});

test("saving the lesson's own code with no other version removes the record", () => {
  saveCellCode(SLUG, CELL, "print('mine')");
  saveCellCode(SLUG, CELL, CELL.code);
  assert.equal(load(SLUG, "cell", CELL.id), null);
});

test("this tab's save keeps another tab's version, offered beside this tab's", () => {
  savedByAnotherTab("print('theirs')");
  saveCellCode(SLUG, CELL, "print('mine')");
  assert.deepEqual(cellVersions(SLUG, CELL), {
    shown: { code: "print('mine')", base: "h1", tab: tabId, mine: true },
    other: { code: "print('theirs')", base: "h1" },
  });
});

test("a new tab shows the latest version, not as its own, and offers the earlier", () => {
  save(SLUG, "cell", CELL.id, {
    code: "print('latest')",
    base: "h1",
    tab: "tab-b",
    other: { code: "print('earlier')", base: "h0", tab: "tab-a" },
  });
  assert.deepEqual(cellVersions(SLUG, CELL), {
    shown: { code: "print('latest')", base: "h1", tab: "tab-b", mine: false },
    other: { code: "print('earlier')", base: "h0" },
  });
});

test("editing on from another tab's version it showed takes that version's place", () => {
  savedByAnotherTab("print('old session')");
  const { shown } = cellVersions(SLUG, CELL);
  saveCellCode(SLUG, CELL, "print('old session, edited')", shown);
  assert.deepEqual(cellVersions(SLUG, CELL).other, null);
});

test("an undo back to the lesson's code keeps the other tab's version", () => {
  savedByAnotherTab("print('theirs')");
  saveCellCode(SLUG, CELL, CELL.code);
  const record = load(SLUG, "cell", CELL.id);
  assert.equal(record.code, CELL.code);
  assert.deepEqual(record.other, { code: "print('theirs')", base: "h1", tab: OTHER_TAB });
  assert.deepEqual(cellVersions(SLUG, CELL), { shown: null, other: { code: "print('theirs')", base: "h1" } });
});

test("edits saved before tabs were told apart are shown, not as this tab's", () => {
  save(SLUG, "cell", CELL.id, { code: "print('old')", base: "h1" });
  assert.deepEqual(cellVersions(SLUG, CELL).shown, { code: "print('old')", base: "h1", tab: undefined, mine: false });
});

test("a storage event's record is another tab's version only when another tab saved it", () => {
  assert.deepEqual(otherTabVersion({ code: "x", tab: OTHER_TAB }), { code: "x" });
  assert.equal(otherTabVersion({ code: "x", tab: tabId }), null);
  assert.equal(otherTabVersion(null), null);
  assert.equal(otherTabVersion({ chosen: [1] }), null);
});
