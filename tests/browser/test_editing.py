"""Editing a cell in Chromium as a learner does, key by key: the editor keeps the cell's own
indentation (site/js/indent.js)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from test_lesson_page import open_lesson


def test_enter_indents_by_the_cells_own_four_spaces(page, base_url):
    """Enter after a line that opens a block goes one level (4 spaces) deeper; Enter after an
    ordinary line stays beside it; the exercise still checks correct."""
    open_lesson(page, base_url, "precision-recall")
    cell = page.locator('[data-cell="write-recall"]')
    cell.locator(".cm-line").nth(6).click()  # the docstring's closing quotes (long lines wrap)
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
    lines = [line.replace("\u00a0", " ") for line in cell.locator(".cm-line").all_inner_texts()]
    assert lines[7:11] == [
        "    if not relevant:",
        "        return 0.0",
        "    hits = sum(1 for item in ranking[:k] if item in relevant)",
        "    return hits / len(relevant)",
    ], lines
    cell.get_by_role("button", name=re.compile("^Check")).click()
    expect(cell.locator("[data-verdict]")).to_have_attribute("data-verdict", "correct")
