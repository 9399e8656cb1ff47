"""Known wrong versions of the exercises' functions, and what each one misunderstands.

When a learner's function fails a check, :func:`identify` runs each known
variant of that exercise on every case of the check, fixed and random.  A
variant is named only when it reproduces the learner's function: the same
answer (number, list, value, or the same kind of exception) on the case the
verdict shows and on (nearly) every other case the learner fails, and no
other disagreement beyond that slack.  Otherwise the verdict names the
failing input and what was expected, and stops there: a wrong name sends a
learner to fix what is not broken.

A variant that is another library's convention (linear gain, AP divided by
min(k, |R|)) is named as that convention, not as a mistake, and only when it
matches the learner on every case.

:data:`MISCONCEPTIONS` is the registry: check name -> its variants, each a
small function with the exercise's signature and the sentence the learner
reads.  A lesson's own check brings its variants in its check block
(``mistakes()``).  Standard library only; importing this module imports
nothing else.
"""

from __future__ import annotations

import contextlib
import copy
import io
import math
from dataclasses import dataclass
from numbers import Real
from typing import Any, Callable, Iterable, Optional, Sequence


@dataclass(frozen=True)
class Misconception:
    """One wrong (or other-convention) version of an exercise's function.

    ``variant`` -- the function, with the exercise's parameters.
    ``message`` -- what the learner's answer shows, in one or two sentences.
    ``convention`` -- True when the variant is another tool's convention,
    not a mistake (its message names that tool).
    """

    variant: Callable[..., Any]
    message: str
    convention: bool = False

    @property
    def name(self) -> str:
        return self.variant.__name__


# --- small helpers shared by the variants ---------------------------------------


def _hits(items: Iterable, relevant) -> int:
    return sum(1 for item in items if item in relevant)


def _exp_gain(grade) -> float:
    return 2**grade - 1


def _dcg(ranking, relevance, k, gain=_exp_gain, discount=lambda rank: math.log2(rank + 1)) -> float:
    return sum(gain(relevance.get(item, 0)) / discount(rank) for rank, item in enumerate(list(ranking)[:k], start=1))


def _ideal(relevance) -> list:
    return sorted(relevance, key=relevance.get, reverse=True)


def _ndcg(dcg: float, idcg: float) -> float:
    return dcg / idcg if idcg > 0 else 0.0


def _precision_sum(ranking, relevant, k=None, *, hits_above_only=False) -> tuple[float, int]:
    """Sum of precision@i at the ranks i (<= k) holding a relevant item, and the hits found."""
    hits, total = 0, 0.0
    for rank, item in enumerate(list(ranking)[:k], start=1):
        if item in relevant:
            total += (hits if hits_above_only else hits + 1) / rank
            hits += 1
    return total, hits


# --- precision@k ---------------------------------------------------------------------


def precision_divides_by_retrieved(ranking, relevant, k):
    top = list(ranking)[:k]
    return _hits(top, relevant) / len(top) if top else 0.0


def precision_divides_by_relevant(ranking, relevant, k):
    return _hits(list(ranking)[:k], relevant) / len(relevant) if relevant else 0.0


def precision_whole_ranking(ranking, relevant, k):
    return _hits(ranking, relevant) / k


def precision_divides_by_ranking_length(ranking, relevant, k):
    return _hits(list(ranking)[:k], relevant) / len(ranking) if ranking else 0.0


def precision_top_k_minus_one(ranking, relevant, k):
    return _hits(list(ranking)[: k - 1], relevant) / k


def precision_top_k_plus_one(ranking, relevant, k):
    return _hits(list(ranking)[: k + 1], relevant) / k


# --- recall@k ------------------------------------------------------------------------


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


# --- hit-rate@k ----------------------------------------------------------------------


def hit_rate_whole_ranking(ranking, relevant, k):
    return 1.0 if _hits(ranking, relevant) else 0.0


def hit_rate_counts_hits(ranking, relevant, k):
    return _hits(list(ranking)[:k], relevant)


def hit_rate_share_of_top_k(ranking, relevant, k):
    return _hits(list(ranking)[:k], relevant) / k


def hit_rate_top_k_minus_one(ranking, relevant, k):
    return 1.0 if _hits(list(ranking)[: k - 1], relevant) else 0.0


def hit_rate_top_k_plus_one(ranking, relevant, k):
    return 1.0 if _hits(list(ranking)[: k + 1], relevant) else 0.0


def hit_rate_returns_recall(ranking, relevant, k):
    return _hits(list(ranking)[:k], relevant) / len(relevant) if relevant else 0.0


# --- reciprocal rank ----------------------------------------------------------------------


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


def reciprocal_rank_of_rank_plus_one(ranking, relevant, k):
    for rank, item in _ranked(ranking, relevant, k):
        if item in relevant:
            return 1 / (rank + 1)
    return 0.0


def reciprocal_rank_ignores_k(ranking, relevant, k):
    for rank, item in _ranked(ranking, relevant, None):
        if item in relevant:
            return 1 / rank
    return 0.0


# --- average precision ---------------------------------------------------------------


def average_precision_divides_by_hits_found(ranking, relevant):
    total, hits = _precision_sum(ranking, relevant)
    return total / hits if hits else 0.0


def average_precision_divides_by_ranking_length(ranking, relevant):
    total, _ = _precision_sum(ranking, relevant)
    return total / len(ranking) if ranking else 0.0


def average_precision_over_every_rank(ranking, relevant):
    ranking = list(ranking)
    if not ranking:
        return 0.0
    return sum(_hits(ranking[:rank], relevant) / rank for rank in range(1, len(ranking) + 1)) / len(ranking)


def average_precision_hits_above_only(ranking, relevant):
    total, _ = _precision_sum(ranking, relevant, hits_above_only=True)
    return total / len(relevant) if relevant else 0.0


def average_precision_divides_by_zero_without_relevant(ranking, relevant):
    total, _ = _precision_sum(ranking, relevant)
    return total / len(relevant)


def average_precision_is_one_without_relevant(ranking, relevant):
    total, _ = _precision_sum(ranking, relevant)
    return total / len(relevant) if relevant else 1.0


def average_precision_of_rank_plus_one(ranking, relevant):
    hits, total = 0, 0.0
    for rank, item in enumerate(ranking, start=1):
        if item in relevant:
            hits += 1
            total += hits / (rank + 1)
    return total / len(relevant) if relevant else 0.0


def average_precision_interpolated(ranking, relevant):
    ranking = list(ranking)
    precisions = [_hits(ranking[:rank], relevant) / rank for rank in range(1, len(ranking) + 1)]
    total = sum(max(precisions[index:]) for index, item in enumerate(ranking) if item in relevant)
    return total / len(relevant) if relevant else 0.0


# --- AP@k divided by min(k, |R|) ------------------------------------------------------


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


# --- DCG@k ---------------------------------------------------------------------------


def dcg_natural_log(ranking, relevance, k):
    return _dcg(ranking, relevance, k, discount=lambda rank: math.log(rank + 1))


def dcg_log2_of_rank(ranking, relevance, k):
    return _dcg(ranking, relevance, k, discount=math.log2)


def dcg_jarvelin_kekalainen(ranking, relevance, k):
    return _dcg(ranking, relevance, k, discount=lambda rank: 1.0 if rank < 2 else math.log2(rank))


def dcg_linear_gain(ranking, relevance, k):
    return _dcg(ranking, relevance, k, gain=lambda grade: grade)


def dcg_gain_without_minus_one(ranking, relevance, k):
    return _dcg(ranking, relevance, k, gain=lambda grade: 2**grade)


def dcg_whole_ranking(ranking, relevance, k):
    return _dcg(ranking, relevance, None)


def dcg_multiplies_by_log(ranking, relevance, k):
    return _dcg(ranking, relevance, k, discount=lambda rank: 1 / math.log2(rank + 1))


def dcg_log2_of_rank_minus_one(ranking, relevance, k):
    return _dcg(ranking, relevance, k, discount=lambda rank: math.log2(rank - 1))


def dcg_log2_of_rank_plus_two(ranking, relevance, k):
    return _dcg(ranking, relevance, k, discount=lambda rank: math.log2(rank + 2))


def dcg_top_k_minus_one(ranking, relevance, k):
    return _dcg(ranking, relevance, k - 1)


def dcg_top_k_plus_one(ranking, relevance, k):
    return _dcg(ranking, relevance, k + 1)


def dcg_over_a_set(ranking, relevance, k):
    return _dcg(list(set(list(ranking)[:k])), relevance, k)


# --- NDCG@k --------------------------------------------------------------------------


def ndcg_ideal_from_retrieved_top_k(ranking, relevance, k):
    ideal = sorted(list(ranking)[:k], key=lambda item: relevance.get(item, 0), reverse=True)
    return _ndcg(_dcg(ranking, relevance, k), _dcg(ideal, relevance, k))


def ndcg_ideal_from_whole_ranking(ranking, relevance, k):
    ideal = sorted(ranking, key=lambda item: relevance.get(item, 0), reverse=True)
    return _ndcg(_dcg(ranking, relevance, k), _dcg(ideal, relevance, k))


def ndcg_ideal_not_cut_at_k(ranking, relevance, k):
    return _ndcg(_dcg(ranking, relevance, k), _dcg(_ideal(relevance), relevance, None))


def ndcg_linear_gain(ranking, relevance, k):
    linear = lambda grade: grade  # noqa: E731
    return _ndcg(_dcg(ranking, relevance, k, gain=linear), _dcg(_ideal(relevance), relevance, k, gain=linear))


def ndcg_gain_without_minus_one(ranking, relevance, k):
    power = lambda grade: 2**grade  # noqa: E731
    return _ndcg(_dcg(ranking, relevance, k, gain=power), _dcg(_ideal(relevance), relevance, k, gain=power))


def ndcg_log2_of_rank(ranking, relevance, k):
    return _ndcg(
        _dcg(ranking, relevance, k, discount=math.log2), _dcg(_ideal(relevance), relevance, k, discount=math.log2)
    )


def ndcg_not_normalised(ranking, relevance, k):
    return _dcg(ranking, relevance, k)


def ndcg_divides_by_zero_without_relevant(ranking, relevance, k):
    return _dcg(ranking, relevance, k) / _dcg(_ideal(relevance), relevance, k)


def ndcg_is_one_without_relevant(ranking, relevance, k):
    ideal = _dcg(_ideal(relevance), relevance, k)
    return _dcg(ranking, relevance, k) / ideal if ideal > 0 else 1.0


def ndcg_ideal_cut_at_retrieved(ranking, relevance, k):
    return _ndcg(_dcg(ranking, relevance, k), _dcg(_ideal(relevance), relevance, min(k, len(ranking))))


def ndcg_log2_of_rank_plus_two(ranking, relevance, k):
    def discount(rank):
        return math.log2(rank + 2)

    return _ndcg(
        _dcg(ranking, relevance, k, discount=discount), _dcg(_ideal(relevance), relevance, k, discount=discount)
    )


def ndcg_top_k_minus_one(ranking, relevance, k):
    return _ndcg(_dcg(ranking, relevance, k - 1), _dcg(_ideal(relevance), relevance, k - 1))


def ndcg_top_k_plus_one(ranking, relevance, k):
    return _ndcg(_dcg(ranking, relevance, k + 1), _dcg(_ideal(relevance), relevance, k + 1))


def ndcg_over_a_set(ranking, relevance, k):
    return _ndcg(_dcg(list(set(list(ranking)[:k])), relevance, k), _dcg(_ideal(relevance), relevance, k))


# --- ranking from scores --------------------------------------------------------------


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


# --- the registry -------------------------------------------------------------------------

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
_DISCOUNT_ZERO = (
    "At rank 1 your discount is log2(1) = 0, so the division fails: the discount of rank r, counted from 1, "
    "is log2(r + 1)."
)
_DISCOUNT_UNDEFINED = (
    "At rank 1 your discount is log2(0), which is undefined: the discount of rank r, counted from 1, is log2(r + 1)."
)
_DISCOUNT_PLUS_TWO = (
    "Your discount is log2(rank + 2), off by one: with ranks counted from 1, rank 1's discount is "
    "log2(2) = 1, so it is log2(rank + 1)."
)
_OVER_A_SET = (
    "You went through the top k as a set, and a set has no order: the items lost their ranks. Walk the "
    "list itself: for rank, item in enumerate(ranking[:k], start=1)."
)

#: Check name -> its known variants, most telling first.
MISCONCEPTIONS: dict[str, tuple[Misconception, ...]] = {
    "precision_at_k": (
        Misconception(
            precision_divides_by_retrieved,
            (
                "You divided by the number of items in the top k, min(k, len(ranking)), not by k. That is torchmetrics' "
                "adaptive_k=True; this exercise divides by k, as trec_eval does, so an empty slot counts "
                "as a miss."
            ),
            convention=True,
        ),
        Misconception(
            precision_divides_by_relevant,
            ("You divided by |R|, the number of relevant items: that is recall@k. Precision@k divides by k."),
        ),
        Misconception(precision_whole_ranking, ("You counted the hits in the whole ranking, not only in the top k.")),
        Misconception(
            precision_divides_by_ranking_length, ("You divided by the length of the whole ranking, not by k.")
        ),
        Misconception(precision_top_k_minus_one, _TOP_K_MINUS_ONE),
        Misconception(precision_top_k_plus_one, _TOP_K_PLUS_ONE),
    ),
    "recall_at_k": (
        Misconception(
            recall_divides_by_k,
            (
                "You divided by k: that is precision@k. Recall@k divides by |R|, the number of relevant "
                "items, retrieved or not."
            ),
        ),
        Misconception(
            recall_divides_by_min_k_and_relevant,
            (
                "You divided by min(k, |R|): that is the capped recall of Liang et al. (2018), which gives "
                "1.0 to a top k full of hits. This exercise divides by |R|, as trec_eval does."
            ),
            convention=True,
        ),
        Misconception(
            recall_divides_by_hits_found,
            (
                "You divided by the relevant items the ranking retrieved, not by |R|: a relevant item the "
                "ranking never shows must still count."
            ),
        ),
        Misconception(recall_whole_ranking, ("You counted the hits in the whole ranking, not only in the top k.")),
        Misconception(recall_divides_by_zero_without_relevant, _NO_RELEVANT),
        Misconception(recall_is_one_without_relevant, _ONE_WITHOUT_RELEVANT),
        Misconception(recall_top_k_minus_one, _TOP_K_MINUS_ONE),
        Misconception(recall_top_k_plus_one, _TOP_K_PLUS_ONE),
    ),
    "hit_rate_at_k": (
        Misconception(
            hit_rate_whole_ranking,
            (
                "You looked for a hit in the whole ranking, not only in the top k: a relevant item at "
                "rank k + 1 is a miss."
            ),
        ),
        Misconception(
            hit_rate_counts_hits,
            ("You counted the hits; hit-rate@k is 1.0 as soon as one relevant item is in the top k."),
        ),
        Misconception(
            hit_rate_share_of_top_k,
            (
                "You returned the share of the top k that is relevant, which is precision@k; hit-rate@k is "
                "1.0 as soon as one relevant item is in the top k."
            ),
        ),
        Misconception(hit_rate_top_k_minus_one, _TOP_K_MINUS_ONE),
        Misconception(hit_rate_top_k_plus_one, _TOP_K_PLUS_ONE),
        Misconception(
            hit_rate_returns_recall,
            (
                "You returned the share of the relevant items found in the top k, which is recall@k; "
                "hit-rate@k is 1.0 as soon as one relevant item is in the top k."
            ),
        ),
    ),
    "reciprocal_rank": (
        Misconception(
            reciprocal_rank_of_last_hit, ("You kept the rank of the last relevant item; only the first one counts.")
        ),
        Misconception(reciprocal_rank_returns_rank, ("You returned the rank itself; reciprocal rank is 1 / rank.")),
        Misconception(
            reciprocal_rank_from_zero,
            ("Your ranks start at 0 (as enumerate does without start=1), off by one: the first item is rank 1."),
        ),
        Misconception(
            reciprocal_rank_mean_over_hits,
            ("You averaged 1 / rank over every relevant item; only the first one counts."),
        ),
        Misconception(
            reciprocal_rank_sum_over_hits,
            ("You added up 1 / rank over every relevant item; only the first one counts."),
        ),
        Misconception(
            reciprocal_rank_ignores_k,
            (
                "You looked for the first hit in the whole ranking, not only in the top k: a first relevant "
                "item below rank k gives 0.0 at cut-off k."
            ),
        ),
        Misconception(
            reciprocal_rank_of_rank_plus_one,
            (
                "A first hit at rank r got 1 / (r + 1), off by one: ranks count from 1, so a hit at rank 1 "
                "scores 1 / 1 = 1.0."
            ),
        ),
    ),
    "average_precision": (
        Misconception(
            average_precision_divides_by_hits_found,
            (
                "You divided by the hits found instead of |R|: a relevant item the ranking never shows "
                "must pull AP down."
            ),
        ),
        Misconception(
            average_precision_divides_by_ranking_length,
            ("You divided by the length of the ranking instead of |R|, the number of relevant items."),
        ),
        Misconception(
            average_precision_over_every_rank,
            (
                "You averaged precision@i over every rank; AP takes it only at the ranks that hold a "
                "relevant item, and divides by |R|."
            ),
        ),
        Misconception(
            average_precision_hits_above_only,
            ("At each hit you counted only the hits above it; precision@i at a hit includes that hit."),
        ),
        Misconception(average_precision_divides_by_zero_without_relevant, _NO_RELEVANT),
        Misconception(average_precision_is_one_without_relevant, _ONE_WITHOUT_RELEVANT),
        Misconception(
            average_precision_of_rank_plus_one,
            (
                "At a hit at rank r you divided by r + 1, off by one: precision@r is the number of hits in "
                "the top r divided by r."
            ),
        ),
        Misconception(
            average_precision_interpolated,
            (
                "You used interpolated precision, the highest precision at that rank or any deeper one (as "
                "interpolated precision-recall curves do); AP, as trec_eval computes it, takes precision@i "
                "exactly at each rank i that holds a relevant item."
            ),
        ),
    ),
    "average_precision_min_k": (
        Misconception(
            min_k_divides_by_relevant,
            (
                "You divided by |R|: that is trec_eval's map_cut, this lesson's first convention. This "
                "exercise asks for the min(k, |R|) of RecBole and recent Microsoft recommenders."
            ),
            convention=True,
        ),
        Misconception(
            min_k_divides_by_k,
            (
                "You divided by k; this convention divides by min(k, |R|), so a user with fewer than k "
                "relevant items can still reach 1.0."
            ),
        ),
        Misconception(
            min_k_divides_by_hits_found, ("You divided by the hits found in the top k instead of min(k, |R|).")
        ),
        Misconception(min_k_whole_ranking, ("You walked the whole ranking; this AP stops at rank k.")),
        Misconception(min_k_top_k_minus_one, _TOP_K_MINUS_ONE),
        Misconception(min_k_top_k_plus_one, _TOP_K_PLUS_ONE),
    ),
    "dcg_at_k": (
        Misconception(
            dcg_natural_log,
            ("You used math.log (base e) instead of log2: the weight of rank 1 must be 1 / log2(2) = 1."),
        ),
        Misconception(dcg_log2_of_rank, _DISCOUNT_ZERO),
        Misconception(dcg_log2_of_rank_minus_one, _DISCOUNT_UNDEFINED),
        Misconception(dcg_log2_of_rank_plus_two, _DISCOUNT_PLUS_TWO),
        Misconception(
            dcg_jarvelin_kekalainen,
            (
                "Your discount is the one of Järvelin & Kekäläinen's original DCG (2000, 2002): none at ranks "
                "1 and 2, then log2(rank). This exercise, like trec_eval, divides rank r by log2(r + 1)."
            ),
            convention=True,
        ),
        Misconception(
            dcg_linear_gain,
            (
                "This is the linear gain (the grade itself), trec_eval's and scikit-learn's convention; "
                "this exercise asks for the exponential one, 2^grade - 1."
            ),
            convention=True,
        ),
        Misconception(
            dcg_gain_without_minus_one,
            ("Your gain is 2^grade without the - 1, so an unjudged or irrelevant item (grade 0) adds 2^0 = 1."),
        ),
        Misconception(dcg_whole_ranking, ("You summed over the whole ranking, not only the top k.")),
        Misconception(dcg_multiplies_by_log, ("You multiplied the gain by log2(rank + 1) instead of dividing by it.")),
        Misconception(dcg_top_k_minus_one, _TOP_K_MINUS_ONE),
        Misconception(dcg_top_k_plus_one, _TOP_K_PLUS_ONE),
        Misconception(dcg_over_a_set, _OVER_A_SET),
    ),
    "ndcg_at_k": (
        Misconception(
            ndcg_ideal_from_retrieved_top_k,
            (
                "You built IDCG from the retrieved list only. The ideal list starts from every judged "
                "item, retrieved or not; otherwise a list that missed the best item can score 1."
            ),
        ),
        Misconception(
            ndcg_ideal_from_whole_ranking,
            (
                "You built IDCG from the retrieved items only. The ideal list starts from every judged "
                "item, retrieved or not; otherwise a list that missed the best item can score 1."
            ),
        ),
        Misconception(
            ndcg_ideal_not_cut_at_k,
            ("Your IDCG sums over every judged item; the ideal list is cut at k too, so a perfect top k scores 1."),
        ),
        Misconception(
            ndcg_linear_gain,
            (
                "This is the linear gain (the grade itself), the convention of trec_eval, ranx's ndcg "
                "and scikit-learn; this exercise asks for the exponential one, 2^grade - 1."
            ),
            convention=True,
        ),
        Misconception(
            ndcg_gain_without_minus_one,
            ("Your gain is 2^grade without the - 1, so an unjudged or irrelevant item (grade 0) adds 2^0 = 1."),
        ),
        Misconception(ndcg_log2_of_rank, _DISCOUNT_ZERO),
        Misconception(ndcg_log2_of_rank_plus_two, _DISCOUNT_PLUS_TWO),
        Misconception(ndcg_not_normalised, ("You returned DCG@k without dividing it by IDCG@k.")),
        Misconception(
            ndcg_divides_by_zero_without_relevant,
            (
                "When no judged item has a grade above 0, IDCG is 0: return 0.0, by convention, instead "
                "of dividing by zero."
            ),
        ),
        Misconception(
            ndcg_is_one_without_relevant,
            (
                "When no judged item has a grade above 0, IDCG is 0 and you returned 1.0; this course, like "
                "trec_eval, scores that user 0.0."
            ),
        ),
        Misconception(
            ndcg_ideal_cut_at_retrieved,
            (
                "You cut the ideal list at the number of items retrieved. The ideal top k has k places "
                "whatever the run returned, so a short list that misses relevant items must not score 1."
            ),
        ),
        Misconception(ndcg_top_k_minus_one, _TOP_K_MINUS_ONE),
        Misconception(ndcg_top_k_plus_one, _TOP_K_PLUS_ONE),
        Misconception(ndcg_over_a_set, _OVER_A_SET),
    ),
    "ranking_from_scores": (
        Misconception(
            ranking_ties_by_id_descending,
            (
                "This is trec_eval's convention: ties broken by item id, highest first. This exercise "
                "keeps tied items in their input order."
            ),
            convention=True,
        ),
        Misconception(
            ranking_ties_by_id_ascending,
            ("You broke ties by item id; this exercise keeps tied items in their input order."),
        ),
        Misconception(
            ranking_ties_reversed,
            (
                "Your tied items come out in reverse input order: sorting lowest first and then reversing "
                "the list reverses the ties too. Python's sort is stable, also with reverse=True."
            ),
        ),
        Misconception(ranking_lowest_first, ("You put the lowest score first; a ranking puts the highest first.")),
        Misconception(ranking_of_pairs, ("You returned (item, score) pairs; return the item ids only.")),
        Misconception(
            ranking_through_a_set,
            (
                "You built the ranking from a set, and a set has no order: tied items come out in an "
                "order that can change from one run of Python to the next. Sort the dict's own keys: "
                "Python's sort is stable, so tied items keep their input order."
            ),
        ),
    ),
}


# --- naming the misconception ----------------------------------------------------------------

#: A variant is named only when it gives the learner's answer on all but this share of the cases
#: the learner fails (rounded down: under 20 failing cases it must agree on every one), and its
#: answers on the cases the learner passes count against it the same way.
SLACK = 0.05


def _outcome(function: Callable, case: tuple) -> tuple[str, Any]:
    """("value", result) or ("raised", exception type) for one call on a private copy of ``case``."""
    try:
        return "value", function(*copy.deepcopy(case))
    except KeyboardInterrupt:
        raise
    except (Exception, SystemExit) as exc:
        return "raised", type(exc)


def _same(first: tuple[str, Any], second: tuple[str, Any]) -> bool:
    (kind, value), (other_kind, other) = first, second
    if kind != other_kind:
        return False
    if kind == "raised":
        return issubclass(value, other) or issubclass(other, value)
    if isinstance(value, bool) or isinstance(other, bool):
        return value is other
    if isinstance(value, Real) and isinstance(other, Real):
        try:
            return math.isclose(float(value), float(other), rel_tol=1e-9, abs_tol=1e-9)
        except (OverflowError, TypeError, ValueError):
            return False
    if isinstance(value, (list, tuple)) and isinstance(other, (list, tuple)):
        return len(value) == len(other) and all(_same(("value", a), ("value", b)) for a, b in zip(value, other))
    try:
        return bool(value == other)
    except Exception:
        return False


def identify(
    known: Sequence[Misconception], function: Callable, cases: Sequence[tuple], failing: Sequence[int]
) -> Optional[Misconception]:
    """The known variant that *is* ``function``'s mistake, or None when none clearly is.

    Args:
        known: the check's variants (:data:`MISCONCEPTIONS` ``[check]``, or a lesson's own).
        function: the learner's function.
        cases: every case of the check, fixed then random, as argument tuples.
        failing: the indices (into ``cases``) where ``function`` disagrees with the reference,
            in order; the first is the case the verdict shows. Not empty.

    A variant qualifies when it gives the learner's answer on the shown case, and disagrees with
    the learner on at most ``SLACK`` of the failing cases, counting every case (failing or
    passing) where the two differ; a convention (another tool's definition) must agree on every
    case. Among those that qualify, the one with the fewest disagreements is named; a tie
    between different messages names none. So a verdict never names a variant the learner's
    answers only brush against on one case.
    """
    if not failing:
        return None
    learner = [_outcome(function, case) for case in cases]
    allowed = int(SLACK * len(failing))
    best: list[tuple[int, Misconception]] = []
    for candidate in known:
        answers = [_outcome(candidate.variant, case) for case in cases]
        if not _same(learner[failing[0]], answers[failing[0]]):
            continue
        differ = sum(not _same(mine, theirs) for mine, theirs in zip(learner, answers))
        if differ > (0 if candidate.convention else allowed):
            continue
        best.append((differ, candidate))
    if not best:
        return None
    fewest = min(differ for differ, _ in best)
    closest = {candidate.message: candidate for differ, candidate in best if differ == fewest}
    return next(iter(closest.values())) if len(closest) == 1 else None


def misconception_note(
    known: Sequence[Misconception], function: Callable, cases: Sequence[tuple], failing: Sequence[int]
) -> str:
    """The sentence that names the learner's misconception (:func:`identify`), or "".

    What the learner's function prints while it is compared is dropped: the
    learner already saw its output from the check's own call."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        found = identify(known, function, cases, failing)
    return found.message if found else ""
