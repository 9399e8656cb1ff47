"""The check of the incomplete-judgments lesson's exercise `write-judged-at-k`: judged_at_k.

Compared with the lesson's solution (judged@k as the evaluate page reports it) on fixed cases,
then on 200 seeded random ones; mistakes() are the slips learners make, and conventions() the
other tools' definitions, each with the sentence the learner reads.
"""

from common import TOP_K_MINUS_ONE, TOP_K_PLUS_ONE, random_grades, random_k, random_ranking


def cases():
    """(ranking, judgments, k): judgments map document id -> grade; any grade is a judgment."""
    return [
        (["d7", "d8", "d1", "d4", "d11"], {"d1": 2, "d4": 0, "d2": 1}, 5),  # the lesson's run C
        (["d1", "d2", "d3", "d4"], {"d1": 0, "d2": 0, "d3": 3, "d4": 1}, 2),  # grade 0 is judged
        (["d1", "d2"], {"d1": 0, "d2": 1}, 5),  # k larger than the ranking: empty slots are unjudged
        ([], {"d1": 1}, 3),  # empty ranking
        (["d1", "d2", "d3"], {}, 2),  # nothing judged
        (["x1", "d1", "d2"], {"d1": 1, "d2": 0}, 1),  # the judged documents sit just below the top k
        (["d1", "x1", "d2", "x2"], {"d1": 1, "d2": 1, "d9": 2}, 3),  # d9 judged, never retrieved
        (["d1", "d2", "d3", "x1", "x2", "x3"], {"d1": 1, "d2": 0, "d3": 2}, 3),  # longer than k
    ]


# --- random cases ----------------------------------------------------------------------


def random_case(rng):
    """(ranking, judgments, k) with grades 0-3, some judged documents never retrieved."""
    ranking = random_ranking(rng)
    return (ranking, random_grades(rng, ranking), random_k(rng, ranking))


# --- known wrong versions ---------------------------------------------------------------


def judged(items, judgments):
    """How many of `items` have a judgment."""
    return sum(1 for doc in items if doc in judgments)


def judged_over_ranking_length(ranking, judgments, k):
    return judged(ranking[:k], judgments) / len(ranking)


def judged_over_ranking_length_or_zero(ranking, judgments, k):
    return judged(ranking[:k], judgments) / len(ranking) if ranking else 0.0


def judged_counts_relevant(ranking, judgments, k):
    return sum(1 for doc in ranking[:k] if judgments.get(doc, 0) > 0) / k


def judged_top_k_minus_one(ranking, judgments, k):
    return judged(ranking[: k - 1], judgments) / k


def judged_top_k_plus_one(ranking, judgments, k):
    return judged(ranking[: k + 1], judgments) / k


OVER_RANKING_LENGTH = (
    "You divided by the length of the ranking; judged@k divides by k, whatever the ranking's length: "
    "it is a share of the k slots of the top k."
)

COUNTS_RELEVANT = (
    "You counted only the relevant documents, which gives precision@k; a document judged not "
    "relevant (grade 0) is judged too. Count every document that has a grade."
)


def mistakes():
    return [
        (judged_over_ranking_length, OVER_RANKING_LENGTH),
        (judged_over_ranking_length_or_zero, OVER_RANKING_LENGTH),
        (judged_counts_relevant, COUNTS_RELEVANT),
        (judged_top_k_minus_one, TOP_K_MINUS_ONE),
        (judged_top_k_plus_one, TOP_K_PLUS_ONE),
    ]


# --- other tools' definitions -----------------------------------------------------------


def judged_over_top_k_length(ranking, judgments, k):
    return judged(ranking[:k], judgments) / len(ranking[:k])


def judged_over_top_k_length_or_zero(ranking, judgments, k):
    return judged(ranking[:k], judgments) / len(ranking[:k]) if ranking else 0.0


IR_MEASURES = (
    "You divided by the number of documents in the top k, min(k, length of the ranking), as "
    "ir_measures' Judged@k does. This exercise, like the evaluate page, divides by k: when the "
    "ranking is shorter than k, its empty slots count as unjudged."
)


def conventions():
    return [
        (judged_over_top_k_length, IR_MEASURES),
        (judged_over_top_k_length_or_zero, IR_MEASURES),
    ]
