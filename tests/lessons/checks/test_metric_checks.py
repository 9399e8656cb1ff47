"""The checks of the course's metric exercises (lessons/checks/*/*.py): their cases are valid
input for their references and reach the edges, and their sentences read as the course writes
them. Each listed wrong version being named as itself is tested for every exercise in
tests/lessons/test_lesson_content.py."""

from __future__ import annotations

import math

import pytest

import rankmetrics
from lesson_exercise import COURSE, exercise

IN_FILES = [
    (lesson.slug, cell.id)
    for lesson in COURSE.lessons
    for cell in lesson.cells
    if cell.own_check is not None and cell.own_check.source is not None
]
EXERCISES = {f"{slug}/{cell_id}": exercise(slug, cell_id) for slug, cell_id in IN_FILES}
BY_FUNCTION = {found.checker.function: found for found in EXERCISES.values()}


def test_every_check_in_a_file_is_found():
    assert len(EXERCISES) == 14


@pytest.mark.parametrize("where", list(EXERCISES))
def test_reference_and_cases_agree(where):
    checker = EXERCISES[where].checker
    if isinstance(checker.reference, str):
        assert checker.reference_function() is getattr(rankmetrics, checker.function)
    cases = checker.cases()
    assert len(cases) == len(checker.fixed_cases) + 200
    assert len(checker.fixed_cases) >= 6
    for case in cases:
        assert len(case) == len(checker.parameters)
        checker.reference_function()(*case)  # every case is valid input for the reference


@pytest.mark.parametrize("where", list(EXERCISES))
def test_each_variant_has_one_name_and_no_message_calls_it_a_mistake(where):
    known = EXERCISES[where].checker.misconceptions
    assert known, "a check in a file lists the wrong versions learners write"
    assert len({variant.name for variant in known}) == len(known)
    for variant in known:
        assert not any(word in variant.message.lower() for word in ("mistake", "wrong", "bug")), variant.name
        if variant.convention:
            assert "this exercise" in variant.message.lower(), "a convention says what the exercise asks instead"


def test_random_cases_cover_the_edges():
    precision = BY_FUNCTION["precision_at_k"].checker
    binary = precision.cases()[len(precision.fixed_cases) :]
    assert any(not relevant for _, relevant, _ in binary)
    assert any(k > len(ranking) for ranking, _, k in binary)
    assert any(relevant - set(ranking) for ranking, relevant, _ in binary)
    assert {item for ranking, _, _ in binary for item in ranking} <= {f"d{i}" for i in range(1, 16)}
    assert all(1 <= k <= len(ranking) + 3 for ranking, _, k in binary)
    graded = BY_FUNCTION["ndcg_at_k"].checker.cases()
    assert {grade for _, relevance, _ in graded for grade in relevance.values()} == {0, 1, 2, 3}
    scores = BY_FUNCTION["ranking_from_scores"].checker.cases()
    assert any(len(set(s.values())) < len(s) for (s,) in scores)  # ties


def test_average_precision_min_k_is_recbole_s_map_at_k():
    checker = BY_FUNCTION["average_precision_min_k"].checker
    reference = checker.reference_function()  # the lesson's solution
    assert reference(["m1", "m2", "x1"], {"m1", "m2", "m3", "m4"}, 2) == 1.0
    assert reference(["x1", "m1"], {"m1", "m2"}, 2) == 0.25
    assert reference(["x1"], set(), 3) == 0.0
    for ranking, relevant, k in checker.cases():
        if relevant:  # AP@k (trec_eval) * |R| / min(k, |R|)
            expected = rankmetrics.average_precision(ranking, relevant, k) * len(relevant) / min(k, len(relevant))
            assert math.isclose(reference(ranking, relevant, k), expected, abs_tol=1e-12)


def test_off_by_one_slips_say_so():
    off_by_one = {
        "precision_at_k": "precision_top_k_minus_one",
        "hit_rate_at_k": "hit_rate_top_k_plus_one",
        "reciprocal_rank": "reciprocal_rank_from_zero",
        "average_precision": "average_precision_of_rank_plus_one",
        "dcg_at_k": "dcg_log2_of_rank_plus_two",
        "ndcg_at_k": "ndcg_top_k_minus_one",
    }
    for function, name in off_by_one.items():
        messages = {known.name: known.message for known in BY_FUNCTION[function].checker.misconceptions}
        assert "off by one" in messages[name], name
    rr = {known.name: known.message for known in BY_FUNCTION["reciprocal_rank"].checker.misconceptions}
    assert "off by one" in rr["reciprocal_rank_of_rank_plus_one"]
