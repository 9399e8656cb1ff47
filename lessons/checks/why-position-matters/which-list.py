"""The check of why-position-matters' exercise `which-list`: better_list(list_a, list_b, relevant, keep_going).

Compared with the lesson's solution on fixed pairs of lists, then on 200 seeded random ones;
mistakes() are the shortcuts learners take, each with what it misunderstands.
"""

import math

from common import ITEM_POOL, hits


def cases():
    """(list_a, list_b, relevant, keep_going): which list the model user prefers."""
    return [
        (["good", "x1", "x2"], ["x1", "x2", "good"], {"good"}, 0.8),  # the same items, good one first
        (["x1", "r1", "x2", "x3"], ["x1", "x2", "x3", "r1"], {"r1"}, 0.8),
        (["x1", "r1", "r2"], ["r1", "x1", "x2"], {"r1", "r2"}, 0.8),  # two hits at 2 and 3 beat one at 1
        (["r1", "x1", "x2", "x3", "x4"], ["x1", "x2", "x3", "r1", "r2"], {"r1", "r2"}, 0.8),  # one early hit wins
        (["r1", "x1", "x2", "x3", "x4"], ["x1", "x2", "x3", "r1", "r2"], {"r1", "r2"}, 0.95),  # unless patient
        (["r1", "x1", "x2", "r2"], ["x1", "r1", "r2", "x2"], {"r1", "r2"}, 0.8),  # first hit earlier, not better
        (["x1", "x2"], ["x2", "x1"], {"good"}, 0.8),  # nothing relevant: the same
        (["r1", "x1"], ["r1", "x2"], {"r1"}, 0.8),  # the same hits at the same ranks
        ([], ["x1", "r1"], {"r1"}, 0.5),
        (["r1", "x1"], ["x1", "r1"], {"r1"}, 0.995),  # 1 against 0.995: close, yet not the same
        # keep_going is the golden ratio's conjugate g, for which g^2 = g^3 + g^4: one hit at rank 3 and
        # two at ranks 4 and 5 are seen equally often, but the float sums differ in their last digit.
        (["x1", "x2", "r1"], ["x1", "x2", "x3", "r1", "r2"], {"r1", "r2"}, (5**0.5 - 1) / 2),
    ]


def random_case(rng):
    """Two orders of one pool, or two pools; some tie."""
    pool = rng.sample(ITEM_POOL, rng.randint(1, 8))
    list_a = rng.sample(pool, len(pool))
    list_b = rng.sample(pool, len(pool)) if rng.random() < 0.7 else rng.sample(ITEM_POOL, rng.randint(0, 8))
    relevant = set(rng.sample(ITEM_POOL, rng.randint(0, 5)))
    return (list_a, list_b, relevant, rng.choice((0.5, 0.8, 0.9)))


# --- the shortcuts learners take -------------------------------------------------------


def _seen(ranking, relevant, keep_going):
    return sum(keep_going ** (rank - 1) for rank, item in enumerate(ranking, start=1) if item in relevant)


def _verdict(value_a, value_b):
    if math.isclose(value_a, value_b, rel_tol=1e-9, abs_tol=1e-12):
        return "same"
    return "A" if value_a > value_b else "B"


def better_by_count(list_a, list_b, relevant, keep_going):
    return _verdict(hits(list_a, relevant), hits(list_b, relevant))


def better_by_first_hit(list_a, list_b, relevant, keep_going):
    def first(ranking):
        return next((rank for rank, item in enumerate(ranking, start=1) if item in relevant), math.inf)

    a, b = first(list_a), first(list_b)
    return "same" if a == b else ("A" if a < b else "B")


def better_by_mean_rank(list_a, list_b, relevant, keep_going):
    def mean_rank(ranking):
        ranks = [rank for rank, item in enumerate(ranking, start=1) if item in relevant]
        return sum(ranks) / len(ranks) if ranks else math.inf

    a, b = mean_rank(list_a), mean_rank(list_b)
    return "same" if a == b else ("A" if a < b else "B")


def better_the_other_way(list_a, list_b, relevant, keep_going):
    return {"A": "B", "B": "A", "same": "same"}[
        _verdict(_seen(list_a, relevant, keep_going), _seen(list_b, relevant, keep_going))
    ]


def better_without_tolerance(list_a, list_b, relevant, keep_going):
    a, b = _seen(list_a, relevant, keep_going), _seen(list_b, relevant, keep_going)
    return "same" if a == b else ("A" if a > b else "B")


def mistakes():
    return [
        (
            better_by_count,
            "You counted the relevant items in each list, as a classifier's count of correct answers "
            "does; this user reads from the top, so where the items are matters.",
        ),
        (
            better_by_first_hit,
            "You compared only where the first relevant item is; every relevant item the user may "
            "reach counts, each by its chance of being seen.",
        ),
        (
            better_by_mean_rank,
            "You compared the average rank of the relevant items; this user counts each one by its "
            "chance of being seen, keep_going ** (rank - 1).",
        ),
        (
            better_the_other_way,
            "You named the worse list: the better one gives the user more relevant items seen.",
        ),
        (
            better_without_tolerance,
            "Here the two sums are equal but for floating-point rounding in their last digits, and you "
            "compared them exactly: treat sums within 1e-9 of each other as the same (math.isclose).",
        ),
    ]
