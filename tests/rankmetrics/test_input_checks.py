"""rankmetrics._inputs: every rejected input raises ValueError naming the offending value."""

import math

import pytest

import rankmetrics as rm
from rankmetrics._inputs import Judgments, check_grades, check_k, check_ranking

# Every public metric, called with the case's k, so each check covers them all.
METRICS_WITH_K = [
    lambda ranking, relevance, k: rm.precision_at_k(ranking, relevance, k),
    lambda ranking, relevance, k: rm.recall_at_k(ranking, relevance, k),
    lambda ranking, relevance, k: rm.hit_rate_at_k(ranking, relevance, k),
    lambda ranking, relevance, k: rm.reciprocal_rank(ranking, relevance, k),
    lambda ranking, relevance, k: rm.average_precision(ranking, relevance, k),
    lambda ranking, relevance, k: rm.dcg_at_k(ranking, relevance, k),
    lambda ranking, relevance, k: rm.ndcg_at_k(ranking, relevance, k),
]
NAMES = ["precision", "recall", "hit_rate", "rr", "ap", "dcg", "ndcg"]


@pytest.mark.parametrize("metric", METRICS_WITH_K, ids=NAMES)
def test_duplicate_item_names_the_item_and_both_ranks(metric):
    with pytest.raises(ValueError, match=r"item 'd2' is ranked twice, at rank 2 and at rank 4"):
        metric(["d1", "d2", "d3", "d2"], {"d1": 1}, 3)


@pytest.mark.parametrize("metric", METRICS_WITH_K, ids=NAMES)
@pytest.mark.parametrize("k", [0, -1, True, False, 2.0, "3"])
def test_k_must_be_a_positive_int(metric, k):
    with pytest.raises(ValueError, match=r"k must be .*got " + repr(k).replace("'", ".")):
        metric(["d1"], {"d1": 1}, k)


@pytest.mark.parametrize("metric", METRICS_WITH_K, ids=NAMES)
@pytest.mark.parametrize(
    "grade, message",
    [
        (-1, r"must be >= 0, got -1"),
        (-0.5, r"must be >= 0, got -0.5"),
        (math.nan, r"must be finite, got nan"),
        (math.inf, r"must be finite, got inf"),
        ("2", r"must be a number .*got '2'"),
        (None, r"must be a number .*got None"),
        (True, r"must be a number \(int or float, not bool\), got True"),
    ],
)
def test_bad_grades_name_the_item_and_the_grade(metric, grade, message):
    with pytest.raises(ValueError, match=r"grade of item 'd2' " + message):
        metric(["d1", "d2"], {"d1": 1, "d2": grade}, 2)


def test_k_none_allowed_only_where_documented():
    assert check_k(None, allow_none=True) is None
    with pytest.raises(ValueError, match="k must be a positive int, got None"):
        check_k(None)
    with pytest.raises(ValueError, match="k must be a positive int or None, got 0"):
        rm.reciprocal_rank(["d1"], {"d1"}, k=0)


def test_k_accepts_any_integral_type_and_returns_int():
    class MyInt(int):
        pass

    assert type(check_k(MyInt(3))) is int


@pytest.mark.parametrize(
    "ranking, message",
    [
        ({"d1": 0.3}, "got a mapping; use ranking_from_scores"),
        ({"d1", "d2"}, "ordered sequence .* got set"),
        ("d1d2", "ordered sequence .* got str"),
    ],
)
def test_unordered_or_string_rankings_are_rejected(ranking, message):
    with pytest.raises(ValueError, match=message):
        check_ranking(ranking)


def test_ranking_may_be_any_sequence_or_iterable():
    assert check_ranking(("a", "b")) == ["a", "b"]
    assert check_ranking(iter([3, 1, 2])) == [3, 1, 2]


@pytest.mark.parametrize("relevance", ["d1", 3, None])
def test_relevance_must_be_a_collection_or_mapping(relevance):
    with pytest.raises(ValueError, match="relevance must be a mapping"):
        check_grades(relevance)


@pytest.mark.parametrize("relevance", [{"a", "b"}, frozenset("ab"), ["a", "b", "a"], ("a", "b")])
def test_collections_of_ids_mean_grade_one(relevance):
    assert check_grades(relevance) == {"a": 1, "b": 1}


@pytest.mark.parametrize("threshold", [0, -1, math.nan, math.inf, True, "1"])
def test_threshold_must_be_a_finite_number_above_zero(threshold):
    with pytest.raises(ValueError, match="threshold must be a finite number > 0"):
        rm.precision_at_k(["d1"], {"d1": 1}, 1, threshold=threshold)


def test_unknown_gain_lists_the_valid_ones():
    with pytest.raises(ValueError, match=r"gain must be one of \['exponential', 'linear'\], got 'log'"):
        rm.ndcg_at_k(["d1"], {"d1": 1}, 1, gain="log")


def test_judgments_hold_the_relevant_set_grades_and_gain():
    # threshold 2: only b (2) and c (3) are relevant; grades keep every judged item.
    relevance = {"a": 1, "b": 2, "c": 3, "z": 0}
    judgments = Judgments.from_relevance(relevance, threshold=2, gain="linear")
    assert judgments.relevant == {"b", "c"}
    assert judgments.grades == relevance
    assert judgments.gain(3) == 3
    assert Judgments.from_relevance(relevance).gain(3) == 7  # exponential: 2^3 - 1


def test_huge_int_grades_are_valid():
    # Ints are always finite; 10**400 does not fit a float, which the fast check must survive.
    assert check_grades({"a": 10**400}) == {"a": 10**400}
