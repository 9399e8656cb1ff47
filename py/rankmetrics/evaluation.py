"""Evaluate many users at once: per-user values and their means (MRR, MAP, mean NDCG)."""

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

from ._inputs import Judgments, check_gain, check_k, check_ranking, check_threshold
from .ap import average_precision_kernel
from .ndcg import ndcg_kernel
from .rr import reciprocal_rank_kernel
from .scores import ranking_from_scores
from .set_metrics import hit_rate_kernel, precision_kernel, recall_kernel

# Metric name -> per-user kernel(ranking, judgments, k). The one list of names
# evaluate() accepts; error messages are generated from it.
METRICS = {
    "precision": precision_kernel,
    "recall": recall_kernel,
    "hit_rate": hit_rate_kernel,
    "reciprocal_rank": reciprocal_rank_kernel,
    "average_precision": average_precision_kernel,
    "ndcg": ndcg_kernel,
}


@dataclass(frozen=True)
class Evaluation:
    """What evaluate() returns.

    k:         the cutoff every metric used.
    means:     metric name -> mean over the scored users (MRR for
               "reciprocal_rank", MAP for "average_precision").
    per_user:  metric name -> {user: value}, for the scored users.
    n_scored:  users averaged (includes users missing from the run, who score 0).
    n_skipped: users left out because they have no relevant item (only with
               skip_users_without_relevant=True; otherwise 0).
    n_missing: judged users absent from the run (scored 0 on every metric).
    n_ignored: users in the run with no judgments (not scored, as in trec_eval).
    """

    k: int
    means: dict
    per_user: dict = field(repr=False)
    n_scored: int
    n_skipped: int
    n_missing: int
    n_ignored: int


def check_metrics(metrics):
    """Return metric names as a tuple without repeats; reject unknown names."""
    names = (metrics,) if isinstance(metrics, str) else tuple(dict.fromkeys(metrics))
    if not names:
        raise ValueError(f"metrics is empty; choose from {sorted(METRICS)}")
    for name in names:
        if name not in METRICS:
            raise ValueError(f"unknown metric {name!r}; choose from {sorted(METRICS)}")
    return names


def ranking_of(user, ranked):
    """One user's run entry as a ranking: a sequence of ids, or a mapping id -> score."""
    try:
        if isinstance(ranked, Mapping):
            return ranking_from_scores(ranked)
        return check_ranking(ranked)
    except ValueError as error:
        raise ValueError(f"run of user {user!r}: {error}") from None


def evaluate(run, qrels, metrics, k, *, threshold=1, gain="exponential", skip_users_without_relevant=False):
    """Compute metrics for every judged user and their means.

    Args:
        run: mapping user -> ranking (a sequence of item ids, best first) or
            user -> {item id: score} (ranked with ranking_from_scores: score
            descending, ties in input order).
        qrels: mapping user -> judgments: a set/list/tuple of relevant item
            ids, or a mapping item id -> grade (int or float >= 0).
        metrics: metric names, a list such as ["ndcg", "reciprocal_rank"]
            (a single name also works); see METRICS for the valid names.
        k: positive int, the cutoff for every metric (so "reciprocal_rank"
            gives MRR@k and "average_precision" gives MAP@k).
        threshold: an item is relevant for the binary metrics when its grade
            >= threshold (default 1).
        gain: NDCG's gain, "exponential" (default) or "linear".
        skip_users_without_relevant: False (default) scores users with no
            relevant item as 0 on every metric, as trec_eval does; True
            leaves them out of the means and counts them in n_skipped.

    Returns:
        an Evaluation with means, per-user values and the user counts.

    Which users count: the users of qrels. A judged user missing from the
    run scores 0 on every metric (the run missed them; pytrec_eval silently
    drops such users, which inflates its means). Users in the run but not in
    qrels are ignored, as in trec_eval (counted in n_ignored). A user whose
    judgments hold no grade >= threshold (or are empty) has no relevant
    item: 0 on every metric, or skipped with skip_users_without_relevant.
    Means are taken over the scored users.

    Raises:
        ValueError: an unknown metric name (the message lists the valid
            ones); k, threshold or gain invalid; an invalid ranking or grade
            of any user (the message names the user); qrels is empty, or
            every user was skipped so there is nothing to average.

    Example: u1 ranks its relevant item first, u2 second; u3 is missing
    from the run and scores 0. MRR = (1 + 1/2 + 0) / 3 = 0.5.

    >>> result = evaluate(
    ...     run={"u1": ["a", "b"], "u2": {"c": 0.9, "d": 0.8}, "u9": ["z"]},
    ...     qrels={"u1": {"a"}, "u2": {"d": 1}, "u3": {"e"}},
    ...     metrics=["reciprocal_rank", "hit_rate"], k=2)
    >>> result.means
    {'reciprocal_rank': 0.5, 'hit_rate': 0.6666666666666666}
    >>> result.per_user["reciprocal_rank"]
    {'u1': 1.0, 'u2': 0.5, 'u3': 0.0}
    >>> (result.n_scored, result.n_missing, result.n_ignored)
    (3, 1, 1)
    """
    names = check_metrics(metrics)
    k = check_k(k)
    threshold = check_threshold(threshold)
    check_gain(gain)
    if not isinstance(run, Mapping) or not isinstance(qrels, Mapping):
        raise ValueError("run and qrels must be mappings keyed by user")
    if not qrels:
        raise ValueError("qrels is empty: no judged user to evaluate")

    per_user = {name: {} for name in names}
    kernels = [(METRICS[name], per_user[name]) for name in names]
    n_skipped = n_missing = 0
    for user, relevance in qrels.items():
        try:
            judgments = Judgments.from_relevance(relevance, threshold=threshold, gain=gain)
        except ValueError as error:
            raise ValueError(f"qrels of user {user!r}: {error}") from None
        if skip_users_without_relevant and not judgments.relevant:
            n_skipped += 1
            continue
        if user in run:
            ranking = ranking_of(user, run[user])
        else:
            ranking = []  # the run missed this user: every metric is 0
            n_missing += 1
        for kernel, values in kernels:
            values[user] = kernel(ranking, judgments, k)

    n_scored = len(qrels) - n_skipped
    if n_scored == 0:
        raise ValueError(
            f"all {n_skipped} users have no relevant item at threshold={threshold!r}: "
            "nothing to average (pass skip_users_without_relevant=False to score them 0)"
        )
    means = {name: math.fsum(per_user[name].values()) / n_scored for name in names}
    n_ignored = sum(1 for user in run if user not in qrels)
    return Evaluation(k, means, per_user, n_scored, n_skipped, n_missing, n_ignored)
