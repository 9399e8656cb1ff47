"""The check of test-sets' `write-time-split` (lessons/checks/test-sets/write-time-split.py)."""

from __future__ import annotations

from lesson_exercise import exercise

TIME_SPLIT = exercise("test-sets", "write-time-split")


def test_the_reference_is_a_global_time_split_and_the_cases_cover_the_edges():
    cases = TIME_SPLIT.checker.cases()
    reference = TIME_SPLIT.checker.reference_function()
    for interactions, cutoff in cases:
        train, test = reference(interactions, cutoff)
        known = {user for user, _, _ in train}
        assert train == [row for row in interactions if row[2] < cutoff]
        assert test == [row for row in interactions if row[2] >= cutoff and row[0] in known]
    fixed = TIME_SPLIT.checker.fixed_cases
    assert any(row[2] == cutoff for interactions, cutoff in fixed for row in interactions)
    assert any(
        row[2] >= cutoff and row[0] not in {user for user, _, day in interactions if day < cutoff}
        for interactions, cutoff in fixed
        for row in interactions
    )  # a user seen only at or after the cutoff
    assert any(interactions != sorted(interactions, key=lambda row: row[2]) for interactions, _ in fixed)
    assert any(not interactions for interactions, _ in fixed)


def test_a_learners_own_version_passes():
    def time_split(interactions, cutoff):
        train, later = [], []
        for user, item, timestamp in interactions:
            (train if timestamp < cutoff else later).append((user, item, timestamp))
        users = set(user for user, _, _ in train)
        return train, [row for row in later if row[0] in users]

    assert TIME_SPLIT.verdict(time_split)["ok"] is True


def test_a_learner_who_keeps_new_users_is_told_so():
    verdict = TIME_SPLIT.verdict(TIME_SPLIT.module.split_keeps_new_users)
    assert verdict["ok"] is False
    assert verdict["message"].endswith(TIME_SPLIT.message_of(TIME_SPLIT.module.split_keeps_new_users))


def test_a_split_that_assumes_whole_number_timestamps_fails():
    """The docstring says timestamps are numbers: `<= cutoff - 1` is right for whole days only."""

    def time_split(interactions, cutoff):
        train = [row for row in interactions if row[2] <= cutoff - 1]
        users = {user for user, _, _ in train}
        return train, [row for row in interactions if row[2] >= cutoff and row[0] in users]

    assert TIME_SPLIT.verdict(time_split)["ok"] is False


def test_a_wrong_test_list_is_shown_on_its_own_beside_the_right_one():
    """Two lists cut to one line can read the same: the verdict shows the list that differs."""

    def time_split(interactions, cutoff):  # a user counts as known from a row at the cutoff
        known = {user for user, _, timestamp in interactions if timestamp <= cutoff}
        train = [row for row in interactions if row[2] < cutoff]
        return train, [row for row in interactions if row[2] >= cutoff and row[0] in known]

    message = TIME_SPLIT.verdict(time_split)["message"]
    assert message.endswith(
        ", 5) returned a different second value (of 2): [('u2', 'i1', 5), ('u3', 'i2', 5), ('u1', 'i2', 6)]; "
        "expected [('u2', 'i1', 5), ('u1', 'i2', 6)]. Its first value matches."
    )
