"""DCG@k and NDCG@k: graded relevance, discounted by rank.

    DCG@k  = sum over ranks i = 1..k of  gain(grade_i) / log2(i + 1)
    IDCG@k = DCG@k of the ideal ranking: all judged grades sorted best first
    NDCG@k = DCG@k / IDCG@k

gain="exponential" is 2^g - 1 (Burges et al. 2005), gain="linear" is g
(Järvelin & Kekäläinen 2002). The two agree on binary (0/1) grades.
"""

import math
from functools import lru_cache

from ._inputs import prepare, ranks_in


def discount(rank):
    """Weight of a rank (starting at 1): 1 / log2(rank + 1); rank 1 weighs 1."""
    return 1.0 / math.log2(rank + 1)


@lru_cache(maxsize=1024)
def discounts(n):
    """The weights of ranks 1..n, computed once per n (evaluate reuses them for every user)."""
    return tuple(discount(rank) for rank in range(1, n + 1))


# Kernels: inputs already validated (ranking: list or _inputs.PreparedRanking,
# judgments: Judgments, k: int).
# They never build more than len(ranking) weights, so a huge k costs nothing.


def dcg_kernel(ranking, judgments, k):
    grades, gain = judgments.grades, judgments.gain
    top_k = ranking[:k]
    weights = discounts(len(top_k))
    # Unjudged items have grade 0 and gain 0: only the judged ranks add to the sum.
    return sum(
        (gain(grades[top_k[rank - 1]]) * weights[rank - 1] for rank in ranks_in(top_k, grades)),
        start=0.0,  # a float even when nothing is summed
    )


def idcg_kernel(judgments, k):
    """DCG@k of the ideal ranking of *all* judged items, not a re-sort of the top k."""
    best_grades = judgments.ideal_grades[:k]
    return sum(
        (judgments.gain(grade) * weight for grade, weight in zip(best_grades, discounts(len(best_grades)))),
        start=0.0,
    )


def ndcg_kernel(ranking, judgments, k):
    ideal = idcg_kernel(judgments, k)
    if ideal == 0:  # no judged item has a positive grade
        return 0.0
    return dcg_kernel(ranking, judgments, k) / ideal


def dcg_at_k(ranking, relevance, k, *, gain="exponential"):
    """DCG@k: discounted cumulative gain of the top k.

    Args:
        ranking: sequence (list, tuple) of item ids, best first; each id at
            most once.
        relevance: a mapping item id -> grade (int or float >= 0), or a set,
            frozenset, list or tuple of relevant item ids (grade 1 each).
            Items missing from it have grade 0.
        k: positive int, the cutoff: only ranks 1..k count. k may exceed
            len(ranking).
        gain: "exponential" (default, 2^g - 1) or "linear" (g).

    Returns:
        float >= 0 (not bounded by 1: use ndcg_at_k to compare users).

    Formula:
        DCG@k = sum over ranks i = 1..k of gain(grade_i) / log2(i + 1)

    Variant: discount 1/log2(i + 1) for every rank, so rank 1 has weight 1
    and rank 2 has 1/log2(3) (Burges et al. 2005; trec_eval ``ndcg_cut``).
    Other conventions in the wild: Järvelin & Kekäläinen's original DCG
    does not discount ranks below the log base b and uses 1/log_b(i) after
    that; some libraries use the natural log (the ratio NDCG is unchanged).
    Gain: exponential 2^g - 1 (Burges et al. 2005; LightGBM and XGBoost) or
    linear g (Järvelin & Kekäläinen 2002; trec_eval, scikit-learn).

    Edge cases: an empty ranking or no positive grade gives 0.0.

    Raises:
        ValueError: k is not a positive int (a bool is rejected); an item is
            ranked twice; a grade is negative, NaN, infinite, a bool or not
            a number; gain is not "exponential" or "linear".

    Sources: Järvelin & Kekäläinen, "Cumulated gain-based evaluation of IR
    techniques", ACM TOIS 20(4), 2002 (DCG, linear gain); Burges et al.,
    "Learning to Rank using Gradient Descent", ICML 2005 (exponential gain).

    Example: grade 2 at rank 1 and grade 1 at rank 2.
    Exponential: 3/1 + 1/log2(3); linear: 2/1 + 1/log2(3).

    >>> round(dcg_at_k(["a", "b", "c"], {"a": 2, "b": 1}, k=3), 4)
    3.6309
    >>> round(dcg_at_k(["a", "b", "c"], {"a": 2, "b": 1}, k=3, gain="linear"), 4)
    2.6309
    """
    ranking, judgments, k = prepare(ranking, relevance, k, gain=gain)
    return dcg_kernel(ranking, judgments, k)


def ndcg_at_k(ranking, relevance, k, *, gain="exponential"):
    """NDCG@k: DCG@k divided by the best DCG@k the judgments allow (IDCG@k).

    Args:
        ranking: sequence (list, tuple) of item ids, best first; each id at
            most once.
        relevance: a mapping item id -> grade (int or float >= 0), or a set,
            frozenset, list or tuple of relevant item ids (grade 1 each).
            Items missing from it have grade 0.
        k: positive int, the cutoff for both DCG and IDCG: only ranks 1..k
            count. k may exceed len(ranking).
        gain: "exponential" (default, 2^g - 1) or "linear" (g).

    Returns:
        float in [0, 1].

    Formula:
        NDCG@k = DCG@k / IDCG@k,  DCG@k = sum_{i=1..k} gain(grade_i) / log2(i + 1)

    IDCG@k is the DCG@k of the ideal ranking of *all* judged grades, sorted
    best first and cut at k, including relevant items the ranking never
    retrieved. Re-sorting only the retrieved top k is a common bug: it
    scores 1.0 whenever the top k is in grade order, however poor it is.

    Variant: exponential gain by default (Burges et al. 2005; LightGBM,
    XGBoost, ranx ``ndcg_burges``); gain="linear" matches trec_eval
    ``ndcg_cut``, scikit-learn ``ndcg_score`` and ranx ``ndcg``. Other
    conventions in the wild: binary gain only (RecBole, implicit);
    scikit-learn averages DCG over tied scores instead of using one order.

    Edge cases: no judged item with a positive grade (IDCG = 0) gives 0.0.

    Raises:
        ValueError: k is not a positive int (a bool is rejected); an item is
            ranked twice; a grade is negative, NaN, infinite, a bool or not
            a number; gain is not "exponential" or "linear".

    Sources: Järvelin & Kekäläinen, "Cumulated gain-based evaluation of IR
    techniques", ACM TOIS 20(4), 2002 (NDCG, linear gain); Burges et al.,
    "Learning to Rank using Gradient Descent", ICML 2005 (exponential gain).

    Example: d9 (grade 3) is judged but not retrieved, so IDCG@2 is built
    from grades 3 and 1 while the ranking only reaches grade 1 at rank 1.
    Linear: 1 / (3 + 1/log2(3)) = 0.2754.

    >>> round(ndcg_at_k(["d1", "d2"], {"d1": 1, "d9": 3}, k=2, gain="linear"), 4)
    0.2754
    >>> round(ndcg_at_k(["d1", "d2"], {"d1": 1, "d9": 3}, k=2), 4)  # (2^1-1) / (2^3-1 + 1/log2(3))
    0.131
    """
    ranking, judgments, k = prepare(ranking, relevance, k, gain=gain)
    return ndcg_kernel(ranking, judgments, k)
