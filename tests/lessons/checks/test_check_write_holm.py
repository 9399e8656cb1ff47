"""The check of many-comparisons' `write-holm` (the check block in lessons/many-comparisons.md)."""

from __future__ import annotations

from cellruntime.checks import check_function
from lesson_exercise import COURSE

LESSON = next(lesson for lesson in COURSE.lessons if lesson.slug == "many-comparisons")
WRITE_HOLM = next(cell for cell in LESSON.cells if cell.id == "write-holm")


def test_tied_p_values_placed_with_index_fail_and_are_told_why():
    def holm(p_values):
        m = len(p_values)
        running, out = 0, [None] * m
        for j, p in enumerate(sorted(p_values), 1):
            running = max(running, min(1, (m - j + 1) * p))
            out[p_values.index(p)] = running
        return out

    verdict = check_function({"holm": holm}, WRITE_HOLM.check_name)
    assert verdict["ok"] is False
    assert verdict["message"].startswith("holm([0.02, 0.02, 0.5]) returned [0.06, None, 0.5]")
    assert verdict["message"].endswith("carry the positions with sorted(range(m), key=lambda i: p_values[i]).")
