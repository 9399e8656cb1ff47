"""ranking_from_scores: score descending, ties in input order."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankmetrics import ranking_from_scores


def test_ties_keep_input_order():
    # x, y, z tie at 1.0: they stay in insertion order (z, x, y), not id order.
    assert ranking_from_scores({"z": 1.0, "a": 2.0, "x": 1.0, "y": 1}) == ["a", "z", "x", "y"]


def test_empty_scores_give_an_empty_ranking():
    assert ranking_from_scores({}) == []


@pytest.mark.parametrize(
    "score, message",
    [
        (math.nan, "must be finite, got nan"),
        (math.inf, "must be finite, got inf"),
        (-math.inf, "must be finite, got -inf"),
        ("1.0", r"must be a number \(int or float, not bool\), got '1.0'"),
        (None, "must be a number .*got None"),
        (True, "must be a number .*got True"),
    ],
)
def test_bad_scores_are_rejected_naming_the_item(score, message):
    with pytest.raises(ValueError, match=r"score of item 'b' " + message):
        ranking_from_scores({"a": 1.0, "b": score})


def test_huge_int_scores_are_fine():
    # Ints are always finite; 10**400 does not fit a float but compares fine.
    assert ranking_from_scores({"a": 1, "b": 10**400}) == ["b", "a"]


def test_scores_must_be_a_mapping():
    with pytest.raises(ValueError, match="scores must be a mapping"):
        ranking_from_scores([("a", 1.0)])


@settings(max_examples=500, deadline=None)
@given(scores=st.dictionaries(st.integers(0, 50), st.integers(-3, 3) | st.floats(-2, 2)))
def test_sorted_descending_and_stable(scores):
    ranking = ranking_from_scores(scores)
    assert sorted(ranking) == sorted(scores)
    position = {item: index for index, item in enumerate(scores)}  # input order
    for before, after in zip(ranking, ranking[1:]):
        assert scores[before] >= scores[after]
        if scores[before] == scores[after]:
            assert position[before] < position[after]
