"""Expected reciprocal rank (ERR@k): a cascade user who stops at the first item that satisfies them."""

from .pages.working import joined, short
from ._inputs import Judgments, check_k, check_number, check_ranking, ranks_in

MAX_GRADE = 4  # the top of the grade scale: gdeval's MAX_JUDGMENT (TREC Web track, grades 0-4)


def stop_probability(grade, top):
    """Chance that a user stops at an item of `grade` on a scale topped by `top`: (2^g - 1) / 2^top."""
    return (2.0**grade - 1.0) / 2.0**top


def scale_top(judgments, max_grade=MAX_GRADE):
    """g_max: `max_grade`, or a higher grade the judgments hold (so no stopping chance exceeds 1)."""
    return max(max_grade, max(judgments.grades.values(), default=0))


def err_kernel(ranking, judgments, k, *, max_grade=MAX_GRADE):
    """Kernel: inputs already validated (ranking: list or _inputs.PreparedRanking, judgments:
    Judgments, k: int or None)."""
    grades = judgments.grades
    top = scale_top(judgments, max_grade)
    top_k = ranking[:k]
    total, going_on = 0.0, 1.0  # going_on: chance the user reaches this rank
    for rank in ranks_in(top_k, grades):  # an unjudged item (grade 0) stops nobody: its term is 0
        stop = stop_probability(grades[top_k[rank - 1]], top)
        total += going_on * stop / rank
        going_on *= 1.0 - stop
    return total


def expected_reciprocal_rank(ranking, relevance, k=None, *, max_grade=MAX_GRADE):
    """ERR@k: the expected reciprocal of the rank at which a cascade user stops.

    The user reads the ranking from the top and stops at rank r with probability R_r, set by
    the grade there; the value is the mean of 1 / (rank where they stop), 0 if they never stop.

    Args:
        ranking: sequence (list, tuple) of item ids, best first; each id at most once.
        relevance: a mapping item id -> grade (int or float >= 0), or a set, frozenset, list
            or tuple of relevant item ids (grade 1 each). Items missing from it have grade 0.
        k: None (default: the whole ranking) or a positive int: only ranks 1..k count.
        max_grade: g_max, the top of the grade scale (default 4, as gdeval). A judged grade
            above it takes its place, so no stopping chance exceeds 1.

    Returns:
        float in [0, 1).

    Formula:
        R_i   = (2^g_i - 1) / 2^g_max                   (stopping probability at rank i)
        ERR@k = sum over ranks r = 1..k of (1 / r) * R_r * prod over i < r of (1 - R_i)

    Variant: g_max is the scale's top (4 in gdeval, the TREC Web track's script, and in
    ir_measures' ERR, which runs gdeval), not the best grade of the query, so ERR of a perfect
    list is below 1. gdeval refuses grades above 4; here such a grade raises g_max to itself.
    Some libraries (e.g. ranx's err) take g_max as the query's best grade instead.
    ERR uses the grades themselves: the relevance threshold does not apply.

    Edge cases: no positive grade in the top k gives 0.0.

    Raises:
        ValueError: k is neither None nor a positive int (a bool is rejected); an item is
            ranked twice; a grade is negative, NaN, infinite, a bool or not a number;
            max_grade is not a number > 0.

    Source: Chapelle, Metzler, Zhang & Grinspan, "Expected Reciprocal Rank for Graded
    Relevance", CIKM 2009 (Algorithm 2); gdeval.pl (TREC Web track 2010-2014).

    Example: grade 4 at rank 1 stops 15/16 of users; grade 1 at rank 2 stops 1/16 of the rest.

    >>> expected_reciprocal_rank(["a", "b"], {"a": 4, "b": 1})
    0.939453125
    >>> expected_reciprocal_rank(["x", "a"], {"a": 4}, k=1)
    0.0
    """
    k = check_k(k, allow_none=True)
    ranking = check_ranking(ranking)
    check_number(max_grade, "max_grade")
    if max_grade <= 0:
        raise ValueError(f"max_grade must be > 0, got {max_grade!r}")
    judgments = Judgments.from_relevance(relevance)
    return err_kernel(ranking, judgments, k, max_grade=max_grade)


def err_working(ranking, judgments, k, *, max_grade=MAX_GRADE):
    """The playground's working of ERR@k: one term per rank 1..k with a positive grade, each with
    "grade", "stop" (R), "reach" (the chance to get there) and "value" (reach * R / rank);
    "top" (g_max: `max_grade`, or a higher grade judged). Shapes as rankmetrics.pages.playground
    describes them."""
    top = scale_top(judgments, max_grade)
    terms, going_on = [], 1.0
    for rank, item in enumerate(ranking[:k], start=1):
        grade = judgments.grades.get(item, 0)
        if grade > 0:
            stop = stop_probability(grade, top)
            terms.append({"item": item, "rank": rank, "grade": grade, "stop": stop, "reach": going_on})
            terms[-1]["value"] = going_on * stop / rank
            going_on *= 1.0 - stop
    lines = [
        [f"Chance to stop at an item of grade g: R = (2^g − 1) / 2^{top}"],
        [
            "Terms (reach × R / rank): ",
            *joined(
                {
                    "text": f"{short(t['reach'])} × {short(t['stop'])} / {t['rank']} = {short(t['value'])} ({t['item']})",
                    "item": t["item"],
                }
                for t in terms
            ),
        ],
    ]
    why = None if terms else f"No item in the top {k} has a grade above 0, so no one stops and ERR is 0."
    return {"terms": terms, "top": top, "lines": lines, "why": why}
