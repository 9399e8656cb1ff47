"""The check of comparing-metrics' `fix-ndcg` (lessons/checks/comparing-metrics/fix-ndcg.py)."""

from __future__ import annotations

import math

from lesson_exercise import exercise

FIX_NDCG = exercise("comparing-metrics", "fix-ndcg")


def test_an_ideal_list_sorted_lowest_first_is_told_it_is_not_the_best_order():
    def ndcg_at_k(ranking, relevance, k):
        def dcg(items):
            return sum(
                (2 ** relevance.get(item, 0) - 1) / math.log2(rank + 1) for rank, item in enumerate(items[:k], 1)
            )

        best = dcg(sorted(relevance, key=relevance.get))
        return dcg(ranking) / best if best > 0 else 0.0

    message = FIX_NDCG.verdict(ndcg_at_k)["message"]
    assert message.endswith(FIX_NDCG.message_of(FIX_NDCG.module.ndcg_ideal_lowest_first))
    assert "NDCG above 1 means your ideal list is not the best order" in message
