"""From scores to a ranking: the step before any top-k metric."""

from collections.abc import Mapping

from ._inputs import check_number, plain_finite_numbers


def ranking_from_scores(scores):
    """Rank items by score, highest first; tied items keep their input order.

    Args:
        scores: mapping item id -> score (int or float, finite). The
            mapping's iteration order is the "input order" that breaks ties.

    Returns:
        list of item ids, best first (a ranking for the metric functions).

    Variant: a stable sort, so ties keep their input order. Other
    conventions in the wild: trec_eval sorts ties by document id
    (descending), so renaming items can change its scores; scikit-learn's
    ``ndcg_score`` averages the gain over tied items. Give distinct scores
    when results must not depend on how ties are broken.

    Raises:
        ValueError: scores is not a mapping; a score is NaN, infinite, a
            bool or not a number.

    Source: Python's sorted() is stable (Python docs, "Sorting HOW TO").

    Example: b and c tie at 0.5 and stay in input order.

    >>> ranking_from_scores({"a": 0.1, "b": 0.5, "c": 0.5, "d": 0.9})
    ['d', 'b', 'c', 'a']
    """
    if not isinstance(scores, Mapping):
        raise ValueError(f"scores must be a mapping item id -> score, got {type(scores).__name__} {scores!r}")
    if not plain_finite_numbers(scores.values()):
        for item, score in scores.items():  # find the bad score and name it
            check_number(score, f"score of item {item!r}")
    # reverse=True keeps the sort stable: equal scores stay in input order.
    return sorted(scores, key=scores.__getitem__, reverse=True)
