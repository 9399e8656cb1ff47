"""Every lesson in Chromium, served as the serve command serves it: cross-origin isolated, all
cells run in order and print what CPython printed (the golden transcripts), every exercise goes
incorrect → correct, every quiz goes wrong → right, and nothing breaks the page's
Content-Security-Policy on the way; then axe-core finds no violation, in light and in dark."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from helpers import (
    CSP_RECORDER,
    SLUGS,
    audit,
    golden_outputs,
    lesson_data,
    normalise,
    set_scheme,
    wait_for_editors,
    wait_until_python_ready,
)

# These pages register the browser's own service worker (tests/browser/conftest.py's `context`).
pytestmark = pytest.mark.service_worker


@pytest.mark.parametrize("slug", SLUGS)
def test_lesson_runs_checks_and_quizzes(page, base_url, slug):
    page.context.add_init_script(CSP_RECORDER)
    messages = []
    page.on("console", lambda message: messages.append(message.text))
    page.goto(f"{base_url}{slug}.html")
    assert page.evaluate("crossOriginIsolated") is True
    wait_until_python_ready(page)
    wait_for_editors(page)
    data = lesson_data(page)
    golden = golden_outputs(slug)

    for cell_data in data["cells"]:
        if cell_data["hidden"]:
            continue
        cell = page.locator(f'[data-cell="{cell_data["id"]}"]')
        cell.get_by_role("button", name="Run").click()  # one click: nothing on the page moves under it
        expect(cell).to_have_attribute("data-state", "done", timeout=30_000)
        expected = golden[cell_data["id"]]
        if re.match(r"\[(image/svg\+xml|text/html) display\]", expected):
            expect(cell.locator("[data-output] svg, [data-output] [data-display]")).not_to_have_count(0)
        else:
            assert normalise(cell.locator("[data-output]").inner_text()) == normalise(expected), cell_data["id"]

    for cell_data in (c for c in data["cells"] if c["check"]):
        cell = page.locator(f'[data-cell="{cell_data["id"]}"]')
        verdict = cell.locator("[data-verdict]")
        cell.get_by_role("button", name=re.compile("^Check")).click()
        expect(verdict).to_have_attribute("data-verdict", "incorrect", timeout=30_000)
        cell.get_by_text("Show a solution").click()
        cell.get_by_role("button", name="Put this solution in the editor").click()
        cell.get_by_role("button", name=re.compile("^Check")).click()
        expect(verdict).to_have_attribute("data-verdict", "correct", timeout=30_000)

    for quiz_id, answer in data["quizzes"].items():
        form = page.locator(f'form[data-quiz="{quiz_id}"]')
        options = form.locator("input")
        wrong = next(i for i in range(options.count()) if i not in answer["correct"])
        options.nth(wrong).check()
        form.get_by_role("button", name="Check answer").click()
        expect(form.locator("[data-verdict]")).to_have_attribute("data-verdict", "incorrect")
        for i in range(options.count()):
            if answer["multiple"]:
                options.nth(i).set_checked(i in answer["correct"])
            elif i in answer["correct"]:
                options.nth(i).check()
        form.get_by_role("button", name="Check answer").click()
        expect(form.locator("[data-verdict]")).to_have_attribute("data-verdict", "correct")

    assert page.evaluate("window.__cspViolations") == []
    assert not [m for m in messages if "Content Security Policy" in m or "Content-Security-Policy" in m]

    # axe-core finds nothing, with every output, verdict and explanation shown, in both schemes.
    for scheme in ("light", "dark"):
        set_scheme(page, scheme)
        assert audit(page) == [], scheme
