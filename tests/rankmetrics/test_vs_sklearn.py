"""Differential tests: ndcg_at_k against scikit-learn's ndcg_score.

What ndcg_score does, checked on small cases (kept as test_reference_* tests):
- linear gain: DCG = sum y_true_i / log2(i + 1) over the top k by y_score;
  IDCG from all of y_true. Exponential gain is the same formula on 2^g - 1,
  so passing y_true = 2^g - 1 checks our exponential NDCG too.
- it scores every item it is given: there is no "unretrieved" item, so our
  ranking is the full score order of all items (judged or not).
- tied scores average the gain over the tie; we give distinct scores.
- all-zero y_true gives 0.0, like us.
"""

import math

from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import ndcg_score

from rankmetrics import ndcg_at_k
from ranking_strategies import ITEMS, grades_st, k_st

TOLERANCE = 1e-9


def sklearn_ndcg(order, grades, k, gain):
    """ndcg_score for one user whose items are scored so that `order` is the ranking."""
    to_gain = (lambda g: 2**g - 1) if gain == "exponential" else (lambda g: g)
    y_true = [[to_gain(grades.get(item, 0)) for item in order]]
    y_score = [[len(order) - rank for rank in range(len(order))]]  # distinct, decreasing
    return ndcg_score(y_true, y_score, k=k)


def test_reference_averages_ties():
    # a (grade 1) and b (grade 0) tie: sklearn averages, DCG@1 = 0.5; IDCG@1 = 1.
    assert ndcg_score([[1, 0]], [[1.0, 1.0]], k=1) == 0.5


def test_reference_all_zero_grades_give_zero():
    assert ndcg_score([[0, 0, 0]], [[3, 2, 1]]) == 0.0
    assert ndcg_at_k(["a", "b", "c"], {}, 3) == 0.0


@st.composite
def fully_scored_users(draw):
    """(order of all items, grades): sklearn needs at least 2 items, every one scored."""
    order = draw(st.lists(st.sampled_from(ITEMS), unique=True, min_size=2, max_size=20))
    grades = {item: draw(grades_st) for item in order}
    return order, grades


@settings(max_examples=1000, deadline=None)
@given(user=fully_scored_users(), k=k_st, gain=st.sampled_from(["linear", "exponential"]))
def test_agrees_with_sklearn_ndcg_score(user, k, gain):
    order, grades = user
    ours = ndcg_at_k(order, grades, k, gain=gain)
    assert math.isclose(ours, sklearn_ndcg(order, grades, k, gain), rel_tol=0, abs_tol=TOLERANCE)
