"""The check of the average-precision lesson's exercise `write-ap`: average_precision.

Compared with ``rankmetrics.average_precision`` on fixed cases, then on 200 seeded random ones;
mistakes() are the slips learners make, each with the sentence the learner reads.
"""

REFERENCE = "rankmetrics.average_precision"  # compared with, and named in verdicts

ITEM_POOL = tuple(f"d{number}" for number in range(1, 16))  # the ids of the random cases


M_RANKING = ["m1", "x1", "m2", "x2", "m3"]

M_RELEVANT = {"m1", "m2", "m3", "m4", "m5"}

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


def _random_ranking(rng):
    return rng.sample(ITEM_POOL, rng.randint(0, 10))


def _random_relevant(rng, ranking):
    """0-6 relevant ids; some from the ranking, some never retrieved."""
    size = rng.randint(0, 6)
    retrieved = rng.sample(ranking, min(len(ranking), rng.randint(0, size)))
    others = [item for item in ITEM_POOL if item not in retrieved]
    return set(retrieved) | set(rng.sample(others, size - len(retrieved)))


def random_case(rng):
    """(ranking, relevant)."""
    ranking = _random_ranking(rng)
    return (ranking, _random_relevant(rng, ranking))


# --- known wrong versions ---------------------------------------------------------------


def _hits(items, relevant):
    return sum(1 for item in items if item in relevant)


def _precision_sum(ranking, relevant, k=None, *, hits_above_only=False):
    """Sum of precision@i at the ranks i (<= k) holding a relevant item, and the hits found."""
    hits, total = 0, 0.0
    for rank, item in enumerate(list(ranking)[:k], start=1):
        if item in relevant:
            total += (hits if hits_above_only else hits + 1) / rank
            hits += 1
    return total, hits


def average_precision_divides_by_hits_found(ranking, relevant):
    total, hits = _precision_sum(ranking, relevant)
    return total / hits if hits else 0.0


def average_precision_divides_by_ranking_length(ranking, relevant):
    total, _ = _precision_sum(ranking, relevant)
    return total / len(ranking) if ranking else 0.0


def average_precision_over_every_rank(ranking, relevant):
    ranking = list(ranking)
    if not ranking:
        return 0.0
    return sum(_hits(ranking[:rank], relevant) / rank for rank in range(1, len(ranking) + 1)) / len(ranking)


def average_precision_hits_above_only(ranking, relevant):
    total, _ = _precision_sum(ranking, relevant, hits_above_only=True)
    return total / len(relevant) if relevant else 0.0


def average_precision_divides_by_zero_without_relevant(ranking, relevant):
    total, _ = _precision_sum(ranking, relevant)
    return total / len(relevant)


def average_precision_is_one_without_relevant(ranking, relevant):
    total, _ = _precision_sum(ranking, relevant)
    return total / len(relevant) if relevant else 1.0


def average_precision_of_rank_plus_one(ranking, relevant):
    hits, total = 0, 0.0
    for rank, item in enumerate(ranking, start=1):
        if item in relevant:
            hits += 1
            total += hits / (rank + 1)
    return total / len(relevant) if relevant else 0.0


def average_precision_interpolated(ranking, relevant):
    ranking = list(ranking)
    precisions = [_hits(ranking[:rank], relevant) / rank for rank in range(1, len(ranking) + 1)]
    total = sum(max(precisions[index:]) for index, item in enumerate(ranking) if item in relevant)
    return total / len(relevant) if relevant else 0.0


_NO_RELEVANT = (
    "A user with no relevant items has |R| = 0: return 0.0 for them, by convention, instead of dividing by zero."
)

_ONE_WITHOUT_RELEVANT = (
    "For a user with no relevant items you returned 1.0; this course, like trec_eval, scores them 0.0."
)


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
        (average_precision_divides_by_zero_without_relevant, _NO_RELEVANT),
        (average_precision_is_one_without_relevant, _ONE_WITHOUT_RELEVANT),
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
