"""average_precision: hand-reasoned cases and properties."""

from hypothesis import given, settings

from rankmetrics import average_precision
from ranking_strategies import judgments, k_st, moved_up_cases, rankings

PROPERTY_SETTINGS = settings(max_examples=300, deadline=None)


def test_divides_by_all_relevant_items_not_by_hits():
    # Relevant: a (rank 1), b (rank 3), c (never ranked). Sum of P@i = 1/1 + 2/3.
    # Divided by |R| = 3 (trec_eval), not by the 2 hits or by min(k, |R|).
    value = average_precision(["a", "x", "b"], {"a", "b", "c"})
    assert abs(value - (1 + 2 / 3) / 3) < 1e-15


def test_cutoff_drops_hits_below_k():
    # With k = 2 only the hit at rank 1 counts: 1/1 / |R| = 1/3.
    assert average_precision(["a", "x", "b"], {"a", "b", "c"}, k=2) == 1 / 3


def test_perfect_ranking_scores_one():
    assert average_precision(["a", "b", "x"], {"a": 2, "b": 1}) == 1.0


def test_no_relevant_item_scores_zero():
    assert average_precision(["a"], {}) == 0.0
    assert average_precision(["a"], {"a": 1}, threshold=2) == 0.0


@PROPERTY_SETTINGS
@given(case=moved_up_cases(max_grade=1))
def test_moving_a_relevant_item_up_never_lowers_ap(case):
    ranking, relevance, k, moved = case
    # Each step up past a non-relevant item raises that item's P@i term; past a
    # relevant one nothing changes. The 1e-12 only absorbs float rounding.
    assert average_precision(moved, relevance, k) >= average_precision(ranking, relevance, k) - 1e-12


@PROPERTY_SETTINGS
@given(ranking=rankings(min_size=0), relevance=judgments(min_size=0), k=k_st)
def test_in_unit_interval_and_cutoff_only_removes_terms(ranking, relevance, k):
    at_k = average_precision(ranking, relevance, k)
    full = average_precision(ranking, relevance)
    assert 0.0 <= at_k <= full <= 1.0


def test_ids_are_opaque():
    # The same ranking with int ids gives the same value.
    assert average_precision([3, 1, 2], {3, 2}) == average_precision(["c", "a", "b"], {"c", "b"})
