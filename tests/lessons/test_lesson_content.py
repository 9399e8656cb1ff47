"""Every lesson's cells run under CPython through the same runtime the page uses, and their
output matches the golden transcripts in tests/lessons/golden/.

Regenerate the transcripts after an intended change with:
    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/lessons
and review the diff before committing it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from cellruntime import Session
from lessonbuild.lessonformat import load_course
from lessonbuild.validate import validate_course

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).resolve().parent / "golden"
COURSE = load_course(ROOT / "lessons")
assert validate_course(COURSE) == [], "the lessons must build"
LESSONS = {lesson.slug: lesson for lesson in COURSE.lessons}
EXERCISES = [(lesson.slug, cell.id) for lesson in COURSE.lessons for cell in lesson.cells if cell.check]
DECIMAL = re.compile(r"(?<![\w.])\d+\.\d+(?!\w|\.\d)")


def transcript(lesson) -> str:
    """Run the lesson's cells in order in one session; return their outputs, cell by cell."""
    session = Session(available_packages=["rankmetrics"])
    parts = []
    for cell in lesson.runnable_cells:
        chunks: list[str] = []
        result = session.run(cell.code, cell.id, lambda stream, text: chunks.append(text))
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
        verdict = session.check(exercise.check, lambda stream, text: None)
        if code_kind == "solution":
            assert verdict["ok"], f"the solution of {slug}/{cell_id} fails its check: {verdict['message']}"
        else:
            assert not verdict["ok"], f"the starter code of {slug}/{cell_id} already passes its check"
