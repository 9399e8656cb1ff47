"""Every lesson has the course's skeleton, the house rules listed in lessons/README.md
("House rules"): editable cells, an exercise with two hints and a solution, a summary, and one
quiz at the end; the first hint asks a question and, like the starter, hands over no code."""

from __future__ import annotations

import ast
import io
import tokenize

import pytest
import yaml

from lesson_folder import COURSE, LESSONS_DIR

INDEX = yaml.safe_load((LESSONS_DIR / "index.yml").read_text(encoding="utf-8"))["lessons"]


@pytest.mark.parametrize("lesson", COURSE.lessons, ids=lambda lesson: lesson.slug)
def test_lesson_has_the_course_skeleton(lesson):
    editable = [c for c in lesson.cells if not (c.hidden or c.static or c.readonly or c.check)]
    exercises = [c for c in lesson.cells if c.check]
    if lesson.cells:  # a recap, a lesson with no code cell at all, is prose, a summary and a quiz
        assert len(editable) >= 2, "at least two editable cells besides the exercise"
        assert exercises, "at least one exercise"
    for exercise in exercises:
        assert len(exercise.hints) == 2, f"{exercise.id}: two hints, a question and then the key step"
        assert exercise.solution is not None, exercise.id
    assert len(lesson.quizzes) == 1, "one quiz"
    assert not all(choice.correct for choice in lesson.quizzes[0].choices), "a wrong option in the quiz"
    blocks = [t for t in lesson.tokens if t.type == "fence" or (t.type == "heading_open")]
    assert blocks[-1].meta.get("block") is lesson.quizzes[0], "the quiz comes last"
    headings = [lesson.tokens[i + 1].content for i, t in enumerate(lesson.tokens) if t.type == "heading_open"]
    assert any("summary" in heading.lower() for heading in headings), "a summary section"


EXERCISES = [
    pytest.param(cell, id=f"{lesson.slug}/{cell.id}")
    for lesson in COURSE.lessons
    for cell in lesson.cells
    if cell.check and cell.solution and cell.hint
]


def _squeeze(text: str) -> str:
    return " ".join(text.split())


def solution_lines(solution: str, starter: str) -> list[str]:
    """The lines of code the solution adds to the starter, spaces squeezed: without blank lines,
    comments and docstrings, and without the lines the starter already shows (its `def` line)."""
    docstrings: set[int] = set()
    for node in ast.walk(ast.parse(solution)):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and ast.get_docstring(node) is not None:
            docstrings.update(range(node.body[0].lineno, node.body[0].end_lineno + 1))
    comments = {
        token.start[0]: token.start[1]
        for token in tokenize.generate_tokens(io.StringIO(solution).readline)
        if token.type == tokenize.COMMENT
    }
    given = {_squeeze(line) for line in starter.splitlines()}
    lines = []
    for number, line in enumerate(solution.splitlines(), start=1):
        code = _squeeze(line[: comments.get(number, len(line))])
        if number not in docstrings and code and code not in given:
            lines.append(code)
    return lines


@pytest.mark.parametrize("exercise", EXERCISES)
def test_the_first_hint_asks_a_question_and_hands_over_no_code(exercise):
    """The first hint points at the idea with a question; the formula and the key step wait for
    the second. Neither it nor the starter (its docstring) holds a line of the solution's code."""
    first = exercise.hint.content
    assert "?" in first, f"{exercise.id}: the first hint asks a question"
    assert _squeeze(first) != _squeeze(exercise.second_hint.content), f"{exercise.id}: two different hints"
    docstrings = _squeeze(" ".join(docstrings_of(exercise.code)))
    for line in solution_lines(exercise.solution.content, exercise.code):
        assert line not in _squeeze(first), f"{exercise.id}: the first hint gives the solution's line {line!r}"
        assert line not in docstrings, f"{exercise.id}: the starter's docstring gives the solution's line {line!r}"


def docstrings_of(code: str) -> list[str]:
    return [
        ast.get_docstring(node) or ""
        for node in ast.walk(ast.parse(code))
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef))
    ]


def test_solution_lines_leave_out_what_the_starter_shows_comments_and_docstrings():
    starter = 'def f(x):\n    """Twice x."""\n    raise NotImplementedError\n'
    solution = 'def f(x):\n    """Twice x."""\n\n    y = x  # a copy\n    return   2 * y\n'
    assert solution_lines(solution, starter) == ["y = x", "return 2 * y"]


def test_every_lesson_is_in_the_course():
    """The course is what index.yml lists, in its order, and every lesson file is listed."""
    files = sorted(path.stem for path in LESSONS_DIR.glob("*.md") if path.name != "README.md")
    assert [lesson.slug for lesson in COURSE.lessons] == INDEX
    assert sorted(INDEX) == files
