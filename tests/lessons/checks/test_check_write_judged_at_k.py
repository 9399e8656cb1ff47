"""The check of incomplete-judgments' `write-judged-at-k`
(lessons/checks/incomplete-judgments/write-judged-at-k.py)."""

from __future__ import annotations

import math

import pytest

from lesson_exercise import exercise
from rankmetrics.pages.trec import RunEvaluator

JUDGED = exercise("incomplete-judgments", "write-judged-at-k")


def test_the_reference_is_the_evaluate_pages_judged_at_k_and_the_cases_cover_the_edges():
    cases = JUDGED.checker.cases()
    reference = JUDGED.checker.reference_function()
    for ranking, judgments, k in cases:
        evaluator = RunEvaluator({"q": judgments}, cutoffs=[k], metrics=["judged"], full_list=False)
        evaluator.add("q", ranking)
        assert math.isclose(reference(ranking, judgments, k), evaluator.result().means[f"judged@{k}"], abs_tol=1e-12)
    assert any(k > len(ranking) for ranking, _, k in cases)
    assert any(not ranking for ranking, _, _ in cases)
    assert any(0 in judgments.values() for _, judgments, _ in cases)
    assert any(set(judgments) - set(ranking) for ranking, judgments, _ in cases)


def test_a_learners_own_version_passes():
    def judged_at_k(ranking, judgments, k):
        top = ranking[:k]
        return len([doc for doc in top if doc in judgments.keys()]) / k

    assert JUDGED.verdict(judged_at_k)["ok"] is True


@pytest.mark.parametrize(
    "variant",
    [
        "judged_over_ranking_length",
        "judged_over_ranking_length_or_zero",
        "judged_counts_relevant",
        "judged_top_k_minus_one",
        "judged_top_k_plus_one",
        "judged_over_top_k_length",
        "judged_over_top_k_length_or_zero",
    ],
)
def test_each_known_version_is_named(variant):
    function = getattr(JUDGED.module, variant)
    verdict = JUDGED.verdict(function)
    assert verdict["ok"] is False
    assert verdict["message"].endswith(JUDGED.message_of(function))


def test_dividing_by_the_top_ks_length_is_ir_measures_convention():
    conventions = {known.name for known in JUDGED.checker.misconceptions if known.convention}
    assert conventions == {"judged_over_top_k_length", "judged_over_top_k_length_or_zero"}
