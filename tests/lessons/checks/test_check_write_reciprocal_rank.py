"""The check of reciprocal-rank's `write-reciprocal-rank` (lessons/checks/reciprocal-rank/write-reciprocal-rank.py)."""

from __future__ import annotations

from lesson_exercise import exercise

WRITE_RR = exercise("reciprocal-rank", "write-reciprocal-rank")


def test_a_mean_over_the_hits_is_told_it_averaged_over_the_top_k():
    def reciprocal_rank(ranking, relevant, k=None):
        ranks = [rank for rank, item in enumerate(ranking[:k], start=1) if item in relevant]
        return sum(1 / rank for rank in ranks) / len(ranks) if ranks else 0.0

    message = WRITE_RR.verdict(reciprocal_rank)["message"]
    assert message.endswith("You averaged 1 / rank over every relevant item in the top k; only the first one counts.")


def test_a_cut_at_k_minus_one_is_told_it_stopped_one_rank_early():
    def reciprocal_rank(ranking, relevant, k=None):
        top = ranking if k is None else ranking[: k - 1]
        for rank, item in enumerate(top, start=1):
            if item in relevant:
                return 1 / rank
        return 0.0

    message = WRITE_RR.verdict(reciprocal_rank)["message"]
    assert message.endswith(WRITE_RR.message_of(WRITE_RR.module.reciprocal_rank_top_k_minus_one))
    assert "stopped one rank early" in message
