"""The check of precision-recall's `write-recall` (lessons/checks/precision-recall/write-recall.py)."""

from __future__ import annotations

from lesson_exercise import exercise

WRITE_RECALL = exercise("precision-recall", "write-recall")


def test_none_for_a_user_without_relevant_items_is_told_the_convention_not_a_missing_return():
    def recall_at_k(ranking, relevant, k):
        if not relevant:
            return None
        return len(set(ranking[:k]) & relevant) / len(relevant)

    message = WRITE_RECALL.verdict(recall_at_k)["message"]
    assert message == (
        "recall_at_k(['x1', 'x2', 'x3'], set(), 3) returned None. "
        "A user with no relevant items scores 0.0 by convention: return 0.0 there."
    )


def test_none_everywhere_is_still_asked_about_return():
    def recall_at_k(ranking, relevant, k):
        len(set(ranking[:k]) & relevant) / max(len(relevant), 1)

    message = WRITE_RECALL.verdict(recall_at_k)["message"]
    assert message.endswith("returned None — did you forget `return`?")
