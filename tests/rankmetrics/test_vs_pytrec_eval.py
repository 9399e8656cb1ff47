"""Differential tests: rankmetrics against pytrec_eval (trec_eval's own C code).

What pytrec_eval does, checked on small cases (the test_reference_* tests keep
these findings honest if a new version changes them):
- any cutoff works as a measure name: "P_7", "recall_7", "success_7",
  "map_cut_7", "ndcg_cut_7" (pytrec_eval-terrier 0.5.11); "recip_rank" and
  "map" have no cutoff.
- it sorts a run by score and breaks ties by document id, descending; we give
  strictly decreasing scores so the ranking is the one we pass.
- it compares scores in single precision (float32): 1.0 + 1e-9 and 1.0 tie
  there, and the tie goes to the larger document id. Our test scores are
  small whole numbers, exact in float32.
- ndcg_cut uses linear gain and ignores relevance_level (grades are gains);
  the binary measures use grade >= relevance_level, like our threshold.
- a judged user missing from the run is dropped (no value at all), and a user
  only in the run is ignored; so we compare users present in both.
"""

import math
import random

import pytest
import pytrec_eval
from hypothesis import given, settings
from hypothesis import strategies as st

import rankmetrics as rm
from ranking_strategies import MAX_K, k_st, random_users, scores_of, users

TOLERANCE = 1e-9


def trec_measures(k):
    """pytrec_eval measure name -> our function of (ranking, grades, k, threshold)."""
    return {
        f"P_{k}": lambda r, g, t: rm.precision_at_k(r, g, k, threshold=t),
        f"recall_{k}": lambda r, g, t: rm.recall_at_k(r, g, k, threshold=t),
        f"success_{k}": lambda r, g, t: rm.hit_rate_at_k(r, g, k, threshold=t),
        f"map_cut_{k}": lambda r, g, t: rm.average_precision(r, g, k, threshold=t),
        f"ndcg_cut_{k}": lambda r, g, t: rm.ndcg_at_k(r, g, k, gain="linear"),
        "recip_rank": lambda r, g, t: rm.reciprocal_rank(r, g, threshold=t),
        "map": lambda r, g, t: rm.average_precision(r, g, threshold=t),
    }


def test_reference_breaks_ties_by_document_id_descending():
    # a and b tie; trec_eval ranks b first, so the relevant a sits at rank 2.
    result = pytrec_eval.RelevanceEvaluator({"q": {"a": 1}}, {"recip_rank"}).evaluate({"q": {"a": 1.0, "b": 1.0}})
    assert result["q"]["recip_rank"] == 0.5
    # ranking_from_scores keeps input order instead: a first.
    assert rm.reciprocal_rank(rm.ranking_from_scores({"a": 1.0, "b": 1.0}), {"a"}) == 1.0


def test_reference_compares_scores_in_single_precision():
    # a beats b by 1e-9 in double precision, but trec_eval sees a tie and puts b first.
    evaluator = pytrec_eval.RelevanceEvaluator({"q": {"a": 1}}, {"recip_rank"})
    assert evaluator.evaluate({"q": {"a": 1.0 + 1e-9, "b": 1.0}})["q"]["recip_rank"] == 0.5
    assert evaluator.evaluate({"q": {"a": 1.0 + 1e-6, "b": 1.0}})["q"]["recip_rank"] == 1.0


def test_reference_drops_judged_users_missing_from_the_run():
    evaluator = pytrec_eval.RelevanceEvaluator({"q1": {"a": 1}, "q2": {"a": 1}}, {"recip_rank"})
    assert evaluator.evaluate({"q1": {"a": 1.0}, "q9": {"a": 1.0}}) == {"q1": {"recip_rank": 1.0}}


def test_reference_ndcg_cut_ignores_relevance_level():
    # b (grade 1) at rank 2: linear NDCG@2 = (0 + 1/log2(3)) / 1 whatever the level.
    qrels, run = {"q": {"b": 1}}, {"q": {"a": 1.0, "b": 0.5}}
    for level in (1, 2):
        got = pytrec_eval.RelevanceEvaluator(qrels, {"ndcg_cut_2"}, relevance_level=level).evaluate(run)
        assert got["q"]["ndcg_cut_2"] == pytest.approx(1 / math.log2(3), abs=1e-15)


def assert_agrees_with_pytrec_eval(batch, k, threshold):
    qrels = {user: grades for user, (_, grades) in batch.items()}
    run = {user: scores_of(ranking) for user, (ranking, _) in batch.items()}
    measures = trec_measures(k)
    theirs = pytrec_eval.RelevanceEvaluator(qrels, set(measures), relevance_level=threshold).evaluate(run)
    assert set(theirs) == set(batch)  # every user has a ranking and judgments
    for user, (ranking, grades) in batch.items():
        for name, ours in measures.items():
            value = ours(ranking, grades, threshold)
            assert math.isclose(value, theirs[user][name], rel_tol=0, abs_tol=TOLERANCE), (user, name)


@settings(max_examples=1000, deadline=None)
@given(batch=users(), k=k_st, threshold=st.sampled_from([1, 2, 3]))
def test_agrees_with_pytrec_eval(batch, k, threshold):
    assert_agrees_with_pytrec_eval(batch, k, threshold)


@pytest.mark.parametrize("seed", range(6))
def test_agrees_with_pytrec_eval_on_large_batches(seed):
    # 2000 users per call; k and threshold vary with the seed (k up to MAX_K, beyond most rankings).
    rng = random.Random(seed)
    assert_agrees_with_pytrec_eval(random_users(seed, 2000), rng.randint(1, MAX_K), rng.choice([1, 2, 3]))
