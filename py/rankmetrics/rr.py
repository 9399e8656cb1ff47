"""Reciprocal rank: how early the first relevant item appears. Its mean is MRR."""

from ._inputs import prepare, ranks_in


def reciprocal_rank_kernel(ranking, judgments, k):
    """Kernel: inputs already validated (ranking: list or _inputs.PreparedRanking, judgments:
    Judgments); k is an int or None (no cutoff)."""
    hit_ranks = ranks_in(ranking[:k], judgments.relevant)
    return 1.0 / hit_ranks[0] if hit_ranks else 0.0  # only the first relevant rank counts


def reciprocal_rank(ranking, relevant, k=None, *, threshold=1):
    """Reciprocal rank (@k optional): 1 / rank of the first relevant item.

    The mean of this value over users is MRR (mean reciprocal rank).

    Args:
        ranking: sequence (list, tuple) of item ids, best first; each id at
            most once.
        relevant: a set, frozenset, list or tuple of relevant item ids, or a
            mapping item id -> grade (int or float >= 0); missing items have
            grade 0.
        k: None (default: look at the whole ranking) or a positive int: only
            ranks 1..k count, so a first hit below rank k scores 0.
        threshold: an item is relevant when its grade >= threshold (default 1).

    Returns:
        float in [0, 1]: 1.0, 0.5, 0.333..., ... or 0.0.

    Formula:
        RR@k = 1 / r   where r is the smallest rank <= k holding a relevant
                       item; 0 if there is none.

    Variant: ranks start at 1; only the first relevant item matters, later
    ones and grades above the threshold do not. Other conventions in the
    wild: MS MARCO's "MRR@10" is this value with k = 10; the TREC-8 QA track
    only looked at the top 5 answers; trec_eval's ``recip_rank`` has no
    cutoff (k = None here).

    Edge cases: |R| = 0 gives 0.0; a ranking with no relevant item in the
    top k gives 0.0.

    Raises:
        ValueError: k is neither None nor a positive int (a bool is
            rejected); an item is ranked twice; a grade is negative, NaN,
            infinite, a bool or not a number; threshold is not a number > 0.

    Source: Voorhees, "The TREC-8 Question Answering Track Report", TREC
    1999 (mean reciprocal rank); trec_eval measure ``recip_rank``.

    Example: the first relevant item is at rank 3.

    >>> reciprocal_rank(["d1", "d2", "d3", "d4"], {"d3", "d4"})
    0.3333333333333333
    >>> reciprocal_rank(["d1", "d2", "d3", "d4"], {"d3", "d4"}, k=2)
    0.0
    """
    ranking, judgments, k = prepare(ranking, relevant, k, threshold=threshold, allow_none_k=True)
    return reciprocal_rank_kernel(ranking, judgments, k)
