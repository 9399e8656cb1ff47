"""A browser that asks to save data, or reports a slow link: a lesson boots and runs with what it
needs, fetches nothing large in the background (no offline copy of the course, no snapshot, no
full standard library until an import needs it), and offers the offline copy in one line whose
button saves it. Where the browser says nothing (no navigator.connection), pages do as usual.

The flags are forced in the page by an init script: the page decides and tells its Python
worker, so the page's view is the one that counts."""

from __future__ import annotations

import contextlib
import functools
import re
import threading

import pytest
from playwright.sync_api import expect

from lessonbuild.snapshot import SNAPSHOT_PATH
from lessonbuild.stdlib import STDLIB_PATH

from helpers import (
    PYTHON_READY_TIMEOUT,
    SITE_CACHES,
    SLUG,
    SLUGS,
    follow_next,
    open_lesson,
    replace_code,
    run_first_cell,
    served,
)

# These pages register the browser's own service worker (tests/browser/conftest.py's `context`).
pytestmark = pytest.mark.service_worker

SAVE_DATA = "Object.defineProperty(navigator.connection, 'saveData', {get: () => true, configurable: true});"
SLOW_LINK = "Object.defineProperty(navigator.connection, 'effectiveType', {get: () => '3g', configurable: true});"
NO_CONNECTION = "Object.defineProperty(Navigator.prototype, 'connection', {get: () => undefined, configurable: true});"
OFFER = re.compile(r"^Save every lesson for offline use \(\d+\.\d MB\)$")


class Requests:
    """The paths the server was asked to send (GET: page, Python worker and service worker
    alike; a HEAD, as the worker's check of a stalled boot makes, downloads nothing)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.paths: list[str] = []

    def handler(self, base: functools.partial) -> functools.partial:
        """Wraps the course server's handler (serve_folder's `handler`)."""
        requests = self

        class Recording(base.func):
            def do_GET(self):
                with requests.lock:
                    requests.paths.append(self.path.split("?", 1)[0])
                super().do_GET()

        return functools.partial(Recording, *base.args, **base.keywords)

    def asked(self, path: str) -> bool:
        with self.lock:
            return f"/{path}" in self.paths


@pytest.fixture
def requests() -> Requests:
    return Requests()


@pytest.fixture
def sparing_page(browser, site_dir):
    """`open(script, requests=None, sw_missing=False)`: a page in a fresh profile where the init
    script `script` sets what the browser says of its connection, and the course served on an
    origin of its own (recording into `requests`; with `sw_missing`, sw.js answers 404). Returns
    (page, base URL). Any error in the pages fails the test."""
    errors: list[str] = []
    with contextlib.ExitStack() as stack:

        def open_page(script: str, requests: Requests | None = None, sw_missing: bool = False):
            context = browser.new_context()
            stack.callback(context.close)
            context.add_init_script(script)
            context.on("weberror", lambda error: errors.append(str(error.error)))
            if sw_missing:
                context.route("**/sw.js", lambda route: route.fulfill(status=404, body="not here"))
            options = {"handler": requests.handler} if requests else {}
            base_url = stack.enter_context(served(site_dir, **options))
            return context.new_page(), base_url

        yield open_page
    assert errors == []


@pytest.mark.parametrize("script", [SAVE_DATA, SLOW_LINK], ids=["save-data", "slow-link"])
def test_a_first_visit_that_spares_data_fetches_only_what_the_page_needs_and_offers_the_rest(
    sparing_page, requests, script
):
    page, base_url = sparing_page(script, requests)
    open_lesson(page, base_url)
    # Where the page would register the service worker, it offers the course instead.
    offer = page.locator("[data-offline-offer]")
    expect(offer).to_have_attribute("data-offline-offer", "offered", timeout=PYTHON_READY_TIMEOUT)
    expect(offer.get_by_role("button")).to_have_text(OFFER)
    assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r === undefined)")
    assert page.evaluate(SITE_CACHES) == []
    other_lessons = [slug for slug in SLUGS if slug != SLUG]
    assert not any(requests.asked(f"{slug}.html") for slug in other_lessons)
    assert not requests.asked(SNAPSHOT_PATH)
    assert not requests.asked(STDLIB_PATH)  # the full standard library: no import needed it yet
    run_first_cell(page)
    expect(page.locator("[data-offline-ready]")).to_have_count(0)


def test_the_offer_stays_on_the_next_lesson_and_says_when_saving_failed(sparing_page, lesson_slugs):
    """Opened in place, the next lesson shows the offer again; a service worker that cannot be
    had (here: sw.js answers 404) leaves the offer's line saying so, with the button back."""
    page, base_url = sparing_page(SAVE_DATA, sw_missing=True)
    open_lesson(page, base_url, lesson_slugs[0])
    offer = page.locator("[data-offline-offer]")
    expect(offer).to_have_attribute("data-offline-offer", "offered", timeout=PYTHON_READY_TIMEOUT)
    follow_next(page, lesson_slugs[1])
    expect(page.locator("main h1")).to_be_focused()  # the next lesson is in (lesson.js swap)
    expect(offer).to_have_attribute("data-offline-offer", "offered")
    offer.get_by_role("button").click()
    expect(offer).to_have_attribute("data-offline-offer", "failed")
    expect(offer.get_by_role("button")).to_have_text(
        re.compile(r"^Could not save the lessons\. Try again \(\d+\.\d MB\)$")
    )
    expect(offer.get_by_role("button")).to_be_enabled()


def test_an_import_that_needs_the_full_standard_library_fetches_it_then(sparing_page, requests):
    page, base_url = sparing_page(SAVE_DATA, requests)
    open_lesson(page, base_url)
    expect(page.locator("[data-offline-offer]")).to_be_visible(timeout=PYTHON_READY_TIMEOUT)
    assert not requests.asked(STDLIB_PATH)
    cell = page.locator("[data-cell]").first
    replace_code(page, cell, "import statistics, csv\nprint(statistics.mean([1, 2, 3]))")
    cell.get_by_role("button", name="Run").click()
    expect(cell).to_have_attribute("data-state", "done", timeout=PYTHON_READY_TIMEOUT)
    expect(cell.locator("[data-output]")).to_have_text("2")
    assert requests.asked(STDLIB_PATH)


def test_pressing_the_offer_saves_the_course_and_it_then_works_offline(sparing_page, lesson_slugs):
    page, base_url = sparing_page(SAVE_DATA)
    open_lesson(page, base_url, lesson_slugs[0])
    offer = page.locator("[data-offline-offer]")
    button = offer.get_by_role("button")
    expect(button).to_have_text(OFFER, timeout=PYTHON_READY_TIMEOUT)
    button.click()
    # The offer gives way to the usual line once every lesson is stored.
    expect(page.locator("[data-offline-ready]")).to_contain_text("works offline", timeout=PYTHON_READY_TIMEOUT)
    expect(offer).to_have_count(0)
    assert page.evaluate(SITE_CACHES) != []
    page.context.set_offline(True)
    page.goto(f"{base_url}{lesson_slugs[1]}.html")
    expect(page.locator("[data-runtime-status]")).to_have_attribute(
        "data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT
    )
    run_first_cell(page)


def test_without_network_information_the_course_is_stored_as_usual(sparing_page):
    """Firefox and Safari have no navigator.connection: nothing is known, so nothing changes."""
    page, base_url = sparing_page(NO_CONNECTION)
    open_lesson(page, base_url)
    assert page.evaluate("navigator.connection") is None
    expect(page.locator("[data-offline-ready]")).to_contain_text("works offline", timeout=PYTHON_READY_TIMEOUT)
    expect(page.locator("[data-offline-offer]")).to_have_count(0)


def test_the_index_offers_the_course_too(sparing_page):
    page, base_url = sparing_page(SAVE_DATA)
    page.goto(base_url)
    offer = page.locator("[data-offline-offer]")
    expect(offer).to_have_attribute("data-offline-offer", "offered")
    expect(offer.get_by_role("button")).to_have_text(OFFER)
    assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r === undefined)")
