"""The check of the evaluation-pitfalls lesson's exercise `write-ranking`: ranking_from_scores.

Compared with ``rankmetrics.ranking_from_scores`` on fixed cases, then on 200 seeded random ones;
mistakes() are the slips learners make, conventions() other tools' definitions, each with
the sentence the learner reads.
"""

from common import ITEM_POOL

REFERENCE = "rankmetrics.ranking_from_scores"  # compared with, and named in verdicts

RESULT = "list"  # a list or tuple, compared item by item


#: (scores,): ranking_from_scores.
SCORES_CASES = (
    ({"a": 0.1, "b": 0.5, "c": 0.5, "d": 0.9},),  # b and c tie: input order
    ({"b": 1.0, "a": 1.0, "c": 2.0},),  # tie order is input order, not alphabetical
    ({},),
    ({"x": -1.0, "y": -0.5, "z": 0},),
    ({"a": 1, "b": 2.5, "c": 2},),
    ({"only": 3.0},),
)


def cases():
    return list(SCORES_CASES)


# --- random cases ----------------------------------------------------------------------


def random_case(rng):
    """(scores,) with 0-10 items and many ties; the dict's order is the tie order."""
    items = rng.sample(ITEM_POOL, rng.randint(0, 10))
    return ({item: rng.choice((0, 1, 2, 0.5, 0.25, -0.5, 0.9)) for item in items},)


# --- known wrong versions ---------------------------------------------------------------


def ranking_ties_by_id_descending(scores):
    return sorted(scores, key=lambda item: (scores[item], item), reverse=True)


def ranking_ties_by_id_ascending(scores):
    return sorted(scores, key=lambda item: (-scores[item], item))


def ranking_ties_reversed(scores):
    return sorted(scores, key=lambda item: scores[item])[::-1]


def ranking_lowest_first(scores):
    return sorted(scores, key=lambda item: scores[item])


def ranking_of_pairs(scores):
    return sorted(scores.items(), key=lambda pair: pair[1], reverse=True)


def ranking_through_a_set(scores):
    return sorted(set(scores), key=lambda item: scores[item], reverse=True)


def conventions():
    return [
        (
            ranking_ties_by_id_descending,
            "This is trec_eval's convention: ties broken by item id, highest first. This exercise "
            "keeps tied items in their input order.",
        ),
    ]


def mistakes():
    return [
        (
            ranking_ties_by_id_ascending,
            "You broke ties by item id; this exercise keeps tied items in their input order.",
        ),
        (
            ranking_ties_reversed,
            "Your tied items come out in reverse input order (as a lowest-first sort then reversed, or "
            "a key that adds the position, gives). Sort by the score alone: Python's sort is stable, "
            "also with reverse=True.",
        ),
        (ranking_lowest_first, "You put the lowest score first; a ranking puts the highest first."),
        (ranking_of_pairs, "You returned (item, score) pairs; return the item ids only."),
        (
            ranking_through_a_set,
            "You built the ranking from a set, and a set has no order: tied items come out in an "
            "order that can change from one run of Python to the next. Sort the dict's own keys: "
            "Python's sort is stable, so tied items keep their input order.",
        ),
    ]
