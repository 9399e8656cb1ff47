"""Checking and normalising the inputs every metric shares.

Each metric validates its inputs with these helpers, then hands plain data
(a list for the ranking, a :class:`Judgments` for the relevance) to a small
per-user kernel. ``evaluate`` prepares each user's judgments once and calls
the kernels directly, so the checks run once per user, not once per metric.

Every rejected input raises ``ValueError`` with a message that names the
offending value, so a learner sees what to change.
"""

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from bisect import bisect_right
from itertools import compress, islice
from numbers import Integral, Real

# How a grade g becomes a gain in DCG (see ndcg.py for the sources).
GAINS = {
    "exponential": lambda grade: 2**grade - 1,  # Burges et al. 2005
    "linear": lambda grade: grade,  # Järvelin & Kekäläinen 2002
}


def ranks_in(items, members):
    """The ranks (1-based) of the `items` that are in `members` (a set or mapping), in order.
    The loop runs at C speed (the kernels' hot spot); a PreparedRanking answers for its
    judgments' grades and relevant set from the ranks it found once.

    >>> ranks_in(["a", "b", "c"], {"c", "a"})
    [1, 3]
    """
    if isinstance(items, PreparedRanking):
        if members is items.judgments.grades:
            return items.judged_ranks
        if members is items.judgments.relevant:
            return items.hit_ranks
    return list(compress(range(1, len(items) + 1), map(members.__contains__, items)))


class PreparedRanking:
    """One query's ranking with what every kernel looks for in it found once: the ranks of its
    judged items and of its relevant ones. The evaluator hands it to every kernel of the query
    in place of the plain list; a kernel reads it as the list (len, ranking[i], ranking[:k],
    iteration) and ranks_in answers from it.

    Args:
        items: list of item ids, best first, each once (checked by the caller).
        judgments: the query's Judgments.

    >>> prepared = PreparedRanking(["a", "x", "b"], Judgments.from_relevance({"a": 1, "b": 0}))
    >>> prepared.judged_ranks, prepared.hit_ranks, prepared[:2].judged_ranks, list(prepared[:2])
    ([1, 3], [1], [1], ['a', 'x'])
    """

    __slots__ = ("items", "judgments", "length", "judged_ranks", "hit_ranks", "_cuts")

    def __init__(self, items, judgments, *, length=None, judged_ranks=None, hit_ranks=None):
        self.items = items
        self.judgments = judgments
        self.length = len(items) if length is None else length
        if judged_ranks is None:
            judged_ranks = ranks_in(items, judgments.grades)
            hit_ranks = [rank for rank in judged_ranks if items[rank - 1] in judgments.relevant]
        self.judged_ranks = judged_ranks
        self.hit_ranks = hit_ranks
        self._cuts = {}  # k -> self[:k], made once: several kernels cut at the same k

    def __len__(self):
        return self.length

    def __iter__(self):
        return islice(self.items, self.length)

    def __getitem__(self, index):
        if type(index) is int and 0 <= index < self.length:  # the kernels' ranking[rank - 1]
            return self.items[index]
        if not isinstance(index, slice):
            return list(self)[index]
        k = index.stop
        if index.start is not None or index.step is not None or (k is not None and k < 0):
            return list(self)[index]
        if k is None or k >= self.length:
            return self
        if k not in self._cuts:
            self._cuts[k] = PreparedRanking(
                self.items,
                self.judgments,
                length=k,
                judged_ranks=self.judged_ranks[: bisect_right(self.judged_ranks, k)],
                hit_ranks=self.hit_ranks[: bisect_right(self.hit_ranks, k)],
            )
        return self._cuts[k]


def check_k(k, *, allow_none=False):
    """Return k if it is a positive int (None too when allow_none), else raise ValueError."""
    if k is None and allow_none:
        return None
    # bool is a subclass of int in Python, but k=True is almost surely a mistake.
    if isinstance(k, bool) or not isinstance(k, Integral) or k < 1:
        expected = "a positive int or None" if allow_none else "a positive int"
        raise ValueError(f"k must be {expected}, got {k!r}")
    return int(k)


def check_threshold(threshold):
    """Return the relevance threshold if it is a finite number > 0, else raise ValueError.

    The threshold must be above 0 because unjudged items have grade 0: a
    threshold of 0 would make every ranked item relevant.
    """
    if isinstance(threshold, bool) or not isinstance(threshold, Real) or not math.isfinite(threshold) or threshold <= 0:
        raise ValueError(f"threshold must be a finite number > 0, got {threshold!r}")
    return threshold


def check_gain(gain):
    """Return the gain function named by `gain` ("exponential" or "linear")."""
    if gain not in GAINS:
        raise ValueError(f"gain must be one of {sorted(GAINS)}, got {gain!r}")
    return GAINS[gain]


def check_ranking(ranking):
    """Return the ranking as a list of item ids, best first; reject duplicates.

    A ranking is an ordered sequence (list, tuple, ...). Mappings and sets are
    rejected because their order is not a ranking: turn scores into a ranking
    with ``ranking_from_scores`` first.
    """
    if isinstance(ranking, Mapping):
        raise ValueError(
            "ranking must be a sequence of item ids, got a mapping; "
            "use ranking_from_scores(scores) to rank items by score"
        )
    if isinstance(ranking, (str, bytes, set, frozenset)):
        raise ValueError(
            f"ranking must be an ordered sequence of item ids (a list or tuple), "
            f"got {type(ranking).__name__} {ranking!r}"
        )
    ranking = list(ranking)
    if len(set(ranking)) != len(ranking):
        # Slow path, only on error: find the first repeated item and both its ranks.
        first_rank = {}
        for rank, item in enumerate(ranking, start=1):
            if item in first_rank:
                raise ValueError(
                    f"item {item!r} is ranked twice, at rank {first_rank[item]} "
                    f"and at rank {rank}; a ranking lists each item once"
                )
            first_rank[item] = rank
    return ranking


def plain_finite_numbers(values):
    """True if every value is a plain int or float and finite: a quick check at C speed.

    Callers use it as a fast path and fall back to checking value by value,
    with a message naming the bad one, only when it returns False.
    """
    try:
        return set(map(type, values)) <= {int, float} and all(map(math.isfinite, values))
    except OverflowError:  # an int too large for a float: let the slow path judge it
        return False


def check_number(value, what):
    """Return value if it is a finite int or float (not a bool), else raise ValueError naming `what`."""
    # A bool usually means a mask like {item: item in test_set}; ask for a number.
    if isinstance(value, bool) or not isinstance(value, Real):
        raise ValueError(f"{what} must be a number (int or float, not bool), got {value!r}")
    if not isinstance(value, Integral) and not math.isfinite(value):
        raise ValueError(f"{what} must be finite, got {value!r}")
    return value


def check_grade(item, grade):
    """Return the grade if it is a finite number >= 0 (not a bool), else raise ValueError."""
    check_number(grade, f"grade of item {item!r}")
    if grade < 0:
        raise ValueError(f"grade of item {item!r} must be >= 0, got {grade!r}")
    return grade


def check_grades(relevance):
    """Return relevance as a mapping item id -> grade (the same mapping when one is given).

    `relevance` is either a mapping item id -> grade (int or float >= 0), or
    a set, frozenset, list or tuple of relevant item ids (grade 1 each).
    """
    if isinstance(relevance, Mapping):
        grades = relevance.values()
        if not (plain_finite_numbers(grades) and min(grades, default=0) >= 0):
            for item, grade in relevance.items():
                check_grade(item, grade)  # names the first bad grade
        return relevance
    if isinstance(relevance, (set, frozenset, list, tuple)):
        return dict.fromkeys(relevance, 1)
    raise ValueError(
        "relevance must be a mapping item id -> grade, or a set/list/tuple of "
        f"relevant item ids, got {type(relevance).__name__} {relevance!r}"
    )


@dataclass(frozen=True)
class Judgments:
    """One user's judgments, validated once and shared by every metric kernel.

    grades:   mapping item id -> grade (>= 0); items not in it have grade 0.
    relevant: the set R of items whose grade >= threshold (binary metrics).
    gain:     the function grade -> gain used by DCG (see GAINS).
    """

    grades: Mapping
    relevant: set
    gain: Callable

    @cached_property
    def ideal_grades(self):
        """Every judged grade, best first: the ideal ranking's grades (sorted once per user)."""
        return sorted(self.grades.values(), reverse=True)

    @classmethod
    def from_relevance(cls, relevance, *, threshold=1, gain="exponential"):
        """Validate `relevance` (see check_grades) and prepare it for the kernels."""
        threshold = check_threshold(threshold)
        gain_function = check_gain(gain)
        grades = check_grades(relevance)
        relevant = {item for item, grade in grades.items() if grade >= threshold}
        return cls(grades, relevant, gain_function)


def prepare(ranking, relevance, k, *, threshold=1, gain="exponential", allow_none_k=False):
    """Validate one user's inputs; return (ranking list, Judgments, k)."""
    k = check_k(k, allow_none=allow_none_k)
    ranking = check_ranking(ranking)
    judgments = Judgments.from_relevance(relevance, threshold=threshold, gain=gain)
    return ranking, judgments, k
