"""Embed mode: a lesson in an iframe on another origin shows the lesson alone, runs, and the
host's frame grows to the lesson's height."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from helpers import PYTHON_READY_TIMEOUT

HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Docs page</title>
<script type="module" src="{site}assets/embed-host.js"></script></head>
<body><main><h1>Some documentation</h1>
<iframe title="Lesson: precision and recall" src="{site}precision-recall.html?embed"
        style="width: 100%; border: 0; height: 150px"></iframe>
</main></body></html>"""


@pytest.fixture
def host_url(tmp_path, serve, base_url):
    """A page on another origin (another port, a plain server with no special headers)."""
    (tmp_path / "docs.html").write_text(HOST_PAGE.format(site=base_url))
    return serve(tmp_path, plain=True)[1] + "docs.html"


def test_embedded_lesson_runs_and_its_frame_fits(page, host_url):
    page.goto(host_url)
    frame = page.frame_locator("iframe")
    expect(frame.locator("h1")).to_have_text("Precision@k and recall@k")
    expect(frame.get_by_role("banner")).to_be_hidden()  # the site's header
    expect(frame.get_by_role("navigation")).to_have_count(0)  # no links to other lessons
    expect(frame.locator("[data-runtime-status]")).to_have_attribute(
        "data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT
    )
    cell = frame.locator("[data-cell]").first
    cell.get_by_role("button", name="Run").click()
    expect(cell).to_have_attribute("data-state", "done", timeout=PYTHON_READY_TIMEOUT)
    height = page.locator("iframe").evaluate("frame => frame.getBoundingClientRect().height")
    assert height > 2000  # grew from 150 px to the whole lesson
