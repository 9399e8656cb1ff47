"""Browser fixtures: build the site into a temporary folder, serve it on a free port, and drive
it with Playwright in headless Chromium. Tests wait on page state, never on fixed sleeps."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

import build
from lessonbuild.serve import make_server

from find_chromium import LAUNCH_ARGS, find_chromium

ROOT = Path(__file__).resolve().parents[2]
PYTHON_READY_TIMEOUT = 60_000  # ms; a cold Pyodide boot on a loaded 2-core machine


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("browser-site") / "dist"
    build.build(ROOT / "lessons", out)
    return out


@pytest.fixture(scope="session")
def base_url(site_dir):
    server = make_server(site_dir, port=0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    executable = find_chromium()
    if executable is None:
        pytest.fail("No Chromium found: run 'make test' (it installs one) or 'python -m playwright install chromium'.")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=LAUNCH_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def context(browser):
    context = browser.new_context()
    yield context
    context.close()


@pytest.fixture
def page(context):
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.js_errors = errors
    yield page
    assert errors == [], f"uncaught errors in the page: {errors}"


@pytest.fixture
def lesson_slugs() -> list[str]:
    text = (ROOT / "lessons" / "index.yml").read_text(encoding="utf-8")
    return [line.strip()[2:].split()[0] for line in text.splitlines() if line.strip().startswith("- ")]
