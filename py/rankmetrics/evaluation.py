"""Evaluate many users at once: per-user values and their means (MRR, MAP, mean NDCG).

``evaluate`` scores with the evaluate page's one-pass evaluator (pages.trec.RunEvaluator), so a
lesson's cell and the page give the same numbers for the same run.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from numbers import Integral

from ._inputs import Judgments, check_gain, check_k, check_ranking, check_threshold
from .pages.runfiles import trec_eval_order
from .scores import ranking_from_scores
from .registry import METRICS as REGISTERED
from .pages.trec import ALL, FULL_LIST_METRICS, RunEvaluator, measure_key

# Metric name -> per-user kernel(ranking, judgments, k). The one list of names
# evaluate() accepts (the registry's metrics of a ranking's quality: not judged@k nor RBP's
# residual, which measure the judgments' coverage); error messages are generated from it.
METRICS = {metric.key: metric.kernel for metric in REGISTERED if metric.compared}


@dataclass(frozen=True)
class Evaluation:
    """What evaluate() returns.

    k:         the cutoff every metric used.
    means:     metric name -> mean over the scored users (MRR for
               "reciprocal_rank", MAP for "average_precision").
    per_user:  metric name -> {user: value}, for the scored users.
    n_scored:  users averaged (includes users missing from the run, scored as an empty ranking).
    n_skipped: users left out because they have no relevant item (only with
               skip_users_without_relevant=True; otherwise 0).
    n_missing: judged users absent from the run (scored as an empty ranking).
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


TIES = ("input order", "trec_eval")


def ranking_of(user, ranked, ties="input order"):
    """One user's run entry as a ranking: a sequence of ids, or a mapping id -> score.

    A mapping is ranked by score descending; ties keep input order (ties="input order",
    ranking_from_scores) or go to the larger id as in trec_eval (ties="trec_eval",
    pages.runfiles.trec_eval_order, which also compares scores in single precision).
    """
    try:
        if isinstance(ranked, Mapping):
            ranking = ranking_from_scores(ranked)  # checks the scores
            if ties == "trec_eval":
                ids = list(ranked)
                if not all(isinstance(item, str) for item in ids):
                    raise ValueError("ties='trec_eval' orders ties by id as text: give str item ids")
                ranking = trec_eval_order(ids, [float(score) for score in ranked.values()])
            return ranking
        return check_ranking(ranked)
    except ValueError as error:
        raise ValueError(f"run of user {user!r}: {error}") from None


def evaluate(
    run,
    qrels,
    metrics,
    k,
    *,
    threshold=1,
    gain="exponential",
    skip_users_without_relevant=False,
    ties="input order",
    missing="score 0",
):
    """Compute metrics for every judged user and their means.

    Args:
        run: mapping user -> ranking (a sequence of item ids, best first) or
            user -> {item id: score} (ranked by score descending; ties as
            `ties` says).
        qrels: mapping user -> judgments: a set/list/tuple of relevant item
            ids, or a mapping item id -> grade (int or float >= 0).
        metrics: metric names, a list such as ["ndcg", "reciprocal_rank"]
            (a single name also works); see METRICS for the valid names.
        k: the cut-off. A positive int: every metric at k (so
            "reciprocal_rank" gives MRR@k and "average_precision" gives
            MAP@k), returned as an Evaluation. A list of positive ints, and
            None for the full list: every metric at every k, and with None
            "reciprocal_rank@all" and "average_precision@all" (trec_eval's
            recip_rank and map) when those metrics are asked for, returned
            as a pages.trec.RunEvaluation keyed "ndcg@10", "average_precision@all".
        threshold: an item is relevant for the binary metrics when its grade
            >= threshold (default 1).
        gain: NDCG's gain, "exponential" (default) or "linear".
        skip_users_without_relevant: False (default) scores users with no
            relevant item as 0 on every metric, as trec_eval does; True
            leaves them out of the means and counts them in n_skipped.
        ties: how a run given as scores breaks ties: "input order" (default,
            ranking_from_scores) or "trec_eval" (larger id first, scores
            compared in single precision: pages.runfiles.trec_eval_order).
        missing: "score 0" (default) scores judged users absent from the run
            as an empty ranking (trec_eval -c): 0 on every metric but
            rbp_residual, which is 1; "leave out" leaves them out of
            the means (pytrec_eval, and trec_eval 9 without -c). Either way they
            are counted in n_missing.

    Returns:
        an Evaluation with means, per-user values and the user counts (k an
        int), or a pages.trec.RunEvaluation (k a list).

    Which users count: the users of qrels. A judged user missing from the
    run scores as an empty ranking, 0 on every metric but rbp_residual's 1
    (the run missed them; pytrec_eval silently drops such users, which
    inflates its means), unless missing="leave
    out". Users in the run but not in qrels are ignored, as in trec_eval
    (counted in n_ignored). A user whose judgments hold no grade >=
    threshold (or are empty) has no relevant item: 0 on every metric, or
    skipped with skip_users_without_relevant. Means are taken over the
    scored users.

    Raises:
        ValueError: an unknown metric name (the message lists the valid
            ones); k, threshold, gain, ties or missing invalid; an invalid
            ranking or grade of any user (the message names the user); qrels
            is empty, or (k an int) every user was skipped or left out so
            there is nothing to average.

    Source: trec_eval's tie rule (form_res_rels.c) and its -c option.

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

    Several cut-offs, trec_eval's tie rule (d beats c on the tie), u3 left out:

    >>> several = evaluate(
    ...     run={"u1": ["a", "b"], "u2": {"c": 0.5, "d": 0.5}},
    ...     qrels={"u1": {"a"}, "u2": {"c": 1}, "u3": {"e"}},
    ...     metrics=["reciprocal_rank"], k=[1, None], ties="trec_eval", missing="leave out")
    >>> several.means
    {'reciprocal_rank@1': 0.5, 'reciprocal_rank@all': 0.75}
    >>> (several.scored, several.missing)
    (2, 1)
    """
    names = check_metrics(metrics)
    several = not isinstance(k, Integral)
    if several:
        if isinstance(k, (str, bytes)) or not isinstance(k, Iterable):
            raise ValueError(f"k must be a positive int or a list of them (None: the full list), got {k!r}")
        k = list(k)
        full_list = None in k
        cutoffs = [cutoff for cutoff in k if cutoff is not None]
        if not cutoffs and not (full_list and any(name in FULL_LIST_METRICS for name in names)):
            raise ValueError(
                f"k={k!r} gives no cut-off: give at least one positive int, such as [10] (None, the full "
                f"list, alone works only for {list(FULL_LIST_METRICS)})"
            )
    else:
        cutoffs, full_list = [check_k(k)], False
    threshold = check_threshold(threshold)
    check_gain(gain)
    if ties not in TIES:
        raise ValueError(f"ties must be one of {list(TIES)}, got {ties!r}")
    if not isinstance(run, Mapping) or not isinstance(qrels, Mapping):
        raise ValueError("run and qrels must be mappings keyed by user")
    if not qrels:
        raise ValueError("qrels is empty: no judged user to evaluate")

    prepared = {}
    for user, relevance in qrels.items():
        try:
            prepared[user] = Judgments.from_relevance(relevance, threshold=threshold, gain=gain)
        except ValueError as error:
            raise ValueError(f"qrels of user {user!r}: {error}") from None
    evaluator = RunEvaluator(
        prepared,
        cutoffs=cutoffs or [1],  # [1] when only the full list is asked for: left out below
        threshold=threshold,
        gain=gain,
        missing=missing,
        metrics=names,
        full_list=full_list,
        skip_without_relevant=skip_users_without_relevant,
    )
    for user in qrels:
        if user in run:
            evaluator.add(user, ranking_of(user, run[user], ties))
    for user in run:
        if user not in qrels:
            evaluator.add(user, [])  # counted as ignored
    result = evaluator.result()
    if several:
        if not cutoffs:  # only the full list was asked for
            keep = [key for key in result.measures if key.endswith(f"@{ALL}")]
            result.measures = keep
            result.means = {key: result.means[key] for key in keep}
            result.per_query = {key: result.per_query[key] for key in keep}
        return result

    if result.scored == 0:
        if result.skipped:
            raise ValueError(
                f"all {result.skipped} users have no relevant item at threshold={threshold!r}: "
                "nothing to average (pass skip_users_without_relevant=False to score them 0)"
            )
        raise ValueError(
            f"no judged user is in the run ({result.missing} missing): nothing to average "
            "(pass missing='score 0' to score them 0)"
        )
    (cutoff,) = cutoffs
    means = {name: result.means[measure_key(name, cutoff)] for name in names}
    per_user = {name: result.per_query[measure_key(name, cutoff)] for name in names}
    return Evaluation(cutoff, means, per_user, result.scored, result.skipped, result.missing, result.ignored)
