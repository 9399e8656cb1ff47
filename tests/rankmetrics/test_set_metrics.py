"""precision_at_k, recall_at_k, hit_rate_at_k: hand-reasoned cases and properties."""

from hypothesis import given, settings
from hypothesis import strategies as st

from rankmetrics import hit_rate_at_k, precision_at_k, recall_at_k
from ranking_strategies import ITEMS, judgments, k_st, rankings

PROPERTY_SETTINGS = settings(max_examples=300, deadline=None)


def test_threshold_decides_what_is_relevant():
    # Grades a=3, b=1, c=2; top 2 = a, b.
    relevance = {"a": 3, "b": 1, "c": 2}
    ranking = ["a", "b", "c"]
    # threshold 1: all 3 relevant; 2 hits in top 2.
    assert precision_at_k(ranking, relevance, 2) == 2 / 2
    assert recall_at_k(ranking, relevance, 2) == 2 / 3
    # threshold 2: R = {a, c}; top 2 has only a.
    assert precision_at_k(ranking, relevance, 2, threshold=2) == 1 / 2
    assert recall_at_k(ranking, relevance, 2, threshold=2) == 1 / 2
    # threshold 3.5: nothing is relevant -> 0.0 everywhere.
    assert hit_rate_at_k(ranking, relevance, 3, threshold=3.5) == 0.0
    assert recall_at_k(ranking, relevance, 3, threshold=3.5) == 0.0


def test_float_grades_and_int_ids():
    # 0.5 < threshold 1 so item 1 is not relevant; item 2 (grade 1.5) is: 1 hit of 2 slots.
    assert precision_at_k([1, 2], {1: 0.5, 2: 1.5}, 2) == 0.5


def test_empty_ranking_and_empty_judgments_score_zero():
    assert precision_at_k([], {"a"}, 3) == 0.0
    assert recall_at_k([], {"a"}, 3) == 0.0
    assert hit_rate_at_k(["a"], set(), 3) == 0.0
    assert recall_at_k(["a"], {}, 3) == 0.0


def test_k_beyond_the_ranking_still_divides_precision_by_k():
    # 1 hit, k = 10: 1/10 even though only 2 items were ranked.
    assert precision_at_k(["a", "b"], {"a"}, 10) == 1 / 10


@PROPERTY_SETTINGS
@given(
    ranking=rankings(),
    item=st.sampled_from(ITEMS),
    grade=st.integers(1, 3),
    others=st.dictionaries(st.sampled_from(ITEMS), st.just(0)),
    k=k_st,
)
def test_hit_rate_equals_recall_with_one_relevant_item(ranking, item, grade, others, k):
    relevance = {**others, item: grade}  # exactly one item with grade >= 1
    assert hit_rate_at_k(ranking, relevance, k) == recall_at_k(ranking, relevance, k)


@PROPERTY_SETTINGS
@given(ranking=rankings(), relevance=judgments(), k=k_st, data=st.data())
def test_reordering_the_top_k_changes_neither_precision_nor_recall(ranking, relevance, k, data):
    top = data.draw(st.permutations(ranking[:k]))
    reordered = list(top) + ranking[k:]
    assert precision_at_k(reordered, relevance, k) == precision_at_k(ranking, relevance, k)
    assert recall_at_k(reordered, relevance, k) == recall_at_k(ranking, relevance, k)


@PROPERTY_SETTINGS
@given(ranking=rankings(min_size=0), relevance=judgments(min_size=0), k=k_st, threshold=st.sampled_from([1, 2, 3, 0.5]))
def test_values_in_unit_interval_and_hit_rate_follows_precision(ranking, relevance, k, threshold):
    p = precision_at_k(ranking, relevance, k, threshold=threshold)
    r = recall_at_k(ranking, relevance, k, threshold=threshold)
    h = hit_rate_at_k(ranking, relevance, k, threshold=threshold)
    assert 0.0 <= p <= 1.0 and 0.0 <= r <= 1.0 and h in (0.0, 1.0)
    assert (h == 1.0) == (p > 0) == (r > 0)
