"""A lesson in a SCORM package, inside a stand-in for a learning management system (LMS): a page
whose window holds the SCORM API (`API` for 1.2, `API_1484_11` for 2004) and shows the lesson in
a frame. The lesson reports itself incomplete when it opens, completed once its quiz and its
exercise each have a verdict."""

from __future__ import annotations

import re
import zipfile

import pytest
from playwright.sync_api import expect

from helpers import LESSONS, PYTHON_READY_TIMEOUT, SLUG, served
from lessonbuild.scorm import write_scorm

# A recording API: each SetValue of the status element shows on <body data-status>.
FAKE_LMS = {
    "1.2": ("API", "LMSInitialize LMSGetValue LMSSetValue LMSCommit LMSFinish", "cmi.core.lesson_status"),
    "2004": ("API_1484_11", "Initialize GetValue SetValue Commit Terminate", "cmi.completion_status"),
}
LMS_PAGE = f"""<!doctype html>
<html lang="en"><head><title>LMS</title><script src="lms.js"></script></head>
<body><iframe title="Lesson" src="{SLUG}.html" style="width: 100%; height: 90vh"></iframe></body></html>
"""


def fake_api(version: str) -> str:
    name, calls, status = FAKE_LMS[version]
    start, get, put, commit, finish = calls.split()
    return f"""
const values = {{}};
window.{name} = {{
  {start}: () => "true",
  {get}: (key) => values[key] ?? "",
  {put}: (key, value) => {{
    values[key] = value;
    if (key === "{status}") document.body.dataset.status = value;
    return "true";
  }},
  {commit}: () => "true",
  {finish}: () => "true",
}};
"""


@pytest.mark.parametrize("version", FAKE_LMS)
def test_a_lesson_reports_completion_to_the_lms_once_its_quiz_and_exercise_are_checked(
    page, site_dir, tmp_path, version
):
    package = write_scorm(site_dir, LESSONS, tmp_path / "course.zip", version)
    folder = tmp_path / "lms"
    with zipfile.ZipFile(package) as archive:
        archive.extractall(folder)
    (folder / "lms.html").write_text(LMS_PAGE)
    (folder / "lms.js").write_text(fake_api(version))
    with served(folder) as url:
        page.goto(f"{url}lms.html")
        body = page.locator("body")
        expect(body).to_have_attribute("data-status", "incomplete")
        lesson = page.frame_locator("iframe")
        runtime = lesson.locator("[data-runtime-status]")
        expect(runtime).to_have_attribute("data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT)
        quiz = lesson.locator("form[data-quiz]").first
        quiz.locator("input").first.check()
        quiz.get_by_role("button", name="Check answer").click()
        expect(quiz.locator("[data-verdict]")).not_to_have_attribute("data-verdict", "")
        exercise = lesson.locator("[data-cell]").filter(has=lesson.locator("[data-verdict]")).first
        exercise.get_by_role("button", name="Check your code").click()  # the starting code
        expect(exercise.locator("[data-verdict]")).not_to_have_attribute("data-verdict", "")
        expect(body).to_have_attribute("data-status", "completed")


def test_a_lesson_framed_by_a_page_with_no_scorm_api_says_nothing_is_recorded(page, site_dir, tmp_path):
    package = write_scorm(site_dir, LESSONS, tmp_path / "course.zip")
    folder = tmp_path / "lms"
    with zipfile.ZipFile(package) as archive:
        archive.extractall(folder)
    (folder / "lms.html").write_text(LMS_PAGE)
    (folder / "lms.js").write_text("// a page that frames the lesson but offers no SCORM API\n")
    with served(folder) as url:
        page.goto(f"{url}lms.html")
        note = page.frame_locator("iframe").locator("[data-lms-note]")
        expect(note).to_have_text(re.compile("Your results are not being recorded"))
        page.goto(f"{url}{SLUG}.html")  # the same page on its own: no frame, no line
        expect(page.locator("[data-runtime-status]")).to_have_attribute(
            "data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT
        )
        expect(page.locator("[data-lms-note]")).to_have_count(0)
