"""Random rankings and judgments for the rankmetrics tests: hypothesis strategies, and a
seeded generator for large batches that one reference call evaluates at once.

Hypothesis pays ~1 ms per drawn list, so its batches stay small (1-3 users);
random_users() adds thousands of users per reference call for breadth.

Items come from a small catalog so rankings and judgments overlap often:
relevant items are sometimes ranked, sometimes not (unretrieved), and
rankings hold judged and unjudged items. Ids are strings because pytrec_eval
and ranx only take string ids. Grades are 0-3.
"""

import random

from hypothesis import strategies as st

ITEMS = [f"d{i:02d}" for i in range(30)]
MAX_RANKING = 15
MAX_K = 20  # k is drawn from 1..MAX_K: above and below the ranking's length

grades_st = st.integers(min_value=0, max_value=3)
k_st = st.integers(min_value=1, max_value=MAX_K)


def rankings(min_size=1):
    return st.lists(st.sampled_from(ITEMS), unique=True, min_size=min_size, max_size=MAX_RANKING)


def judgments(min_size=1):
    """item -> grade 0-3; min_size=1 by default because references drop users with no judgments."""
    return st.dictionaries(st.sampled_from(ITEMS), grades_st, min_size=min_size, max_size=12)


@st.composite
def users(draw, n_min=1, n_max=3):
    """{user: (ranking, grades)} for a few users: one batch for one reference call."""
    n = draw(st.integers(min_value=n_min, max_value=n_max))
    return {f"u{i}": (draw(rankings()), draw(judgments())) for i in range(n)}


def random_users(seed, n_users):
    """{user: (ranking, grades)} for n_users users, drawn like the strategies, from a seed."""
    rng = random.Random(seed)
    batch = {}
    for i in range(n_users):
        ranking = rng.sample(ITEMS, rng.randint(1, MAX_RANKING))
        judged = rng.sample(ITEMS, rng.randint(1, 12))
        batch[f"u{i}"] = (ranking, {item: rng.randint(0, 3) for item in judged})
    return batch


def scores_of(ranking):
    """Strictly decreasing distinct scores in ranking order, so no reference breaks ties."""
    return {item: float(len(ranking) - rank) for rank, item in enumerate(ranking)}


def move_up(ranking, source, target):
    """Move the item at index source to index target < source; the items between shift down."""
    moved = ranking[:source] + ranking[source + 1 :]
    moved.insert(target, ranking[source])
    return moved


@st.composite
def moved_up_cases(draw, max_grade=3):
    """(ranking, relevance, k, moved): a relevant item moved up past items graded no higher.

    Grades are 0..max_grade; the moved item gets a grade >= 1 and >= every
    grade it passes, so no metric should get worse. k is None or 1..MAX_K.
    """
    ranking = draw(rankings(min_size=2))
    relevance = draw(st.dictionaries(st.sampled_from(ITEMS), st.integers(0, max_grade), max_size=12))
    source = draw(st.integers(1, len(ranking) - 1))
    target = draw(st.integers(0, source - 1))
    passed = max(relevance.get(item, 0) for item in ranking[target:source])
    relevance[ranking[source]] = draw(st.integers(max(passed, 1), max_grade))
    k = draw(st.none() | k_st)
    return ranking, relevance, k, move_up(ranking, source, target)
