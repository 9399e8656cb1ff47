"""The check of offline-evaluation's `write-mean-recall`
(lessons/checks/offline-evaluation/write-mean-recall.py)."""

from __future__ import annotations

import math

import rankmetrics
from lesson_exercise import exercise

MEAN_RECALL = exercise("offline-evaluation", "write-mean-recall")


def test_the_reference_is_rankmetrics_evaluate_and_the_cases_cover_the_edges():
    cases = MEAN_RECALL.checker.cases()
    assert len(cases) == len(MEAN_RECALL.checker.fixed_cases) + 200 and len(MEAN_RECALL.checker.fixed_cases) >= 6
    reference = MEAN_RECALL.checker.reference_function()
    for run, qrels, k in cases:
        expected = rankmetrics.evaluate(run, qrels, ["recall"], k).means["recall"]
        assert math.isclose(reference(run, qrels, k), expected, abs_tol=1e-12)
    assert any(set(qrels) - set(run) for run, qrels, _ in cases)  # a judged user missing from the run
    assert any(not relevant for _, qrels, _ in cases for relevant in qrels.values())
    assert any(set(run) - set(qrels) for run, qrels, _ in cases)  # a ranked user nobody judged


def test_a_learners_own_version_passes():
    def mean_recall_at_k(run, qrels, k):
        total = 0.0
        for user, relevant in qrels.items():
            top = run.get(user, [])[:k]
            if relevant:
                total += len(set(top) & relevant) / len(relevant)
        return total / len(qrels)

    assert MEAN_RECALL.verdict(mean_recall_at_k)["ok"] is True


def test_the_other_tools_averages_are_conventions():
    conventions = {known.name for known in MEAN_RECALL.checker.misconceptions if known.convention}
    assert conventions == {"mean_over_users_in_the_run", "mean_skipping_users_without_relevant"}


def test_a_mean_over_the_users_with_a_hit_is_named_as_itself():
    def mean_recall_at_k(run, qrels, k):
        recalls = [
            sum(1 for item in run.get(user, [])[:k] if item in relevant) / len(relevant) if relevant else 0.0
            for user, relevant in qrels.items()
        ]
        recalls = [recall for recall in recalls if recall > 0]
        return sum(recalls) / len(recalls) if recalls else 0.0

    verdict = MEAN_RECALL.verdict(mean_recall_at_k)
    assert verdict["ok"] is False
    assert verdict["message"].endswith(MEAN_RECALL.message_of(MEAN_RECALL.module.mean_over_users_with_a_hit))


def test_a_convention_is_not_named_when_the_learner_differs_on_one_case():
    # pytrec_eval's mean over the run's users, but 1.0 on the one fixed case with an empty run: a
    # mistake that close would be named (SLACK), another tool's convention must match every case.
    def mean_recall_at_k(run, qrels, k):
        if run == {} and qrels == {"ana": {"a1"}}:
            return 1.0
        return MEAN_RECALL.module.mean_over_users_in_the_run(run, qrels, k)

    verdict = MEAN_RECALL.verdict(mean_recall_at_k)
    assert verdict["ok"] is False
    assert not any(known.message in verdict["message"] for known in MEAN_RECALL.checker.misconceptions)
