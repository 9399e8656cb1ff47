"""evaluate: which users count, the registry, and agreement with the single-user functions."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rankmetrics as rm
from rankmetrics import evaluate
from ranking_strategies import k_st, scores_of, users

ALL_METRICS = list(rm.METRICS)

# One single-user function per registry name, called the way evaluate() calls its kernel.
SINGLE_USER = {
    "precision": lambda ranking, rel, k, threshold, gain: rm.precision_at_k(ranking, rel, k, threshold=threshold),
    "recall": lambda ranking, rel, k, threshold, gain: rm.recall_at_k(ranking, rel, k, threshold=threshold),
    "hit_rate": lambda ranking, rel, k, threshold, gain: rm.hit_rate_at_k(ranking, rel, k, threshold=threshold),
    "reciprocal_rank": lambda ranking, rel, k, threshold, gain: rm.reciprocal_rank(
        ranking, rel, k, threshold=threshold
    ),
    "average_precision": lambda ranking, rel, k, threshold, gain: rm.average_precision(
        ranking, rel, k, threshold=threshold
    ),
    "ndcg": lambda ranking, rel, k, threshold, gain: rm.ndcg_at_k(ranking, rel, k, gain=gain),
    "err": lambda ranking, rel, k, threshold, gain: rm.expected_reciprocal_rank(ranking, rel, k),
    "rbp": lambda ranking, rel, k, threshold, gain: rm.rank_biased_precision(ranking, rel, k, threshold=threshold),
}


def test_single_user_table_covers_the_registry():
    assert set(SINGLE_USER) == set(rm.METRICS)


def test_missing_user_scores_zero_and_run_only_user_is_ignored():
    # u1: relevant a at rank 1 -> RR 1, P@2 = 1/2.
    # u2: judged but absent from the run -> 0 on every metric (pytrec_eval would drop u2
    #     and report MRR 1.0).
    # u9: in the run, not judged -> ignored entirely.
    result = evaluate(
        run={"u1": ["a", "b"], "u9": ["a"]},
        qrels={"u1": {"a"}, "u2": {"c"}},
        metrics=["reciprocal_rank", "precision"],
        k=2,
    )
    assert result.per_user == {
        "reciprocal_rank": {"u1": 1.0, "u2": 0.0},
        "precision": {"u1": 0.5, "u2": 0.0},
    }
    assert result.means == {"reciprocal_rank": 0.5, "precision": 0.25}
    assert (result.n_scored, result.n_skipped, result.n_missing, result.n_ignored) == (2, 0, 1, 1)


def test_users_without_relevant_items_count_as_zero_or_are_skipped():
    # u1: NDCG 1 and AP 1 (a at rank 1). u2: only grade-0 judgments.
    run = {"u1": ["a"], "u2": ["b"]}
    qrels = {"u1": {"a": 2}, "u2": {"b": 0}}
    default = evaluate(run, qrels, ["ndcg", "average_precision"], k=1)
    assert default.means == {"ndcg": 0.5, "average_precision": 0.5}  # (1 + 0) / 2
    assert (default.n_scored, default.n_skipped) == (2, 0)
    skipped = evaluate(run, qrels, ["ndcg", "average_precision"], k=1, skip_users_without_relevant=True)
    assert skipped.means == {"ndcg": 1.0, "average_precision": 1.0}  # u1 alone
    assert (skipped.n_scored, skipped.n_skipped) == (1, 1)
    assert "u2" not in skipped.per_user["ndcg"]


def test_skipping_uses_the_threshold():
    # threshold 2: u1's only item has grade 1, so u1 has no relevant item and is skipped.
    result = evaluate(
        {"u1": ["a"], "u2": ["b"]},
        {"u1": {"a": 1}, "u2": {"b": 2}},
        ["precision"],
        k=1,
        threshold=2,
        skip_users_without_relevant=True,
    )
    assert result.per_user == {"precision": {"u2": 1.0}}


def test_every_user_skipped_is_an_error_not_a_silent_zero():
    with pytest.raises(ValueError, match="all 1 users have no relevant item at threshold=1"):
        evaluate({"u1": ["a"]}, {"u1": {"a": 0}}, ["ndcg"], k=1, skip_users_without_relevant=True)


def test_empty_qrels_is_an_error():
    with pytest.raises(ValueError, match="qrels is empty"):
        evaluate({"u1": ["a"]}, {}, ["ndcg"], k=1)


def test_unknown_metric_lists_the_valid_names():
    with pytest.raises(ValueError) as error:
        evaluate({"u1": ["a"]}, {"u1": {"a"}}, ["ndcg", "mrr"], k=1)
    message = str(error.value)
    assert "unknown metric 'mrr'" in message
    assert all(repr(name) in message for name in rm.METRICS)


def test_empty_metrics_is_an_error():
    with pytest.raises(ValueError, match="metrics is empty"):
        evaluate({"u1": ["a"]}, {"u1": {"a"}}, [], k=1)


def test_a_single_name_and_repeats_are_accepted():
    result = evaluate({"u1": ["a"]}, {"u1": {"a"}}, "hit_rate", k=1)
    assert result.means == {"hit_rate": 1.0}
    assert list(evaluate({"u1": ["a"]}, {"u1": {"a"}}, ["ndcg", "ndcg"], k=1).means) == ["ndcg"]


def test_errors_name_the_user():
    with pytest.raises(ValueError, match=r"run of user 'u1': item 'a' is ranked twice"):
        evaluate({"u1": ["a", "a"]}, {"u1": {"a"}}, ["ndcg"], k=1)
    with pytest.raises(ValueError, match=r"run of user 'u1': score of item 'a' must be finite, got nan"):
        evaluate({"u1": {"a": math.nan}}, {"u1": {"a"}}, ["ndcg"], k=1)
    with pytest.raises(ValueError, match=r"qrels of user 'u1': grade of item 'a' must be >= 0"):
        evaluate({"u1": ["a"]}, {"u1": {"a": -1}}, ["ndcg"], k=1)


def test_bad_k_and_gain_are_rejected():
    with pytest.raises(ValueError, match="k must be a positive int, got True"):
        evaluate({"u1": ["a"]}, {"u1": {"a"}}, ["ndcg"], k=True)
    with pytest.raises(ValueError, match="gain must be one of"):
        evaluate({"u1": ["a"]}, {"u1": {"a"}}, ["ndcg"], k=1, gain="binary")


def test_scores_are_ranked_with_ties_in_input_order():
    # b and a tie; input order b, a -> ranking [b, a]; the relevant a is at rank 2.
    result = evaluate({"u1": {"b": 1.0, "a": 1.0}}, {"u1": {"a"}}, ["reciprocal_rank"], k=2)
    assert result.means == {"reciprocal_rank": 0.5}


@settings(max_examples=300, deadline=None)
@given(
    batch=users(n_max=4),
    k=k_st,
    threshold=st.sampled_from([1, 2]),
    gain=st.sampled_from(["exponential", "linear"]),
    as_scores=st.booleans(),
)
def test_agrees_with_the_single_user_functions(batch, k, threshold, gain, as_scores):
    run = {user: scores_of(ranking) if as_scores else ranking for user, (ranking, _) in batch.items()}
    qrels = {user: grades for user, (_, grades) in batch.items()}
    result = evaluate(run, qrels, ALL_METRICS, k, threshold=threshold, gain=gain)
    for name in ALL_METRICS:
        expected = {
            user: SINGLE_USER[name](ranking, grades, k, threshold, gain) for user, (ranking, grades) in batch.items()
        }
        assert result.per_user[name] == expected
        assert all(type(value) is float for value in expected.values())
        assert result.means[name] == pytest.approx(sum(expected.values()) / len(batch), abs=1e-12)
