"""Rank-biased precision (RBP) and its residual: a user who reads on with persistence p."""

from .pages.working import joined, separated, short
from functools import lru_cache

from ._inputs import check_number, prepare, ranks_in

PERSISTENCE = 0.8  # p: ir_measures' RBP default (Moffat & Zobel report 0.5, 0.8 and 0.95)


def check_persistence(p):
    """Return p if it is a number with 0 < p < 1, else raise ValueError."""
    check_number(p, "p (persistence)")
    if not 0 < p < 1:
        raise ValueError(f"p (persistence) must be between 0 and 1, both excluded, got {p!r}")
    return p


def weight(rank, p):
    """The share of RBP a rank carries: (1 - p) * p^(rank - 1); rank 1 weighs 1 - p."""
    return (1.0 - p) * p ** (rank - 1)


@lru_cache(maxsize=1024)
def weights(n, p):
    """The weights of ranks 1..n, computed once per (n, p) (the evaluator reuses them)."""
    return tuple(weight(rank, p) for rank in range(1, n + 1))


def rbp_kernel(ranking, judgments, k, *, p=PERSISTENCE):
    """Kernel: inputs already validated (ranking: list or _inputs.PreparedRanking, judgments:
    Judgments, k: int or None)."""
    top = ranking[:k]
    shares = weights(len(top), p)
    return sum((shares[rank - 1] for rank in ranks_in(top, judgments.relevant)), 0.0)


def rbp_residual_kernel(ranking, judgments, k, *, p=PERSISTENCE):
    """Kernel of the residual: inputs already validated, as rbp_kernel's; k an int or None."""
    top = ranking[:k]
    shares = weights(len(top), p)
    # The unjudged ranks' weights plus p^len(top) (every rank below the list) is what the judged
    # ranks leave of 1, since all the weights sum to 1: judged items are few, so sum those.
    return 1.0 - sum((shares[rank - 1] for rank in ranks_in(top, judgments.grades)), 0.0)


def rank_biased_precision(ranking, relevant, k=None, *, p=PERSISTENCE, threshold=1):
    """RBP: the rate at which a user who goes on to the next rank with chance p finds relevant items.

    Args:
        ranking: sequence (list, tuple) of item ids, best first; each id at most once.
        relevant: a set, frozenset, list or tuple of relevant item ids, or a mapping item id ->
            grade (int or float >= 0); missing items have grade 0.
        k: None (default: the whole ranking) or a positive int: only ranks 1..k count.
        p: the persistence, 0 < p < 1 (default 0.8): the chance of reading the next rank.
        threshold: an item is relevant when its grade >= threshold (default 1).

    Returns:
        float in [0, 1).

    Formula:
        RBP = (1 - p) * sum over ranks i <= k holding a relevant item of p^(i - 1)

    The user reads 1 / (1 - p) items on average; rank i is read with chance p^(i - 1).

    Variant: binary relevance at the threshold, as ir_measures' RBP(rel=...) and the paper.
    Graded RBP (cwl_eval, ir_measures without rel) weighs each rank by grade / max grade
    instead. No normalisation: a list of relevant items only reaches 1 - p^len(list).

    Edge cases: |R| = 0 gives 0.0.

    Raises:
        ValueError: k is neither None nor a positive int (a bool is rejected); an item is
            ranked twice; a grade is negative, NaN, infinite, a bool or not a number; p is not
            a number between 0 and 1; threshold is not a number > 0.

    Source: Moffat & Zobel, "Rank-Biased Precision for Measurement of Retrieval
    Effectiveness", ACM TOIS 27(1), 2008 (equation 3).

    Example: relevant items at ranks 1 and 3, p = 0.8: 0.2 * (1 + 0.64).

    >>> round(rank_biased_precision(["a", "b", "c"], {"a", "c"}), 12)
    0.328
    """
    check_persistence(p)
    ranking, judgments, k = prepare(ranking, relevant, k, threshold=threshold, allow_none_k=True)
    return rbp_kernel(ranking, judgments, k, p=p)


def rbp_residual(ranking, relevance, k=None, *, p=PERSISTENCE):
    """RBP's residual: how much RBP could still rise if every unknown rank held a relevant item.

    Args:
        ranking: sequence (list, tuple) of item ids, best first; each id at most once.
        relevance: the judgments, as for rank_biased_precision; an item missing from them is
            unjudged (a mapping's item of grade 0 is judged, not relevant).
        k: None (default: the whole ranking) or a positive int: the depth evaluated.
        p: the persistence, 0 < p < 1 (default 0.8).

    Returns:
        float in (0, 1]: RBP lies between its value and its value plus this.

    Formula (d = min(k, len(ranking)), the ranks evaluated):
        residual = (1 - p) * sum over unjudged ranks i <= d of p^(i - 1)  +  p^d

    The second term is every rank below d (unretrieved, or beyond the cut-off).

    Variant: the paper reports RBP as "value + residual"; cwl_eval reports a residual of
    the same kind.

    Raises:
        ValueError: as rank_biased_precision.

    Source: Moffat & Zobel 2008, section 4 (residuals).

    Example: b is unjudged (rank 2), and ranks 4 on are unknown: 0.2 * 0.8 + 0.8^3.

    >>> round(rbp_residual(["a", "b", "c"], {"a": 1, "c": 0}), 12)
    0.672
    """
    check_persistence(p)
    ranking, judgments, k = prepare(ranking, relevance, k, allow_none_k=True)
    return rbp_residual_kernel(ranking, judgments, k, p=p)


def rbp_working(ranking, judgments, k):
    """The playground's working of RBP@k: a term per relevant rank ("value": its weight), the
    residual (k the depth) and the lines that show both; shapes as rankmetrics.pages.playground
    describes them ("why" is None: the playground says why a binary metric is 0)."""
    p = PERSISTENCE
    terms = [
        {"item": item, "rank": rank, "value": weight(rank, p)}
        for rank, item in enumerate(ranking[:k], start=1)
        if item in judgments.relevant
    ]
    residual = rbp_residual_kernel(ranking, judgments, k, p=p)
    unjudged = [item for item in ranking[:k] if item not in judgments.grades]
    lines = [
        [f"Weight of rank i: (1 − p) × p^(i − 1), p = {p}"],
        [
            "Relevant ranks: ",
            *joined({"text": f"{short(t['value'])} (rank {t['rank']}, {t['item']})", "item": t["item"]} for t in terms),
        ],
        [
            f"Residual (unjudged ranks and every rank below {min(k, len(ranking))}): {short(residual)}",
            *([" — unjudged: ", *separated({"text": item, "item": item} for item in unjudged)] if unjudged else []),
        ],
    ]
    return {"terms": terms, "residual": residual, "p": p, "lines": lines, "why": None}
