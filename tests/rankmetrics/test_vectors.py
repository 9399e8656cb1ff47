"""The expected-value vectors (ranking_cases.json), checked under CPython.

ranking_cases.json holds hand-made cases with values computed by pytrec_eval and ranx
(docs/metric-conventions.md says which definition each follows). vector_check.py holds the
checks; the same file runs under Pyodide in test_rankmetrics_in_pyodide.py.
"""

import hashlib

import pytest

import vector_check

VECTORS = vector_check.load_vectors()

# sha256 of ranking_cases.json: an expected value changes only on purpose, with this line.
VECTORS_SHA256 = "5ea0118bddc7cc3927b739fba2d865793bf85545fa22503e94cdfd10052e065b"


def test_the_vectors_are_the_ones_pinned():
    assert hashlib.sha256(vector_check.CASES_PATH.read_bytes()).hexdigest() == VECTORS_SHA256


def test_every_expected_key_has_a_check():
    keys = {key for case in VECTORS["cases"] for key in case["expected"]}
    assert keys == set(vector_check.CHECKS)


@pytest.mark.parametrize("case", VECTORS["cases"], ids=lambda case: case["id"])
def test_expected_values(case):
    assert vector_check.check_case(case) == []


@pytest.mark.parametrize("case", VECTORS["errors"], ids=lambda case: case["id"])
def test_error_cases_raise_value_error(case):
    assert vector_check.check_error_case(case) == []


def test_check_case_reports_a_wrong_value():
    # The checker itself must be able to fail: perturb one expected value.
    case = dict(VECTORS["cases"][0])
    case["expected"] = {"precision_at_k": case["expected"]["precision_at_k"] + 1e-9}
    assert len(vector_check.check_case(case)) == 1


def test_summary_counts_every_case():
    summary = vector_check.check_all(VECTORS)
    assert summary["failures"] == []
    assert summary["cases"] == len(VECTORS["cases"]) > 0
    assert summary["error_cases"] == len(VECTORS["errors"]) > 0
