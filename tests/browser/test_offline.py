"""Offline and headers: one visit makes every lesson work with no network, a rebuilt site
replaces the old cache whole, pages are cross-origin isolated both from the serve command and
through the service worker, and no page breaks its Content-Security-Policy."""

from __future__ import annotations

import contextlib

import pytest
from playwright.sync_api import expect

import build
from helpers import (
    SITE_CACHES,
    PYTHON_READY_TIMEOUT,
    open_lesson,
    rebuildable_site,
    run_first_cell,
    served,
    wait_until_controlled,
)

CSP_RECORDER = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation",
  (event) => window.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`));
"""


@pytest.mark.parametrize("cut", ["offline", "host gone"])
def test_after_one_visit_three_lessons_load_and_run_offline(context, site_dir, lesson_slugs, cut):
    """The network goes away after one visit: the browser knows it (offline), or does not (the
    host stopped answering while navigator.onLine stays true). Either way every page and
    Pyodide's wasm, which the service worker hands over as stored, come from its cache."""
    with contextlib.ExitStack() as network:
        base_url = network.enter_context(served(site_dir))
        page = context.new_page()
        open_lesson(page, base_url, lesson_slugs[0])
        # The page says when the course is stored (what a learner or teacher waits for).
        expect(page.locator("[data-offline-ready]")).to_contain_text("works offline", timeout=PYTHON_READY_TIMEOUT)
        if cut == "offline":
            context.set_offline(True)
        else:
            network.close()  # the server is stopped
            assert page.evaluate("navigator.onLine") is True
        for slug in lesson_slugs[1:4]:
            page.goto(f"{base_url}{slug}.html")
            expect(page.locator("[data-runtime-status]")).to_have_attribute(
                "data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT
            )
            run_first_cell(page)
        page.goto(base_url)
        expect(page.locator("h1")).to_be_visible()


def test_service_worker_isolates_pages_on_a_host_without_headers(context, site_dir):
    with served(site_dir, isolate=False) as url:
        page = context.new_page()
        page.goto(f"{url}precision-recall.html")
        assert page.evaluate("crossOriginIsolated") is False  # first load came from the network
        wait_until_controlled(page)
        page.reload()
        assert page.evaluate("crossOriginIsolated") is True
        expect(page.locator("[data-runtime-status]")).to_have_attribute(
            "data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT
        )


def test_serve_command_isolates_and_pages_keep_their_csp(context, base_url, lesson_slugs):
    context.add_init_script(CSP_RECORDER)
    page = context.new_page()
    messages = []
    page.on("console", lambda message: messages.append(message.text))
    for path in ["", *[f"{slug}.html" for slug in lesson_slugs]]:
        page.goto(f"{base_url}{path}")
        if path:
            assert page.evaluate("crossOriginIsolated") is True
            expect(page.locator("[data-runtime-status]")).to_have_attribute(
                "data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT
            )
            run_first_cell(page)
        assert page.evaluate("window.__cspViolations") == [], path
    assert not [m for m in messages if "Content Security Policy" in m or "Content-Security-Policy" in m]


# The service worker's caches (site/js/sw.js); the Python worker keeps its own, snapshot-unpacked.


def test_a_rebuilt_site_replaces_the_old_cache(context, tmp_path):
    with rebuildable_site(tmp_path) as (lessons, out, url):
        page = context.new_page()
        page.goto(f"{url}precision-recall.html")
        wait_until_controlled(page)
        first_cache = page.evaluate(SITE_CACHES)
        assert len(first_cache) == 1

        lesson = lessons / "precision-recall.md"
        lesson.write_text(
            lesson.read_text().replace("title: Precision@k and recall@k", "title: Precision@k and recall@k, revised")
        )
        build.build(lessons, out)
        page.reload()  # still the old build, from the old cache; the new one installs meanwhile
        expect(page.locator("h1")).to_have_text("Precision@k and recall@k")
        banner = page.locator("[data-update]")
        expect(banner).to_contain_text("updated", timeout=PYTHON_READY_TIMEOUT)
        banner.get_by_role("button", name="Reload").click()
        expect(page.locator("h1")).to_have_text("Precision@k and recall@k, revised", timeout=PYTHON_READY_TIMEOUT)
        caches_now = page.evaluate(SITE_CACHES)
        assert len(caches_now) == 1 and caches_now != first_cache
