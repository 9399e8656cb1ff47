"""The check of the ndcg lesson's exercise `write-dcg`: dcg_at_k.

Compared with ``rankmetrics.dcg_at_k`` on fixed cases, then on 200 seeded random ones;
mistakes() are the slips learners make, conventions() other tools' definitions, each with
the sentence the learner reads.
"""

import math

from common import (
    DISCOUNT_PLUS_TWO,
    DISCOUNT_ZERO,
    GRADED_CASES,
    OVER_A_SET,
    TOP_K_MINUS_ONE,
    TOP_K_PLUS_ONE,
    dcg,
    random_graded_case,
)


REFERENCE = "rankmetrics.dcg_at_k"  # compared with, and named in verdicts


def cases():
    return list(GRADED_CASES)


# --- random cases ----------------------------------------------------------------------


def random_case(rng):
    """(ranking, relevance, k) with grades 0-3."""
    return random_graded_case(rng)


# --- known wrong versions ---------------------------------------------------------------


def dcg_natural_log(ranking, relevance, k):
    return dcg(ranking, relevance, k, discount=lambda rank: math.log(rank + 1))


def dcg_log2_of_rank(ranking, relevance, k):
    return dcg(ranking, relevance, k, discount=math.log2)


def dcg_log2_of_rank_minus_one(ranking, relevance, k):
    return dcg(ranking, relevance, k, discount=lambda rank: math.log2(rank - 1))


def dcg_log2_of_rank_plus_two(ranking, relevance, k):
    return dcg(ranking, relevance, k, discount=lambda rank: math.log2(rank + 2))


def dcg_jarvelin_kekalainen(ranking, relevance, k):
    return dcg(ranking, relevance, k, discount=lambda rank: 1.0 if rank < 2 else math.log2(rank))


def dcg_linear_gain(ranking, relevance, k):
    return dcg(ranking, relevance, k, gain=lambda grade: grade)


def dcg_gain_without_minus_one(ranking, relevance, k):
    return dcg(ranking, relevance, k, gain=lambda grade: 2**grade)


def dcg_whole_ranking(ranking, relevance, k):
    return dcg(ranking, relevance, None)


def dcg_multiplies_by_log(ranking, relevance, k):
    return dcg(ranking, relevance, k, discount=lambda rank: 1 / math.log2(rank + 1))


def dcg_top_k_minus_one(ranking, relevance, k):
    return dcg(ranking, relevance, k - 1)


def dcg_top_k_plus_one(ranking, relevance, k):
    return dcg(ranking, relevance, k + 1)


def dcg_over_a_set(ranking, relevance, k):
    return dcg(list(set(list(ranking)[:k])), relevance, k)


_DISCOUNT_UNDEFINED = (
    "At rank 1 your discount is log2(0), which is undefined: the discount of rank r, counted from 1, is log2(r + 1)."
)


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
        (dcg_log2_of_rank, DISCOUNT_ZERO),
        (dcg_log2_of_rank_minus_one, _DISCOUNT_UNDEFINED),
        (dcg_log2_of_rank_plus_two, DISCOUNT_PLUS_TWO),
        (
            dcg_gain_without_minus_one,
            "Your gain is 2^grade without the - 1, so an unjudged or irrelevant item (grade 0) adds 2^0 = 1.",
        ),
        (dcg_whole_ranking, "You summed over the whole ranking, not only the top k."),
        (dcg_multiplies_by_log, "You multiplied the gain by log2(rank + 1) instead of dividing by it."),
        (dcg_top_k_minus_one, TOP_K_MINUS_ONE),
        (dcg_top_k_plus_one, TOP_K_PLUS_ONE),
        (dcg_over_a_set, OVER_A_SET),
    ]
