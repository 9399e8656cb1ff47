"""What a SCORM package keeps for one learner who works through the whole course: the
`cmi.suspend_data` of each lesson (each is its own item, with its own record), in characters,
against each version's limit (SCORM 1.2: 4,096; SCORM 2004: 64,000).

Run on demand (not a test):
    .venv/bin/python bench/scorm_storage.py [--lesson SLUG ...] [--version 1.2|2004]

It builds the site and both packages into a temporary folder, and opens each lesson in Chromium
inside a learning management system played by scorm-again (the npm devDependency the runtime
tests use; bench/js/scorm_lms.js, bench/pages/scorm_*.html). There the learner:

  answers   every quiz right (Check answer) and commits every prediction (its right option);
  solves    every exercise: its code replaced by the lesson's solution, then Check your code;
  edits     one other cell: a short note added at its end (a learner trying something).

Then the lesson is left (the frame navigates away): the page packs the work with its own
serialiser (site/js/scorm/suspend.js), and the LMS's record gives the figures: the characters of
suspend_data, the entries it kept and the edited cells it left out (too long for the limit).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import tempfile
import zipfile
from pathlib import Path

from lib import ROOT  # first: the repository's import roots

import build
from browserdrive.find_chromium import LAUNCH_ARGS, find_chromium
from browserdrive.serving import served
from lessonbuild.lessonformat import course_slugs
from lessonbuild.scorm import write_scorm
from lib.conditions import print_end, print_start
from lib.pagejs import as_script, page_function

LESSONS = ROOT / "lessons"
SCORM_AGAIN = ROOT / "node_modules" / "scorm-again" / "dist" / "scorm-again.min.js"
PAGES = Path(__file__).resolve().parent / "pages"
LIMITS = {"1.2": 4096, "2004": 64000}
NOTE = "\n# tried k = 3 here"  # the learner's edit of one cell
READY_MS = 180_000
CHECK_MS = 120_000
LESSON_DATA = re.compile(r'<script type="application/json" id="lesson-data">(.*?)</script>', re.DOTALL)
WINDOW_VALUE_JS = page_function("window_value")


def lesson_data(site: Path, slug: str) -> dict:
    """The lesson's data as its page carries it (cells, quizzes, predictions)."""
    return json.loads(LESSON_DATA.search((site / f"{slug}.html").read_text(encoding="utf-8")).group(1))


def package_folder(site: Path, version: str, folder: Path) -> Path:
    """The package of `version`, unpacked into `folder` beside the LMS's page and scorm-again."""
    with zipfile.ZipFile(write_scorm(site, LESSONS, folder.with_suffix(".zip"), version)) as archive:
        archive.extractall(folder)
    shutil.copy(PAGES / "scorm_lms.html", folder / "lms.html")
    shutil.copy(PAGES / "scorm_left.html", folder / "left.html")  # where the frame goes on leaving
    (folder / "lms.js").write_text(as_script("scorm_lms"), encoding="utf-8")
    shutil.copy(SCORM_AGAIN, folder / SCORM_AGAIN.name)
    return folder


def work_through(browser, url: str, version: str, slug: str, data: dict) -> dict:
    """Open `slug` in the LMS, do everything it asks, leave it; returns what the LMS keeps (cmi)."""
    from playwright.sync_api import expect

    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{url}lms.html?version={version}&lesson={slug}")
        lesson = page.frame_locator("iframe")
        expect(lesson.locator("[data-runtime-status]")).to_have_attribute(
            "data-runtime-status", "ready", timeout=READY_MS
        )
        for quiz_id, quiz in data["quizzes"].items():
            form = lesson.locator(f'form[data-quiz="{quiz_id}"]')
            for index in quiz["correct"]:
                form.locator("input").nth(index).check()
            form.get_by_role("button", name="Check answer").click()
            expect(form.locator("[data-verdict]")).to_have_attribute("data-verdict", "correct")
        for prediction_id, prediction in data["predictions"].items():
            form = lesson.locator(f'form[data-predict="{prediction_id}"]')
            form.scroll_into_view_if_needed()
            for index in prediction["correct"]:
                form.locator("input").nth(index).check()
            form.get_by_role("button", name="Commit").click()
            expect(form).to_have_attribute("data-committed", "")
        cells = [cell for cell in data["cells"] if not cell["hidden"] and not cell["readonly"]]
        for cell in (cell for cell in cells if cell["check"] and cell["solution"]):
            box = lesson.locator(f'[data-cell="{cell["id"]}"]')
            box.get_by_role("textbox").click()
            page.keyboard.press("Control+A")
            page.keyboard.insert_text(cell["solution"])
            box.get_by_role("button", name="Check your code").click()
            expect(box.locator("[data-verdict]")).to_have_attribute("data-verdict", "correct", timeout=CHECK_MS)
        edited = next((cell for cell in cells if not cell["check"]), None)
        if edited:
            box = lesson.locator(f'[data-cell="{edited["id"]}"]')
            box.get_by_role("textbox").click()
            page.keyboard.press("Control+End")
            page.keyboard.insert_text(NOTE)
            expect(box.get_by_role("textbox")).to_contain_text(NOTE.strip())
        page.frames[1].goto(f"{url}left.html")  # the learner leaves: the lesson packs and finishes
        expect(page.locator("body")).to_have_attribute("data-finished", "true")
        return json.loads(page.evaluate(WINDOW_VALUE_JS, "lmsRecord"))
    finally:
        context.close()


def kept(record: dict) -> tuple[int, dict[str, int], int]:
    """(characters of suspend_data, {kind: entries kept}, edited cells left out)."""
    text = record["suspend_data"]
    packed = json.loads(text)
    kinds: dict[str, int] = {}
    for key in packed["saved"]:
        kind = key.split(":", 1)[0]
        kinds[kind] = kinds.get(kind, 0) + 1
    return len(text), kinds, packed["left"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lesson", action="append", help="only this lesson (repeatable)")
    parser.add_argument("--version", action="append", choices=list(LIMITS), help="only this version")
    args = parser.parse_args()
    started = print_start()
    slugs = args.lesson or course_slugs(LESSONS)
    versions = args.version or list(LIMITS)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as temporary:
        site = Path(temporary) / "dist"
        build.build(LESSONS, site)
        figures: dict[str, dict[str, tuple]] = {slug: {} for slug in slugs}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=find_chromium(), args=LAUNCH_ARGS)
            try:
                for version in versions:
                    folder = package_folder(site, version, Path(temporary) / f"scorm-{version}")
                    with served(folder) as url:
                        for slug in slugs:
                            record = work_through(browser, url, version, slug, lesson_data(site, slug))
                            figures[slug][version] = kept(record)
                            print(f"  {version} {slug}: {figures[slug][version][0]:,} characters", flush=True)
            finally:
                browser.close()
    print()
    print_table(figures, versions)
    print_end(started)


def print_table(figures: dict[str, dict[str, tuple]], versions: list[str]) -> None:
    """One row per lesson: what suspend_data holds, and its characters against each limit."""
    header = f"{'lesson':24} {f'entries kept ({versions[-1]})':44}"
    header += "".join(f" {f'{version} chars':>12} {'of limit':>9} {'left out':>8}" for version in versions)
    print(header)
    totals = dict.fromkeys(versions, 0)
    for slug, by_version in figures.items():
        chars, kinds, _ = by_version[versions[-1]]
        what = ", ".join(f"{count} {kind}" for kind, count in sorted(kinds.items()))
        row = f"{slug:24} {what:44}"
        for version in versions:
            chars, _, left = by_version[version]
            totals[version] += chars
            row += f" {chars:>12,} {chars / LIMITS[version]:>9.1%} {left:>8}"
        print(row)
    largest = {version: max(by_version[version][0] for by_version in figures.values()) for version in versions}
    print(f"{'in all':24} {'':44}" + "".join(f" {totals[version]:>12,} {'':>9} {'':>8}" for version in versions))
    for version in versions:
        print(
            f"SCORM {version}: each lesson is its own record, limit {LIMITS[version]:,} characters; "
            f"the largest lesson uses {largest[version]:,} ({largest[version] / LIMITS[version]:.1%})."
        )


if __name__ == "__main__":
    main()
