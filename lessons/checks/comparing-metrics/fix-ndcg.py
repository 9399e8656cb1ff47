"""The check of the comparing-metrics lesson's exercise `fix-ndcg`: ndcg_at_k.

Compared with ``rankmetrics.ndcg_at_k`` on fixed cases, then on 200 seeded random ones;
mistakes() are the slips learners make, conventions() other tools' definitions, each with
the sentence the learner reads.
"""

import math
import re

REFERENCE = "rankmetrics.ndcg_at_k"  # compared with, and named in verdicts

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


def _ideal(relevance):
    return sorted(relevance, key=relevance.get, reverse=True)


def _ndcg(dcg, idcg):
    return dcg / idcg if idcg > 0 else 0.0


def ndcg_ideal_from_retrieved_top_k(ranking, relevance, k):
    ideal = sorted(list(ranking)[:k], key=lambda item: relevance.get(item, 0), reverse=True)
    return _ndcg(_dcg(ranking, relevance, k), _dcg(ideal, relevance, k))


def ndcg_ideal_from_whole_ranking(ranking, relevance, k):
    ideal = sorted(ranking, key=lambda item: relevance.get(item, 0), reverse=True)
    return _ndcg(_dcg(ranking, relevance, k), _dcg(ideal, relevance, k))


def ndcg_ideal_not_cut_at_k(ranking, relevance, k):
    return _ndcg(_dcg(ranking, relevance, k), _dcg(_ideal(relevance), relevance, None))


def ndcg_linear_gain(ranking, relevance, k):
    linear = lambda grade: grade  # noqa: E731
    return _ndcg(_dcg(ranking, relevance, k, gain=linear), _dcg(_ideal(relevance), relevance, k, gain=linear))


def ndcg_gain_without_minus_one(ranking, relevance, k):
    power = lambda grade: 2**grade  # noqa: E731
    return _ndcg(_dcg(ranking, relevance, k, gain=power), _dcg(_ideal(relevance), relevance, k, gain=power))


def ndcg_log2_of_rank(ranking, relevance, k):
    return _ndcg(
        _dcg(ranking, relevance, k, discount=math.log2), _dcg(_ideal(relevance), relevance, k, discount=math.log2)
    )


def ndcg_log2_of_rank_plus_two(ranking, relevance, k):
    def discount(rank):
        return math.log2(rank + 2)

    return _ndcg(
        _dcg(ranking, relevance, k, discount=discount), _dcg(_ideal(relevance), relevance, k, discount=discount)
    )


def ndcg_not_normalised(ranking, relevance, k):
    return _dcg(ranking, relevance, k)


def ndcg_divides_by_zero_without_relevant(ranking, relevance, k):
    return _dcg(ranking, relevance, k) / _dcg(_ideal(relevance), relevance, k)


def ndcg_is_one_without_relevant(ranking, relevance, k):
    ideal = _dcg(_ideal(relevance), relevance, k)
    return _dcg(ranking, relevance, k) / ideal if ideal > 0 else 1.0


def ndcg_ideal_cut_at_retrieved(ranking, relevance, k):
    return _ndcg(_dcg(ranking, relevance, k), _dcg(_ideal(relevance), relevance, min(k, len(ranking))))


def ndcg_top_k_minus_one(ranking, relevance, k):
    return _ndcg(_dcg(ranking, relevance, k - 1), _dcg(_ideal(relevance), relevance, k - 1))


def ndcg_top_k_plus_one(ranking, relevance, k):
    return _ndcg(_dcg(ranking, relevance, k + 1), _dcg(_ideal(relevance), relevance, k + 1))


def ndcg_over_a_set(ranking, relevance, k):
    return _ndcg(_dcg(list(set(list(ranking)[:k])), relevance, k), _dcg(_ideal(relevance), relevance, k))


_DISCOUNT_PLUS_TWO = (
    "Your discount is log2(rank + 2), off by one: with ranks counted from 1, rank 1's discount is "
    "log2(2) = 1, so it is log2(rank + 1)."
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
            ndcg_ideal_not_cut_at_k,
            "Your IDCG sums over every judged item; the ideal list is cut at k too, so a perfect top k scores 1.",
        ),
        (
            ndcg_gain_without_minus_one,
            "Your gain is 2^grade without the - 1, so an unjudged or irrelevant item (grade 0) adds 2^0 = 1.",
        ),
        (ndcg_log2_of_rank, _DISCOUNT_ZERO),
        (ndcg_log2_of_rank_plus_two, _DISCOUNT_PLUS_TWO),
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
        (ndcg_top_k_minus_one, _TOP_K_MINUS_ONE),
        (ndcg_top_k_plus_one, _TOP_K_PLUS_ONE),
        (ndcg_over_a_set, _OVER_A_SET),
    ]
