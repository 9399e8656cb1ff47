"""The dev server in Chromium (make serve): an open page reloads with a lesson's edit, a broken
lesson's problems show over the last good version and clear once fixed, and no page comes from
a service worker's cache, also where a built site left one on the same origin. Every test edits
a copy of the lessons, never lessons/."""

from __future__ import annotations

import re
import shutil
import threading

import pytest
from playwright.sync_api import expect

from helpers import PYTHON_READY_TIMEOUT, ROOT, STATE_TIMEOUT, open_lesson, wait_until_controlled
from lessonbuild.devserver import DevServer
from lessonbuild.serve import make_server

# These pages register the browser's own service worker (tests/browser/conftest.py's `context`).
pytestmark = pytest.mark.service_worker

SLUG = "precision-recall"
SENTENCE = "Here is the running example."
# Records, in <html data-register-calls>, each time the page asks to register a service worker,
# whichever register() it calls: the browser's own, or one a script put on navigator.serviceWorker.
REGISTER_SPY = """
const calls = [];
const record = (kind) => {
  calls.push(kind);
  document.documentElement.dataset.registerCalls = calls.join(" ");
};
const browserRegister = ServiceWorkerContainer.prototype.register;
ServiceWorkerContainer.prototype.register = function (...args) {
  record("browser");
  return browserRegister.apply(this, args);
};
let replaced;
Object.defineProperty(navigator.serviceWorker, "register", {
  configurable: true,
  get: () => replaced === undefined ? ServiceWorkerContainer.prototype.register : (...args) => {
    record("replaced");
    return replaced(...args);
  },
  set: (value) => { replaced = value; },
});
"""
REGISTRATIONS = "navigator.serviceWorker.getRegistrations().then((found) => found.length)"
# Waits (in the page, up to STATE_TIMEOUT) until no service worker is registered and no course
# cache is left; returns what it last saw.
NO_WORKER_NOR_COURSE_CACHE = """async (timeout) => {
  const deadline = performance.now() + timeout;
  for (;;) {
    const registrations = (await navigator.serviceWorker.getRegistrations()).length;
    const names = (await caches.keys()).filter((name) => name.startsWith("lessons-"));
    if ((registrations === 0 && names.length === 0) || performance.now() > deadline) {
      return { registrations, caches: names };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}"""


@pytest.fixture
def lessons(tmp_path):
    folder = tmp_path / "lessons"
    shutil.copytree(ROOT / "lessons", folder)
    return folder


@pytest.fixture
def dev_server(lessons):
    server = DevServer(lessons, port=0, quiet=True)
    server.start()
    yield server
    server.stop()


def rewrite(lessons, old, new):
    """Replace `old` by `new` in the lesson (a save, as an editor does it)."""
    lesson = lessons / f"{SLUG}.md"
    text = lesson.read_text(encoding="utf-8")
    assert old in text
    lesson.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_an_open_page_reloads_and_shows_the_edit(page, dev_server, lessons):
    page.goto(f"{dev_server.url}{SLUG}.html")
    expect(page.locator("main")).to_contain_text(SENTENCE)
    page.evaluate("window.__beforeTheEdit = true")
    rewrite(lessons, SENTENCE, "Here is the running example, edited.")
    expect(page.locator("main")).to_contain_text("Here is the running example, edited.")
    assert page.evaluate("window.__beforeTheEdit") is None  # a new document: the page reloaded
    assert dev_server.builder.asset_collections == 1


def test_a_broken_lesson_shows_its_problem_over_the_last_good_version_until_fixed(page, dev_server, lessons):
    page.goto(f"{dev_server.url}{SLUG}.html")
    problems = page.locator("[data-dev-problems]")
    expect(page.locator("main")).to_contain_text(SENTENCE)
    line = (lessons / f"{SLUG}.md").read_text().splitlines().index(
        '```python id=top-k-list label="A ranked list and its hits"'
    ) + 1
    rewrite(lessons, "```python id=top-k-list", "```pyton id=top-k-list")
    expect(problems).to_be_visible()
    expect(problems).to_have_attribute("role", "alert")
    expect(problems).to_contain_text(f"{SLUG}.md:{line}: '```pyton' is not a block name.")
    expect(page.locator("main")).to_contain_text(SENTENCE)  # the last good version, under it
    rewrite(lessons, "```pyton id=top-k-list", "```python id=top-k-list")
    rewrite(lessons, SENTENCE, "Here is the running example, fixed.")
    expect(page.locator("main")).to_contain_text("Here is the running example, fixed.")
    expect(problems).to_have_count(0)


def test_pages_register_no_service_worker_and_an_edit_shows_on_reload(context, dev_server, lessons):
    context.add_init_script(REGISTER_SPY)
    page = context.new_page()
    open_lesson(page, dev_server.url, SLUG)  # Python ready: the point where a lesson registers one
    expect(page.locator("html")).to_have_attribute("data-register-calls", "replaced", timeout=PYTHON_READY_TIMEOUT)
    assert page.evaluate(REGISTRATIONS) == 0
    rewrite(lessons, SENTENCE, "Here is the running example, after Python started.")
    expect(page.locator("main")).to_contain_text("Here is the running example, after Python started.")
    assert page.evaluate("navigator.serviceWorker.controller") is None
    expect(page.locator("[data-update]")).to_have_count(0)
    expect(page.locator("[data-offline-ready]")).to_have_count(0)


def test_a_service_worker_a_built_site_left_on_the_origin_removes_itself(context, site_dir, lessons):
    built = make_server(site_dir, port=0, quiet=True)
    port = built.server_address[1]
    threading.Thread(target=built.serve_forever, daemon=True).start()
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{port}/{SLUG}.html")
    wait_until_controlled(page)
    built.shutdown()
    built.server_close()

    dev = DevServer(lessons, port=port, quiet=True)  # the same origin
    dev.start()
    try:
        page.goto(f"http://127.0.0.1:{port}/{SLUG}.html")  # the old worker answers from its cache
        # The browser fetches /sw.js to look for an update and gets the dev server's, which
        # clears the caches, unregisters and reloads the page from the dev server.
        expect(page.locator("script[src^='/__dev/reload.js']")).to_have_count(1, timeout=PYTHON_READY_TIMEOUT)
        # The old page may have asked to register /sw.js again before it went: that worker
        # removes itself too. (The Python worker keeps its snapshot anew, in its own cache.)
        assert page.evaluate(NO_WORKER_NOR_COURSE_CACHE, STATE_TIMEOUT) == {"registrations": 0, "caches": []}
        rewrite(lessons, SENTENCE, "Here is the running example, past the old worker.")
        expect(page.locator("main")).to_contain_text("Here is the running example, past the old worker.")
        expect(page.locator("[data-update]")).to_have_count(0)
    finally:
        dev.stop()


def test_reload_and_problems_in_firefox_and_webkit(engine_page, dev_server, lessons):
    """The reload client (EventSource, a script of the page's origin) in the other engines."""
    engine_page.goto(f"{dev_server.url}{SLUG}.html")
    main_has = "(text) => document.querySelector('main')?.textContent.includes(text)"
    engine_page.wait_for(main_has, SENTENCE)
    rewrite(lessons, SENTENCE, "Here is the running example, edited.")
    engine_page.wait_for(main_has, "Here is the running example, edited.")
    rewrite(lessons, "```python id=top-k-list", "```pyton id=top-k-list")
    engine_page.wait_for(f"() => document.querySelector('[data-dev-problems]')?.textContent.includes('{SLUG}.md:')")
    assert engine_page.evaluate(main_has, "Here is the running example, edited.")  # the last good version
    rewrite(lessons, "```pyton id=top-k-list", "```python id=top-k-list")
    engine_page.wait_for("() => document.querySelector('[data-dev-problems]') === null")


def test_the_offline_offer_says_why_nothing_was_saved_where_pages_register_no_service_worker(context, dev_server):
    """A browser that asks to save data gets the offline offer; the dev server's pages register
    no service worker, so pressing it says in the line why nothing was stored."""
    context.add_init_script(
        "Object.defineProperty(navigator.connection, 'saveData', {get: () => true, configurable: true});"
    )
    page = context.new_page()
    open_lesson(page, dev_server.url, SLUG)
    offer = page.locator("[data-offline-offer]")
    expect(offer).to_have_attribute("data-offline-offer", "offered", timeout=PYTHON_READY_TIMEOUT)
    offer.get_by_role("button", name=re.compile("^Save every lesson for offline use")).click()
    expect(offer).to_have_attribute("data-offline-offer", "unavailable")
    expect(offer).to_have_text(
        "Nothing was saved: the server of these pages does not let lessons be stored for offline use."
    )
    expect(offer).to_be_focused()
    expect(page.locator("[data-offline-ready]")).to_have_count(0)
