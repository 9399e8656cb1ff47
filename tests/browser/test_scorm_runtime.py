"""A packaged lesson inside a real SCORM run-time: scorm-again (npm) plays the learning management
system (LMS). A page of the test, never part of dist/, creates scorm-again's Scorm12API or
Scorm2004API as `window.API` / `window.API_1484_11` and launches the lesson in a frame; the test
reads what the LMS keeps (its `cmi` object) and launches the lesson again, in a fresh browser
profile, with that data fed back (`loadFromJSON`): the learner's answers come back from
suspend_data alone."""

from __future__ import annotations

import json
import re
import shutil
import zipfile
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from helpers import LESSONS, PYTHON_READY_TIMEOUT, ROOT, SLUG, editor, replace_code, served
from lessonbuild.scorm import write_scorm
from missing_tools import missing_tool

SCORM_AGAIN = ROOT / "node_modules" / "scorm-again" / "dist" / "scorm-again.min.js"
PASS_MARK = 75  # percent: the quiz alone (half the lesson's score) does not pass it
EXERCISE = "write-recall"
SOLUTION = """def recall_at_k(ranking, relevant, k):
    if not relevant:
        return 0.0
    return sum(1 for item in ranking[:k] if item in relevant) / len(relevant)
"""
WRONG, RIGHT = 0, 1  # the quiz's options
LONG_CELL = "top-k-list"
LONG_EDIT = "\n# a long note" * 400  # 5,600 characters

# Each version's status elements, mirrored on <body data-NAME> as the lesson sets them.
WATCHED = {
    "1.2": {"status": "cmi.core.lesson_status", "raw": "cmi.core.score.raw"},
    "2004": {"status": "cmi.completion_status", "success": "cmi.success_status", "raw": "cmi.score.raw"},
}
LMS_PAGE = f"""<!doctype html>
<html lang="en"><head><title>LMS</title><script src="scorm-again.min.js"></script></head>
<body><script src="lms.js"></script>
<iframe title="Lesson" src="{SLUG}.html" style="width: 100%; height: 90vh"></iframe></body></html>
"""
# The address's fragment, when there is one: the JSON of what the LMS kept from the last session.
LMS_SCRIPT = """
const version = new URLSearchParams(location.search).get("version");
const stored = location.hash ? JSON.parse(decodeURIComponent(location.hash.slice(1))) : null;
const [set, finish] = version === "2004" ? ["SetValue", "Terminate"] : ["LMSSetValue", "LMSFinish"];
const api = version === "2004" ? new Scorm2004API({}) : new Scorm12API({});
if (stored) api.loadFromJSON(stored);
window[version === "2004" ? "API_1484_11" : "API"] = api;
for (const [name, element] of Object.entries(WATCHED[version])) {
  api.on(`${set}.${element}`, (_, value) => { document.body.dataset[name] = value; });
}
api.on(finish, () => { document.body.dataset.finished = "true"; });
window.storedNow = () => JSON.parse(JSON.stringify(api.cmi));
"""


@pytest.fixture(scope="module")
def lms_folders(site_dir, tmp_path_factory) -> dict[str, Path]:
    """{version: a folder with the lesson package (precision-recall given a pass mark) and the
    LMS page}, each package written once."""
    assert SCORM_AGAIN.is_file(), f"{SCORM_AGAIN} is missing: run npm ci"
    base = tmp_path_factory.mktemp("scorm-runtime")
    lessons = base / "lessons"
    shutil.copytree(LESSONS, lessons)
    lesson = lessons / f"{SLUG}.md"
    lesson.write_text(lesson.read_text().replace("---\n", f"---\npass_mark: {PASS_MARK}\n", 1))
    folders = {}
    for version in WATCHED:
        folder = base / version
        with zipfile.ZipFile(write_scorm(site_dir, lessons, base / f"course-{version}.zip", version)) as archive:
            archive.extractall(folder)
        (folder / "lms.html").write_text(LMS_PAGE)
        (folder / "lms.js").write_text(f"const WATCHED = {json.dumps(WATCHED)};\n{LMS_SCRIPT}")
        shutil.copy(SCORM_AGAIN, folder / SCORM_AGAIN.name)
        folders[version] = folder
    return folders


def launch(context, url: str, version: str, stored: dict | None = None):
    """Open the LMS page (fed `stored`, the cmi JSON of a last session) in `context`; returns the
    page and the lesson's frame once Python is ready in it."""
    page = context.new_page()
    page.goto(lms_address(url, version, stored))
    lesson = page.frame_locator("iframe")
    expect(lesson.locator("[data-runtime-status]")).to_have_attribute(
        "data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT
    )
    return page, lesson


def lms_address(url: str, version: str, stored: dict | None = None) -> str:
    """The LMS page for `version`, fed `stored` (the cmi JSON of the last session) when given."""
    fragment = "" if stored is None else "&resume#" + quote(json.dumps(stored))  # a new document
    return f"{url}lms.html?version={version}{fragment}"


def answer(lesson, option: int, verdict: str) -> None:
    quiz = lesson.locator("form[data-quiz]")
    quiz.locator("input").nth(option).check()
    quiz.get_by_role("button", name="Check answer").click()
    expect(quiz.locator("[data-verdict]")).to_have_attribute("data-verdict", verdict)


def seconds(hours: str, minutes: str, rest: str) -> float:
    return int(hours) * 3600 + int(minutes) * 60 + float(rest)


def resumed(stored: dict, version: str) -> dict:
    """What an LMS hands back on the next launch of a suspended session."""
    if version == "1.2":
        core = stored["core"]
        return {"suspend_data": stored["suspend_data"], "core": {"lesson_status": core["lesson_status"]}}
    return {key: stored[key] for key in ("suspend_data", "completion_status", "success_status")}


@pytest.mark.parametrize("version", WATCHED)
def test_the_lms_gets_status_score_time_and_resumes_the_learners_work(browser, lms_folders, version):
    first, second = browser.new_context(), browser.new_context()  # two machines: no shared storage
    try:
        with served(lms_folders[version]) as url:
            page, lesson = launch(first, url, version)
            body = page.locator("body")
            expect(body).to_have_attribute("data-status", "incomplete")
            answer(lesson, WRONG, "incorrect")
            expect(body).to_have_attribute("data-raw", "0")  # set after the status, in the same report
            # the exercise has no verdict yet: neither passed nor failed
            expect(body).to_have_attribute("data-status", "incomplete")
            expect(body).not_to_have_attribute("data-success", re.compile("."))
            answer(lesson, RIGHT, "correct")
            expect(body).to_have_attribute("data-raw", "50")
            exercise = lesson.locator(f'[data-cell="{EXERCISE}"]')
            replace_code(page, exercise, SOLUTION)
            exercise.get_by_role("button", name="Check your code").click()
            expect(exercise.locator("[data-verdict]")).to_have_attribute("data-verdict", "correct")
            expect(body).to_have_attribute("data-raw", "100")
            expect(body).to_have_attribute("data-success" if version == "2004" else "data-status", "passed")
            # An edit after the last verdict, and its run: the LMS is told then, not only on leaving.
            long_cell = lesson.locator(f'[data-cell="{LONG_CELL}"]')
            long_cell.get_by_role("textbox").click()
            page.keyboard.press("Control+End")
            page.keyboard.insert_text(LONG_EDIT)  # after the cell's code, which later cells need
            long_cell.get_by_role("button", name="Run").click()
            expect(long_cell).to_have_attribute("data-state", "done")
            note = lesson.locator("[data-lms-note]")
            if version == "1.2":  # the long edit is past 1.2's 4,096 characters; 2004 keeps it
                expect(note).to_have_text(
                    "The learning management system could not keep your edits to 1 cell (too long):"
                    " they are kept only in this tab, until it is closed."
                )
            else:
                expect(note).to_have_count(0)
            page.locator("iframe").evaluate("frame => { frame.src = 'about:blank'; }")  # the learner leaves
            expect(body).to_have_attribute("data-finished", "true")
            stored = page.evaluate("window.storedNow()")
            page.close()

            if version == "1.2":
                core = stored["core"]
                assert core["lesson_status"] == "passed"
                assert core["score"] == {"raw": "100", "min": "0", "max": "100"}
                time = re.fullmatch(r"(\d{2,4}):(\d\d):(\d\d(?:\.\d{1,2})?)", core["session_time"])
                assert time and seconds(*time.groups()) > 0, core  # the lesson's time, not the LMS's default
                assert core["exit"] == "suspend"
            else:
                assert (stored["completion_status"], stored["success_status"]) == ("completed", "passed")
                assert stored["score"] == {"raw": "100", "min": "0", "max": "100", "scaled": "1"}
                time = re.fullmatch(r"PT(\d+)H(\d+)M([\d.]+)S", stored["session_time"])
                assert time and seconds(*time.groups()) > 0, stored
                assert stored["exit"] == "suspend"

            page, lesson = launch(second, url, version, resumed(stored, version))
            quiz = lesson.locator("form[data-quiz]")
            expect(quiz.locator("input").nth(RIGHT)).to_be_checked()
            expect(quiz.locator("[data-verdict]")).to_have_attribute("data-verdict", "correct")
            exercise = lesson.locator(f'[data-cell="{EXERCISE}"]')
            expect(exercise.locator("[data-verdict]")).to_have_attribute("data-verdict", "correct")
            expect(editor(exercise)).to_contain_text("return sum(1 for item in ranking[:k]")
            exercise_notice = exercise.locator("[data-notice]")
            expect(exercise_notice).to_contain_text("edited code is back")
            long_cell = lesson.locator(f'[data-cell="{LONG_CELL}"]')
            if version == "1.2":  # still said on the machine that never had the edit
                expect(lesson.locator("[data-lms-note]")).to_have_text(
                    "Last time, the learning management system could not keep your edits to 1 cell"
                    " (too long), so it shows the code it kept before."
                )
                expect(long_cell.locator("[data-notice]")).to_have_count(0)
            else:
                expect(lesson.locator("[data-lms-note]")).to_have_count(0)
                expect(long_cell.locator("[data-notice]")).to_contain_text("edited code is back")
    finally:
        first.close()
        second.close()


# The lesson's frame, from the LMS page (same origin), for a driver that works in the top page.
FRAME = "document.querySelector('iframe').contentDocument"


@pytest.fixture(scope="module")
def firefox():
    """Firefox through py/browserdrive (WebDriver BiDi)."""
    from browserdrive.engines import launch, missing

    problem = missing("firefox")
    if problem:
        missing_tool(problem)
    browser = launch("firefox")
    yield browser
    browser.close()


def firefox_answer(page, option: int, verdict: str) -> None:
    page.evaluate(
        f"""() => {{
        const quiz = {FRAME}.querySelector("form[data-quiz]");
        quiz.querySelectorAll("input")[{option}].click();
        quiz.querySelector("button[type=submit]").click();
    }}"""
    )
    page.wait_for(f"{FRAME}.querySelector('form[data-quiz] [data-verdict]').dataset.verdict === '{verdict}'")


@pytest.mark.parametrize("version", WATCHED)
def test_firefox_reports_to_the_lms_and_resumes_from_suspend_data(firefox, lms_folders, version):
    page = firefox.new_page()
    body = "document.body.dataset"
    try:
        with served(lms_folders[version]) as url:
            page.goto(lms_address(url, version))
            ready = f"{FRAME}?.querySelector('[data-runtime-status]')?.dataset.runtimeStatus === 'ready'"
            page.wait_for(ready, timeout=PYTHON_READY_TIMEOUT / 1000)
            firefox_answer(page, WRONG, "incorrect")
            page.wait_for(f"{body}.raw === '0'")  # set after the status, in the same report
            assert page.evaluate(f"{body}.status") == "incomplete"  # the exercise is still untried
            firefox_answer(page, RIGHT, "correct")
            page.wait_for(f"{body}.raw === '50'")
            page.evaluate("document.querySelector('iframe').src = 'about:blank'")
            page.wait_for(f"{body}.finished === 'true'")
            stored = page.evaluate("window.storedNow()")
            assert stored["suspend_data"]
            page.evaluate("localStorage.clear()")  # the next launch has only what the LMS kept

            page.goto(lms_address(url, version, resumed(stored, version)))
            page.wait_for(ready, timeout=PYTHON_READY_TIMEOUT / 1000)
            page.wait_for(f"{FRAME}.querySelector('form[data-quiz] [data-verdict]').dataset.verdict === 'correct'")
            assert page.evaluate(f"{FRAME}.querySelectorAll('form[data-quiz] input')[{RIGHT}].checked")
    finally:
        page.close()


def leave(page) -> dict:
    """The learner leaves the lesson; returns what the LMS keeps of the session."""
    page.locator("iframe").evaluate("frame => { frame.src = 'about:blank'; }")
    expect(page.locator("body")).to_have_attribute("data-finished", "true")
    return page.evaluate("window.storedNow()")


def status_of(stored: dict, version: str) -> tuple[str, str]:
    """(status, raw score) of what the LMS keeps: 1.2's lesson_status, 2004's success_status."""
    if version == "1.2":
        return stored["core"]["lesson_status"], stored["core"]["score"]["raw"]
    return stored["success_status"], stored["score"]["raw"]


@pytest.mark.parametrize("version", WATCHED)
def test_a_launch_with_no_lms_data_shows_none_of_the_browsers_earlier_work(browser, lms_folders, version):
    context = browser.new_context()  # one browser, two learners (a shared lab computer)
    try:
        with served(lms_folders[version]) as url:
            page, lesson = launch(context, url, version)
            answer(lesson, RIGHT, "correct")
            expect(page.locator("body")).to_have_attribute("data-raw", "50")
            leave(page)
            page.close()

            page, lesson = launch(context, url, version)  # the next learner: the LMS has nothing
            expect(page.locator("body")).to_have_attribute("data-status", "incomplete")
            quiz = lesson.locator("form[data-quiz]")
            expect(quiz.locator("[data-verdict]")).to_have_attribute("data-verdict", "")
            expect(quiz.locator("input").nth(RIGHT)).not_to_be_checked()
            stored = leave(page)
            assert status_of(stored, version)[1] == ""  # no score: nothing answered
            assert '"quiz:' not in stored["suspend_data"]
    finally:
        context.close()


@pytest.mark.parametrize("version", WATCHED)
def test_reviewing_a_passed_lesson_keeps_its_grade(browser, lms_folders, version):
    context = browser.new_context()
    try:
        with served(lms_folders[version]) as url:
            page, lesson = launch(context, url, version)
            answer(lesson, RIGHT, "correct")
            exercise = lesson.locator(f'[data-cell="{EXERCISE}"]')
            replace_code(page, exercise, SOLUTION)
            exercise.get_by_role("button", name="Check your code").click()
            expect(page.locator("body")).to_have_attribute("data-raw", "100")
            stored = leave(page)
            page.close()
            assert status_of(stored, version) == ("passed", "100")

            back = resumed(stored, version)
            if version == "1.2":
                back["core"]["score"] = stored["core"]["score"]
            else:
                back["score"] = stored["score"]
            page, lesson = launch(context, url, version, back)
            answer(lesson, WRONG, "incorrect")
            exercise = lesson.locator(f'[data-cell="{EXERCISE}"]')
            exercise.get_by_role("button", name="Reset").click()
            expect(exercise.locator("[data-verdict]")).to_have_attribute("data-verdict", "")
            assert status_of(leave(page), version) == ("passed", "100")
    finally:
        context.close()


# A passing score the teacher set in the LMS, below the lesson's own pass mark: as each version
# hands it to the lesson.
LMS_PASSING_SCORE = {"1.2": {"student_data": {"mastery_score": "40"}}, "2004": {"scaled_passing_score": "0.4"}}


@pytest.mark.parametrize("version", WATCHED)
def test_a_passing_score_set_in_the_lms_decides_pass_or_fail(browser, lms_folders, version):
    """50% (the quiz right, the exercise wrong) fails the lesson's own 75 but passes the LMS's 40."""
    context = browser.new_context()
    try:
        with served(lms_folders[version]) as url:
            page, lesson = launch(context, url, version, LMS_PASSING_SCORE[version])
            answer(lesson, RIGHT, "correct")
            exercise = lesson.locator(f'[data-cell="{EXERCISE}"]')
            replace_code(page, exercise, "def recall_at_k(ranking, relevant, k):\n    return 0.0\n")
            exercise.get_by_role("button", name="Check your code").click()
            expect(exercise.locator("[data-verdict]")).to_have_attribute("data-verdict", "incorrect")
            expect(page.locator("body")).to_have_attribute("data-raw", "50")  # set last in the report
            assert status_of(leave(page), version) == ("passed", "50")
    finally:
        context.close()


@pytest.mark.parametrize("version", WATCHED)
def test_unreadable_suspend_data_is_said_and_left_in_place(browser, lms_folders, version):
    context = browser.new_context()
    try:
        with served(lms_folders[version]) as url:
            page, lesson = launch(context, url, version, {"suspend_data": "{not saved work"})
            expect(lesson.locator("[data-lms-note]")).to_contain_text("cannot read")
            assert leave(page)["suspend_data"] == "{not saved work"
    finally:
        context.close()


def saved_quiz(stored: dict) -> dict:
    """The quiz answer in what the LMS keeps (suspend_data's one "quiz:..." entry)."""
    saved = json.loads(stored["suspend_data"])["saved"]
    (quiz,) = [value for key, value in saved.items() if key.startswith("quiz:")]
    return quiz


def test_two_tabs_of_a_lesson_each_give_their_record_their_own_work_whole(browser, lms_folders):
    context = browser.new_context()  # one browser: the tabs share its storage
    try:
        with served(lms_folders["1.2"]) as url:
            first, first_lesson = launch(context, url, "1.2")
            answer(first_lesson, RIGHT, "correct")
            expect(first.locator("body")).to_have_attribute("data-raw", "50")
            second, second_lesson = launch(context, url, "1.2")  # the same lesson, again, in a new tab
            answer(second_lesson, WRONG, "incorrect")
            expect(second.locator("body")).to_have_attribute("data-raw", "0")
            first_record, second_record = leave(first), leave(second)
    finally:
        context.close()
    assert status_of(first_record, "1.2")[1] == "50"
    assert saved_quiz(first_record)["verdict"] == "correct"
    assert saved_quiz(first_record)["chosen"] == [RIGHT]
    assert status_of(second_record, "1.2")[1] == "0"
    assert saved_quiz(second_record)["verdict"] == "incorrect"
