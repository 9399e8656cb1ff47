"""Browser fixtures: build the site into a temporary folder, serve it on a free port, and drive
it in headless Chromium (Playwright) and, for test_engines.py, Firefox and WebKit
(py/browserdrive/engines). Tests wait on page state, never on fixed sleeps."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

import build
from browserdrive.find_chromium import TEST_LAUNCH_ARGS, find_chromium
from helpers import ROOT, SLUGS, STATE_TIMEOUT, serve_folder, served, stop_serving
from host_pages import write_docs_pages
from missing_tools import missing_tool

expect.set_options(timeout=STATE_TIMEOUT)


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory, worker_id) -> Path:
    """The course, built once for the whole run. Under pytest-xdist the workers share one copy
    in the run's common temporary folder: the first to get the lock builds it, the others wait
    for it. (Tests only read it.)"""
    base = tmp_path_factory.getbasetemp()
    shared = base if worker_id == "master" else base.parent
    out = shared / "browser-site" / "dist"
    with open(shared / "browser-site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not out.is_dir():  # build.build writes the folder whole, or not at all
            build.build(ROOT / "lessons", out)
    return out


@pytest.fixture(scope="session")
def base_url(site_dir):
    """The built site, served with the isolation headers for the whole session."""
    with served(site_dir) as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    executable = find_chromium()
    if executable is None:
        pytest.fail("No Chromium found: run 'make test' (it installs one) or 'python -m playwright install chromium'.")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=TEST_LAUNCH_ARGS)
        close_contexts_quietly(browser)
        if os.environ.get("SUITE_TIMING_FILE"):
            count_python_workers(browser)
        yield browser
        browser.close()


def close_contexts_quietly(browser) -> None:
    """Make each context of `browser` drop its pages' and its own request handlers before it
    closes. A page may ask for a file again as its test ends (a restarted worker asks for
    worker.js); a handler still fetching it when the context closes would otherwise raise in
    whatever the next test calls."""
    new_context = browser.new_context

    def tended_context(*args, **kwargs):
        context = new_context(*args, **kwargs)
        close = context.close

        def close_quietly(*close_args, **close_kwargs):
            for page in context.pages:
                page.unroute_all(behavior="ignoreErrors")
            context.unroute_all(behavior="ignoreErrors")
            close(*close_args, **close_kwargs)

        context.close = close_quietly
        return context

    browser.new_context = tended_context


def count_python_workers(browser) -> None:
    """Count each worker a page of `browser` starts (the pages start one, Python's) as a Pyodide
    boot of the current test, for bench/suite_time.py."""
    from suite_timing import chromium_boots

    def count(page):
        page.on("worker", lambda worker: chromium_boots.__setitem__(0, chromium_boots[0] + 1))

    new_context, new_page = browser.new_context, browser.new_page

    def counted_context(*args, **kwargs):
        context = new_context(*args, **kwargs)
        context.on("page", count)
        return context

    def counted_page(*args, **kwargs):
        page = new_page(*args, **kwargs)
        count(page)
        return page

    browser.new_context, browser.new_page = counted_context, counted_page


@pytest.fixture
def context(browser, request):
    """A fresh profile. Its pages register no service worker (the harness stubs register() out,
    a path the pages handle), so each test does not download the whole course into Cache Storage
    in the background; tests of storing the course, offline use or updates are marked
    `service_worker` and get the browser's own."""
    allowed = request.node.get_closest_marker("service_worker") is not None
    context = browser.new_context(service_workers="allow" if allowed else "block")
    yield context
    context.close()


@pytest.fixture
def fresh_page(context):
    """A new page in a fresh profile; the test fails on uncaught errors in it. (`page` is this one
    but in the modules that share one page among their tests: test_evaluate_page.py,
    test_lesson_page.py, test_rank_playground.py.)"""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.js_errors = errors
    yield page
    assert errors == [], f"uncaught errors in the page: {errors}"


@pytest.fixture
def page(fresh_page):
    return fresh_page


@pytest.fixture
def lesson_slugs() -> list[str]:
    """The course's lesson slugs, in order."""
    return list(SLUGS)


# Firefox and WebKit (py/browserdrive/engines): one browser per engine for the session, a fresh
# page and a fresh origin (a server of its own) per test.
OTHER_ENGINES = ["firefox", "webkit"]


class EngineSession:
    """One engine's browser for the test session. A browser that died (a crash fails the test
    it happened in) is started again for the next test, so one crash is one failure, not a
    failure of every later test in that engine."""

    def __init__(self, engine: str):
        from browserdrive.engines import launch

        self.engine = engine
        self._launch = launch
        self._browser = launch(engine)

    @property
    def browser(self):
        if self._browser is not None and not self._browser.alive():
            try:
                self._browser.close()
            except Exception:  # noqa: BLE001 - it is gone already
                pass
            self._browser = None
        if self._browser is None:
            self._browser = self._launch(self.engine)
        return self._browser

    def end_browser(self) -> None:
        """End the browser and every process it started; the next test gets a new one."""
        browser, self._browser = self._browser, None
        if browser is not None:
            browser.close()

    def close(self) -> None:
        self.end_browser()


@pytest.fixture(scope="session", params=OTHER_ENGINES)
def engine_session(request):
    """Firefox or WebKitGTK for the session. Missing here: skipped with what to install, or a
    failure under CI (CI=true), where every engine must run."""
    from browserdrive.engines import missing

    problem = missing(request.param)
    if problem:
        missing_tool(problem)
    session = EngineSession(request.param)
    yield session
    session.close()


@pytest.fixture
def engine_browser(engine_session):
    """A running Firefox or WebKitGTK (a new one if the last test's browser died)."""
    return engine_session.browser


@pytest.fixture
def engine_page(engine_session, engine_browser, request):
    """A new page in the engine; fails the test on uncaught errors where the driver reports them.

    After a test marked `runaway_worker` the browser is ended: WebKitGTK's terminate() does not
    end a worker whose thread spins in WebAssembly (a Python busy loop that Stop ended by
    replacing the worker), and that thread ran on at a full core, in a web process that outlived
    the page, until the browser ended (measured: 10 CPU seconds in 10 s after the page closed)."""
    page = engine_browser.new_page()
    yield page
    errors = list(getattr(page, "errors", []))
    page.close()
    if request.node.get_closest_marker("runaway_worker"):
        engine_session.end_browser()
    assert errors == [], f"uncaught errors in the page: {errors}"


@pytest.fixture(params=[True, False], ids=["isolated", "not-isolated"])
def isolation(request) -> bool:
    """Whether the server sends the cross-origin isolation headers (COOP/COEP)."""
    return request.param


@pytest.fixture
def serve():
    """serve(folder, isolate=True, plain=False, handler=None) -> (server, base URL) on a free
    port (browserdrive.serving.serve_folder): each call is an origin of its own. Servers still running at the
    end of the test are stopped."""
    servers = []

    def start(folder: Path, **options):
        server, url = serve_folder(folder, **options)
        servers.append(server)
        return server, url

    yield start
    for server in servers:
        stop_serving(server)


@pytest.fixture
def docs_site(tmp_path, serve, base_url) -> str:
    """Documentation pages on another origin (host_pages.py), from a plain server with no
    special headers; their base URL."""
    write_docs_pages(tmp_path, base_url)
    return serve(tmp_path, plain=True)[1]


@pytest.fixture
def engine_site(serve, site_dir, isolation) -> str:
    """The built site on an origin of its own, with or without the isolation headers."""
    return serve(site_dir, isolate=isolation)[1]


@pytest.fixture
def plain_engine_site(serve, site_dir) -> str:
    """The built site on an origin of its own without the isolation headers, as most static hosts
    serve it: for the engine tests of pages that work the same either way."""
    return serve(site_dir, isolate=False)[1]
