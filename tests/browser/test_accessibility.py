"""axe-core audits the index, the playground page and the evaluate page (with its results), in
light and dark, with zero violations (every lesson is audited in both, after all its cells,
checks and quizzes have run, by test_every_lesson.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from helpers import PYTHON_READY_TIMEOUT, audit, open_evaluate, open_lesson, replace_code


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_index_has_no_violations(browser, base_url, scheme):
    page = browser.new_page(color_scheme=scheme)
    page.goto(base_url)
    assert audit(page) == []
    page.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_playground_page_has_no_violations(browser, base_url, scheme):
    page = browser.new_page(color_scheme=scheme)
    page.goto(f"{base_url}playground.html")
    expect(page.locator("[data-playground]")).to_have_attribute("data-state", "ready", timeout=PYTHON_READY_TIMEOUT)
    assert audit(page) == []
    page.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_evaluate_page_has_no_violations_before_and_after_evaluating(browser, base_url, scheme, tmp_path):
    page = browser.new_page(color_scheme=scheme)
    open_evaluate(page, base_url)
    assert audit(page) == []
    (tmp_path / "qrels.txt").write_text("q1 0 d1 1\nq1 0 d2 0\nq2 0 d3 2\n")
    (tmp_path / "a.txt").write_text("q1 Q0 d1 1 2 a\nq1 Q0 d2 2 1 a\nq2 Q0 d4 1 1 a\nq2 Q0 d3 2 0 a\nq3 x\n")
    (tmp_path / "b.txt").write_text("q1 Q0 d2 1 2 b\nq1 Q0 d1 2 1 b\nq2 Q0 d3 1 1 b\n")
    page.get_by_label("Run files").set_input_files([str(tmp_path / "a.txt"), str(tmp_path / "b.txt")])
    page.get_by_label("Judgments file").set_input_files(str(tmp_path / "qrels.txt"))
    page.get_by_role("button", name="Evaluate", exact=True).click()
    expect(page.locator("[data-eval-status]")).to_have_attribute(
        "data-eval-status", "done", timeout=2 * PYTHON_READY_TIMEOUT
    )
    assert audit(page) == []
    page.close()


def test_output_is_busy_while_the_cell_runs(page, base_url):
    """A screen reader reads a running cell's output once it is done, not every line a loop prints."""
    open_lesson(page, base_url)
    cell = page.locator("[data-cell]").first
    output = cell.locator("[data-output]")
    replace_code(page, cell, "import time\nfor i in range(5):\n    print(i)\n    time.sleep(0.2)")
    cell.get_by_role("button", name="Run").click()
    expect(cell).to_have_attribute("data-state", "running")
    expect(output).to_have_attribute("aria-busy", "true")
    expect(cell).to_have_attribute("data-state", "done")
    expect(output).to_have_attribute("aria-busy", "false")
    expect(output).to_have_attribute("aria-live", "polite")


def test_every_page_reflows_at_320_css_pixels(browser, base_url, lesson_slugs):
    """WCAG 1.4.10 (reflow): at 320 CSS px (1280 px at 400 % zoom) no page scrolls sideways;
    long inline code wraps. Output boxes may scroll inside themselves."""
    page = browser.new_page(viewport={"width": 320, "height": 640})
    wide = {}
    for name in ["index", "playground", *lesson_slugs]:
        page.goto(f"{base_url}{name}.html")
        expect(page.locator("main")).to_be_visible()
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        if overflow > 0:
            wide[name] = (
                overflow,
                page.evaluate("""() => [...document.querySelectorAll('main *')]
                .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
                .slice(0, 3).map((e) => e.outerHTML.slice(0, 100))"""),
            )
    page.close()
    assert wide == {}, f"pages wider than 320 px (overflow in px, widest elements): {wide}"
