"""The check of the reciprocal-rank lesson's exercise `write-reciprocal-rank`: reciprocal_rank.

Compared with ``rankmetrics.reciprocal_rank`` on fixed cases, then on 200 seeded random ones;
mistakes() are the slips learners make, each with the sentence the learner reads.
"""

from common import M_RANKING, M_RELEVANT, TOP_K_MINUS_ONE, random_k, random_ranking, random_relevant

REFERENCE = "rankmetrics.reciprocal_rank"  # compared with, and named in verdicts


#: (ranking, relevant, k): reciprocal rank with a cutoff, or k=None for the whole ranking.
RANKED_CUTOFF_CASES = (
    (M_RANKING, M_RELEVANT, None),  # first hit at rank 1
    (["x1", "x2", "m1"], {"m1"}, None),  # first hit at rank 3
    (["x1", "x2", "m1"], {"m1"}, 2),  # ... which is below a cutoff of 2
    (["x1", "m1", "m2", "x2"], {"m1", "m2"}, 2),  # the first hit is within k; the second does not count
    (["x1", "x2", "x3"], set(), 3),  # no relevant item
    (["x1", "x2"], {"m1"}, None),  # the relevant item is never retrieved
    ([], {"m1"}, 3),  # empty ranking
    (["d1", "d2", "d3", "d4", "d5"], {"d3", "d6"}, 5),
    (["m1"], {"m1"}, 10),  # k larger than the ranking
)


def cases():
    return list(RANKED_CUTOFF_CASES)


# --- random cases ----------------------------------------------------------------------


def random_case(rng):
    """(ranking, relevant, k) with k None (the whole ranking) about one time in four."""
    ranking = random_ranking(rng)
    relevant = random_relevant(rng, ranking)
    return (ranking, relevant, None if rng.random() < 0.25 else random_k(rng, ranking))


# --- known wrong versions ---------------------------------------------------------------


def _ranked(ranking, relevant, k):
    """(rank, item) over the top k (k None: the whole ranking), ranks from 1."""
    return enumerate(list(ranking)[:k], start=1)


def reciprocal_rank_of_last_hit(ranking, relevant, k):
    score = 0.0
    for rank, item in _ranked(ranking, relevant, k):
        if item in relevant:
            score = 1 / rank
    return score


def reciprocal_rank_returns_rank(ranking, relevant, k):
    for rank, item in _ranked(ranking, relevant, k):
        if item in relevant:
            return rank
    return 0.0


def reciprocal_rank_from_zero(ranking, relevant, k):
    for index, item in enumerate(list(ranking)[:k]):
        if item in relevant:
            return 1 / index
    return 0.0


def reciprocal_rank_mean_over_hits(ranking, relevant, k):
    ranks = [rank for rank, item in _ranked(ranking, relevant, k) if item in relevant]
    return sum(1 / rank for rank in ranks) / len(ranks) if ranks else 0.0


def reciprocal_rank_sum_over_hits(ranking, relevant, k):
    return sum(1 / rank for rank, item in _ranked(ranking, relevant, k) if item in relevant)


def reciprocal_rank_ignores_k(ranking, relevant, k):
    for rank, item in _ranked(ranking, relevant, None):
        if item in relevant:
            return 1 / rank
    return 0.0


def reciprocal_rank_top_k_minus_one(ranking, relevant, k):
    top = list(ranking) if k is None else list(ranking)[: k - 1]
    for rank, item in enumerate(top, start=1):
        if item in relevant:
            return 1 / rank
    return 0.0


def reciprocal_rank_of_rank_plus_one(ranking, relevant, k):
    for rank, item in _ranked(ranking, relevant, k):
        if item in relevant:
            return 1 / (rank + 1)
    return 0.0


def mistakes():
    return [
        (reciprocal_rank_of_last_hit, "You kept the rank of the last relevant item; only the first one counts."),
        (reciprocal_rank_returns_rank, "You returned the rank itself; reciprocal rank is 1 / rank."),
        (
            reciprocal_rank_from_zero,
            "Your ranks start at 0 (as enumerate does without start=1), off by one: the first item is rank 1.",
        ),
        (
            reciprocal_rank_mean_over_hits,
            "You averaged 1 / rank over every relevant item in the top k; only the first one counts.",
        ),
        (
            reciprocal_rank_sum_over_hits,
            "You added up 1 / rank over every relevant item in the top k; only the first one counts.",
        ),
        (
            reciprocal_rank_ignores_k,
            "You looked for the first hit in the whole ranking, not only in the top k: a first relevant "
            "item below rank k gives 0.0 at cut-off k.",
        ),
        (reciprocal_rank_top_k_minus_one, TOP_K_MINUS_ONE),
        (
            reciprocal_rank_of_rank_plus_one,
            "A first hit at rank r got 1 / (r + 1), off by one: ranks count from 1, so a hit at rank 1 "
            "scores 1 / 1 = 1.0.",
        ),
    ]
