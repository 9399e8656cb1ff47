"""Nothing the learner does is lost: edits, quiz answers and exercise verdicts survive a reload,
resets can be undone, a changed lesson keeps the learner's copy, and two tabs do not silently
overwrite each other."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from helpers import SLUG, editor, editor_text, lesson_cells, lesson_data, open_lesson, replace_code, wait_for_editors

STORAGE_PREFIX = "rankmetrics-lessons:v1"


def first_cell(page):
    data = next(cell for cell in lesson_cells(page) if not cell["hidden"])
    return data, page.locator(f'[data-cell="{data["id"]}"]')


def test_edits_come_back_after_reload(page, base_url):
    open_lesson(page, base_url)
    data, cell = first_cell(page)
    replace_code(page, cell, "print('my version')")
    page.reload()
    _, cell = first_cell(page)
    expect(editor(cell)).to_have_text("print('my version')")
    expect(cell.locator("[data-notice]")).to_contain_text("Your edited code is back")


# Run before the page's scripts: the browser's storage for this site is full (saving a cell's
# code fails; the page's first probe still works), or the page may not use storage at all.
STORAGE_FULL = """(() => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (key.includes(":cell:")) throw new DOMException("the quota has been exceeded", "QuotaExceededError");
    return setItem.call(this, key, value);
  };
})();"""
STORAGE_BLOCKED = """Object.defineProperty(window, "localStorage", {
  get() { throw new DOMException("access is denied for this document", "SecurityError"); },
});"""


@pytest.mark.parametrize(
    "init, says",
    [(STORAGE_FULL, "storage for this site is full"), (STORAGE_BLOCKED, "does not let the page save")],
    ids=["full", "blocked"],
)
def test_edits_that_cannot_be_saved_are_announced(browser, base_url, init, says):
    context = browser.new_context(service_workers="block")  # not a test of storing the course
    context.add_init_script(init)
    page = context.new_page()
    open_lesson(page, base_url)
    warning = page.locator("[data-storage-warning]")
    expect(warning).to_have_count(0)
    _, cell = first_cell(page)
    replace_code(page, cell, "print('my version')")
    expect(warning).to_contain_text(says)
    expect(warning).to_have_attribute("role", "status")
    cell.get_by_role("button", name="Run").click()  # the page works on
    expect(cell.locator("[data-output]")).to_have_text("my version")
    context.close()


def test_updated_lesson_keeps_the_learners_copy_and_says_so(page, base_url):
    page.goto(f"{base_url}{SLUG}.html")
    data, _ = first_cell(page)
    key = f"{STORAGE_PREFIX}:{SLUG}:cell:{data['id']}"
    stale = json.dumps({"code": "print('old edit')", "base": "an-older-version"})
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [key, stale])
    page.reload()
    _, cell = first_cell(page)
    expect(editor(cell)).to_have_text("print('old edit')")
    expect(cell.locator("[data-notice]")).to_contain_text("This lesson was updated")
    cell.get_by_role("button", name="Reset").click()
    assert editor_text(cell) == data["code"]
    expect(cell.locator("[data-notice]")).to_have_count(0)


def test_reset_cell_is_undoable(page, base_url):
    open_lesson(page, base_url)
    data, cell = first_cell(page)
    replace_code(page, cell, "print('keep me')")
    cell.get_by_role("button", name="Reset").click()
    assert editor_text(cell) == data["code"]
    editor(cell).click()
    page.keyboard.press("Control+z")
    expect(editor(cell)).to_have_text("print('keep me')")


def test_reset_all_and_undo(page, base_url):
    open_lesson(page, base_url)
    cells = [cell for cell in lesson_cells(page) if not cell["hidden"]][:2]
    for index, data in enumerate(cells):
        replace_code(page, page.locator(f'[data-cell="{data["id"]}"]'), f"print({index})")
    page.get_by_role("button", name="Reset all code").click()
    for data in cells:
        assert editor_text(page.locator(f'[data-cell="{data["id"]}"]')) == data["code"]
    page.get_by_role("button", name="Undo reset").click()
    for index, data in enumerate(cells):
        expect(editor(page.locator(f'[data-cell="{data["id"]}"]'))).to_have_text(f"print({index})")


def test_quiz_answer_and_exercise_verdict_are_remembered_and_shown_on_the_index(page, base_url):
    open_lesson(page, base_url)
    data = lesson_data(page)
    quiz_id, answer = next(iter(data["quizzes"].items()))
    form = page.locator(f'form[data-quiz="{quiz_id}"]')
    for index in answer["correct"]:
        form.locator("input").nth(index).check()
    form.get_by_role("button", name="Check answer").click()
    expect(form.locator("[data-verdict]")).to_have_attribute("data-verdict", "correct")

    exercise = next(cell for cell in data["cells"] if cell["check"])
    cell = page.locator(f'[data-cell="{exercise["id"]}"]')
    cell.get_by_text("Show a solution").click()
    cell.get_by_role("button", name="Put this solution in the editor").click()
    cell.get_by_role("button", name=re.compile("^Check")).click()
    expect(cell.locator("[data-verdict]")).to_have_attribute("data-verdict", "correct")

    page.reload()
    expect(page.locator(f'form[data-quiz="{quiz_id}"] [data-verdict]')).to_have_attribute("data-verdict", "correct")
    expect(page.locator(f'[data-cell="{exercise["id"]}"] [data-verdict]')).to_have_attribute("data-verdict", "correct")
    page.goto(base_url)
    exercises = sum(1 for c in data["cells"] if c["check"])
    expect(page.locator(f'[data-lesson="{SLUG}"] .lesson-progress')).to_have_text(
        f"1 of {exercises} exercise{'s' if exercises > 1 else ''} passed · quiz answered"
    )


def test_a_recap_without_exercises_shows_its_quiz_alone_on_the_index(page, base_url):
    """The course's last page has a quiz and no exercise: the index counts no exercises there."""
    open_lesson(page, base_url, "recap")
    data = lesson_data(page)
    assert not any(cell["check"] for cell in data["cells"])
    quiz_id, answer = next(iter(data["quizzes"].items()))
    form = page.locator(f'form[data-quiz="{quiz_id}"]')
    for index in answer["correct"]:
        form.locator("input").nth(index).check()
    form.get_by_role("button", name="Check answer").click()
    expect(form.locator("[data-verdict]")).to_have_attribute("data-verdict", "correct")
    page.goto(base_url)
    expect(page.locator('[data-lesson="recap"] .lesson-progress')).to_have_text("quiz answered")


def test_two_tabs_do_not_silently_overwrite(context, base_url):
    first = context.new_page()
    second = context.new_page()
    open_lesson(first, base_url)
    open_lesson(second, base_url)
    _, cell_first = first_cell(first)
    _, cell_second = first_cell(second)
    replace_code(first, cell_first, "print('from tab one')")
    notice = cell_second.locator("[data-notice]")
    expect(notice).to_contain_text("Another tab saved a different version of this cell; this tab's version is shown.")
    notice.get_by_role("button", name="Use the other tab's version").click()
    expect(editor(cell_second)).to_have_text("print('from tab one')")
    expect(notice).to_have_text("The other tab's version is shown. Ctrl+Z brings back this tab's.")


def code_of(page, index):
    return editor(page.locator("[data-cell]").nth(index))


def notice_of(page, index):
    return page.locator("[data-cell]").nth(index).locator("[data-notice]")


def test_two_tabs_that_edited_a_cell_each_keep_their_version_after_a_reload(context, base_url):
    """Tab A edits cell 2, then tab B edits it differently; both reload. Each shows its own
    version and offers the other; a new tab shows the latest and offers the earlier."""
    tab_a, tab_b = context.new_page(), context.new_page()
    for tab in (tab_a, tab_b):
        open_lesson(tab, base_url)
    replace_code(tab_a, tab_a.locator("[data-cell]").nth(1), "print('A')")
    expect(notice_of(tab_b, 1)).to_contain_text("Another tab saved a different version")
    replace_code(tab_b, tab_b.locator("[data-cell]").nth(1), "print('B')")
    for tab in (tab_a, tab_b):
        tab.reload()
        wait_for_editors(tab)
    expect(code_of(tab_a, 1)).to_have_text("print('A')")
    expect(notice_of(tab_a, 1)).to_have_text(
        "Your edited code from this tab is back. Another tab saved a different version.Use the other tab's version"
    )
    expect(code_of(tab_b, 1)).to_have_text("print('B')")
    expect(notice_of(tab_b, 1)).to_contain_text("Your edited code from this tab is back.")

    # Taking the other version in tab A, then undoing that, loses neither version.
    tab_a.bring_to_front()
    notice_of(tab_a, 1).get_by_role("button", name="Use the other tab's version").click()
    expect(code_of(tab_a, 1)).to_have_text("print('B')")
    expect(notice_of(tab_a, 1)).to_have_text("The other tab's version is shown. Ctrl+Z brings back this tab's.")
    tab_a.keyboard.press("Control+z")
    expect(code_of(tab_a, 1)).to_have_text("print('A')")
    expect(notice_of(tab_a, 1)).to_have_count(0)  # it said the other tab's version is shown
    tab_b.reload()
    expect(code_of(tab_b, 1)).to_have_text("print('B')")
    expect(notice_of(tab_b, 1)).to_contain_text("Another tab saved a different version.")

    tab_c = context.new_page()
    open_lesson(tab_c, base_url)
    expect(code_of(tab_c, 1)).to_have_text("print('A')")
    expect(notice_of(tab_c, 1)).to_contain_text(
        "Your latest edited code is back. Another tab saved an earlier version."
    )
    notice_of(tab_c, 1).get_by_role("button", name="Use the earlier version").click()
    expect(code_of(tab_c, 1)).to_have_text("print('B')")


def test_a_tab_opened_from_another_keeps_its_own_version(context, base_url):
    """window.open (like "Duplicate tab") copies the opener's sessionStorage, tab id included:
    the new tab takes an id of its own, so the two tabs' edits stay apart."""
    tab_a = context.new_page()
    open_lesson(tab_a, base_url)
    with context.expect_page() as opened:
        tab_a.evaluate("window.open(location.href)")
    tab_b = opened.value
    tab_b.wait_for_load_state()
    wait_for_editors(tab_b)
    key = f"{STORAGE_PREFIX}:tab"
    tab_b.wait_for_function(
        "([key, first]) => sessionStorage.getItem(key) !== first",
        arg=[key, tab_a.evaluate("(key) => sessionStorage.getItem(key)", key)],
    )
    replace_code(tab_a, tab_a.locator("[data-cell]").nth(1), "print('A')")
    replace_code(tab_b, tab_b.locator("[data-cell]").nth(1), "print('B')")
    for tab in (tab_a, tab_b):
        tab.reload()
        wait_for_editors(tab)
    expect(code_of(tab_a, 1)).to_have_text("print('A')")
    expect(notice_of(tab_a, 1)).to_contain_text("Another tab saved a different version.")
    expect(code_of(tab_b, 1)).to_have_text("print('B')")


def test_a_new_session_that_resets_its_own_old_edit_is_not_offered_it_again(page, base_url):
    """A learner back in a new tab sees their old edit as the latest; Reset there really resets:
    that edit is not kept as "another tab's"."""
    open_lesson(page, base_url)
    replace_code(page, page.locator("[data-cell]").nth(1), "print('old session')")
    page.evaluate("sessionStorage.clear()")  # the next load is a new tab
    page.reload()
    wait_for_editors(page)
    expect(notice_of(page, 1)).to_have_text("Your edited code is back.")
    page.locator("[data-cell]").nth(1).get_by_role("button", name="Reset").click()
    page.reload()
    wait_for_editors(page)
    expect(notice_of(page, 1)).to_have_count(0)


MOVED_TO = "evaluation-pitfalls"  # holds blocks that came from offline-evaluation and lesson 1


def test_saved_work_of_moved_blocks_comes_along(page, base_url):
    """A learner's edit, verdict and quiz answer saved under a block's old lesson are shown where
    the block is now, counted on the index before that lesson is opened, and never come back
    after a Reset."""
    page.goto(f"{base_url}{MOVED_TO}.html")
    data = lesson_data(page)
    moves = {(move["kind"], move["id"]): move["from"] for move in data["movedFrom"]}
    edited = next(cell for cell in data["cells"] if ("cell", cell["id"]) in moves and not cell["check"])
    passed = next(cell for cell in data["cells"] if ("exercise", cell["id"]) in moves)
    quiz_id, quiz = next((id, quiz) for id, quiz in data["quizzes"].items() if ("quiz", id) in moves)
    old = {
        f"{STORAGE_PREFIX}:{moves['cell', edited['id']]}:cell:{edited['id']}": {
            "code": "print('my tie rule')",
            "base": edited["hash"],
        },
        f"{STORAGE_PREFIX}:{moves['exercise', passed['id']]}:exercise:{passed['id']}": {"verdict": "correct"},
        f"{STORAGE_PREFIX}:{moves['quiz', quiz_id]}:quiz:{quiz_id}": {
            "chosen": quiz["correct"],
            "verdict": "correct",
            "hash": quiz["hash"],
        },
    }
    page.evaluate(
        "(entries) => { localStorage.clear(); for (const [key, value] of Object.entries(entries)) "
        "localStorage.setItem(key, JSON.stringify(value)); }",
        old,
    )

    page.goto(base_url)
    exercises = sum(1 for cell in data["cells"] if cell["check"])
    expect(page.locator(f'[data-lesson="{MOVED_TO}"] .lesson-progress')).to_have_text(
        f"1 of {exercises} exercises passed · quiz answered"
    )
    assert page.evaluate("(keys) => keys.filter((key) => localStorage.getItem(key) !== null)", list(old)) == []

    open_lesson(page, base_url, MOVED_TO)
    cell = page.locator(f'[data-cell="{edited["id"]}"]')
    expect(editor(cell)).to_have_text("print('my tie rule')")
    expect(cell.locator("[data-notice]")).to_contain_text("Your edited code is back")
    expect(page.locator(f'[data-cell="{passed["id"]}"] [data-verdict]')).to_have_attribute("data-verdict", "correct")
    expect(page.locator(f'form[data-quiz="{quiz_id}"] [data-verdict]')).to_have_attribute("data-verdict", "correct")

    cell.get_by_role("button", name="Reset").click()
    assert editor_text(cell) == edited["code"]
    page.reload()
    wait_ready = page.locator("[data-runtime-status]")
    expect(wait_ready).to_have_attribute("data-runtime-status", "ready")
    expect(page.locator(f'[data-cell="{edited["id"]}"] [data-notice]')).to_have_count(0)


def test_saved_work_follows_the_blocks_that_left_comparing_systems(page, base_url):
    """An edit, an exercise verdict and a committed prediction saved under comparing-systems show
    on many-comparisons, where the cell, the exercise and the prediction are now, and count there
    on the index."""
    page.goto(f"{base_url}many-comparisons.html")
    data = lesson_data(page)
    moves = {(move["kind"], move["id"]): move["from"] for move in data["movedFrom"]}
    assert moves["cell", "many-tests"] == moves["exercise", "write-holm"] == "comparing-systems"
    assert moves["predict", "many-tests-predict"] == "comparing-systems"
    edited = next(cell for cell in data["cells"] if cell["id"] == "many-tests")
    predicted = data["predictions"]["many-tests-predict"]
    old = {
        f"{STORAGE_PREFIX}:comparing-systems:cell:many-tests": {"code": "print('my metrics')", "base": edited["hash"]},
        f"{STORAGE_PREFIX}:comparing-systems:exercise:write-holm": {"verdict": "correct"},
        f"{STORAGE_PREFIX}:comparing-systems:predict:many-tests-predict": {"chosen": [0], "hash": predicted["hash"]},
    }
    page.evaluate(
        "(entries) => { localStorage.clear(); for (const [key, value] of Object.entries(entries)) "
        "localStorage.setItem(key, JSON.stringify(value)); }",
        old,
    )

    page.goto(base_url)
    expect(page.locator('[data-lesson="many-comparisons"] .lesson-progress')).to_have_text(
        "1 of 1 exercise passed · quiz not answered yet"
    )
    expect(page.locator('[data-lesson="comparing-systems"] .lesson-progress')).to_have_count(0)

    open_lesson(page, base_url, "many-comparisons")
    cell = page.locator('[data-cell="many-tests"]')
    expect(editor(cell)).to_have_text("print('my metrics')")
    expect(cell.locator("[data-notice]")).to_contain_text("Your edited code is back")
    expect(page.locator('[data-cell="write-holm"] [data-verdict]')).to_have_attribute("data-verdict", "correct")
    prediction = page.locator('form[data-predict="many-tests-predict"]')
    expect(prediction.locator("[data-verdict]")).to_have_attribute("data-verdict", re.compile("^(correct|incorrect)$"))
    expect(prediction.locator("input").first).to_be_checked()
