"""dcg_at_k and ndcg_at_k: hand-reasoned cases and properties."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankmetrics import dcg_at_k, ndcg_at_k
from rankmetrics.ndcg import discount
from ranking_strategies import judgments, k_st, moved_up_cases, rankings

PROPERTY_SETTINGS = settings(max_examples=300, deadline=None)


def test_discount_weights_rank_one_fully():
    assert discount(1) == 1.0
    assert discount(3) == 0.5  # 1 / log2(4)


def test_huge_k_is_cheap():
    # k far beyond the ranking: only len(ranking) weights are built. NDCG = 1 (ideal order).
    assert ndcg_at_k(["a", "b"], {"a": 2, "b": 1}, 10**12) == 1.0


def test_dcg_by_hand():
    # grades 3, 0, 1 at ranks 1..3.
    # exponential: 7/1 + 0 + 1/log2(4) = 7.5; linear: 3 + 0 + 1/2 = 3.5.
    assert dcg_at_k(["a", "b", "c"], {"a": 3, "c": 1}, 3) == 7.5
    assert dcg_at_k(["a", "b", "c"], {"a": 3, "c": 1}, 3, gain="linear") == 3.5
    # k = 2 cuts off c.
    assert dcg_at_k(["a", "b", "c"], {"a": 3, "c": 1}, 2) == 7.0


def test_idcg_uses_all_judged_grades_not_the_retrieved_ones():
    # Ranking [a] with a=1; b=3 judged but not retrieved.
    # IDCG@2 (linear) = 3 + 1/log2(3); re-sorting only [a] would give IDCG = 1 and NDCG = 1.
    value = ndcg_at_k(["a"], {"a": 1, "b": 3}, 2, gain="linear")
    assert value == pytest.approx(1 / (3 + 1 / math.log2(3)), rel=1e-15)
    assert value < 0.3


def test_gains_differ_only_on_graded_relevance():
    ranking = ["a", "b", "c"]
    binary = {"b": 1, "c": 1}
    assert ndcg_at_k(ranking, binary, 3) == ndcg_at_k(ranking, binary, 3, gain="linear")
    graded = {"a": 1, "b": 3}
    # exponential weighs the grade-3 item more, so misplacing it costs more.
    assert ndcg_at_k(ranking, graded, 3) < ndcg_at_k(ranking, graded, 3, gain="linear")


def test_no_positive_grade_scores_zero():
    assert ndcg_at_k(["a", "b"], {"a": 0, "b": 0}, 2) == 0.0
    assert ndcg_at_k(["a"], set(), 1) == 0.0
    assert dcg_at_k([], {"a": 2}, 3) == 0.0
    assert type(dcg_at_k([], {"a": 2}, 3)) is float


@PROPERTY_SETTINGS
@given(
    ranking=rankings(min_size=0),
    relevance=judgments(min_size=0),
    k=k_st,
    gain=st.sampled_from(["exponential", "linear"]),
)
def test_ndcg_in_unit_interval(ranking, relevance, k, gain):
    assert 0.0 <= ndcg_at_k(ranking, relevance, k, gain=gain) <= 1.0


@PROPERTY_SETTINGS
@given(relevance=judgments(), k=k_st, gain=st.sampled_from(["exponential", "linear"]))
def test_ideal_ranking_scores_one(relevance, k, gain):
    ideal = sorted(relevance, key=relevance.__getitem__, reverse=True)
    expected = 1.0 if any(relevance.values()) else 0.0
    assert ndcg_at_k(ideal, relevance, k, gain=gain) == expected


@PROPERTY_SETTINGS
@given(case=moved_up_cases(max_grade=1), gain=st.sampled_from(["exponential", "linear"]))
def test_moving_a_relevant_item_up_never_lowers_ndcg_binary(case, gain):
    ranking, relevance, k, moved = case
    k = k or len(ranking)  # NDCG needs a cutoff
    # 1e-12 only absorbs float rounding in the sums.
    assert ndcg_at_k(moved, relevance, k, gain=gain) >= ndcg_at_k(ranking, relevance, k, gain=gain) - 1e-12


@PROPERTY_SETTINGS
@given(case=moved_up_cases(max_grade=3), gain=st.sampled_from(["exponential", "linear"]))
def test_moving_an_item_up_past_lower_grades_never_lowers_ndcg(case, gain):
    # Graded: moving past a *higher* grade can lower NDCG (the two gains swap discounts),
    # so the strategy only moves an item past grades no higher than its own.
    ranking, relevance, k, moved = case
    k = k or len(ranking)
    assert ndcg_at_k(moved, relevance, k, gain=gain) >= ndcg_at_k(ranking, relevance, k, gain=gain) - 1e-12


def test_moving_up_past_a_higher_grade_can_lower_ndcg():
    # Why the graded property needs its precondition: [a=3, b=1] is ideal (1.0);
    # moving b above a gives 1 + 7/log2(3) over 7 + 1/log2(3), below 1.
    assert ndcg_at_k(["b", "a"], {"a": 3, "b": 1}, 2) < ndcg_at_k(["a", "b"], {"a": 3, "b": 1}, 2) == 1.0
