"""reciprocal_rank: hand-reasoned cases and properties."""

from hypothesis import given, settings

from rankmetrics import reciprocal_rank
from ranking_strategies import judgments, k_st, rankings


def test_only_the_first_relevant_item_counts():
    # Relevant at ranks 2 and 3: 1/2, whatever follows.
    assert reciprocal_rank(["x", "a", "b"], {"a", "b"}) == 0.5


def test_cutoff_hides_a_late_first_hit():
    # First hit at rank 3: 1/3 without cutoff and with k >= 3, 0 with k = 2.
    ranking, relevant = ["x", "y", "a"], {"a"}
    assert reciprocal_rank(ranking, relevant) == 1 / 3
    assert reciprocal_rank(ranking, relevant, k=3) == 1 / 3
    assert reciprocal_rank(ranking, relevant, k=2) == 0.0


def test_threshold_skips_low_grades():
    # Grade 1 at rank 1, grade 3 at rank 2; threshold 2 -> first relevant at rank 2.
    assert reciprocal_rank(["a", "b"], {"a": 1, "b": 3}, threshold=2) == 0.5


def test_no_relevant_item_scores_zero():
    assert reciprocal_rank(["a", "b"], {"a": 0}) == 0.0
    assert reciprocal_rank([], {"a"}) == 0.0


@settings(max_examples=500, deadline=None)
@given(ranking=rankings(min_size=0), relevance=judgments(min_size=0), k=k_st)
def test_cutoff_beyond_the_ranking_equals_no_cutoff(ranking, relevance, k):
    if k >= len(ranking):
        assert reciprocal_rank(ranking, relevance, k) == reciprocal_rank(ranking, relevance)
    else:
        assert reciprocal_rank(ranking, relevance, k) <= reciprocal_rank(ranking, relevance)
