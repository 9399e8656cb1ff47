"""The check of user-models' `write-rbp-residual` (the lesson's inline ```check block): RBP and
its residual come back as two numbers, in a tuple or a list."""

from __future__ import annotations

from lesson_exercise import COURSE

from cellruntime.checks import check_function, declared_checker

LESSON = next(lesson for lesson in COURSE.lessons if lesson.slug == "user-models")
NAME = next(cell for cell in LESSON.cells if cell.id == "write-rbp-residual").check_name
FIRST_CALL = "rbp_with_residual(['d1', 'd2', 'd3'], {'d1': 1, 'd2': 0, 'd3': 1}, 0.8)"


def rbp_with_residual(ranking, judgments, keep_going):
    """A learner's own version: RBP and its residual, as a tuple."""
    rbp = residual = 0.0
    weight = 1 - keep_going
    for item in ranking:
        if item not in judgments:
            residual += weight
        elif judgments[item] >= 1:
            rbp += weight
        weight *= keep_going
    return rbp, residual + keep_going ** len(ranking)


def verdict(function) -> dict:
    return check_function({"rbp_with_residual": function}, NAME)


def test_two_numbers_pass_as_a_tuple_or_a_list():
    assert verdict(rbp_with_residual)["ok"] is True
    assert verdict(lambda *case: list(rbp_with_residual(*case)))["ok"] is True


def test_the_starter_says_what_the_check_takes():
    """The check takes the two numbers in a tuple or a list, and the starter's docstring says
    so (a list is no slip the check lets by)."""
    starter = next(cell for cell in LESSON.cells if cell.id == "write-rbp-residual").code
    assert "as a tuple or a list" in starter


def test_another_shape_is_named_as_what_it_is():
    three = verdict(lambda *case: (*rbp_with_residual(*case), 0.0))
    assert three["message"] == f"{FIRST_CALL} returned 3 values; expected 2: RBP and its residual."
    one = verdict(lambda *case: rbp_with_residual(*case)[0])
    assert one["message"] == f"{FIRST_CALL} returned 1 value, 0.328; expected 2: RBP and its residual."
    assert "not a list" not in three["message"] + one["message"]


def test_the_check_names_what_the_function_returns():
    assert declared_checker(NAME).returns == "RBP and its residual"
