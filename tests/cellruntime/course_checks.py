"""The course's exercise checks, by the function each asks for, for the tests of the check
machinery: ``CHECK["precision_at_k"]`` is the check name the page passes for the exercise that
asks for precision_at_k (its check lives beside its lesson, lessons/checks/)."""

from __future__ import annotations

from pathlib import Path

from cellruntime import check_function as _check_function
from cellruntime.checks import declared_checker
from lessonbuild.lessonformat import load_course

COURSE = load_course(Path(__file__).resolve().parents[2] / "lessons")

#: Function name -> the check name of the course's exercise that asks for it.
CHECK = {
    cell.own_check.function: cell.check_name for lesson in COURSE.lessons for cell in lesson.cells if cell.own_check
}
#: Function name -> that exercise's Checker.
CHECKS = {function: declared_checker(name) for function, name in CHECK.items()}
#: Function name -> that exercise's known wrong versions (mistakes() and conventions()).
MISCONCEPTIONS = {function: checker.misconceptions for function, checker in CHECKS.items()}


def check_function(namespace: dict, function: str, *rest) -> dict:
    """cellruntime's check_function, on the course's exercise that asks for ``function``."""
    return _check_function(namespace, CHECK.get(function, function), *rest)
