"""The check of effect-size-and-power's `write-users-for-power`
(lessons/checks/effect-size-and-power/write-users-for-power.py)."""

from __future__ import annotations

import math
from statistics import NormalDist

from lesson_exercise import exercise

USERS = exercise("effect-size-and-power", "write-users-for-power")


def _formula(gain, sd, power):
    return ((NormalDist().inv_cdf(0.975) + NormalDist().inv_cdf(power)) * sd / gain) ** 2


def test_a_learner_who_adds_a_few_users_to_the_formula_is_told_the_function_is_the_formula_alone():
    def users_for_power(gain, sd, power):
        return math.ceil(_formula(gain, sd, power)) + 2

    verdict = USERS.verdict(users_for_power)
    assert verdict["ok"] is False
    assert verdict["message"].startswith(
        "users_for_power(0.085, 0.1323, 0.8) returned 22; expected 20. Your number is the formula's plus a few users."
    )


def test_users_added_on_some_cases_only_are_not_named_as_a_few_users_more():
    """Named only when the version reproduces the learner's function: here the learner adds 2
    users to small test sets only, and matches the formula everywhere else."""

    def users_for_power(gain, sd, power):
        users = math.ceil(_formula(gain, sd, power))
        return users + 2 if users < 30 else users

    verdict = USERS.verdict(users_for_power)
    assert verdict["ok"] is False
    assert verdict["message"] == "users_for_power(0.085, 0.1323, 0.8) returned 22; expected 20."


def test_a_learner_who_types_1_96_for_the_z_of_0_975_is_told_the_exact_value():
    """1.96 matches the exact z on every case but one, where thousands of users are needed."""

    def users_for_power(gain, sd, power):
        return math.ceil(((1.96 + NormalDist().inv_cdf(power)) * sd / gain) ** 2)

    verdict = USERS.verdict(users_for_power)
    assert verdict["ok"] is False
    assert verdict["message"] == (
        "Random case 76 of 200 (seed 20240601, the same every time): "
        "users_for_power(0.015, 0.399, 0.72) returned 4576; expected 4575. "
        "You wrote 1.96 for the z of 0.975; NormalDist().inv_cdf(0.975) is 1.95996... With "
        "thousands of users, that small gap can move the answer by one user."
    )
