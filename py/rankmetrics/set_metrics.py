"""Precision@k, recall@k and hit-rate@k: metrics that only count hits in the top k.

All three look at the top k as a set: reordering the first k items changes
none of them. Each public function validates its inputs and calls a kernel
(``*_kernel``) that ``evaluate`` also calls once per user.
"""

from ._inputs import prepare, ranks_in


def hits_at_k(ranking, relevant, k):
    """Number of relevant items among the first k of the ranking (a ranking has no duplicates)."""
    return len(ranks_in(ranking[:k], relevant))


# Kernels: inputs already validated (ranking: list or _inputs.PreparedRanking,
# judgments: Judgments, k: int).


def precision_kernel(ranking, judgments, k):
    return hits_at_k(ranking, judgments.relevant, k) / k


def recall_kernel(ranking, judgments, k):
    if not judgments.relevant:
        return 0.0
    return hits_at_k(ranking, judgments.relevant, k) / len(judgments.relevant)


def hit_rate_kernel(ranking, judgments, k):
    return 1.0 if hits_at_k(ranking, judgments.relevant, k) > 0 else 0.0


def judged_kernel(ranking, judgments, k):
    """Share of the k slots of the top k that hold a judged item (any grade, 0 too): judged@k."""
    return len(ranks_in(ranking[:k], judgments.grades)) / k


def precision_at_k(ranking, relevant, k, *, threshold=1):
    """Precision@k: the share of the top k slots that hold a relevant item.

    Args:
        ranking: sequence (list, tuple) of item ids, best first; any hashable
            ids (str, int); each id at most once.
        relevant: the judgments: a set, frozenset, list or tuple of relevant
            item ids (grade 1 each), or a mapping item id -> grade (int or
            float >= 0). Items missing from it have grade 0.
        k: positive int, the cutoff: only ranks 1..k count. k may exceed
            len(ranking).
        threshold: an item is relevant when its grade >= threshold (default 1).

    Returns:
        float in [0, 1].

    Formula:
        P@k = (number of relevant items in ranks 1..k) / k

    Variant: the denominator is always k, so when the ranking holds fewer
    than k items the missing slots count as misses (trec_eval ``P_k``).
    Other conventions in the wild: divide by min(k, len(ranking))
    (torchmetrics ``adaptive_k=True``) or by min(k, |R|) (implicit's
    ``ranking_metrics_at_k``); some libraries count a duplicated item twice.

    Edge cases: no relevant item (|R| = 0) gives 0.0.

    Raises:
        ValueError: k is not a positive int (a bool is rejected); an item is
            ranked twice; a grade is negative, NaN, infinite, a bool or not
            a number; threshold is not a number > 0.

    Source: trec_eval, measure ``P`` (``P_5``, ``P_10``, ...).

    Example: 3 of the 5 relevant items are in the top 5.

    >>> precision_at_k(["m1", "x1", "m2", "x2", "m3"], {"m1", "m2", "m3", "m4", "m5"}, k=5)
    0.6
    >>> precision_at_k(["d1", "d2", "d3"], {"d1", "d2"}, k=5)  # 2 hits / 5 slots
    0.4
    """
    ranking, judgments, k = prepare(ranking, relevant, k, threshold=threshold)
    return precision_kernel(ranking, judgments, k)


def recall_at_k(ranking, relevant, k, *, threshold=1):
    """Recall@k: the share of all relevant items that appear in the top k.

    Args:
        ranking: sequence (list, tuple) of item ids, best first; each id at
            most once.
        relevant: a set, frozenset, list or tuple of relevant item ids, or a
            mapping item id -> grade (int or float >= 0); missing items have
            grade 0.
        k: positive int, the cutoff: only ranks 1..k count. k may exceed
            len(ranking).
        threshold: an item is relevant when its grade >= threshold (default 1).

    Returns:
        float in [0, 1].

    Formula:
        R@k = (number of relevant items in ranks 1..k) / |R|

    where R is the set of all relevant items in the judgments, retrieved or
    not: a relevant item the ranking never shows still counts in |R|.

    Variant: trec_eval ``recall_k``. Another convention in the wild divides
    by min(k, |R|) so that a perfect top k scores 1 even when |R| > k
    (Liang et al. 2018, "Variational Autoencoders for Collaborative
    Filtering").

    Edge cases: |R| = 0 gives 0.0 (not a division by zero).

    Raises:
        ValueError: k is not a positive int (a bool is rejected); an item is
            ranked twice; a grade is negative, NaN, infinite, a bool or not
            a number; threshold is not a number > 0.

    Source: trec_eval, measure ``recall`` (``recall_5``, ``recall_10``, ...).

    Example: d6 is relevant but not retrieved, so 2 of 3 relevant items are found.

    >>> recall_at_k(["d1", "d2", "d3", "d4", "d5"], {"d1", "d3", "d6"}, k=5)
    0.6666666666666666
    """
    ranking, judgments, k = prepare(ranking, relevant, k, threshold=threshold)
    return recall_kernel(ranking, judgments, k)


def hit_rate_at_k(ranking, relevant, k, *, threshold=1):
    """Hit-rate@k: 1.0 if at least one relevant item is in the top k, else 0.0.

    Its mean over users is the share of users who got at least one hit
    ("HR@k" in recommender papers; trec_eval's measure ``success``, printed
    ``success_10`` at k = 10; ``Success@10`` in ir_measures).

    Args:
        ranking: sequence (list, tuple) of item ids, best first; each id at
            most once.
        relevant: a set, frozenset, list or tuple of relevant item ids, or a
            mapping item id -> grade (int or float >= 0); missing items have
            grade 0.
        k: positive int, the cutoff: only ranks 1..k count. k may exceed
            len(ranking).
        threshold: an item is relevant when its grade >= threshold (default 1).

    Returns:
        1.0 or 0.0.

    Formula:
        HR@k = 1 if (number of relevant items in ranks 1..k) >= 1 else 0

    Variant: trec_eval ``success_k``. With exactly one relevant item per user
    (leave-one-out evaluation) hit-rate@k equals recall@k, which is why some
    papers call it "Recall@k"; with several relevant items they differ. Some
    toolkits instead report the number of hits ("hits@k") under this name.

    Edge cases: |R| = 0 gives 0.0.

    Raises:
        ValueError: k is not a positive int (a bool is rejected); an item is
            ranked twice; a grade is negative, NaN, infinite, a bool or not
            a number; threshold is not a number > 0.

    Source: trec_eval, measure ``success`` (``success_1``, ``success_5``, ...).

    Example: the held-out item i9 is at rank 3.

    >>> hit_rate_at_k(["i7", "i3", "i9", "i1"], {"i9"}, k=3)
    1.0
    >>> hit_rate_at_k(["i7", "i3", "i9", "i1"], {"i9"}, k=2)
    0.0
    """
    ranking, judgments, k = prepare(ranking, relevant, k, threshold=threshold)
    return hit_rate_kernel(ranking, judgments, k)
