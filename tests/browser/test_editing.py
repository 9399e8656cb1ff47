"""Editing a cell in Chromium as a learner does, key by key: the editor keeps the cell's own
indentation (site/js/lesson/indent.js), and Reset brings back the whole exercise (site/js/lesson/cells.js)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from helpers import editor_lines, open_lesson, replace_code


def test_enter_indents_by_the_cells_own_four_spaces(page, base_url):
    """Enter after a line that opens a block goes one level (4 spaces) deeper; Enter after an
    ordinary line stays beside it; the exercise still checks correct."""
    open_lesson(page, base_url, "precision-recall")
    cell = page.locator('[data-cell="write-recall"]')
    editor_lines(cell).nth(6).click()  # the docstring's closing quotes (long lines wrap)
    page.keyboard.press("End")
    page.keyboard.press("Enter")
    page.keyboard.type("if not relevant:")
    page.keyboard.press("Enter")
    page.keyboard.type("return 0.0")
    page.keyboard.press("ArrowDown")  # onto `raise NotImplementedError`, replaced by the body
    page.keyboard.press("End")
    page.keyboard.press("Shift+Home")
    page.keyboard.type("hits = sum(1 for item in ranking[:k] if item in relevant)")
    page.keyboard.press("Enter")
    page.keyboard.type("return hits / len(relevant)")
    lines = [line.replace("\u00a0", " ") for line in editor_lines(cell).all_inner_texts()]
    assert lines[7:11] == [
        "    if not relevant:",
        "        return 0.0",
        "    hits = sum(1 for item in ranking[:k] if item in relevant)",
        "    return hits / len(relevant)",
    ], lines
    cell.get_by_role("button", name=re.compile("^Check")).click()
    expect(cell.locator("[data-verdict]")).to_have_attribute("data-verdict", "correct")


def test_reset_brings_the_whole_exercise_back_and_undo_returns_it(page, base_url):
    """Reset closes the hint and the solution and clears the verdict, not only the code; the
    lesson's "Undo" after "Reset all code" puts every part back."""
    open_lesson(page, base_url, "precision-recall")
    cell = page.locator('[data-cell="write-recall"]')
    verdict = cell.locator("[data-verdict]")
    cell.get_by_role("button", name=re.compile("^Check")).click()
    expect(verdict).to_have_attribute("data-verdict", "incorrect")
    cell.get_by_text("Hint", exact=True).click()
    cell.get_by_text("Another hint", exact=True).click()
    cell.get_by_text("Show a solution").click()
    # The first hint, the second inside it, and the solution.
    help_panels = cell.locator("details.exercise-help:not([data-solution]), details.hint-more, details[data-solution]")
    for index in range(3):
        expect(help_panels.nth(index)).to_have_attribute("open", "")

    cell.get_by_role("button", name="Reset").click()
    for index in range(3):
        expect(help_panels.nth(index)).not_to_have_attribute("open", "")
    expect(verdict).to_have_attribute("data-verdict", "")
    expect(verdict).to_have_text("")

    cell.get_by_role("button", name=re.compile("^Check")).click()
    expect(verdict).to_have_attribute("data-verdict", "incorrect")
    cell.get_by_text("Hint", exact=True).click()
    page.get_by_role("button", name="Reset all code").click()
    expect(help_panels.nth(0)).not_to_have_attribute("open", "")
    expect(verdict).to_have_text("")
    page.get_by_role("button", name="Undo").click()
    expect(help_panels.nth(0)).to_have_attribute("open", "")
    expect(verdict).to_have_attribute("data-verdict", "incorrect")


def test_a_stopped_cell_that_was_reset_runs_again_for_a_later_cell(page, base_url):
    """Stop cell 1's endless loop, Reset it, then run cell 2: cell 1 runs first as the earlier
    cell it needs (its variables are defined), so cell 2 does not end in a NameError."""
    open_lesson(page, base_url, "precision-recall")
    cells = page.locator("[data-cell]")
    first, second = cells.nth(0), cells.nth(1)
    replace_code(page, first, "while True:\n    pass")
    first.get_by_role("button", name="Run").click()
    expect(first).to_have_attribute("data-state", "running")
    first.get_by_role("button", name="Stop").click()
    expect(first).not_to_have_attribute("data-state", "running")
    first.get_by_role("button", name="Reset").click()
    second.get_by_role("button", name="Run").click()
    expect(second).to_have_attribute("data-state", "done")
    expect(first).to_have_attribute("data-state", "done")
