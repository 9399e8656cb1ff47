"""The check of the ndcg lesson's exercise `write-dcg`: dcg_at_k.

Compared with ``rankmetrics.dcg_at_k`` on fixed cases, then on 200 seeded random ones;
mistakes() are the slips learners make, conventions() other tools' definitions, each with
the sentence the learner reads.
"""

import math
import re

REFERENCE = "rankmetrics.dcg_at_k"  # compared with, and named in verdicts

ITEM_POOL = tuple(f"d{number}" for number in range(1, 16))  # the ids of the random cases


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


def cases():
    return list(GRADED_CASES)


# --- random cases ----------------------------------------------------------------------


def _natural_key(text):
    """Sort key that puts "d2" before "d10"."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text)]


def _random_ranking(rng):
    return rng.sample(ITEM_POOL, rng.randint(0, 10))


def _random_relevant(rng, ranking):
    """0-6 relevant ids; some from the ranking, some never retrieved."""
    size = rng.randint(0, 6)
    retrieved = rng.sample(ranking, min(len(ranking), rng.randint(0, size)))
    others = [item for item in ITEM_POOL if item not in retrieved]
    return set(retrieved) | set(rng.sample(others, size - len(retrieved)))


def _random_k(rng, ranking):
    return rng.randint(1, len(ranking) + 3)


def _random_grades(rng, ranking):
    """Grades 0-3 for 0-8 judged ids (retrieved or not), keys in natural order."""
    judged = set(_random_relevant(rng, ranking)) | set(rng.sample(ITEM_POOL, rng.randint(0, 3)))
    return {item: rng.randint(0, 3) for item in sorted(judged, key=_natural_key)}


def random_case(rng):
    """(ranking, relevance, k) with grades 0-3."""
    ranking = _random_ranking(rng)
    return (ranking, _random_grades(rng, ranking), _random_k(rng, ranking))


# --- known wrong versions ---------------------------------------------------------------


def _exp_gain(grade):
    return 2**grade - 1


def _dcg(ranking, relevance, k, gain=_exp_gain, discount=lambda rank: math.log2(rank + 1)):
    return sum(gain(relevance.get(item, 0)) / discount(rank) for rank, item in enumerate(list(ranking)[:k], start=1))


def dcg_natural_log(ranking, relevance, k):
    return _dcg(ranking, relevance, k, discount=lambda rank: math.log(rank + 1))


def dcg_log2_of_rank(ranking, relevance, k):
    return _dcg(ranking, relevance, k, discount=math.log2)


def dcg_log2_of_rank_minus_one(ranking, relevance, k):
    return _dcg(ranking, relevance, k, discount=lambda rank: math.log2(rank - 1))


def dcg_log2_of_rank_plus_two(ranking, relevance, k):
    return _dcg(ranking, relevance, k, discount=lambda rank: math.log2(rank + 2))


def dcg_jarvelin_kekalainen(ranking, relevance, k):
    return _dcg(ranking, relevance, k, discount=lambda rank: 1.0 if rank < 2 else math.log2(rank))


def dcg_linear_gain(ranking, relevance, k):
    return _dcg(ranking, relevance, k, gain=lambda grade: grade)


def dcg_gain_without_minus_one(ranking, relevance, k):
    return _dcg(ranking, relevance, k, gain=lambda grade: 2**grade)


def dcg_whole_ranking(ranking, relevance, k):
    return _dcg(ranking, relevance, None)


def dcg_multiplies_by_log(ranking, relevance, k):
    return _dcg(ranking, relevance, k, discount=lambda rank: 1 / math.log2(rank + 1))


def dcg_top_k_minus_one(ranking, relevance, k):
    return _dcg(ranking, relevance, k - 1)


def dcg_top_k_plus_one(ranking, relevance, k):
    return _dcg(ranking, relevance, k + 1)


def dcg_over_a_set(ranking, relevance, k):
    return _dcg(list(set(list(ranking)[:k])), relevance, k)


_DISCOUNT_PLUS_TWO = (
    "Your discount is log2(rank + 2), off by one: with ranks counted from 1, rank 1's discount is "
    "log2(2) = 1, so it is log2(rank + 1)."
)

_DISCOUNT_UNDEFINED = (
    "At rank 1 your discount is log2(0), which is undefined: the discount of rank r, counted from 1, is log2(r + 1)."
)

_DISCOUNT_ZERO = (
    "At rank 1 your discount is log2(1) = 0, so the division fails: the discount of rank r, counted from 1, "
    "is log2(r + 1)."
)

_OVER_A_SET = (
    "You went through the top k as a set, and a set has no order: the items lost their ranks. Walk the "
    "list itself: for rank, item in enumerate(ranking[:k], start=1)."
)

_TOP_K_MINUS_ONE = (
    "You stopped one rank early, at rank k - 1 (as ranking[:k - 1] does): off by one. The top k is ranking[:k]."
)

_TOP_K_PLUS_ONE = "You went one rank too far, to rank k + 1: off by one. The top k is ranking[:k]."


def conventions():
    return [
        (
            dcg_jarvelin_kekalainen,
            "Your discount is the one of Järvelin & Kekäläinen's original DCG (2000, 2002): none at ranks "
            "1 and 2, then log2(rank). This exercise, like trec_eval, divides rank r by log2(r + 1).",
        ),
        (
            dcg_linear_gain,
            "This is the linear gain (the grade itself), trec_eval's and scikit-learn's convention; "
            "this exercise asks for the exponential one, 2^grade - 1.",
        ),
    ]


def mistakes():
    return [
        (dcg_natural_log, "You used math.log (base e) instead of log2: the weight of rank 1 must be 1 / log2(2) = 1."),
        (dcg_log2_of_rank, _DISCOUNT_ZERO),
        (dcg_log2_of_rank_minus_one, _DISCOUNT_UNDEFINED),
        (dcg_log2_of_rank_plus_two, _DISCOUNT_PLUS_TWO),
        (
            dcg_gain_without_minus_one,
            "Your gain is 2^grade without the - 1, so an unjudged or irrelevant item (grade 0) adds 2^0 = 1.",
        ),
        (dcg_whole_ranking, "You summed over the whole ranking, not only the top k."),
        (dcg_multiplies_by_log, "You multiplied the gain by log2(rank + 1) instead of dividing by it."),
        (dcg_top_k_minus_one, _TOP_K_MINUS_ONE),
        (dcg_top_k_plus_one, _TOP_K_PLUS_ONE),
        (dcg_over_a_set, _OVER_A_SET),
    ]
