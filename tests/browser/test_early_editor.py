"""Editing before the editor is in (site/js/early-editor.js): the code the page shows at once is
the cell's one textbox, what the learner types there is kept, and CodeMirror takes over with the
text, the caret and the focus. The editor's script is held back to make "before" last."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from test_lesson_page import SLUG, editor_text, wait_for_editors
from test_every_lesson import SLUGS

EDITOR_SCRIPT = "**/assets/chunks/editor-*.js"


def hold_editor(page) -> list:
    """Keep the editor's script from arriving until `release_editor`."""
    held = []
    page.route(EDITOR_SCRIPT, lambda route: held.append(route))
    return held


def release_editor(page, held: list) -> None:
    for route in held:
        route.continue_()
    page.unroute(EDITOR_SCRIPT)


def lesson_data(page) -> dict:
    return json.loads(page.locator("#lesson-data").text_content())


@pytest.mark.parametrize("slug", SLUGS)
def test_the_code_shown_at_once_is_the_cells_one_textbox_holding_its_code(page, base_url, slug):
    hold_editor(page)
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
        expect(textboxes).to_have_accessible_name(f'{cell["name"]}, code editor')
        shown = textboxes.evaluate("(code) => code.isContentEditable && code.textContent")
        assert shown == f'{cell["code"]}\n', cell["id"]


def test_keys_typed_before_the_editor_arrives_reach_the_code(page, base_url):
    """Tab onto a cell's code while Python and the editor load, and type: every key lands, and
    the editor that arrives holds the typed code, the caret where it was, and the focus."""
    held = hold_editor(page)
    page.goto(f"{base_url}{SLUG}.html")
    cell = page.locator("[data-cell]").nth(1)
    original = next(data["code"] for data in lesson_data(page)["cells"] if data["id"] == cell.get_attribute("data-cell"))
    early = cell.get_by_role("textbox")
    with page.expect_request(EDITOR_SCRIPT):
        early.focus()  # as Tab would: the editor's script is asked for
    page.keyboard.press("Control+Home")
    page.keyboard.type("x = 1")
    page.keyboard.press("Enter")
    expect(early).to_be_focused()
    expect(cell.get_by_role("textbox")).to_have_count(1)

    release_editor(page, held)
    editor = cell.locator(".cm-content")
    expect(editor).to_be_focused()
    page.keyboard.type("y = 2")  # goes on at the caret
    assert editor_text(cell) == f"x = 1\ny = 2{original}"
    expect(cell.get_by_role("textbox")).to_have_count(1)

    page.keyboard.press("Enter")
    page.keyboard.type("print(x + y)")
    cell.get_by_role("button", name="Run").click()
    expect(cell.locator("[data-output]")).to_contain_text("3", timeout=60_000)


def test_the_selection_made_before_the_editor_arrives_is_kept(page, base_url):
    held = hold_editor(page)
    page.goto(f"{base_url}{SLUG}.html")
    cell = page.locator("[data-cell]").nth(1)
    early = cell.get_by_role("textbox")
    with page.expect_request(EDITOR_SCRIPT):
        early.focus()
    page.keyboard.press("Control+Home")
    page.keyboard.press("Shift+End")  # the first line, selected
    release_editor(page, held)
    expect(cell.locator(".cm-content")).to_be_focused()
    page.keyboard.type("pass")  # replaces the selected line
    assert editor_text(cell).split("\n")[0] == "pass"


def test_an_edit_made_before_the_editor_arrives_survives_a_reload(page, base_url):
    held = hold_editor(page)
    page.goto(f"{base_url}{SLUG}.html")
    cell = page.locator("[data-cell]").nth(1)
    with page.expect_request(EDITOR_SCRIPT):
        cell.get_by_role("textbox").focus()
    page.keyboard.press("Control+Home")
    page.keyboard.type("# mine")
    page.keyboard.press("Enter")
    release_editor(page, held)
    expect(cell.locator(".cm-content")).to_be_focused()
    page.reload()
    wait_for_editors(page)
    assert editor_text(page.locator("[data-cell]").nth(1)).startswith("# mine\n")


def early_text(early) -> str:
    return early.evaluate("(code) => code.textContent.replace(/\\n$/, '')")


def put_caret(page, cell_id: str, line: int) -> None:
    """The caret at the start of the cell's line `line` (1-based) in the early editor."""
    page.evaluate("""([id, line]) => {
      const lines = document.querySelectorAll(`[data-cell="${id}"] [data-early-editor] .code-line`);
      const text = document.createTreeWalker(lines[line - 1], NodeFilter.SHOW_TEXT).nextNode();
      getSelection().collapse(text, 0);
    }""", [cell_id, line])


@pytest.mark.parametrize("key, joined", [("Backspace", 2), ("Delete", 3)])
def test_deleting_a_line_break_in_the_early_editor_joins_just_those_two_lines(page, base_url, key, joined):
    """The browser's own editing of the per-line elements dropped a second line break
    (Chromium, Backspace at a line start)."""
    held = hold_editor(page)
    page.goto(f"{base_url}{SLUG}.html")
    cell = page.locator("[data-cell]").nth(1)
    early = cell.get_by_role("textbox")
    original = early_text(early)
    lines = original.split("\n")
    with page.expect_request(EDITOR_SCRIPT):
        early.focus()
    put_caret(page, cell.get_attribute("data-cell"), 3)
    if key == "Delete":
        page.keyboard.press("ArrowLeft")  # to the end of line 2
    page.keyboard.press(key)
    expected = "\n".join(lines[:1] + [lines[1] + lines[2]] + lines[3:])
    assert early_text(early) == expected
    page.keyboard.type("#")  # the caret sits at the join
    expected = "\n".join(lines[:1] + [lines[1] + "#" + lines[2]] + lines[3:])
    assert early_text(early) == expected
    release_editor(page, held)
    expect(cell.locator(".cm-content")).to_be_focused()
    assert editor_text(cell) == expected


def test_focus_the_learner_moved_on_stays_when_the_editor_arrives(page, base_url):
    held = hold_editor(page)
    page.goto(f"{base_url}{SLUG}.html")
    cell = page.locator("[data-cell]").nth(1)
    with page.expect_request(EDITOR_SCRIPT):
        cell.get_by_role("textbox").focus()
    page.keyboard.press("Control+Home")
    page.keyboard.type("# typed\n")
    page.keyboard.press("Tab")  # before the editor, Tab leaves the code
    run = cell.get_by_role("button", name="Run")
    expect(run).to_be_focused()
    release_editor(page, held)
    expect(cell.locator(".cm-content")).to_have_count(1)
    wait_for_editors(page)
    expect(run).to_be_focused()
    assert editor_text(cell).startswith("# typed\n")
