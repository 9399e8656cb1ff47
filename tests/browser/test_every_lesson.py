"""Every lesson in Chromium, served as the serve command serves it: cross-origin isolated, all
cells run in order and print what CPython printed (the golden transcripts), every exercise goes
incorrect → correct, every quiz goes wrong → right, and nothing breaks the page's
Content-Security-Policy on the way; then axe-core finds no violation, in light and in dark.

One page goes through the course, as a learner following the lessons' links does: the first
lesson loads whole, and each next one opens in its place where the page can
(site/js/lesson/lesson-navigation.js: the same Python worker, a fresh namespace), so Python boots
only for the lessons that load whole."""

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


@pytest.fixture(scope="module")
def course_page(browser):
    """The page that goes through the course, in a profile of its own that lets the pages
    register their service worker. It records the page's console messages (`messages`), uncaught
    errors (`js_errors`) and Content-Security-Policy violations."""
    context = browser.new_context(service_workers="allow")
    context.add_init_script(CSP_RECORDER)
    page = context.new_page()
    page.messages, page.js_errors = [], []
    page.on("console", lambda message: page.messages.append(message.text))
    page.on("pageerror", lambda error: page.js_errors.append(str(error)))
    yield page
    context.close()


def open_next(page, base_url: str, slug: str) -> None:
    """Show the lesson `slug` as a learner's link to it does: in place of the lesson on the page
    where the page can (lesson-navigation.js), else loaded whole (a blank page; a lesson whose
    page loads other scripts, such as the playground's). The CSP violations the page records from
    here on are the new lesson's (`window.__cspFrom`)."""
    url = f"{base_url}{slug}.html"
    if page.url == "about:blank":
        page.goto(url)
    else:
        # As a link does: a move that loads whole rejects navigate()'s promises, which nobody awaits.
        page.evaluate(
            """(url) => {
              window.__cspFrom = window.__cspViolations.length;
              const { committed, finished } = navigation.navigate(url);
              committed.catch(() => {});
              finished.catch(() => {});
            }""",
            url,
        )
        page.wait_for_url(url)
    page.wait_for_function(
        "(slug) => JSON.parse(document.getElementById('lesson-data')?.textContent ?? 'null')?.slug === slug", arg=slug
    )


@pytest.mark.parametrize("slug", SLUGS)
def test_lesson_runs_checks_and_quizzes(course_page, base_url, slug):
    page = course_page
    messages_before, errors_before = len(page.messages), len(page.js_errors)
    set_scheme(page, "light")  # the last lesson's audits ended in dark
    open_next(page, base_url, slug)
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

    assert page.evaluate("window.__cspViolations.slice(window.__cspFrom ?? 0)") == []
    messages = page.messages[messages_before:]
    assert not [m for m in messages if "Content Security Policy" in m or "Content-Security-Policy" in m]

    # axe-core finds nothing, with every output, verdict and explanation shown, in both schemes.
    for scheme in ("light", "dark"):
        set_scheme(page, scheme)
        assert audit(page) == [], scheme
    assert page.js_errors[errors_before:] == [], "uncaught errors in the page"
