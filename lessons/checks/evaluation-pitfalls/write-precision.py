"""The check of the evaluation-pitfalls lesson's exercise `write-precision`: precision_at_k.

Compared with ``rankmetrics.precision_at_k`` on fixed cases, then on 200 seeded random ones;
mistakes() are the slips learners make, conventions() other tools' definitions, each with
the sentence the learner reads.
"""

from common import BINARY_AT_K_CASES, TOP_K_MINUS_ONE, TOP_K_PLUS_ONE, hits, random_binary_case

REFERENCE = "rankmetrics.precision_at_k"  # compared with, and named in verdicts


def cases():
    return list(BINARY_AT_K_CASES)


# --- random cases ----------------------------------------------------------------------


def random_case(rng):
    """(ranking, relevant, k)."""
    return random_binary_case(rng)


# --- known wrong versions ---------------------------------------------------------------


def precision_divides_by_retrieved(ranking, relevant, k):
    top = list(ranking)[:k]
    return hits(top, relevant) / len(top) if top else 0.0


def precision_divides_by_relevant(ranking, relevant, k):
    return hits(list(ranking)[:k], relevant) / len(relevant) if relevant else 0.0


def precision_whole_ranking(ranking, relevant, k):
    return hits(ranking, relevant) / k


def precision_divides_by_ranking_length(ranking, relevant, k):
    return hits(list(ranking)[:k], relevant) / len(ranking) if ranking else 0.0


def precision_top_k_minus_one(ranking, relevant, k):
    return hits(list(ranking)[: k - 1], relevant) / k


def precision_top_k_plus_one(ranking, relevant, k):
    return hits(list(ranking)[: k + 1], relevant) / k


def conventions():
    return [
        (
            precision_divides_by_retrieved,
            "You divided by the number of items in the top k, min(k, len(ranking)), not by k. That is torchmetrics' "
            "adaptive_k=True; this exercise divides by k, as trec_eval does, so an empty slot counts "
            "as a miss.",
        ),
    ]


def mistakes():
    return [
        (
            precision_divides_by_relevant,
            "You divided by |R|, the number of relevant items: that is recall@k. Precision@k divides by k.",
        ),
        (precision_whole_ranking, "You counted the hits in the whole ranking, not only in the top k."),
        (precision_divides_by_ranking_length, "You divided by the length of the whole ranking, not by k."),
        (precision_top_k_minus_one, TOP_K_MINUS_ONE),
        (precision_top_k_plus_one, TOP_K_PLUS_ONE),
    ]
