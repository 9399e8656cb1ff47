"""The check of evaluation-pitfalls' `write-ranking` (lessons/checks/evaluation-pitfalls/write-ranking.py)."""

from __future__ import annotations

from lesson_exercise import exercise

WRITE_RANKING = exercise("evaluation-pitfalls", "write-ranking")


def test_ties_reversed_by_a_position_key_are_not_blamed_on_a_reversed_list():
    def ranking_from_scores(scores):
        position = {item: index for index, item in enumerate(scores)}
        return sorted(scores, key=lambda item: (scores[item], position[item]), reverse=True)

    message = WRITE_RANKING.verdict(ranking_from_scores)["message"]
    assert message.endswith(WRITE_RANKING.message_of(WRITE_RANKING.module.ranking_ties_reversed))
    assert "a key that adds the position" in message and "Sort by the score alone" in message
