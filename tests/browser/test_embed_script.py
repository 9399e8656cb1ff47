"""embed.js on documentation pages of another origin: example host pages shaped like Sphinx and
MkDocs output turn their marked code blocks into cells sharing one worker, with the lesson UI
contract, untouched by the host's CSS; each page also embeds a whole lesson in a frame."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from helpers import PYTHON_READY_TIMEOUT, HeldRequests

SETTINGS = "**/assets/embed-runtime.json"  # the Python settings embed.js fetches


@pytest.mark.parametrize("page_name, expected", [("sphinx.html", "42"), ("mkdocs.html", "42 0.5")])
def test_marked_blocks_become_cells_sharing_one_worker(page, docs_site, page_name, expected):
    page.goto(docs_site + page_name)
    cells = page.locator("[data-cell]")  # Playwright's CSS locators pierce open shadow roots
    expect(cells).to_have_count(2)
    # Numbered by their place on the page, not named by an id the theme gave the block.
    assert [cells.nth(n).get_attribute("data-cell") for n in range(2)] == ["cell-1", "cell-2"]
    expect(page.locator("[data-runtime-status]")).to_have_attribute(
        "data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT
    )
    second = cells.nth(1)
    run = second.get_by_role("button", name="Run")
    expect(run).to_be_visible()  # the host's `button { display: none }` does not reach it
    run.click()  # runs the first cell first, in the same worker
    expect(second).to_have_attribute("data-state", "done", timeout=PYTHON_READY_TIMEOUT)
    expect(second.locator("[data-output]")).to_have_text(expected)
    assert second.get_by_role("textbox").evaluate("e => getComputedStyle(e).fontSize") != "40px"

    # The whole lesson in the frame on the same page works too.
    frame = page.frame_locator("iframe")
    expect(frame.locator("[data-runtime-status]")).to_have_attribute(
        "data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT
    )


def test_stop_restarts_the_shared_worker_on_a_host_page(page, docs_site):
    page.goto(docs_site + "sphinx.html")
    cells = page.locator("[data-cell]")
    expect(page.locator("[data-runtime-status]")).to_have_attribute(
        "data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT
    )
    second = cells.nth(1)
    second.get_by_role("textbox").click()
    page.keyboard.press("Control+A")
    page.keyboard.insert_text("while True:\n    pass")
    page.keyboard.press("Shift+Enter")
    expect(second).to_have_attribute("data-state", "running", timeout=PYTHON_READY_TIMEOUT)
    second.get_by_role("button", name="Stop").click()
    expect(second).to_have_attribute("data-state", "idle")
    expect(second.locator("[data-output]")).to_contain_text("variables of this page were reset")


def test_a_block_added_later_becomes_the_page_s_next_cell(page, docs_site):
    page.goto(docs_site + "sphinx.html")
    status = page.locator("[data-runtime-status]")
    expect(status).to_have_attribute("data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT)
    page.evaluate(
        """() => {
          const block = document.createElement("pre");
          block.className = "runnable";
          block.textContent = "print('added')";
          document.body.append(block);
        }"""
    )
    added = page.get_by_role("region", name="Code cell 3", exact=True)
    expect(added).to_have_attribute("data-state", "idle")
    expect(status).to_have_count(1)  # the page's one status line
    added.get_by_role("button", name="Run").click()
    expect(added.locator("[data-output]")).to_have_text("added", timeout=PYTHON_READY_TIMEOUT)


def test_a_run_pressed_before_python_s_settings_come_runs_once_they_do(page, docs_site):
    """The cells show before the embed script has fetched Python's settings: a Run pressed then
    marks the cell queued, and it runs (with the cells before it) once the settings have come."""
    settings = HeldRequests(page, SETTINGS)
    page.goto(docs_site + "sphinx.html")
    second = page.locator("[data-cell]").nth(1)
    second.get_by_role("button", name="Run").click()
    expect(second).to_have_attribute("data-state", "queued")
    settings.release()
    expect(second).to_have_attribute("data-state", "done", timeout=PYTHON_READY_TIMEOUT)
    expect(second.locator("[data-output]")).to_have_text("42")
