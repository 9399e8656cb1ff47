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


# Each link to another page of the course, as [href, target, rel] (the bar's own links included).
COURSE_LINKS = """() => [...document.querySelectorAll("a[href]")]
  .filter((link) => /^[a-z0-9-]+\\.html/.test(link.getAttribute("href")))
  .map((link) => [link.getAttribute("href"), link.target, link.rel])"""


def test_in_the_system_the_lesson_opens_no_other_page_in_its_frame_and_on_its_own_it_is_the_course(
    page, site_dir, tmp_path
):
    package = write_scorm(site_dir, LESSONS, tmp_path / "course.zip")
    folder = tmp_path / "lms"
    with zipfile.ZipFile(package) as archive:
        archive.extractall(folder)
    (folder / "lms.html").write_text(LMS_PAGE)
    (folder / "lms.js").write_text(fake_api("1.2"))
    with served(folder) as url:
        page.goto(f"{url}lms.html")
        lesson = page.frame_locator("iframe")
        expect(lesson.locator("[data-lms-menu]")).to_have_text(
            re.compile("^Use your course's menu for the next lesson")
        )
        expect(lesson.get_by_role("link", name=re.compile("^Next"))).to_be_hidden()
        frame = page.frames[1]
        links = frame.evaluate(COURSE_LINKS)
        assert links and all(target == "_blank" and "noopener" in rel.split() for _, target, rel in links), links
        with page.context.expect_page() as opened:
            lesson.get_by_role("link", name="Rank playground").click()  # a link of the page's header
        expect(opened.value).to_have_url(re.compile(r"/playground\.html$"))
        assert frame.url.endswith(f"/{SLUG}.html")  # the frame still holds the lesson

        alone = page.context.new_page()  # the same page on its own: the course as it is
        alone.goto(f"{url}{SLUG}.html")
        expect(alone.locator("[data-lms-menu]")).to_be_hidden()
        assert all(target == "" for _, target, _ in alone.evaluate(COURSE_LINKS))
        alone.get_by_role("link", name=re.compile("^Next")).click()
        expect(alone).to_have_url(re.compile(r"/hit-rate\.html$"))
        expect(alone.get_by_role("heading", level=1)).to_have_text("Hit-rate@k")
