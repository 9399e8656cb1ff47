"""Measure how fast a lesson page starts: open → first cell output, cold and on reload.

Prints medians over several repetitions and the bytes the browser fetched. Run on demand
(not a test):  .venv/bin/python bench/page_start.py [--runs 5] [--lesson precision-recall]
It builds the site into a temporary folder and serves it on localhost.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "py"), str(ROOT / "tests" / "browser")]

import build  # noqa: E402
from find_chromium import LAUNCH_ARGS, find_chromium  # noqa: E402
from lessonbuild.serve import make_server  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402


def first_output_seconds(page, url: str) -> float:
    """Open the page, press Run on the first cell at once, return seconds until its output."""
    started = time.perf_counter()
    page.goto(url, wait_until="commit")
    cell = page.locator("[data-cell]").first
    cell.get_by_role("button", name="Run").click()
    page.wait_for_selector('[data-cell][data-state="done"]', timeout=120_000)
    return time.perf_counter() - started


def measure(base_url: str, lesson: str, runs: int) -> dict[str, list[float]]:
    results: dict[str, list[float]] = {"cold": [], "reload": [], "cold_bytes": [], "reload_bytes": []}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=find_chromium(), args=LAUNCH_ARGS)
        for _ in range(runs):
            context = browser.new_context()  # empty cache
            page = context.new_page()
            fetched = {"bytes": 0}
            page.on("requestfinished", lambda request: fetched.__setitem__(
                "bytes", fetched["bytes"] + (request.sizes()["responseBodySize"] or 0)))
            results["cold"].append(first_output_seconds(page, f"{base_url}{lesson}.html"))
            results["cold_bytes"].append(fetched["bytes"])
            fetched["bytes"] = 0
            results["reload"].append(first_output_seconds(page, f"{base_url}{lesson}.html"))
            results["reload_bytes"].append(fetched["bytes"])
            context.close()
        browser.close()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--lesson", default="precision-recall")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "dist"
        build.build(ROOT / "lessons", out)
        server = make_server(out, 0, quiet=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        results = measure(f"http://127.0.0.1:{server.server_address[1]}/", args.lesson, args.runs)
        server.shutdown()
    print(f"\nLesson '{args.lesson}', {args.runs} runs, localhost, medians:")
    print(f"  cold   (empty cache) open → first output: {statistics.median(results['cold']):.2f} s"
          f"   fetched {statistics.median(results['cold_bytes']) / 1e6:.2f} MB")
    print(f"  reload (same tab)    open → first output: {statistics.median(results['reload']):.2f} s"
          f"   fetched {statistics.median(results['reload_bytes']) / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
