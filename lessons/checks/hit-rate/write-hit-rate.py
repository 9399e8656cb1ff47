"""The check of the hit-rate lesson's exercise `write-hit-rate`: hit_rate_at_k.

Compared with ``rankmetrics.hit_rate_at_k`` on fixed cases, then on 200 seeded random ones;
mistakes() are the slips learners make, each with the sentence the learner reads.
"""

from common import BINARY_AT_K_CASES, TOP_K_MINUS_ONE, TOP_K_PLUS_ONE, hits, random_binary_case

REFERENCE = "rankmetrics.hit_rate_at_k"  # compared with, and named in verdicts


def cases():
    return list(BINARY_AT_K_CASES)


# --- random cases ----------------------------------------------------------------------


def random_case(rng):
    """(ranking, relevant, k)."""
    return random_binary_case(rng)


# --- known wrong versions ---------------------------------------------------------------


def hit_rate_whole_ranking(ranking, relevant, k):
    return 1.0 if hits(ranking, relevant) else 0.0


def hit_rate_counts_hits(ranking, relevant, k):
    return hits(list(ranking)[:k], relevant)


def hit_rate_share_of_top_k(ranking, relevant, k):
    return hits(list(ranking)[:k], relevant) / k


def hit_rate_top_k_minus_one(ranking, relevant, k):
    return 1.0 if hits(list(ranking)[: k - 1], relevant) else 0.0


def hit_rate_top_k_plus_one(ranking, relevant, k):
    return 1.0 if hits(list(ranking)[: k + 1], relevant) else 0.0


def hit_rate_returns_recall(ranking, relevant, k):
    return hits(list(ranking)[:k], relevant) / len(relevant) if relevant else 0.0


def mistakes():
    return [
        (
            hit_rate_whole_ranking,
            "You looked for a hit in the whole ranking, not only in the top k: a relevant item at "
            "rank k + 1 is a miss.",
        ),
        (hit_rate_counts_hits, "You counted the hits; hit-rate@k is 1.0 as soon as one relevant item is in the top k."),
        (
            hit_rate_share_of_top_k,
            "You returned the share of the top k that is relevant, which is precision@k; hit-rate@k is "
            "1.0 as soon as one relevant item is in the top k.",
        ),
        (hit_rate_top_k_minus_one, TOP_K_MINUS_ONE),
        (hit_rate_top_k_plus_one, TOP_K_PLUS_ONE),
        (
            hit_rate_returns_recall,
            "You returned the share of the relevant items found in the top k, which is recall@k; "
            "hit-rate@k is 1.0 as soon as one relevant item is in the top k.",
        ),
    ]
