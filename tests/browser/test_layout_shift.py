"""Nothing on a lesson page moves after first paint: the layout shift Chromium measures (Layout
Instability API) from navigation until 4 s after the runtime status reads ready, with no cell
run, at a desktop width in light and a phone width in dark, on a first visit to the lessons that
between them hold every kind of block and option (helpers.lessons_covering_every_feature), the
playground page and the evaluate page, and for a returning learner whose edited code is
restored (one lesson); and, on each of those lessons' first visit at both, while each cell is
scrolled to in turn. bench/layout_shift.py measures every lesson, at all four pairs."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from browserdrive.layout_shift import JUMP_TO_EVERY_CELL, RECORDER
from helpers import PYTHON_READY_TIMEOUT, SLUGS, lessons_covering_every_feature, wait_for_editors

MAX_LAYOUT_SHIFT = 0.001
VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
# Each width once and each scheme once: the schemes differ only in colours (site.css, the
# editor's two themes of one shape), so a pair stands for the four. Both are scrolled through,
# cell by cell. (bench/layout_shift.py measures all four pairs.)
VARIANTS = [("desktop", "light"), ("phone", "dark")]


def edit_every_cell(page, url: str) -> int:
    """Edit every editable cell of the lesson at `url` as a learner would (the page saves each
    edit): the first gets shorter code, the others longer. Returns how many cells were edited."""
    page.goto(url)
    expect(page.locator("[data-runtime-status]")).to_have_attribute(
        "data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT
    )
    wait_for_editors(page)
    cells = [
        c
        for c in json.loads(page.locator("#lesson-data").text_content())["cells"]
        if not c["hidden"] and not c["readonly"]
    ]
    for index, cell_data in enumerate(cells):
        page.locator(f'[data-cell="{cell_data["id"]}"]').get_by_role("textbox").click()
        if index == 0:
            page.keyboard.press("ControlOrMeta+a")
            page.keyboard.insert_text("print('my own version')")
        else:
            page.keyboard.press("ControlOrMeta+End")
            page.keyboard.insert_text("\n# a note of my own\n# and a second line")
    return len(cells)


# A lesson page is its template and its blocks: what can move is a kind of block or an option of
# one, so the lessons that between them hold every kind stand for all. Restoring saved edits
# works the same way on every lesson page, so it is measured on a lesson with many cells, charts
# and tables: comparing-systems. (The playground and evaluate pages have no code cells.)
SAVED_EDITS = ["comparing-systems"]
PAGES_AND_PROFILES = [
    *[(page, "first visit") for page in (*lessons_covering_every_feature(), "playground", "evaluate")],
    *[(slug, "saved edits") for slug in SAVED_EDITS],
]


@pytest.mark.parametrize("slug, profile", PAGES_AND_PROFILES)
def test_nothing_moves_after_first_paint(browser, base_url, slug, profile):
    url = f"{base_url}{slug}.html"
    context = browser.new_context()  # a fresh profile
    try:
        edited = edit_every_cell(context.new_page(), url) if profile == "saved edits" else 0
        context.add_init_script(RECORDER)
        # The variants load side by side in the profile: a busier machine paints more
        # intermediate frames, so a shift has more chances to be seen.
        variants = {}
        for size, scheme in VARIANTS:
            page = context.new_page()
            page.set_viewport_size(VIEWPORTS[size])
            page.emulate_media(color_scheme=scheme)
            page.goto(url, wait_until="commit")
            variants[f"{size} {scheme}"] = page
        results = {}
        for name, page in variants.items():
            expect(page.locator("[data-runtime-status]")).to_have_attribute(
                "data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT
            )
            if edited:  # the edits really are back, so their restoring was measured
                expect(page.locator("[data-cell] [data-notice]")).to_have_count(edited)
            results[name] = page.evaluate("() => window.layoutShiftWindow")
        totals = {name: sum(entry["value"] for entry in shifts) for name, shifts in results.items()}
        moved = {name: results[name] for name, total in totals.items() if total > MAX_LAYOUT_SHIFT}
        assert not moved, f"layout shift {totals}: {json.dumps(moved, indent=1)}"
        if slug in SLUGS and profile == "first visit":
            for page in variants.values():
                assert_nothing_moves_when_each_cell_is_scrolled_to(page)
    finally:
        context.close()


def assert_nothing_moves_when_each_cell_is_scrolled_to(page) -> None:
    """CodeMirror measures an editor only once it is in view: an editor further down the page
    must not change height (and move its Run button) when the learner scrolls to it."""
    page.bring_to_front()  # a page behind others gets few animation frames, and the script waits on them
    wait_for_editors(page)
    shifts = page.evaluate(JUMP_TO_EVERY_CELL)
    total = sum(entry["value"] for entry in shifts)
    assert total <= MAX_LAYOUT_SHIFT, f"layout shift {total} while scrolling: {json.dumps(shifts)}"
