"""The check of why-position-matters' `which-list` (lessons/checks/why-position-matters/which-list.py)."""

from __future__ import annotations

import math

from lesson_exercise import exercise

WHICH_LIST = exercise("why-position-matters", "which-list")


def test_the_cases_follow_the_model_user_and_reach_every_answer():
    cases = WHICH_LIST.checker.cases()
    assert len(cases) == len(WHICH_LIST.checker.fixed_cases) + 200 and len(WHICH_LIST.checker.fixed_cases) >= 6
    reference = WHICH_LIST.checker.reference_function()
    for list_a, list_b, relevant, keep_going in cases:

        def seen(ranking, relevant=relevant, keep_going=keep_going):
            return sum(keep_going ** (rank - 1) for rank, item in enumerate(ranking, start=1) if item in relevant)

        a, b = seen(list_a), seen(list_b)
        expected = "same" if math.isclose(a, b, abs_tol=1e-9) else ("A" if a > b else "B")
        assert reference(list_a, list_b, relevant, keep_going) == expected
    assert {reference(*case) for case in cases} == {"A", "B", "same"}


def test_a_learners_own_version_passes():
    def better_list(list_a, list_b, relevant, keep_going):
        def seen(ranking):
            return sum(keep_going**i for i, item in enumerate(ranking) if item in relevant)

        a, b = seen(list_a), seen(list_b)
        if abs(a - b) < 1e-12:
            return "same"
        return "A" if a > b else "B"

    assert WHICH_LIST.verdict(better_list)["ok"] is True


def test_the_check_wants_the_exact_value():
    verdict = WHICH_LIST.verdict(lambda a, b, relevant, keep_going: "a")
    assert verdict["message"] == (
        "better_list(['good', 'x1', 'x2'], ['x1', 'x2', 'good'], {'good'}, 0.8) returned 'a'; expected 'A'."
    )


def test_exact_comparison_is_told_to_use_a_tolerance():
    verdict = WHICH_LIST.verdict(WHICH_LIST.module.better_without_tolerance)
    assert verdict["message"].startswith("better_list(['x1', 'x2', 'r1'], ['x1', 'x2', 'x3', 'r1', 'r2'], {'r1', 'r2'}")
    assert verdict["message"].endswith(WHICH_LIST.message_of(WHICH_LIST.module.better_without_tolerance))


def test_a_loose_tolerance_for_the_same_fails():
    def better_list(list_a, list_b, relevant, keep_going):
        def seen(ranking):
            return sum(keep_going**i for i, item in enumerate(ranking) if item in relevant)

        a, b = seen(list_a), seen(list_b)
        if abs(a - b) < 0.01:
            return "same"
        return "A" if a > b else "B"

    assert WHICH_LIST.verdict(better_list)["ok"] is False
