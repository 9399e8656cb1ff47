"""What the course's exercise checks share: the ids of their random cases, the fixed cases of
binary and of graded relevance, the random case generators, the helpers their wrong versions
are built from, and the sentences of the slips every metric has (off by one at the cut-off,
no relevant item).

A check imports what it needs by name: ``from common import BINARY_AT_K_CASES, random_binary_case``.
The build ships this file inside every check that imports it (lessons/README.md), so the page,
a download and the tests run the same code. What one exercise alone knows (its reference, its
wrong versions and their sentences) stays in its own check file.
"""

import math
import re

ITEM_POOL = tuple(f"d{number}" for number in range(1, 16))  # the ids of the random cases


# --- fixed cases -------------------------------------------------------------------------

M_RANKING = ["m1", "x1", "m2", "x2", "m3"]

M_RELEVANT = {"m1", "m2", "m3", "m4", "m5"}

#: (ranking, relevant, k): the edge cases of precision, recall, hit rate (and AP@k).
BINARY_AT_K_CASES = (
    (M_RANKING, M_RELEVANT, 5),  # the lessons' example: 3 of 5 relevant in the top 5
    (["m1", "x1", "m2"], {"m1", "m2"}, 5),  # k larger than the ranking
    (["x1", "x2", "x3"], set(), 3),  # no relevant item: |R| = 0
    ([], {"m1"}, 3),  # empty ranking
    (["x1", "x2", "m1"], {"m1", "m2"}, 2),  # relevant items not in the top k / never retrieved
    (["m1", "m2", "m3"], {"m1", "m2", "m3"}, 2),  # more hits in the ranking than k
    (["x1", "m1", "m2", "x2"], {"m1", "m2", "m3", "m4"}, 3),
    (M_RANKING, M_RELEVANT, 1),
)

#: (ranking, relevance, k) with grades 0-3: DCG and NDCG.
GRADED_CASES = (
    (["x1", "d1"], {"d1": 1}, 2),  # an unjudged item first adds nothing: gain 2^0 - 1 = 0, not 2^0
    (["d1", "d2", "d3"], {"d1": 2, "d2": 1}, 3),  # exponential and linear gain differ
    (["d1", "d2"], {"d1": 1, "d9": 3}, 2),  # the ideal order needs d9, never retrieved
    (["d1", "d2", "d3"], {"d1": 1, "d2": 3, "d3": 2}, 3),  # all retrieved, wrong order
    (["c", "a", "b"], {"a": 2, "b": 2, "c": 1}, 3),  # graded ties
    (["x1", "x2"], {}, 2),  # nothing judged
    (["d1", "d2", "d3"], {"d1": 0, "d2": 0}, 3),  # judged, but all grade 0
    (["d1"], {"d1": 3, "d2": 2}, 5),  # k larger than the ranking
    (["a", "b", "c", "d"], {"a": 1, "b": 1, "c": 2, "d": 3}, 2),  # the ideal top 2 is d, c
    ([], {"d1": 1}, 3),  # empty ranking
)


# --- random cases (use only rng: every learner gets the same cases) ----------------------


def random_ranking(rng):
    """0-10 distinct ids of ITEM_POOL."""
    return rng.sample(ITEM_POOL, rng.randint(0, 10))


def random_relevant(rng, ranking):
    """0-6 relevant ids; some from the ranking, some never retrieved."""
    size = rng.randint(0, 6)
    retrieved = rng.sample(ranking, min(len(ranking), rng.randint(0, size)))
    others = [item for item in ITEM_POOL if item not in retrieved]
    return set(retrieved) | set(rng.sample(others, size - len(retrieved)))


def random_k(rng, ranking):
    """A cut-off from 1 to 3 past the ranking's end."""
    return rng.randint(1, len(ranking) + 3)


def random_grades(rng, ranking):
    """Grades 0-3 for 0-8 judged ids (retrieved or not), keys in natural order."""
    judged = set(random_relevant(rng, ranking)) | set(rng.sample(ITEM_POOL, rng.randint(0, 3)))
    return {item: rng.randint(0, 3) for item in sorted(judged, key=_natural_key)}


def random_binary_case(rng):
    """(ranking, relevant, k)."""
    ranking = random_ranking(rng)
    return (ranking, random_relevant(rng, ranking), random_k(rng, ranking))


def random_graded_case(rng):
    """(ranking, relevance, k) with grades 0-3."""
    ranking = random_ranking(rng)
    return (ranking, random_grades(rng, ranking), random_k(rng, ranking))


def _natural_key(text):
    """Sort key that puts "d2" before "d10"."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text)]


# --- what wrong versions are built from ---------------------------------------------------


def hits(items, relevant):
    """How many of `items` are in `relevant`."""
    return sum(1 for item in items if item in relevant)


def precision_sum(ranking, relevant, k=None, *, hits_above_only=False):
    """Sum of precision@i at the ranks i (<= k) holding a relevant item, and the hits found."""
    found, total = 0, 0.0
    for rank, item in enumerate(list(ranking)[:k], start=1):
        if item in relevant:
            total += (found if hits_above_only else found + 1) / rank
            found += 1
    return total, found


def exp_gain(grade):
    """The exponential gain of a grade, 2^grade - 1."""
    return 2**grade - 1


def dcg(ranking, relevance, k, gain=exp_gain, discount=lambda rank: math.log2(rank + 1)):
    """DCG over the top k (k None: the whole ranking), with the gain and discount given."""
    return sum(gain(relevance.get(item, 0)) / discount(rank) for rank, item in enumerate(list(ranking)[:k], start=1))


# --- sentences of the slips every metric has ---------------------------------------------

TOP_K_MINUS_ONE = (
    "You stopped one rank early, at rank k - 1 (as ranking[:k - 1] does): off by one. The top k is ranking[:k]."
)

TOP_K_PLUS_ONE = "You went one rank too far, to rank k + 1: off by one. The top k is ranking[:k]."

NO_RELEVANT = (
    "A user with no relevant items has |R| = 0: return 0.0 for them, by convention, instead of dividing by zero."
)

NONE_WITHOUT_RELEVANT = "A user with no relevant items scores 0.0 by convention: return 0.0 there."

ONE_WITHOUT_RELEVANT = (
    "For a user with no relevant items you returned 1.0; this course, like trec_eval, scores them 0.0."
)

DISCOUNT_PLUS_TWO = (
    "Your discount is log2(rank + 2), off by one: with ranks counted from 1, rank 1's discount is "
    "log2(2) = 1, so it is log2(rank + 1)."
)

DISCOUNT_ZERO = (
    "At rank 1 your discount is log2(1) = 0, so the division fails: the discount of rank r, counted from 1, "
    "is log2(r + 1)."
)

OVER_A_SET = (
    "You went through the top k as a set, and a set has no order: the items lost their ranks. Walk the "
    "list itself: for rank, item in enumerate(ranking[:k], start=1)."
)
