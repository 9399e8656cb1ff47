"""The rank playground's readouts: every metric of the registry it shows, with their working.

The page's rank playground sends the list a learner is editing to the Python worker, which
calls :func:`readouts` and shows what it returns. Every value comes from the kernel of
rankmetrics.registry (the function the lessons' public functions call), captured when this
module is imported, so a learner who rebinds ``rankmetrics.precision_at_k`` (or
``rankmetrics.set_metrics.precision_at_k``) in a cell does not change the readouts. The terms
are the working of each formula, for the page to fill in.

State (a JSON-able dict)::

    {"ranking":   [item id, ...],          # rank order, best first; each id once
     "grades":    {item id: int grade},    # every judged item, retrieved or not (grade >= 0)
     "k":         int >= 1,                # the cut-off of every metric
     "gain":      "exponential" | "linear",   # NDCG's gain: 2^g - 1 or g
     "threshold": int > 0}                 # grade >= threshold is relevant (binary metrics)

Items of the ranking missing from "grades" have grade 0.

Readouts (a JSON-able dict)::

    {"ideal":    [item id, ...],   # all judged items with grade > 0, best grade first; ties keep
                                   # rank order, then items not retrieved in "grades" order
     "relevant": int,              # |R|: judged items with grade >= threshold, retrieved or not
     "metrics": {NAME: {"value": float, "why": str | None, "terms": [...], ...}}}

NAME is each of METRIC_NAMES. "why" is one plain sentence when the value is 0 for a reason
worth saying (|R| = 0, or nothing relevant in the top k), else None. Every term has "item" and
"rank" (1-based). Per metric (as defined in docs/metric-conventions.md, cut at k):

- precision: terms = the hits in the top k; "hits", "k"; value = hits / k.
- recall: terms = the hits in the top k; "hits", "relevant" (|R|); value = hits / |R|.
- hit_rate: terms = [the first hit in the top k] or []; value 1.0 or 0.0.
- reciprocal_rank: terms = [the first hit, with "value" = 1 / rank] or []; value = 1 / rank.
- average_precision: terms = each hit in the top k with "precision" (precision at its rank);
  "sum" (of those precisions), "denominator" (|R|, as trec_eval's map_cut); value = sum / |R|.
- ndcg: "dcg_terms" (ranks 1..min(k, len(ranking)) of the ranking) and "idcg_terms" (the ideal
  order cut at k), each term with "grade", "gain", "discount" (log2(rank + 1)) and "value"
  (gain / discount); "dcg", "idcg" (sums of their terms' values); "note" (NDCG uses the
  grades, not the threshold); value = dcg / idcg, 0.0 when idcg is 0. "terms" is dcg_terms.
- every other metric: what its registry `working` gives: "terms", "lines" (its working as lines
  of parts, each a string or a term {"text", "item"}: the page shows them as they are) and
  "why"; ERR (err.err_working) and RBP (rbp.rbp_working, with "residual") so far.

Raises ValueError (from rankmetrics, naming the value) for a bad k, gain, threshold or
grade, or an item ranked twice.
"""

import math

from .._inputs import prepare
from ..ndcg import dcg_at_k as _dcg_at_k
from ..registry import BY_KEY, PLAYGROUND_METRICS

# The readouts, in the order the page shows them (ui-contract.md, "Rank playground").
METRIC_NAMES = PLAYGROUND_METRICS
# Each one's kernel and working, bound now: a learner's rebinding later does not reach them.
_KERNELS = {name: BY_KEY[name].kernel for name in METRIC_NAMES}
_WORKINGS = {name: BY_KEY[name].working for name in METRIC_NAMES}
_GRADED = {name: BY_KEY[name].graded for name in METRIC_NAMES}
# The metrics whose value depends on the top of the grade scale (ERR's g_max): they are given the
# playground's own scale when the state names it.
_SCALED = {name for name in METRIC_NAMES if "max_grade" in BY_KEY[name].params}

# Gains as in rankmetrics' _inputs.GAINS, repeated here only to show each term's gain; the
# values themselves come from rankmetrics, and the tests hold the two to agree.
_TERM_GAINS = {"exponential": lambda grade: 2**grade - 1, "linear": lambda grade: grade}


def readouts(state):
    """Compute the readouts of a playground state (shapes in the module docstring).

    Args:
        state: dict with "ranking" (list of item ids), "grades" (dict item id -> int grade),
            "k" (int >= 1), "gain" ("exponential" | "linear") and "threshold" (int > 0);
            optionally "max_grade" (int > 0), the top of the playground's grade scale (ERR's
            g_max; without it, the metric's own default).

    Returns:
        dict {"ideal", "relevant", "metrics"}, JSON-able.

    Raises:
        ValueError: as the rankmetrics functions do, naming the bad value.

    Example: the seed's list after d moved from rank 4 to rank 1 (a and d relevant).

    >>> state = {"ranking": ["d", "a", "b", "c", "e"], "grades": {"a": 1, "d": 1},
    ...          "k": 5, "gain": "exponential", "threshold": 1}
    >>> result = readouts(state)
    >>> result["ideal"], result["relevant"]
    (['d', 'a'], 2)
    >>> result["metrics"]["precision"]["value"], result["metrics"]["average_precision"]["terms"]
    (0.4, [{'item': 'd', 'rank': 1, 'precision': 1.0}, {'item': 'a', 'rank': 2, 'precision': 1.0}])
    >>> readouts(dict(state, threshold=2))["metrics"]["recall"]["why"]
    'No judged item has a grade of 2 or more, so |R| = 0 and this is 0.'
    """
    ranking = list(state["ranking"])
    grades = dict(state["grades"])
    k, gain, threshold = state["k"], state["gain"], state["threshold"]

    # Values first: rankmetrics validates the inputs and raises before any term is built.
    checked, judgments, k = prepare(ranking, grades, k, threshold=threshold, gain=gain)
    scale = {"max_grade": state["max_grade"]} if state.get("max_grade") else {}
    scaled = {name: scale if name in _SCALED else {} for name in METRIC_NAMES}
    values = {name: kernel(checked, judgments, k, **scaled[name]) for name, kernel in _KERNELS.items()}
    ideal = ideal_order(ranking, grades)
    relevant = sum(1 for grade in grades.values() if grade >= threshold)
    hits = [
        {"item": item, "rank": rank}
        for rank, item in enumerate(ranking[:k], start=1)
        if grades.get(item, 0) >= threshold
    ]
    why = _why_binary(relevant, hits, k, threshold)

    metrics = {
        "precision": {"terms": hits, "hits": len(hits), "k": k},
        "recall": {"terms": hits, "hits": len(hits), "relevant": relevant},
        "hit_rate": {"terms": hits[:1]},
        "reciprocal_rank": {"terms": [dict(hit, value=1.0 / hit["rank"]) for hit in hits[:1]]},
        "average_precision": _average_precision_terms(hits, relevant),
        "ndcg": _ndcg_terms(ranking, ideal, grades, k, gain),
    }
    for name in METRIC_NAMES:
        if _WORKINGS[name] is not None:
            metrics[name] = _WORKINGS[name](checked, judgments, k, **scaled[name])
            if not _GRADED[name]:  # a binary metric is 0 for the same reasons as the others
                metrics[name]["why"] = why
        else:
            metrics[name]["why"] = why if name != "ndcg" else _why_ndcg(metrics["ndcg"], k)
        metrics[name]["value"] = values[name]
    return {"ideal": ideal, "relevant": relevant, "metrics": {name: metrics[name] for name in METRIC_NAMES}}


def ideal_order(ranking, grades):
    """The ideal ranking of all judged items with grade > 0: best grade first.

    Ties keep the order the learner sees: retrieved items in rank order, then the items not
    retrieved in the order of `grades` (a stable sort).

    >>> ideal_order(["a", "b", "c"], {"x": 2, "c": 2, "a": 0, "b": 3})
    ['b', 'c', 'x']
    """
    ranked = set(ranking)
    candidates = [item for item in ranking if item in grades] + [item for item in grades if item not in ranked]
    return sorted((item for item in candidates if grades[item] > 0), key=lambda item: -grades[item])


def _why_binary(relevant, hits, k, threshold):
    if relevant == 0:
        return f"No judged item has a grade of {threshold} or more, so |R| = 0 and this is 0."
    if not hits:
        return f"No relevant item is in the top {k}."
    return None


def _why_ndcg(ndcg, k):
    if ndcg["idcg"] == 0:
        return "No judged item has a grade above 0, so IDCG is 0 and NDCG is 0."
    if ndcg["dcg"] == 0:
        return f"No item in the top {k} has a grade above 0, so DCG is 0."
    return None


def _average_precision_terms(hits, relevant):
    # At the n-th hit, found at rank r, precision@r is n / r.
    terms = [dict(hit, precision=n / hit["rank"]) for n, hit in enumerate(hits, start=1)]
    return {"terms": terms, "sum": math.fsum(term["precision"] for term in terms), "denominator": relevant}


def _gain_terms(items, grades, k, gain):
    """One DCG term per rank 1..min(k, len(items)); unjudged items have grade 0."""
    terms = []
    for rank, item in enumerate(items[:k], start=1):
        grade = grades.get(item, 0)
        item_gain = _TERM_GAINS[gain](grade)
        discount = math.log2(rank + 1)
        terms.append(
            {
                "item": item,
                "rank": rank,
                "grade": grade,
                "gain": item_gain,
                "discount": discount,
                "value": item_gain / discount,
            }
        )
    return terms


def _ndcg_terms(ranking, ideal, grades, k, gain):
    dcg_terms = _gain_terms(ranking, grades, k, gain)
    idcg_terms = _gain_terms(ideal, grades, k, gain)
    return {
        "terms": dcg_terms,
        "dcg_terms": dcg_terms,
        "idcg_terms": idcg_terms,
        "dcg": _dcg_at_k(ranking, grades, k, gain=gain),
        "idcg": _dcg_at_k(ideal, grades, k, gain=gain),
        "note": "NDCG uses the grades themselves; the relevance threshold does not change it.",
    }
