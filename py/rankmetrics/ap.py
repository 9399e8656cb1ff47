"""Average precision (@k optional): precision at every relevant rank. Its mean is MAP."""

from ._inputs import prepare, ranks_in


def average_precision_kernel(ranking, judgments, k):
    """Kernel: inputs already validated (ranking: list or _inputs.PreparedRanking, judgments:
    Judgments); k is an int or None (no cutoff)."""
    relevant = judgments.relevant
    if not relevant:
        return 0.0
    hit_ranks = ranks_in(ranking[:k], relevant)  # the ranks that hold a relevant item
    # At the n-th relevant item, found at rank r, precision@r is n / r.
    precision_sum = sum(n / rank for n, rank in enumerate(hit_ranks, start=1))
    # Divide by |R|, not by the hits found: relevant items never ranked add 0.
    return precision_sum / len(relevant)


def average_precision(ranking, relevant, k=None, *, threshold=1):
    """Average precision (@k optional): mean of precision@i over the relevant items.

    The mean of this value over users is MAP (mean average precision).

    Args:
        ranking: sequence (list, tuple) of item ids, best first; each id at
            most once.
        relevant: a set, frozenset, list or tuple of relevant item ids, or a
            mapping item id -> grade (int or float >= 0); missing items have
            grade 0.
        k: None (default: the whole ranking) or a positive int: only ranks
            1..k count; relevant items below rank k add 0.
        threshold: an item is relevant when its grade >= threshold (default 1).

    Returns:
        float in [0, 1].

    Formula:
        AP@k = (1 / |R|) * sum of P@i over the ranks i <= k that hold a
               relevant item,  where P@i = (relevant items in ranks 1..i) / i

    |R| counts every relevant item in the judgments, retrieved or not, so a
    relevant item missing from the top k pulls AP down.

    Variant: divide by |R| (trec_eval ``map`` and ``map_cut_k``). Other
    conventions in the wild: divide by min(k, |R|) (RecBole, Microsoft
    recommenders ``map_at_k`` in recent versions, implicit), which scores 1
    for a top k full of relevant items even when |R| > k; or divide by the
    number of hits found (torchmetrics ``retrieval_average_precision``),
    which ignores relevant items the ranking missed.

    Edge cases: |R| = 0 gives 0.0.

    Raises:
        ValueError: k is neither None nor a positive int (a bool is
            rejected); an item is ranked twice; a grade is negative, NaN,
            infinite, a bool or not a number; threshold is not a number > 0.

    Source: trec_eval measures ``map`` (no cutoff) and ``map_cut`` (@k),
    used by TREC since its first years (Harman, "Overview of the first Text
    REtrieval Conference", 1992).

    Example: relevant items at ranks 1 and 3, and d6 never retrieved:
    (1/1 + 2/3) / 3 = 0.5555...

    >>> average_precision(["d1", "d2", "d3", "d4", "d5"], {"d1", "d3", "d6"})
    0.5555555555555555
    >>> average_precision(["d1", "d2", "d3", "d4", "d5"], {"d1", "d3", "d6"}, k=2)
    0.3333333333333333
    """
    ranking, judgments, k = prepare(ranking, relevant, k, threshold=threshold, allow_none_k=True)
    return average_precision_kernel(ranking, judgments, k)
