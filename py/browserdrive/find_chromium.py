"""Find a Chromium for the browser tests and the benches: an installed one first, else Playwright's own.

Run as a module (`python -m browserdrive.find_chromium`) it prints the executable and exits 0,
or exits 1 when there is none (the Makefile then installs one).
"""

from __future__ import annotations

import shutil
import sys

INSTALLED_NAMES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
# Flags for a headless browser on a machine with no network and possibly as root.
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
# The test suite's Chromium. The tests check what the pages do, not how fast they do it: V8 runs
# WebAssembly in its baseline compiler only (Liftoff), which spares the optimising compiler's
# background work at each Python boot (about 15% less CPU for a browser test file on this
# machine). The benches in bench/ keep Chromium's defaults, as learners have them.
TEST_LAUNCH_ARGS = [*LAUNCH_ARGS, "--js-flags=--liftoff-only"]


def installed_chromium() -> str | None:
    """Path of an installed Chromium or Chrome, or None."""
    for name in INSTALLED_NAMES:
        path = shutil.which(name)
        if path:
            return path
    return None


def playwright_chromium() -> str | None:
    """Path of Playwright's downloaded Chromium, or None when it was never installed."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    with sync_playwright() as playwright:
        path = playwright.chromium.executable_path
    return path if path and shutil.os.path.exists(path) else None


def find_chromium() -> str | None:
    return installed_chromium() or playwright_chromium()


if __name__ == "__main__":
    found = find_chromium()
    if found:
        print(found)
    sys.exit(0 if found else 1)
