"""Differential tests: evaluate()'s means against ir_measures.calc_aggregate.

What ir_measures 0.4.3 does, checked on small cases (kept as test_reference_* tests):
- P@k, R@k, Success@k, AP@k and nDCG@k (linear gain) go to its pytrec_eval
  provider; RR@k goes to its MS MARCO provider (RR with a cutoff). A measure's
  rel= parameter is our threshold; nDCG has none (grades are gains).
- unlike raw pytrec_eval, it scores a judged user missing from the run as 0
  (the measure's default), so its means follow our rule and runs with
  missing users are comparable. Users only in the run are ignored, as here.
- a user with no relevant item counts as 0; it has no "skip" option, so the
  skip option is compared against ir_measures on qrels without those users.
- exponential-gain nDCG (dcg="exp-log2") needs the gdeval Perl script, which
  fails here, so ir_measures is compared at linear gain only.
"""

import math
import random

import ir_measures
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ir_measures import AP, RR, P, R, Success, nDCG

from rankmetrics import evaluate
from ranking_strategies import MAX_K, k_st, random_users, rankings, scores_of, users

TOLERANCE = 1e-9


def ir_measures_for(k, threshold):
    """Our metric name -> the ir_measures measure it should match."""
    return {
        "precision": P(rel=threshold) @ k,
        "recall": R(rel=threshold) @ k,
        "hit_rate": Success(rel=threshold) @ k,
        "reciprocal_rank": RR(rel=threshold) @ k,
        "average_precision": AP(rel=threshold) @ k,
        "ndcg": nDCG @ k,
    }


def test_reference_scores_missing_users_zero_and_ignores_run_only_users():
    # u1: relevant a at rank 1 -> RR 1; u2 judged but not in the run -> 0; u9 not judged.
    # Mean over u1 and u2 = 0.5 (raw pytrec_eval would give 1.0).
    qrels = {"u1": {"a": 1}, "u2": {"a": 1}}
    run = {"u1": {"a": 2.0, "b": 1.0}, "u9": {"a": 1.0}}
    assert ir_measures.calc_aggregate([RR @ 5], qrels, run)[RR @ 5] == 0.5
    assert evaluate(run, qrels, ["reciprocal_rank"], k=5).means["reciprocal_rank"] == 0.5


@st.composite
def multi_user_runs(draw):
    """(run, qrels): judged users, some missing from the run, plus run-only users."""
    batch = draw(users(n_max=5))
    qrels = {user: grades for user, (_, grades) in batch.items()}
    missing = draw(st.sets(st.sampled_from(sorted(batch))))
    run = {user: scores_of(ranking) for user, (ranking, _) in batch.items() if user not in missing}
    for extra in range(draw(st.integers(0, 2))):
        run[f"only-in-run-{extra}"] = scores_of(draw(rankings()))
    return run, qrels


def assert_means_agree(ours, theirs, measures):
    for name, measure in measures.items():
        assert math.isclose(ours.means[name], theirs[measure], rel_tol=0, abs_tol=TOLERANCE), name


def assert_means_agree_with_ir_measures(run, qrels, k, threshold):
    measures = ir_measures_for(k, threshold)
    theirs = ir_measures.calc_aggregate(list(measures.values()), qrels, run)
    ours = evaluate(run, qrels, list(measures), k, threshold=threshold, gain="linear")
    assert_means_agree(ours, theirs, measures)
    assert ours.n_scored == len(qrels)
    assert ours.n_missing == sum(1 for user in qrels if user not in run)

    # Skipping users without a relevant item = ir_measures on qrels without them.
    kept = {user: grades for user, grades in qrels.items() if any(grade >= threshold for grade in grades.values())}
    if not kept:
        return  # nothing to average: evaluate raises (tested in test_evaluation.py)
    theirs = ir_measures.calc_aggregate(list(measures.values()), kept, run)
    ours = evaluate(run, qrels, list(measures), k, threshold=threshold, gain="linear", skip_users_without_relevant=True)
    assert_means_agree(ours, theirs, measures)
    assert (ours.n_scored, ours.n_skipped) == (len(kept), len(qrels) - len(kept))


@settings(max_examples=1000, deadline=None)
@given(case=multi_user_runs(), k=k_st, threshold=st.sampled_from([1, 2]))
def test_means_agree_with_ir_measures(case, k, threshold):
    run, qrels = case
    assert_means_agree_with_ir_measures(run, qrels, k, threshold)


@pytest.mark.parametrize("seed", range(4))
def test_means_agree_with_ir_measures_on_large_runs(seed):
    # 2000 judged users; about 1 in 10 missing from the run, plus 50 run-only users.
    rng = random.Random(seed)
    batch = random_users(seed, 2000)
    qrels = {user: grades for user, (_, grades) in batch.items()}
    run = {user: scores_of(ranking) for user, (ranking, _) in batch.items() if rng.random() > 0.1}
    for user, (ranking, _) in random_users(seed + 100, 50).items():
        run[f"only-in-run-{user}"] = scores_of(ranking)
    assert_means_agree_with_ir_measures(run, qrels, rng.randint(1, MAX_K), rng.choice([1, 2]))
