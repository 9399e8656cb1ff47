"""The check of the comparing-metrics lesson's exercise `fix-ndcg`: ndcg_at_k.

Compared with ``rankmetrics.ndcg_at_k`` on fixed cases, then on 200 seeded random ones;
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


REFERENCE = "rankmetrics.ndcg_at_k"  # compared with, and named in verdicts


def cases():
    return list(GRADED_CASES)


# --- random cases ----------------------------------------------------------------------


def random_case(rng):
    """(ranking, relevance, k) with grades 0-3."""
    return random_graded_case(rng)


# --- known wrong versions ---------------------------------------------------------------


def _ideal(relevance):
    return sorted(relevance, key=relevance.get, reverse=True)


def _ndcg(gain, ideal_gain):
    return gain / ideal_gain if ideal_gain > 0 else 0.0


def ndcg_ideal_from_retrieved_top_k(ranking, relevance, k):
    ideal = sorted(list(ranking)[:k], key=lambda item: relevance.get(item, 0), reverse=True)
    return _ndcg(dcg(ranking, relevance, k), dcg(ideal, relevance, k))


def ndcg_ideal_from_whole_ranking(ranking, relevance, k):
    ideal = sorted(ranking, key=lambda item: relevance.get(item, 0), reverse=True)
    return _ndcg(dcg(ranking, relevance, k), dcg(ideal, relevance, k))


def ndcg_ideal_lowest_first(ranking, relevance, k):
    return _ndcg(dcg(ranking, relevance, k), dcg(sorted(relevance, key=relevance.get), relevance, k))


def ndcg_ideal_not_cut_at_k(ranking, relevance, k):
    return _ndcg(dcg(ranking, relevance, k), dcg(_ideal(relevance), relevance, None))


def ndcg_linear_gain(ranking, relevance, k):
    linear = lambda grade: grade  # noqa: E731
    return _ndcg(dcg(ranking, relevance, k, gain=linear), dcg(_ideal(relevance), relevance, k, gain=linear))


def ndcg_gain_without_minus_one(ranking, relevance, k):
    power = lambda grade: 2**grade  # noqa: E731
    return _ndcg(dcg(ranking, relevance, k, gain=power), dcg(_ideal(relevance), relevance, k, gain=power))


def ndcg_log2_of_rank(ranking, relevance, k):
    return _ndcg(
        dcg(ranking, relevance, k, discount=math.log2), dcg(_ideal(relevance), relevance, k, discount=math.log2)
    )


def ndcg_log2_of_rank_plus_two(ranking, relevance, k):
    def discount(rank):
        return math.log2(rank + 2)

    return _ndcg(dcg(ranking, relevance, k, discount=discount), dcg(_ideal(relevance), relevance, k, discount=discount))


def ndcg_not_normalised(ranking, relevance, k):
    return dcg(ranking, relevance, k)


def ndcg_divides_by_zero_without_relevant(ranking, relevance, k):
    return dcg(ranking, relevance, k) / dcg(_ideal(relevance), relevance, k)


def ndcg_is_one_without_relevant(ranking, relevance, k):
    ideal = dcg(_ideal(relevance), relevance, k)
    return dcg(ranking, relevance, k) / ideal if ideal > 0 else 1.0


def ndcg_ideal_cut_at_retrieved(ranking, relevance, k):
    return _ndcg(dcg(ranking, relevance, k), dcg(_ideal(relevance), relevance, min(k, len(ranking))))


def ndcg_top_k_minus_one(ranking, relevance, k):
    return _ndcg(dcg(ranking, relevance, k - 1), dcg(_ideal(relevance), relevance, k - 1))


def ndcg_top_k_plus_one(ranking, relevance, k):
    return _ndcg(dcg(ranking, relevance, k + 1), dcg(_ideal(relevance), relevance, k + 1))


def ndcg_over_a_set(ranking, relevance, k):
    return _ndcg(dcg(list(set(list(ranking)[:k])), relevance, k), dcg(_ideal(relevance), relevance, k))


def conventions():
    return [
        (
            ndcg_linear_gain,
            "This is the linear gain (the grade itself), the convention of trec_eval, ranx's ndcg "
            "and scikit-learn; this exercise asks for the exponential one, 2^grade - 1.",
        ),
    ]


def mistakes():
    return [
        (
            ndcg_ideal_from_retrieved_top_k,
            "You built IDCG from the retrieved list only. The ideal list starts from every judged "
            "item, retrieved or not; otherwise a list that missed the best item can score 1.",
        ),
        (
            ndcg_ideal_from_whole_ranking,
            "You built IDCG from the retrieved items only. The ideal list starts from every judged "
            "item, retrieved or not; otherwise a list that missed the best item can score 1.",
        ),
        (
            ndcg_ideal_lowest_first,
            "Your ideal list puts the lowest grades first, so IDCG comes out too small: NDCG above 1 "
            "means your ideal list is not the best order. Sort the judged items by grade, highest first.",
        ),
        (
            ndcg_ideal_not_cut_at_k,
            "Your IDCG sums over every judged item; the ideal list is cut at k too, so a perfect top k scores 1.",
        ),
        (
            ndcg_gain_without_minus_one,
            "Your gain is 2^grade without the - 1, so an unjudged or irrelevant item (grade 0) adds 2^0 = 1.",
        ),
        (ndcg_log2_of_rank, DISCOUNT_ZERO),
        (ndcg_log2_of_rank_plus_two, DISCOUNT_PLUS_TWO),
        (ndcg_not_normalised, "You returned DCG@k without dividing it by IDCG@k."),
        (
            ndcg_divides_by_zero_without_relevant,
            "When no judged item has a grade above 0, IDCG is 0: return 0.0, by convention, instead "
            "of dividing by zero.",
        ),
        (
            ndcg_is_one_without_relevant,
            "When no judged item has a grade above 0, IDCG is 0 and you returned 1.0; this course, like "
            "trec_eval, scores that user 0.0.",
        ),
        (
            ndcg_ideal_cut_at_retrieved,
            "You cut the ideal list at the number of items retrieved. The ideal top k has k places "
            "whatever the run returned, so a short list that misses relevant items must not score 1.",
        ),
        (ndcg_top_k_minus_one, TOP_K_MINUS_ONE),
        (ndcg_top_k_plus_one, TOP_K_PLUS_ONE),
        (ndcg_over_a_set, OVER_A_SET),
    ]
