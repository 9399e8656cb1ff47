"""Every lesson's cells run under CPython through the same runtime the page uses, and their
output matches the golden transcripts in tests/lessons/golden/.

Regenerate the transcripts after an intended change (or write a new lesson's) with:
    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/lessons/test_lesson_content.py
and review the diff before committing it (`-k SLUG` for one lesson).
"""

from __future__ import annotations

import os
import re

import pytest

from cellruntime import Session, check_function
from cellruntime.checks import declared_checker
from lesson_folder import COURSE, GOLDEN_DIR as GOLDEN

LESSONS = {lesson.slug: lesson for lesson in COURSE.lessons}
EXERCISES = [(lesson.slug, cell.id) for lesson in COURSE.lessons for cell in lesson.cells if cell.check]
DECIMAL = re.compile(r"(?<![\w.])\d+\.\d+(?!\w|\.\d)")


def transcript(lesson) -> str:
    """Run the lesson's cells in order in one session; return their outputs, cell by cell."""
    session = Session(available_packages=["rankmetrics"])
    parts = []
    for cell in lesson.runnable_cells:
        chunks: list[str] = []
        result = session.run(cell.code, cell.id, lambda stream, text, chunks=chunks: chunks.append(text))
        display = result["display"]
        if display:
            rich = [kind for kind in ("image/svg+xml", "text/html") if kind in display]
            # A rich display's repr holds a memory address; record what the page shows instead.
            chunks.append(f"[{rich[0]} display]\n" if rich else display["text/plain"] + "\n")
        if not cell.check:  # an exercise's starter code may be unfinished; every other cell must run
            assert result["ok"], f"{lesson.slug}/{cell.id} failed:\n{result['error']}"
        parts.append(f"## {cell.id}\n{''.join(chunks)}")
    return "\n".join(parts)


@pytest.mark.parametrize("slug", list(LESSONS))
def test_cells_match_golden_transcript(slug):
    actual = transcript(LESSONS[slug])
    golden = GOLDEN / f"{slug}.txt"
    if os.environ.get("UPDATE_GOLDEN") == "1":
        golden.write_text(actual, encoding="utf-8")
    assert golden.is_file(), f"no transcript for {slug}: run with UPDATE_GOLDEN=1 and review it"
    assert actual == golden.read_text(encoding="utf-8")


def prose_of(lesson) -> str:
    """The lesson's text outside code cells and shown outputs: prose, math, quiz and hint text."""
    text = lesson.path.read_text(encoding="utf-8")
    return re.sub(r"^```(python|output).*?^```", "", text, flags=re.S | re.M)


@pytest.mark.parametrize("slug", list(LESSONS))
def test_every_decimal_in_the_prose_is_printed_by_a_cell(slug):
    """Numbers are never typed by hand: each decimal the text states appears in a cell's output,
    or in the shown output of a block that test_cpython_blocks.py runs under CPython."""
    lesson = LESSONS[slug]
    output = transcript(lesson) + "".join(shown.text for shown in lesson.shown_outputs)
    printed = set(DECIMAL.findall(output))
    stated = set(DECIMAL.findall(prose_of(lesson)))
    missing = sorted(number for number in stated if number not in printed)
    assert missing == [], f"{slug}: numbers in the text that no cell prints: {missing}"


@pytest.mark.parametrize("slug, cell_id", EXERCISES)
def test_solution_passes_and_starter_code_fails(slug, cell_id):
    lesson = LESSONS[slug]
    for code_kind in ("solution", "starter"):
        session = Session(available_packages=["rankmetrics"])
        for cell in lesson.runnable_cells:
            code = cell.solution.content if (cell.id == cell_id and code_kind == "solution") else cell.code
            session.run(code, cell.id, lambda stream, text: None)
            if cell.id == cell_id:
                break
        exercise = next(cell for cell in lesson.cells if cell.id == cell_id)
        verdict = session.check(exercise.check_name, lambda stream, text: None)
        if code_kind == "solution":
            assert verdict["ok"], f"the solution of {slug}/{cell_id} fails its check: {verdict['message']}"
        else:
            assert not verdict["ok"], f"the starter code of {slug}/{cell_id} already passes its check"


def _is_unwritten(code: str) -> bool:
    """A "write it" starter: imports, then functions whose body is a docstring and
    `raise NotImplementedError`, and nothing else."""
    import ast

    for node in ast.parse(code).body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        if not isinstance(node, ast.FunctionDef):
            return False
        body = node.body
        if (
            body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)
        ):
            body = body[1:]  # the docstring
        if not (
            len(body) == 1 and isinstance(body[0], ast.Raise) and ast.unparse(body[0].exc) == "NotImplementedError"
        ):
            return False
    return True


def test_at_least_half_the_exercises_are_written_from_a_docstring():
    exercises = [cell for lesson in COURSE.lessons for cell in lesson.cells if cell.check]
    unwritten = [cell.id for cell in exercises if _is_unwritten(cell.code)]
    assert len(unwritten) * 2 >= len(exercises), unwritten


@pytest.mark.parametrize("slug, cell_id", EXERCISES)
def test_the_starters_verdict_says_what_to_do(slug, cell_id):
    """An unwritten starter is told it is not written yet; a starter to fix is not given away by
    a comment that names its bug."""
    lesson = LESSONS[slug]
    exercise = next(cell for cell in lesson.cells if cell.id == cell_id)
    session = Session(available_packages=["rankmetrics"])
    for cell in lesson.runnable_cells:
        session.run(cell.code, cell.id, lambda stream, text: None)
        if cell.id == cell_id:
            break
    verdict = session.check(exercise.check_name, lambda stream, text: None, cell_id=cell_id)
    if _is_unwritten(exercise.code):
        assert "not written yet" in verdict["message"]
    else:
        comments = [line.split("#", 1)[1] for line in exercise.code.splitlines() if "#" in line]
        assert not any(word in comment.lower() for comment in comments for word in ("wrong", "bug", "fix", "instead"))


OWN_MISTAKES = [
    pytest.param(slug, cell_id, known.name, id=f"{slug}/{cell_id}:{known.name}")
    for slug, cell_id in EXERCISES
    for exercise in [next(cell for cell in LESSONS[slug].cells if cell.id == cell_id)]
    if exercise.check == "lesson"
    for known in declared_checker(exercise.check_name).misconceptions
]


@pytest.mark.parametrize("slug, cell_id, variant", OWN_MISTAKES)
def test_a_lessons_own_mistake_is_named_as_itself_and_no_other(slug, cell_id, variant):
    """Each wrong version a lesson's check block lists (mistakes()), written as the learner's
    function, fails the check and is told its own sentence, never another's."""
    exercise = next(cell for cell in LESSONS[slug].cells if cell.id == cell_id)
    checker = declared_checker(exercise.check_name)
    known = next(m for m in checker.misconceptions if m.name == variant)
    verdict = check_function({checker.function: known.variant}, exercise.check_name)
    assert verdict["ok"] is False, f"{variant} passes the check: no case tells it apart"
    assert verdict["message"].endswith(known.message), verdict["message"]
    told = [other.name for other in checker.misconceptions if other.message != known.message]
    assert [name for name in told if _message(checker, name) in verdict["message"]] == []


def _message(checker, name):
    return next(m.message for m in checker.misconceptions if m.name == name)


def test_the_k_where_b_overtakes_a_is_the_one_the_cell_prints():
    """Whole numbers escape the decimal check: the cut-off from which B leads A on NDCG, as both
    lessons state it, is the one the choose-k-curves cell prints."""
    printed = re.search(r"B leads from k = (\d+)", (GOLDEN / "offline-evaluation.txt").read_text(encoding="utf-8"))
    stated = [
        *re.findall(r"passes A's only at \$k\$ = (\d+)", prose_of(LESSONS["offline-evaluation"])),
        *re.findall(r"B only beat A on NDCG \D*(\d+)", prose_of(LESSONS["evaluation-pitfalls"])),
    ]
    assert len(stated) == 2 and set(stated) == {printed.group(1)}, stated
