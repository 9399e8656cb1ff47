"""Naming a known wrong variant (cellruntime.misconceptions), on the course's checks: a variant is
named only when it reproduces the learner's function, the same under any hash seed. That each
variant a check lists is named as itself is a lesson test (tests/lessons/test_lesson_content.py)."""

from __future__ import annotations

import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cellruntime import Session
from course_checks import CHECK, CHECKS, MISCONCEPTIONS, check_function

ROOT = Path(__file__).resolve().parents[2]


def test_an_unknown_mistake_gets_no_note():
    verdict = check_function({"precision_at_k": lambda ranking, relevant, k: 0.5}, "precision_at_k")
    assert verdict["message"] == (
        "precision_at_k(['m1', 'x1', 'm2', 'x2', 'm3'], {'m1', 'm2', 'm3', 'm4', 'm5'}, 5) returned 0.5; expected 0.6."
    )


def test_one_agreeing_case_names_nothing():
    # On the first case it fails this learner gives what dividing by |R| gives, and nowhere
    # else: a name would send them to fix what is not broken.
    def precision_at_k(ranking, relevant, k):
        if ranking == ["m1", "x1", "m2", "x2", "m3"] and k == 5:
            return 0.6
        return 1.0 if ranking == ["m1", "x1", "m2"] else 0.5

    verdict = check_function({"precision_at_k": precision_at_k}, "precision_at_k")
    assert verdict["message"] == "precision_at_k(['m1', 'x1', 'm2'], {'m1', 'm2'}, 5) returned 1.0; expected 0.4."


def test_a_variant_with_a_second_slip_is_not_named():
    # Järvelin & Kekäläinen's discount, but with the whole ranking summed when k > 3: it
    # matches their convention on some cases only, so it is not presented as that convention.
    def dcg_at_k(ranking, relevance, k):
        top = ranking if k > 3 else ranking[:k]
        return sum(
            (2 ** relevance.get(item, 0) - 1) / (1.0 if rank < 2 else math.log2(rank))
            for rank, item in enumerate(top, start=1)
        )

    verdict = check_function({"dcg_at_k": dcg_at_k}, "dcg_at_k")
    assert verdict["ok"] is False
    assert not any(known.message in verdict["message"] for known in MISCONCEPTIONS["dcg_at_k"])


def _dcg_of_the_sorted_set(ranking, relevance, k):
    items = sorted(set(ranking[:k]))
    return sum((2 ** relevance.get(item, 0) - 1) / math.log2(rank + 1) for rank, item in enumerate(items, start=1))


def _hit_rate_as_recall(ranking, relevant, k):
    return sum(1 for item in ranking[:k] if item in relevant) / len(relevant) if relevant else 0.0


def _rr_of_rank_plus_one(ranking, relevant, k=None):
    return next((1 / (rank + 1) for rank, item in enumerate(ranking[:k], start=1) if item in relevant), 0.0)


def _dcg_from_rank_zero(ranking, relevance, k):
    return sum((2 ** relevance.get(item, 0) - 1) / math.log2(rank + 1) for rank, item in enumerate(ranking[:k]))


def _dcg_log2_rank_plus_two(ranking, relevance, k):
    return sum(
        (2 ** relevance.get(item, 0) - 1) / math.log2(rank + 2) for rank, item in enumerate(ranking[:k], start=1)
    )


def _precision_of_top_k_minus_one(ranking, relevant, k):
    return sum(1 for item in ranking[: k - 1] if item in relevant) / k


@pytest.mark.parametrize(
    "check, learner, named",
    [
        pytest.param("dcg_at_k", _dcg_of_the_sorted_set, None, id="dcg of sorted(set(top k)): no name"),
        pytest.param("hit_rate_at_k", _hit_rate_as_recall, "hit_rate_returns_recall", id="hit-rate as recall"),
        pytest.param("reciprocal_rank", _rr_of_rank_plus_one, "reciprocal_rank_of_rank_plus_one", id="1 / (rank + 1)"),
        pytest.param("dcg_at_k", _dcg_from_rank_zero, "dcg_log2_of_rank", id="ranks from 0"),
        pytest.param("dcg_at_k", _dcg_log2_rank_plus_two, "dcg_log2_of_rank_plus_two", id="log2(rank + 2)"),
        pytest.param("precision_at_k", _precision_of_top_k_minus_one, "precision_top_k_minus_one", id="ranking[:k-1]"),
    ],
)
def test_slips_learners_make_are_named_only_as_themselves(check, learner, named):
    verdict = check_function({CHECKS[check].function: learner}, check)
    assert verdict["ok"] is False
    found = [known.name for known in MISCONCEPTIONS[check] if known.message in verdict["message"]]
    assert found == ([named] if named else []), verdict["message"]


LEARNERS_OVER_A_SET = """
import json, math, sys
sys.path[:0] = ["py", "tests/cellruntime"]
from course_checks import MISCONCEPTIONS, check_function


def ranking_from_scores(scores):
    return sorted(set(scores), key=scores.get, reverse=True)


def dcg_at_k(ranking, relevance, k):
    top = set(ranking[:k])
    return sum((2 ** relevance.get(item, 0) - 1) / math.log2(rank + 1) for rank, item in enumerate(top, start=1))


names = []
for check, learner in (("ranking_from_scores", ranking_from_scores), ("dcg_at_k", dcg_at_k)):
    message = check_function({check: learner}, check)["message"]
    names.append([known.name for known in MISCONCEPTIONS[check] if known.message in message])
print(json.dumps(names))
"""


def test_the_name_is_the_same_under_any_hash_seed():
    """Code that walks a set depends on the hash seed; the mistake it is told must not."""
    seen = set()
    for seed in ("0", "1", "2", "3", "4", "5"):
        result = subprocess.run(
            [sys.executable, "-c", LEARNERS_OVER_A_SET],
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        )
        seen.add(result.stdout.strip())
    assert seen == {'[["ranking_through_a_set"], ["dcg_over_a_set"]]'}


def test_the_learners_output_is_not_repeated_while_comparing(new_recorder):
    session = Session()
    session.run(
        "def reciprocal_rank(ranking, relevant, k=None):\n    print('called')\n    return len(ranking)\n",
        "write",
        lambda stream, text: None,
    )
    recorder = new_recorder()
    session.check(CHECK["reciprocal_rank"], recorder)
    assert recorder.calls == [("stdout", "called\n")]


def test_a_random_failure_says_which_random_case():
    def precision_at_k(ranking, relevant, k):
        return sum(1 for item in ranking[:k] if item in relevant) / min(k, 8)

    verdict = check_function({"precision_at_k": precision_at_k}, "precision_at_k")
    checker = CHECKS["precision_at_k"]
    number = verdict["passed"] - len(checker.fixed_cases) + 1
    assert verdict["message"].startswith(
        f"Random case {number} of 200 (seed {checker.seed}, the same every time): precision_at_k(["
    )


def test_an_unwritten_function_says_so():
    def recall_at_k(ranking, relevant, k):
        raise NotImplementedError

    verdict = check_function({"recall_at_k": recall_at_k}, "recall_at_k")
    assert verdict["message"] == (
        "recall_at_k(['m1', 'x1', 'm2', 'x2', 'm3'], {'m1', 'm2', 'm3', 'm4', 'm5'}, 5) raised "
        "NotImplementedError: the function is not written yet. Replace `raise NotImplementedError` "
        "with your code, then press Check again."
    )
