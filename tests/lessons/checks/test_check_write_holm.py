"""The check of many-comparisons' `write-holm` (the check block in lessons/many-comparisons.md)."""

from __future__ import annotations

from lesson_exercise import exercise

HOLM = exercise("many-comparisons", "write-holm")


def test_tied_p_values_placed_with_index_fail_and_are_told_why():
    def holm(p_values):
        m = len(p_values)
        running, out = 0, [None] * m
        for j, p in enumerate(sorted(p_values), 1):
            running = max(running, min(1, (m - j + 1) * p))
            out[p_values.index(p)] = running
        return out

    verdict = HOLM.verdict(holm)
    assert verdict["ok"] is False
    assert verdict["message"].startswith("holm([0.02, 0.02, 0.5]) returned [0.06, None, 0.5]")
    assert verdict["message"].endswith("carry the positions with sorted(range(m), key=lambda i: p_values[i]).")


def test_a_running_maximum_of_the_raw_p_values_is_told_to_carry_one_of_the_adjusted_values():
    """The sorted raw p-values already rise, so their running maximum changes nothing: the learner
    reads the message of the version that carries no maximum at all."""

    def holm(p_values):
        m = len(p_values)
        running, out = 0, [None] * m
        for j, i in enumerate(sorted(range(m), key=lambda i: p_values[i]), 1):
            running = max(running, p_values[i])
            out[i] = min(1, (m - j + 1) * running)
        return out

    verdict = HOLM.verdict(holm)
    assert verdict["ok"] is False
    message = HOLM.message_of(HOLM.module.not_monotone)
    assert message.endswith("Carry a running maximum of the adjusted values (the sorted raw p-values already rise).")
    assert verdict["message"].endswith(message)
