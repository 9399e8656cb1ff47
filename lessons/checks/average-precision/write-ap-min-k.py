"""The check of the average-precision lesson's exercise `write-ap-min-k`: average_precision_min_k.

AP@k divided by min(k, |R|): the "MAP@k" convention of RecBole and recent Microsoft recommenders.
The sum is the one of ``rankmetrics.average_precision(ranking, relevant, k)``: precision@i at
every rank i <= k that holds a relevant item. The denominator is min(k, |R|) instead of |R|, so a
top k full of relevant items scores 1.0 even when there are more than k relevant items
(trec_eval's ``map_cut_k`` would give k / |R| there); 0.0 when |R| = 0.

Sources: RecBole ``MAP`` ("normalization factor 1/min(|R(u)|, K)"); Microsoft recommenders
``python_evaluation.map_at_k`` in recent versions (divides by ``min(actual, k)``; its ``map``, and
``map_at_k`` in older versions, divide by |R|).

Compared with the lesson's solution on fixed cases, then on 200 seeded random ones; mistakes()
are the slips learners make, conventions() other tools' definitions, each with the sentence the
learner reads.
"""

from common import BINARY_AT_K_CASES, TOP_K_MINUS_ONE, TOP_K_PLUS_ONE, precision_sum, random_binary_case


#: (ranking, relevant, k): AP@k / min(k, |R|), where min(k, |R|) matters.
MIN_K_CASES = BINARY_AT_K_CASES + (
    (["m1", "m2", "x1"], {"m1", "m2", "m3", "m4"}, 2),  # more relevant items than k
    (["x1", "m1"], {"m1", "m2"}, 2),
)


def cases():
    return list(MIN_K_CASES)


# --- random cases ----------------------------------------------------------------------


def random_case(rng):
    """(ranking, relevant, k)."""
    return random_binary_case(rng)


# --- known wrong versions ---------------------------------------------------------------


def min_k_divides_by_relevant(ranking, relevant, k):
    total, _ = precision_sum(ranking, relevant, k)
    return total / len(relevant) if relevant else 0.0


def min_k_divides_by_k(ranking, relevant, k):
    total, _ = precision_sum(ranking, relevant, k)
    return total / k


def min_k_divides_by_hits_found(ranking, relevant, k):
    total, found = precision_sum(ranking, relevant, k)
    return total / found if found else 0.0


def min_k_whole_ranking(ranking, relevant, k):
    total, _ = precision_sum(ranking, relevant)
    return total / min(k, len(relevant)) if relevant else 0.0


def min_k_top_k_minus_one(ranking, relevant, k):
    total, _ = precision_sum(ranking, relevant, k - 1)
    return total / min(k, len(relevant)) if relevant else 0.0


def min_k_top_k_plus_one(ranking, relevant, k):
    total, _ = precision_sum(ranking, relevant, k + 1)
    return total / min(k, len(relevant)) if relevant else 0.0


def conventions():
    return [
        (
            min_k_divides_by_relevant,
            "You divided by |R|: that is trec_eval's map_cut, this lesson's first convention. This "
            "exercise asks for the min(k, |R|) of RecBole and recent Microsoft recommenders.",
        ),
    ]


def mistakes():
    return [
        (
            min_k_divides_by_k,
            "You divided by k; this convention divides by min(k, |R|), so a user with fewer than k "
            "relevant items can still reach 1.0.",
        ),
        (min_k_divides_by_hits_found, "You divided by the hits found in the top k instead of min(k, |R|)."),
        (min_k_whole_ranking, "You walked the whole ranking; this AP stops at rank k."),
        (min_k_top_k_minus_one, TOP_K_MINUS_ONE),
        (min_k_top_k_plus_one, TOP_K_PLUS_ONE),
    ]
