"""The check of the precision-recall lesson's exercise `write-recall`: recall_at_k.

Compared with ``rankmetrics.recall_at_k`` on fixed cases, then on 200 seeded random ones;
mistakes() are the slips learners make, conventions() other tools' definitions, each with
the sentence the learner reads.
"""

REFERENCE = "rankmetrics.recall_at_k"  # compared with, and named in verdicts

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


def cases():
    return list(BINARY_AT_K_CASES)


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


def _hits(items, relevant):
    return sum(1 for item in items if item in relevant)


def recall_divides_by_k(ranking, relevant, k):
    return _hits(list(ranking)[:k], relevant) / k


def recall_divides_by_min_k_and_relevant(ranking, relevant, k):
    return _hits(list(ranking)[:k], relevant) / min(k, len(relevant)) if relevant else 0.0


def recall_divides_by_hits_found(ranking, relevant, k):
    found = _hits(ranking, relevant)
    return _hits(list(ranking)[:k], relevant) / found if found else 0.0


def recall_whole_ranking(ranking, relevant, k):
    return _hits(ranking, relevant) / len(relevant) if relevant else 0.0


def recall_divides_by_zero_without_relevant(ranking, relevant, k):
    return _hits(list(ranking)[:k], relevant) / len(relevant)


def recall_is_one_without_relevant(ranking, relevant, k):
    return _hits(list(ranking)[:k], relevant) / len(relevant) if relevant else 1.0


def recall_top_k_minus_one(ranking, relevant, k):
    return _hits(list(ranking)[: k - 1], relevant) / len(relevant) if relevant else 0.0


def recall_top_k_plus_one(ranking, relevant, k):
    return _hits(list(ranking)[: k + 1], relevant) / len(relevant) if relevant else 0.0


_NO_RELEVANT = (
    "A user with no relevant items has |R| = 0: return 0.0 for them, by convention, instead of dividing by zero."
)

_ONE_WITHOUT_RELEVANT = (
    "For a user with no relevant items you returned 1.0; this course, like trec_eval, scores them 0.0."
)

_TOP_K_MINUS_ONE = (
    "You stopped one rank early, at rank k - 1 (as ranking[:k - 1] does): off by one. The top k is ranking[:k]."
)

_TOP_K_PLUS_ONE = "You went one rank too far, to rank k + 1: off by one. The top k is ranking[:k]."


def conventions():
    return [
        (
            recall_divides_by_min_k_and_relevant,
            "You divided by min(k, |R|): that is the capped recall of Liang et al. (2018), which gives "
            "1.0 to a top k full of hits. This exercise divides by |R|, as trec_eval does.",
        ),
    ]


def mistakes():
    return [
        (
            recall_divides_by_k,
            "You divided by k: that is precision@k. Recall@k divides by |R|, the number of relevant "
            "items, retrieved or not.",
        ),
        (
            recall_divides_by_hits_found,
            "You divided by the relevant items the ranking retrieved, not by |R|: a relevant item the "
            "ranking never shows must still count.",
        ),
        (recall_whole_ranking, "You counted the hits in the whole ranking, not only in the top k."),
        (recall_divides_by_zero_without_relevant, _NO_RELEVANT),
        (recall_is_one_without_relevant, _ONE_WITHOUT_RELEVANT),
        (recall_top_k_minus_one, _TOP_K_MINUS_ONE),
        (recall_top_k_plus_one, _TOP_K_PLUS_ONE),
    ]
