"""Editing before the editor is in (site/js/lesson/early-editor.js): the code the page shows at once is
the cell's one textbox, what the learner types there is kept, and CodeMirror takes over with the
text, the caret and the focus. The editor's script is held back to make "before" last."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from playwright.sync_api import expect

from helpers import (
    EDITOR,
    SLUG,
    SLUGS,
    HeldRequests,
    editor,
    editor_text,
    hold_wasm,
    lesson_data,
    release_wasm,
    wait_for_editors,
)

EDITOR_SCRIPT = "**/assets/chunks/editor-*.js"


def hold_editor(page) -> HeldRequests:
    """Keep the editor's script from arriving until its `release()`."""
    return HeldRequests(page, EDITOR_SCRIPT)


@dataclass
class EarlyEdit:
    """A lesson whose editor script is held back, with the focus in a cell's early editor."""

    page: object
    held: HeldRequests  # the editor's script
    cell: object  # the cell, [data-cell]
    early: object  # its early editor, the cell's one textbox until the editor arrives

    def release_editor(self) -> None:
        """Let the editor arrive and wait until it has the focus the early editor had."""
        self.held.release()
        expect(editor(self.cell)).to_be_focused()


def edit_before_the_editor(page, base_url, at_start: bool = True) -> EarlyEdit:
    """Open the lesson with the editor's script held, focus the second cell's code (as Tab
    would: that asks for the script) and, if `at_start`, put the caret at its start."""
    held = hold_editor(page)
    page.goto(f"{base_url}{SLUG}.html")
    cell = page.locator("[data-cell]").nth(1)
    early = cell.get_by_role("textbox")
    with page.expect_request(EDITOR_SCRIPT):
        early.focus()
    if at_start:
        page.keyboard.press("Control+Home")
    return EarlyEdit(page, held, cell, early)


@pytest.mark.parametrize("slug", SLUGS)
def test_the_code_shown_at_once_is_the_cells_one_textbox_holding_its_code(page, base_url, slug):
    hold_editor(page)
    hold_wasm(page)  # Python has no part in it: it keeps loading, and spends no time
    page.goto(f"{base_url}{slug}.html")
    for cell in lesson_data(page)["cells"]:
        if cell["hidden"]:
            continue
        element = page.locator(f'[data-cell="{cell["id"]}"]')
        textboxes = element.get_by_role("textbox")
        if cell["readonly"]:
            expect(textboxes).to_have_count(0)
            continue
        expect(textboxes).to_have_count(1)
        expect(textboxes).to_have_accessible_name(f"{cell['name']}, code editor")
        shown = textboxes.evaluate("(code) => code.isContentEditable && code.textContent")
        assert shown == f"{cell['code']}\n", cell["id"]


def test_keys_typed_before_the_editor_arrives_reach_the_code(page, base_url):
    """Tab onto a cell's code while Python and the editor load, and type: every key lands, and
    the editor that arrives holds the typed code, the caret where it was, and the focus."""
    edit = edit_before_the_editor(page, base_url)
    cell = edit.cell
    original = next(
        data["code"] for data in lesson_data(page)["cells"] if data["id"] == cell.get_attribute("data-cell")
    )
    page.keyboard.type("x = 1")
    page.keyboard.press("Enter")
    expect(edit.early).to_be_focused()
    expect(cell.get_by_role("textbox")).to_have_count(1)

    edit.release_editor()
    page.keyboard.type("y = 2")  # goes on at the caret
    assert editor_text(cell) == f"x = 1\ny = 2{original}"
    expect(cell.get_by_role("textbox")).to_have_count(1)

    page.keyboard.press("Enter")
    page.keyboard.type("print(x + y)")
    cell.get_by_role("button", name="Run").click()
    expect(cell.locator("[data-output]")).to_contain_text("3", timeout=60_000)


def test_the_selection_made_before_the_editor_arrives_is_kept(page, base_url):
    edit = edit_before_the_editor(page, base_url)
    page.keyboard.press("Shift+End")  # the first line, selected
    edit.release_editor()
    page.keyboard.type("pass")  # replaces the selected line
    assert editor_text(edit.cell).split("\n")[0] == "pass"


def test_an_edit_made_before_the_editor_arrives_survives_a_reload(page, base_url):
    edit = edit_before_the_editor(page, base_url)
    page.keyboard.type("# mine")
    page.keyboard.press("Enter")
    edit.release_editor()
    page.reload()
    wait_for_editors(page)
    assert editor_text(page.locator("[data-cell]").nth(1)).startswith("# mine\n")


def early_text(early) -> str:
    return early.evaluate("(code) => code.textContent.replace(/\\n$/, '')")


def put_caret(page, cell_id: str, line: int) -> None:
    """The caret at the start of the cell's line `line` (1-based) in the early editor."""
    page.evaluate(
        """([id, line]) => {
      const lines = document.querySelector(`[data-cell="${id}"] [data-early-editor]`).children;
      const text = document.createTreeWalker(lines[line - 1], NodeFilter.SHOW_TEXT).nextNode();
      getSelection().collapse(text, 0);
    }""",
        [cell_id, line],
    )


@pytest.mark.parametrize("key, joined", [("Backspace", 2), ("Delete", 3)])
def test_deleting_a_line_break_in_the_early_editor_joins_just_those_two_lines(page, base_url, key, joined):
    """The browser's own editing of the per-line elements dropped a second line break
    (Chromium, Backspace at a line start)."""
    edit = edit_before_the_editor(page, base_url, at_start=False)
    cell, early = edit.cell, edit.early
    lines = early_text(early).split("\n")
    put_caret(page, cell.get_attribute("data-cell"), 3)
    if key == "Delete":
        page.keyboard.press("ArrowLeft")  # to the end of line 2
    page.keyboard.press(key)
    expected = "\n".join(lines[:1] + [lines[1] + lines[2]] + lines[3:])
    assert early_text(early) == expected
    page.keyboard.type("#")  # the caret sits at the join
    expected = "\n".join(lines[:1] + [lines[1] + "#" + lines[2]] + lines[3:])
    assert early_text(early) == expected
    edit.release_editor()
    assert editor_text(cell) == expected


def test_focus_the_learner_moved_on_stays_when_the_editor_arrives(page, base_url):
    edit = edit_before_the_editor(page, base_url)
    cell = edit.cell
    page.keyboard.type("# typed\n")
    page.keyboard.press("Tab")  # before the editor, Tab leaves the code
    run = cell.get_by_role("button", name="Run")
    expect(run).to_be_focused()
    edit.held.release()
    expect(editor(cell)).to_have_count(1)
    wait_for_editors(page)
    expect(run).to_be_focused()
    assert editor_text(cell).startswith("# typed\n")


def test_while_python_starts_only_the_cells_the_learner_goes_to_get_their_editor(page, base_url):
    """Editors for the other cells are main-thread work that would slow Python's start (and the
    learner's typing): they wait for Python, while each cell the learner goes to gets its editor
    at once."""
    held = hold_wasm(page)
    page.goto(f"{base_url}{SLUG}.html")
    cells = page.locator("[data-cell]")
    first, second = cells.nth(1), cells.nth(2)
    first.get_by_role("textbox").focus()
    expect(editor(first)).to_be_focused()
    second.get_by_role("textbox").focus()
    expect(editor(second)).to_be_focused()
    expect(page.locator(f"[data-cell] {EDITOR}")).to_have_count(2)
    expect(page.locator("[data-runtime-status]")).to_have_attribute("data-runtime-status", "loading")

    release_wasm(page, held)
    wait_for_editors(page)
