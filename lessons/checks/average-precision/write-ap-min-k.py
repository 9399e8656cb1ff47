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

ITEM_POOL = tuple(f"d{number}" for number in range(1, 16))  # the ids of the random cases


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

#: (ranking, relevant, k): AP@k / min(k, |R|), where min(k, |R|) matters.
MIN_K_CASES = BINARY_AT_K_CASES + (
    (["m1", "m2", "x1"], {"m1", "m2", "m3", "m4"}, 2),  # more relevant items than k
    (["x1", "m1"], {"m1", "m2"}, 2),
)


def cases():
    return list(MIN_K_CASES)


# --- random cases ----------------------------------------------------------------------


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


def random_case(rng):
    """(ranking, relevant, k)."""
    ranking = _random_ranking(rng)
    return (ranking, _random_relevant(rng, ranking), _random_k(rng, ranking))


# --- known wrong versions ---------------------------------------------------------------


def _precision_sum(ranking, relevant, k=None, *, hits_above_only=False):
    """Sum of precision@i at the ranks i (<= k) holding a relevant item, and the hits found."""
    hits, total = 0, 0.0
    for rank, item in enumerate(list(ranking)[:k], start=1):
        if item in relevant:
            total += (hits if hits_above_only else hits + 1) / rank
            hits += 1
    return total, hits


def min_k_divides_by_relevant(ranking, relevant, k):
    total, _ = _precision_sum(ranking, relevant, k)
    return total / len(relevant) if relevant else 0.0


def min_k_divides_by_k(ranking, relevant, k):
    total, _ = _precision_sum(ranking, relevant, k)
    return total / k


def min_k_divides_by_hits_found(ranking, relevant, k):
    total, hits = _precision_sum(ranking, relevant, k)
    return total / hits if hits else 0.0


def min_k_whole_ranking(ranking, relevant, k):
    total, _ = _precision_sum(ranking, relevant)
    return total / min(k, len(relevant)) if relevant else 0.0


def min_k_top_k_minus_one(ranking, relevant, k):
    total, _ = _precision_sum(ranking, relevant, k - 1)
    return total / min(k, len(relevant)) if relevant else 0.0


def min_k_top_k_plus_one(ranking, relevant, k):
    total, _ = _precision_sum(ranking, relevant, k + 1)
    return total / min(k, len(relevant)) if relevant else 0.0


_TOP_K_MINUS_ONE = (
    "You stopped one rank early, at rank k - 1 (as ranking[:k - 1] does): off by one. The top k is ranking[:k]."
)

_TOP_K_PLUS_ONE = "You went one rank too far, to rank k + 1: off by one. The top k is ranking[:k]."


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
        (min_k_top_k_minus_one, _TOP_K_MINUS_ONE),
        (min_k_top_k_plus_one, _TOP_K_PLUS_ONE),
    ]
