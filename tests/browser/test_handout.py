"""The handout zip: unpacked anywhere, its launcher serves the course, a lesson runs, and an
unknown address gets the course's 404 page."""

from __future__ import annotations

import subprocess
import sys
import zipfile

import pytest
from playwright.sync_api import expect

import build
from helpers import PYTHON_READY_TIMEOUT


@pytest.mark.service_worker
def test_unzipped_handout_runs_a_lesson_and_stores_the_course_for_offline_use(page, tmp_path):
    target = tmp_path / "course.zip"
    assert build.main(["--out", str(tmp_path / "dist"), "--zip", str(target)]) == 0
    unpacked = tmp_path / "unpacked"
    with zipfile.ZipFile(target) as archive:
        archive.extractall(unpacked)
    folder = unpacked / "ranking-metrics-course"
    assert (folder / "README.txt").is_file() and (folder / "site" / "index.html").is_file()
    launcher = subprocess.Popen(
        # Any free port: the fixed one is tests/lessonbuild/test_launcher.py's.
        [sys.executable, "start.py", "--no-browser", "--port", "0"],
        cwd=folder,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        line = launcher.stdout.readline()
        url = line.split("The course is at ", 1)[1].split()[0]
        page.goto(f"{url}precision-recall.html")
        assert page.evaluate("crossOriginIsolated") is True
        cell = page.locator("[data-cell]").first
        cell.get_by_role("button", name="Run").click()
        expect(cell).to_have_attribute("data-state", "done", timeout=PYTHON_READY_TIMEOUT)
        # Every file the service worker stores is in the zip (the Python snapshot too).
        expect(page.locator("[data-offline-ready]")).to_contain_text("works offline", timeout=PYTHON_READY_TIMEOUT)
        # A lesson's address without .html opens it; any other unknown address, the 404 page.
        page.goto(f"{url}precision-recall")
        expect(page.locator("[data-cell]").first).to_be_visible()
        assert page.goto(f"{url}nonexistent").status == 404
        expect(page.locator("h1")).to_have_text("Page not found")
    finally:
        launcher.terminate()
        launcher.wait(timeout=10)


def test_file_page_says_how_to_start_it(page, site_dir):
    page.goto((site_dir / "precision-recall.html").as_uri())
    status = page.locator("[data-runtime-status]")
    expect(status).to_have_attribute("data-runtime-status", "error")
    expect(status).to_contain_text("opened from a file")
    expect(page.locator("h1")).to_be_visible()
