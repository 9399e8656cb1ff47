"""Differential tests: rankmetrics against ranx (numba kernels).

What ranx does, checked on small cases (kept as test_reference_* tests):
- names: "precision@k", "recall@k", "hit_rate@k", "mrr@k" / "mrr",
  "map@k" / "map", "ndcg@k" (Järvelin, linear gain) and "ndcg_burges@k"
  (exponential 2^g - 1). A "-l2" suffix sets the relevance level.
- precision@k divides by k even when the run is shorter; map divides by |R|.
- the relevance level also drops lower grades from NDCG (ndcg@k-l2 ignores
  grade-1 items), unlike trec_eval and us, so NDCG is compared at level 1 only.
- evaluate() insists that qrels and run hold the same users (an assertion
  error otherwise), so every user here has both.
- the kernels run as plain Python under the tests (tests/conftest.py sets
  NUMBA_DISABLE_JIT); compiled, the first call would take ~30-40 s on a fresh install.
"""

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ranx import Qrels, Run, evaluate

import rankmetrics as rm
from ranking_strategies import MAX_K, k_st, random_users, scores_of, users

TOLERANCE = 1e-9


def ranx_measures(k, threshold):
    """ranx metric name -> our function of (ranking, grades)."""
    level = "" if threshold == 1 else f"-l{threshold}"
    measures = {
        f"precision@{k}{level}": lambda r, g: rm.precision_at_k(r, g, k, threshold=threshold),
        f"recall@{k}{level}": lambda r, g: rm.recall_at_k(r, g, k, threshold=threshold),
        f"hit_rate@{k}{level}": lambda r, g: rm.hit_rate_at_k(r, g, k, threshold=threshold),
        f"mrr@{k}{level}": lambda r, g: rm.reciprocal_rank(r, g, k, threshold=threshold),
        f"mrr{level}": lambda r, g: rm.reciprocal_rank(r, g, threshold=threshold),
        f"map@{k}{level}": lambda r, g: rm.average_precision(r, g, k, threshold=threshold),
        f"map{level}": lambda r, g: rm.average_precision(r, g, threshold=threshold),
    }
    if threshold == 1:
        measures[f"ndcg@{k}"] = lambda r, g: rm.ndcg_at_k(r, g, k, gain="linear")
        measures[f"ndcg_burges@{k}"] = lambda r, g: rm.ndcg_at_k(r, g, k, gain="exponential")
    return measures


def per_user_scores(qrels, run, metrics):
    """ranx's per-user values: {metric: {user: value}}."""
    ranx_run = Run(run)
    evaluate(Qrels(qrels), ranx_run, metrics, return_mean=False)
    return ranx_run.scores


def test_reference_level_suffix_drops_lower_grades_from_ndcg():
    # a (grade 1) at rank 1, b (grade 2) at rank 2; level 2 forgets a entirely:
    # DCG = 2/log2(3), IDCG = 2 -> 1/log2(3), where our graded NDCG keeps a.
    scores = per_user_scores({"q": {"a": 1, "b": 2}}, {"q": {"a": 2.0, "b": 1.0}}, ["ndcg@2-l2"])
    assert math.isclose(scores["ndcg@2-l2"]["q"], 1 / math.log2(3), abs_tol=1e-12)
    assert rm.ndcg_at_k(["a", "b"], {"a": 1, "b": 2}, 2, gain="linear") > 0.7


def test_reference_precision_divides_by_k_beyond_the_run():
    scores = per_user_scores({"q": {"a": 1}}, {"q": {"a": 1.0}}, ["precision@4"])
    assert scores["precision@4"]["q"] == 0.25


def assert_agrees_with_ranx(batch, k, threshold):
    qrels = {user: grades for user, (_, grades) in batch.items()}
    run = {user: scores_of(ranking) for user, (ranking, _) in batch.items()}
    measures = ranx_measures(k, threshold)
    theirs = per_user_scores(qrels, run, list(measures))
    for user, (ranking, grades) in batch.items():
        for name, ours in measures.items():
            value = ours(ranking, grades)
            assert math.isclose(value, theirs[name][user], rel_tol=0, abs_tol=TOLERANCE), (user, name)


@settings(max_examples=1000, deadline=None)
@given(batch=users(), k=k_st, threshold=st.sampled_from([1, 1, 2]))
def test_agrees_with_ranx(batch, k, threshold):
    assert_agrees_with_ranx(batch, k, threshold)


@pytest.mark.parametrize("seed", range(6))
def test_agrees_with_ranx_on_large_batches(seed):
    rng = random.Random(seed)
    assert_agrees_with_ranx(random_users(seed, 2000), rng.randint(1, MAX_K), rng.choice([1, 1, 2]))
