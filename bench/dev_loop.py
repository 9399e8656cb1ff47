#!/usr/bin/env python3
"""How long a teacher waits, under `make serve`, from saving a lesson to seeing the edit.

Starts the dev server (py/lessonbuild/devserver.py) on a temporary copy of the lessons (the
real lessons/ are never written), opens a lesson in headless Chromium, and then, several times,
rewrites one paragraph of that lesson's file and measures:
- built:  from the file write until the dev server has the new build (its watcher, the
          rebuild, the publication);
- shown:  from the file write until the new text is in the open page (the event stream, the
          reload, the page's HTML), as the page itself saw it: a MutationObserver in the page
          notes the time the text arrives, on the same clock as the write.
Between edits it waits until the reloaded page has Python ready, as after a teacher's look.

Usage: .venv/bin/python bench/dev_loop.py [--runs 10] [--lesson precision-recall]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from lib import ROOT  # first: the repository's import roots

from browserdrive.find_chromium import LAUNCH_ARGS, find_chromium
from lessonbuild.devserver import DevServer
from lib.pagejs import as_script, page_function

PARAGRAPH = "Here is the running example."
MARKER = "dev-loop-edit-"
TIMEOUT_S = 60.0  # the longest any wait may take before the bench gives up
# In every document: note when text with MARKER+N first enters the page (bench/js/seen_recorder.js).
SEEN_RECORDER = as_script("seen_recorder", MARKER)
WINDOW_VALUE_JS = page_function("window_value")


def measure(runs: int, slug: str) -> tuple[list[float], list[float]]:
    """Return ([write → built, s], [write → shown, s]), one pair per run."""
    from playwright.sync_api import expect, sync_playwright

    executable = find_chromium()
    if executable is None:
        raise SystemExit("No Chromium found: run 'make test' once, or 'python -m playwright install chromium'.")
    built_s: list[float] = []
    shown_s: list[float] = []
    with tempfile.TemporaryDirectory() as scratch:
        lessons = Path(scratch) / "lessons"
        shutil.copytree(ROOT / "lessons", lessons)
        lesson = lessons / f"{slug}.md"
        text = lesson.read_text(encoding="utf-8")
        if PARAGRAPH not in text:
            raise SystemExit(f"{lesson.name} has no paragraph with {PARAGRAPH!r}: pick another --lesson.")
        dev = DevServer(lessons, port=0, quiet=True)
        dev.start()
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=executable, args=LAUNCH_ARGS)
                context = browser.new_context()
                context.add_init_script(SEEN_RECORDER)
                page = context.new_page()
                page.goto(f"{dev.url}{slug}.html")
                status = page.locator("[data-runtime-status]")
                for run in range(1, runs + 1):
                    expect(status).to_have_attribute("data-runtime-status", "ready", timeout=TIMEOUT_S * 1000)
                    builds = dev.live.builds
                    built_at: list[float] = []

                    def note_the_build(builds=builds, built_at=built_at):
                        if dev.live.wait(lambda state: state.builds > builds, TIMEOUT_S):
                            built_at.append(time.time())

                    waiter = threading.Thread(target=note_the_build)
                    waiter.start()
                    edited = text.replace(PARAGRAPH, f"Here is the running example ({MARKER}{run}).", 1)
                    written_at = time.time()
                    lesson.write_text(edited, encoding="utf-8")
                    expect(page.locator("main")).to_contain_text(f"{MARKER}{run}", timeout=TIMEOUT_S * 1000)
                    waiter.join()
                    seen = page.evaluate(WINDOW_VALUE_JS, "__devLoopSeen")
                    if not built_at or not seen or seen["edit"] != run:
                        raise SystemExit(f"run {run}: no build or no edit seen ({built_at}, {seen})")
                    built_s.append(built_at[0] - written_at)
                    shown_s.append(seen["at"] / 1000 - written_at)
                    print(
                        f"  edit {run:2d}: built {built_s[-1] * 1000:4.0f} ms, "
                        f"in the page {shown_s[-1] * 1000:4.0f} ms",
                        flush=True,
                    )
                    if dev.builder.asset_collections != 1:
                        raise SystemExit("a lesson edit collected the assets again")
                browser.close()
        finally:
            dev.stop()
    return built_s, shown_s


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="edits to measure (default 10)")
    parser.add_argument("--lesson", default="precision-recall", help="the lesson to edit (a copy of it)")
    args = parser.parse_args(argv)
    built, shown = measure(args.runs, args.lesson)
    print(
        f"\nSave → new build:        median {statistics.median(built) * 1000:.0f} ms, "
        f"max {max(built) * 1000:.0f} ms ({len(built)} edits)"
    )
    print(
        f"Save → edit in the page: median {statistics.median(shown) * 1000:.0f} ms, "
        f"max {max(shown) * 1000:.0f} ms (goal: within 1 s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
