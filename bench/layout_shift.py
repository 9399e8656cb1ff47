"""How much each lesson page moves, in Chromium (Layout Instability API): the figures behind
tests/browser/test_layout_shift.py, which only says whether each stays within its limit.

Run on demand (not a test):
    .venv/bin/python bench/layout_shift.py [--lesson SLUG ...]

It builds the site into a temporary folder, serves it with the dev server (COOP/COEP on) and
prints, for every lesson at 1280 × 800 and 390 × 844, light and dark:

  first paint   the layout shift from navigation until 4 s after the status reads ready, no
                cell run, in a fresh profile (the test's recorder, py/browserdrive/layout_shift.js);
  scrolled to   the layout shift while each cell's Run button is scrolled into view in turn,
                straight from the top of the page (py/browserdrive/jump_to_every_cell.js).

Each figure is the sum of the shift scores (Chromium's CLS counts the same scores); the test's
limit is 0.001 per page.
"""

from __future__ import annotations

import argparse
import tempfile
import threading
from pathlib import Path

from lib import ROOT  # first: the repository's import roots

import build
from browserdrive.engines.lesson import EDITOR_SELECTOR
from browserdrive.find_chromium import LAUNCH_ARGS, find_chromium
from browserdrive.layout_shift import JUMP_TO_EVERY_CELL, RECORDER
from lessonbuild.lessonformat import course_slugs
from lessonbuild.serve import make_server
from lib.conditions import print_start
from lib.pagejs import page_function

VIEWPORTS = {"1280 px": {"width": 1280, "height": 800}, "390 px": {"width": 390, "height": 844}}
SCHEMES = ("light", "dark")
WAIT_MS = 120_000
WINDOW_VALUE_JS = page_function("window_value")


def measure(browser, url: str, viewport: dict, scheme: str) -> tuple[float, float]:
    """(first paint, scrolled to) layout shift of one page, each a sum of shift scores."""
    from playwright.sync_api import expect

    context = browser.new_context(viewport=viewport, color_scheme=scheme)
    try:
        context.add_init_script(RECORDER)
        page = context.new_page()
        page.goto(url)
        page.locator('[data-runtime-status="ready"]').wait_for(timeout=WAIT_MS)
        first_paint = sum(entry["value"] for entry in page.evaluate(WINDOW_VALUE_JS, "layoutShiftWindow"))
        # Every cell has its editor (the page's CSP forbids wait_for_function's string predicates).
        expect(page.locator(f"[data-cell] {EDITOR_SELECTOR}")).to_have_count(
            page.locator("[data-cell]").count(), timeout=WAIT_MS
        )
        scrolled = sum(entry["value"] for entry in page.evaluate(JUMP_TO_EVERY_CELL))
        return first_paint, scrolled
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lesson", action="append", help="a lesson's slug (default: every lesson)")
    args = parser.parse_args()
    slugs = args.lesson or course_slugs(ROOT / "lessons")
    executable = find_chromium()
    if executable is None:
        raise SystemExit("No Chromium found: run 'make test' once (it installs one).")
    from playwright.sync_api import sync_playwright

    print_start()
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "dist"
        build.build(ROOT / "lessons", out)
        server = make_server(out, port=0, quiet=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        columns = [(size, scheme) for size in VIEWPORTS for scheme in SCHEMES]
        print(
            f"\n{'lesson':<22} {'measured':<12} " + " ".join(f"{size + ' ' + scheme:>14}" for size, scheme in columns)
        )
        worst = {"first paint": 0.0, "scrolled to": 0.0}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=executable, args=LAUNCH_ARGS)
            for slug in slugs:
                figures = [measure(browser, f"{base}{slug}.html", VIEWPORTS[size], scheme) for size, scheme in columns]
                for index, kind in enumerate(worst):
                    row = [pair[index] for pair in figures]
                    worst[kind] = max(worst[kind], *row)
                    print(
                        f"{slug if index == 0 else '':<22} {kind:<12} " + " ".join(f"{value:>14.5f}" for value in row)
                    )
            browser.close()
        server.shutdown()
        print("\nlargest: " + ", ".join(f"{kind} {value:.5f}" for kind, value in worst.items()) + " (limit 0.001)")


if __name__ == "__main__":
    main()
