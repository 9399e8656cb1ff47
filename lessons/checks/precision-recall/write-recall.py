"""The check of the precision-recall lesson's exercise `write-recall`: recall_at_k.

Compared with ``rankmetrics.recall_at_k`` on fixed cases, then on 200 seeded random ones;
mistakes() are the slips learners make, conventions() other tools' definitions, each with
the sentence the learner reads.
"""

from common import (
    BINARY_AT_K_CASES,
    NO_RELEVANT,
    NONE_WITHOUT_RELEVANT,
    ONE_WITHOUT_RELEVANT,
    TOP_K_MINUS_ONE,
    TOP_K_PLUS_ONE,
    hits,
    random_binary_case,
)

REFERENCE = "rankmetrics.recall_at_k"  # compared with, and named in verdicts


def cases():
    return list(BINARY_AT_K_CASES)


# --- random cases ----------------------------------------------------------------------


def random_case(rng):
    """(ranking, relevant, k)."""
    return random_binary_case(rng)


# --- known wrong versions ---------------------------------------------------------------


def recall_divides_by_k(ranking, relevant, k):
    return hits(list(ranking)[:k], relevant) / k


def recall_divides_by_min_k_and_relevant(ranking, relevant, k):
    return hits(list(ranking)[:k], relevant) / min(k, len(relevant)) if relevant else 0.0


def recall_divides_by_hits_found(ranking, relevant, k):
    found = hits(ranking, relevant)
    return hits(list(ranking)[:k], relevant) / found if found else 0.0


def recall_whole_ranking(ranking, relevant, k):
    return hits(ranking, relevant) / len(relevant) if relevant else 0.0


def recall_divides_by_zero_without_relevant(ranking, relevant, k):
    return hits(list(ranking)[:k], relevant) / len(relevant)


def recall_is_none_without_relevant(ranking, relevant, k):
    return hits(list(ranking)[:k], relevant) / len(relevant) if relevant else None


def recall_is_one_without_relevant(ranking, relevant, k):
    return hits(list(ranking)[:k], relevant) / len(relevant) if relevant else 1.0


def recall_top_k_minus_one(ranking, relevant, k):
    return hits(list(ranking)[: k - 1], relevant) / len(relevant) if relevant else 0.0


def recall_top_k_plus_one(ranking, relevant, k):
    return hits(list(ranking)[: k + 1], relevant) / len(relevant) if relevant else 0.0


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
        (recall_divides_by_zero_without_relevant, NO_RELEVANT),
        (recall_is_none_without_relevant, NONE_WITHOUT_RELEVANT),
        (recall_is_one_without_relevant, ONE_WITHOUT_RELEVANT),
        (recall_top_k_minus_one, TOP_K_MINUS_ONE),
        (recall_top_k_plus_one, TOP_K_PLUS_ONE),
    ]
