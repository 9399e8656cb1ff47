"""Offline and headers: one visit makes every lesson and the evaluate page work with no network, a
lesson's address without .html and the course's 404 page work online and offline, a
rebuilt site replaces the old cache whole, pages are cross-origin isolated through the service
worker, and the index keeps its Content-Security-Policy. (Each lesson is checked isolated by the
serve command, and within its policy, while every cell runs: test_every_lesson.py.)"""

from __future__ import annotations

import contextlib

import pytest
from playwright.sync_api import expect

import build
from rankmetrics.pages.runfiles import read_qrels_text, read_run_text
from rankmetrics.pages.trec import RunEvaluator

from helpers import (
    CSP_RECORDER,
    SITE_CACHES,
    PYTHON_READY_TIMEOUT,
    open_evaluate,
    open_lesson,
    rebuildable_site,
    run_first_cell,
    served,
    wait_until_controlled,
)

# These pages register the browser's own service worker (tests/browser/conftest.py's `context`).
pytestmark = pytest.mark.service_worker


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


def test_after_one_visit_the_evaluate_page_scores_two_runs_offline(context, site_dir, tmp_path):
    """The evaluate page, visited once, works with no network: Python, rankmetrics and the
    page's scripts come from the service worker's cache, the files from the learner's disk."""
    qrels = tmp_path / "qrels.txt"
    qrels.write_text("".join(f"q{q} 0 d{d} {(q + d) % 3}\n" for q in range(1, 4) for d in range(1, 7)))
    runs = {}
    for name, step in [("A", 1), ("B", 5)]:
        runs[name] = tmp_path / f"{name}.txt"
        ranked = [(q, (d * step) % 7 + 1) for q in range(1, 4) for d in range(6)]
        runs[name].write_text("".join(f"q{q} Q0 d{d} 1 {10 - i % 6} {name}\n" for i, (q, d) in enumerate(ranked)))
    with served(site_dir) as base_url:
        page = context.new_page()
        page.goto(f"{base_url}evaluate.html")
        expect(page.locator("[data-offline-ready]")).to_contain_text("works offline", timeout=PYTHON_READY_TIMEOUT)
        context.set_offline(True)
        open_evaluate(page, base_url)
        expect(page.locator("[data-runtime-status]")).to_have_attribute(
            "data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT
        )
        page.get_by_label("Run files").set_input_files([str(runs["A"]), str(runs["B"])])
        page.get_by_label("Judgments file").set_input_files(str(qrels))
        page.get_by_role("button", name="Evaluate", exact=True).click()
        expect(page.locator("[data-eval-status]")).to_have_attribute(
            "data-eval-status", "done", timeout=PYTHON_READY_TIMEOUT
        )
        for name, path in runs.items():
            evaluator = RunEvaluator(read_qrels_text(qrels.read_text(), "qrels.txt").judgments, cutoffs=[10])
            for query, ranking in read_run_text(path.read_text(), path.name).rankings.items():
                evaluator.add(query, ranking)
            cell = page.locator(f'[data-results] [data-run="{name}"][data-metric="ndcg"][data-k="10"]')
            assert float(cell.get_attribute("data-value")) == pytest.approx(evaluator.result().means["ndcg@10"])
        assert page.evaluate("navigator.onLine") is False


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


def test_the_index_keeps_its_csp(context, base_url):
    """The index; each lesson page is checked while it runs (test_every_lesson.py)."""
    context.add_init_script(CSP_RECORDER)
    page = context.new_page()
    messages = []
    page.on("console", lambda message: messages.append(message.text))
    page.goto(base_url)
    expect(page.locator("h1")).to_be_visible()
    assert page.evaluate("window.__cspViolations") == []
    assert not [m for m in messages if "Content Security Policy" in m or "Content-Security-Policy" in m]


# The service worker's caches (site/js/service-worker/sw.js); the Python worker keeps its own, snapshot-unpacked.


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


def test_a_second_tab_reloads_into_the_build_the_first_tab_took(context, tmp_path):
    """Two tabs are offered the new build; the first one's Reload makes it take over both.
    The second tab's Reload, pressed after that, still brings the new build."""
    with rebuildable_site(tmp_path) as (lessons, out, url):
        first = context.new_page()
        first.goto(f"{url}precision-recall.html")
        wait_until_controlled(first)
        second = context.new_page()
        second.goto(f"{url}precision-recall.html")

        lesson = lessons / "precision-recall.md"
        lesson.write_text(
            lesson.read_text().replace("title: Precision@k and recall@k", "title: Precision@k and recall@k, revised")
        )
        build.build(lessons, out)
        first.reload()
        for page in (first, second):
            expect(page.locator("[data-update]")).to_contain_text("updated", timeout=PYTHON_READY_TIMEOUT)
        first.locator("[data-update]").get_by_role("button", name="Reload").click()
        expect(first.locator("h1")).to_have_text("Precision@k and recall@k, revised", timeout=PYTHON_READY_TIMEOUT)
        second.locator("[data-update]").get_by_role("button", name="Reload").click()
        expect(second.locator("h1")).to_have_text("Precision@k and recall@k, revised", timeout=PYTHON_READY_TIMEOUT)
