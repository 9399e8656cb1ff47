"""An exercise checked by its lesson's own ```check block, in Chromium: a lesson started with
`make lesson` (lessonbuild.new_lesson), built alone into a scratch site."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

import build
from cellruntime import Session
from lessonbuild.new_lesson import new_lesson
from helpers import editor_text, lesson_cells, open_lesson, replace_code

SLUG = "my-topic"


@pytest.fixture(scope="module")
def scaffolded_site(tmp_path_factory):
    """A site of one lesson, fresh from the template."""
    folder = tmp_path_factory.mktemp("own-check")
    lessons = folder / "lessons"
    lessons.mkdir()
    (lessons / "index.yml").write_text("lessons:\n", encoding="utf-8")
    new_lesson(lessons, SLUG, "My topic")
    build.build(lessons, folder / "dist", snapshot=False)
    return folder / "dist"


def cpython_verdict(exercise: dict, code: str) -> dict:
    """What the check says under CPython for `code` in the exercise cell: the page must say it too."""
    session = Session(available_packages=["rankmetrics"])
    session.run(code, exercise["id"], lambda stream, text: None)
    return session.check(exercise["check"], cell_id=exercise["id"])


def test_own_check_goes_incorrect_then_correct(page, serve, scaffolded_site):
    base_url = serve(scaffolded_site)[1]
    open_lesson(page, base_url, SLUG)
    exercise = next(cell for cell in lesson_cells(page) if cell["check"])
    assert exercise["check"].startswith("lesson-check:")
    cell = page.locator(f'[data-cell="{exercise["id"]}"]')
    verdict = cell.locator("[data-verdict]")
    check = cell.get_by_role("button", name=re.compile("^Check"))

    check.click()  # the template's starter is a signature and a docstring
    expect(verdict).to_have_attribute("data-verdict", "incorrect")
    expect(verdict).to_contain_text("not written yet")

    wrong = exercise["solution"].replace("ranking[:k]", "ranking[:k + 1]")
    assert wrong != exercise["solution"]
    expected = cpython_verdict(exercise, wrong)
    assert not expected["ok"] and expected["message"].startswith("hits_at_k([")
    replace_code(page, cell, wrong)
    check.click()
    expect(verdict).to_contain_text(expected["message"])

    cell.get_by_text("Show a solution").click()
    cell.get_by_role("button", name="Put this solution in the editor").click()
    assert editor_text(cell) == exercise["solution"]
    check.click()
    expect(verdict).to_have_attribute("data-verdict", "correct")
    expect(verdict).to_contain_text(cpython_verdict(exercise, exercise["solution"])["message"])
