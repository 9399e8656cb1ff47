"""The check of the average-precision lesson's exercise `write-ap`: average_precision.

Compared with ``rankmetrics.average_precision`` on fixed cases, then on 200 seeded random ones;
mistakes() are the slips learners make, each with the sentence the learner reads.
"""

from common import (
    M_RANKING,
    M_RELEVANT,
    NO_RELEVANT,
    ONE_WITHOUT_RELEVANT,
    hits,
    precision_sum,
    random_ranking,
    random_relevant,
)

REFERENCE = "rankmetrics.average_precision"  # compared with, and named in verdicts


#: (ranking, relevant): average precision without a cutoff.
BINARY_CASES = (
    (M_RANKING, M_RELEVANT),  # relevant at ranks 1, 3, 5; two never retrieved
    (["x1", "x2", "m1"], {"m1"}),  # first hit at rank 3
    (["x1", "x2", "x3"], set()),  # no relevant item
    (["x1", "x2"], {"m1"}),  # the relevant item is never retrieved
    ([], {"m1"}),  # empty ranking
    (["d1", "d2", "d3", "d4", "d5"], {"d1", "d3", "d6"}),  # d6 never retrieved
    (["m1"], {"m1"}),
    (["x1", "m1", "m2", "x2"], {"m1", "m2"}),
)


def cases():
    return list(BINARY_CASES)


# --- random cases ----------------------------------------------------------------------


def random_case(rng):
    """(ranking, relevant)."""
    ranking = random_ranking(rng)
    return (ranking, random_relevant(rng, ranking))


# --- known wrong versions ---------------------------------------------------------------


def average_precision_divides_by_hits_found(ranking, relevant):
    total, found = precision_sum(ranking, relevant)
    return total / found if found else 0.0


def average_precision_divides_by_ranking_length(ranking, relevant):
    total, _ = precision_sum(ranking, relevant)
    return total / len(ranking) if ranking else 0.0


def average_precision_over_every_rank(ranking, relevant):
    ranking = list(ranking)
    if not ranking:
        return 0.0
    return sum(hits(ranking[:rank], relevant) / rank for rank in range(1, len(ranking) + 1)) / len(ranking)


def average_precision_hits_above_only(ranking, relevant):
    total, _ = precision_sum(ranking, relevant, hits_above_only=True)
    return total / len(relevant) if relevant else 0.0


def average_precision_divides_by_zero_without_relevant(ranking, relevant):
    total, _ = precision_sum(ranking, relevant)
    return total / len(relevant)


def average_precision_is_one_without_relevant(ranking, relevant):
    total, _ = precision_sum(ranking, relevant)
    return total / len(relevant) if relevant else 1.0


def average_precision_of_rank_plus_one(ranking, relevant):
    found, total = 0, 0.0
    for rank, item in enumerate(ranking, start=1):
        if item in relevant:
            found += 1
            total += found / (rank + 1)
    return total / len(relevant) if relevant else 0.0


def average_precision_interpolated(ranking, relevant):
    ranking = list(ranking)
    precisions = [hits(ranking[:rank], relevant) / rank for rank in range(1, len(ranking) + 1)]
    total = sum(max(precisions[index:]) for index, item in enumerate(ranking) if item in relevant)
    return total / len(relevant) if relevant else 0.0


def mistakes():
    return [
        (
            average_precision_divides_by_hits_found,
            "You divided by the hits found instead of |R|: a relevant item the ranking never shows must pull AP down.",
        ),
        (
            average_precision_divides_by_ranking_length,
            "You divided by the length of the ranking instead of |R|, the number of relevant items.",
        ),
        (
            average_precision_over_every_rank,
            "You averaged precision@i over every rank; AP takes it only at the ranks that hold a "
            "relevant item, and divides by |R|.",
        ),
        (
            average_precision_hits_above_only,
            "At each hit you counted only the hits above it; precision@i at a hit includes that hit.",
        ),
        (average_precision_divides_by_zero_without_relevant, NO_RELEVANT),
        (average_precision_is_one_without_relevant, ONE_WITHOUT_RELEVANT),
        (
            average_precision_of_rank_plus_one,
            "At a hit at rank r you divided by r + 1, off by one: precision@r is the number of hits in "
            "the top r divided by r.",
        ),
        (
            average_precision_interpolated,
            "You used interpolated precision, the highest precision at that rank or any deeper one (as "
            "interpolated precision-recall curves do); AP, as trec_eval computes it, takes precision@i "
            "exactly at each rank i that holds a relevant item.",
        ),
    ]
