"""A lesson's own exercise check (```check for=ID function=NAME): the lesson's solution is the
reference, its cases come from the lesson's `cases()` and `random_case(rng)`."""

from __future__ import annotations

import json
import re
import subprocess
import textwrap
from pathlib import Path

import pytest

from cellruntime import Session, check_function
from cellruntime.checks import (
    DECLARED_REFERENCE,
    DEFAULT_RANDOM_CASES,
    DEFAULT_SEED,
    declared_check_name,
    declared_checker,
)
from cellruntime.notebook import check as notebook_check

ROOT = Path(__file__).resolve().parents[2]

SOLUTION = """\
def hits_at_k(ranking, relevant, k):
    return sum(1 for item in ranking[:k] if item in relevant)
"""

CASES = """\
def cases():
    return [
        (["a", "x", "b"], {"a", "b"}, 2),
        ([], {"a"}, 3),
    ]
"""

RANDOM_CASE = """\
def random_case(rng):
    ranking = rng.sample(["a", "b", "c", "x", "y"], rng.randint(0, 5))
    return (ranking, set(rng.sample(["a", "b", "c"], rng.randint(0, 3))), rng.randint(1, 6))
"""

NAME = declared_check_name("hits_at_k", SOLUTION, CASES + "\n" + RANDOM_CASE)


def _verdict(code: str, name: str = NAME, cell_id: str | None = None) -> dict:
    session = Session()
    result = session.run(textwrap.dedent(code), "exercise", lambda stream, text: None)
    assert result["ok"], result["error"]
    return session.check(name, cell_id=cell_id)


def test_the_solution_passes_every_fixed_and_random_case():
    verdict = _verdict(SOLUTION, cell_id="exercise")
    total = 2 + DEFAULT_RANDOM_CASES
    assert verdict == {
        "ok": True,
        "passed": total,
        "total": total,
        "message": f"All {total} cases match {DECLARED_REFERENCE}.",
    }


def test_a_wrong_answer_names_the_first_differing_case():
    wrong = "def hits_at_k(ranking, relevant, k):\n    return sum(1 for item in ranking[:k + 1] if item in relevant)\n"
    verdict = _verdict(wrong)
    assert verdict["ok"] is False and verdict["passed"] == 0
    # ranking[:2] is a, x: one hit; ranking[:3] also holds b.
    assert verdict["message"] == "hits_at_k(['a', 'x', 'b'], {'a', 'b'}, 2) returned 2; expected 1."


def test_a_failing_random_case_says_which_one_and_its_seed():
    only_random = declared_check_name("hits_at_k", SOLUTION, RANDOM_CASE)
    verdict = _verdict("def hits_at_k(ranking, relevant, k):\n    return 0\n", only_random)
    assert verdict["ok"] is False and verdict["total"] == DEFAULT_RANDOM_CASES
    assert verdict["message"].startswith(
        f"Random case {verdict['passed'] + 1} of {DEFAULT_RANDOM_CASES} (seed {DEFAULT_SEED}, the same every time): "
        "hits_at_k("
    )


def test_only_fixed_cases_when_there_is_no_random_case():
    only_fixed = declared_check_name("hits_at_k", SOLUTION, CASES)
    assert _verdict(SOLUTION, only_fixed)["total"] == 2


def test_the_parameters_come_from_the_solution():
    verdict = _verdict("def hits_at_k(ranking, relevant):\n    return 0\n")
    assert verdict["message"].startswith("hits_at_k should take 3 arguments, (ranking, relevant, k); yours takes")
    assert _verdict("x = 1")["message"] == "Define a function named hits_at_k, then press Check again."


def test_results_that_are_not_numbers_compare_with_equals():
    solution = "def top(ranking, k):\n    return list(ranking[:k])\n"
    name = declared_check_name("top", solution, "def cases():\n    return [(['a', 'b', 'c'], 2), ([], 1)]\n")
    assert _verdict(solution, name)["ok"] is True
    verdict = _verdict("def top(ranking, k):\n    return tuple(ranking[:k])\n", name)
    assert verdict["message"] == "top(['a', 'b', 'c'], 2) returned ('a', 'b'); expected ['a', 'b']."


def test_a_case_that_is_not_a_tuple_is_the_one_argument():
    solution = "def first(ranking):\n    return ranking[0] if ranking else None\n"
    name = declared_check_name("first", solution, "def cases():\n    return [['a', 'b'], []]\n")
    assert _verdict(solution, name)["ok"] is True  # None for the empty ranking matches None
    assert _verdict("def first(ranking):\n    return ranking[-1]\n", name)["message"] == (
        "first(['a', 'b']) returned 'b'; expected 'a'."
    )


def test_the_reference_is_out_of_the_learners_reach():
    """The solution runs in a namespace of its own: the learner's globals do not change it."""
    solution = "def double(x):\n    return helper(x)\n\ndef helper(x):\n    return 2 * x\n"
    name = declared_check_name("double", solution, "def cases():\n    return [(1,), (2,)]\n")
    verdict = _verdict("def helper(x):\n    return 0\n\ndef double(x):\n    return 2 * x\n", name)
    assert verdict["ok"] is True


def test_the_name_does_not_show_the_solution():
    """A downloaded notebook's check cell carries the name; the solution stays on the page."""
    assert NAME.startswith("lesson-check:") and "hits_at_k" not in NAME and "sum(" not in NAME


def test_a_name_that_cannot_be_read_is_a_value_error():
    with pytest.raises(ValueError, match="not a lesson's own check"):
        declared_checker("lesson-check:not base64!")


def test_a_download_checks_the_same_way(capsys):
    namespace: dict = {}
    exec(SOLUTION, namespace)
    notebook_check(NAME, namespace)
    assert capsys.readouterr().out == f"Correct. All {2 + DEFAULT_RANDOM_CASES} cases match {DECLARED_REFERENCE}.\n"


@pytest.mark.parametrize(
    "function, check, message",
    [
        ("hits", CASES, "the lesson's solution defines no function hits"),
        ("hits_at_k", "x = 1\n", "the lesson's check defines neither cases() nor random_case(rng)"),
    ],
)
def test_a_broken_declared_check_is_a_value_error(function, check, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        declared_checker(declared_check_name(function, SOLUTION, check))


def test_declared_checks_run_in_pyodide(pyodide_node):
    code = SOLUTION + textwrap.dedent(f"""
        import json
        from cellruntime import check_function
        print(json.dumps(check_function(globals(), {NAME!r})))
    """)
    payload = {"available_packages": [], "cells": [{"id": "check", "code": code}]}
    done = subprocess.run(
        [pyodide_node, str(ROOT / "tests" / "cellruntime" / "pyodide_smoke.mjs")],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr
    cell = json.loads(done.stdout.strip().splitlines()[-1])["results"][0]
    assert cell["result"]["ok"] is True, cell["result"]["error"]
    namespace: dict = {}
    exec(SOLUTION, namespace)
    assert json.loads("".join(text for _, text in cell["writes"])) == check_function(namespace, NAME)


def test_a_solution_may_import_rankmetrics_and_the_learner_cannot_change_it(monkeypatch):
    """The solution's imports are the check runtime's private copies (cellruntime.sealed)."""
    import rankmetrics

    # The learner's code below rebinds the public rankmetrics.precision_at_k: put it back afterwards.
    monkeypatch.setattr(rankmetrics, "precision_at_k", rankmetrics.precision_at_k)
    solution = (
        "import rankmetrics\n\ndef top_precision(ranking, relevant):\n"
        "    return rankmetrics.precision_at_k(ranking, relevant, 2)\n"
    )
    name = declared_check_name(
        "top_precision", solution, "def cases():\n    return [(['a', 'x'], {'a'}), (['a', 'b'], {'a', 'b'})]\n"
    )
    learner = (
        "import rankmetrics\nrankmetrics.precision_at_k = lambda ranking, relevant, k: 1.0\n\n"
        "def top_precision(ranking, relevant):\n    return 1.0\n"
    )
    verdict = _verdict(learner, name)
    # ['a', 'x'] holds one relevant item in its top 2: 1 / 2.
    assert verdict["message"] == "top_precision(['a', 'x'], {'a'}) returned 1.0; expected 0.5."


SCALED_SOLUTION = "def scaled(values):\n    return [value * 3 / 10 for value in values]\n"
SCALED_CHECK = "def cases():\n    return [([1, 2, 3],), ([0.1, 0.7],)]\n"


def test_a_list_of_numbers_is_compared_item_by_item_with_the_tolerance():
    name = declared_check_name("scaled", SCALED_SOLUTION, SCALED_CHECK)
    # The same numbers in another order of operations: they differ in the last bits only.
    close = {"scaled": lambda values: [value / 10 * 3 for value in values]}
    assert [a == b for a, b in zip(close["scaled"]([1, 2, 3]), [v * 3 / 10 for v in [1, 2, 3]])] != [True] * 3
    assert check_function(close, name)["ok"] is True
    wrong = {"scaled": lambda values: [value * 3 / 10 + 0.2 for value in values]}
    assert (
        check_function(wrong, name)["message"]
        == "scaled([1, 2, 3]) returned [0.5, 0.8, 1.1]; expected [0.3, 0.6, 0.9]."
    )


PAIR_SOLUTION = "def low_high(values):\n    return min(values) / 2, max(values) / 2\n"
PAIR_CASES = "def cases():\n    return [([1, 2, 3],)]\n"


def test_several_numbers_are_taken_as_a_tuple_or_a_list_and_another_shape_is_told_what_it_is():
    named = declared_check_name("low_high", PAIR_SOLUTION, 'RETURNS = "the low and the high half"\n' + PAIR_CASES)
    assert check_function({"low_high": lambda values: (0.5, 1.5)}, named)["ok"] is True
    assert check_function({"low_high": lambda values: [0.5, 1.5]}, named)["ok"] is True
    told = [
        ((0.5, 1.5, 0.0), "returned 3 values; expected 2: the low and the high half."),
        ([0.5], "returned 1 value; expected 2: the low and the high half."),
        (0.5, "returned 1 value, 0.5; expected 2: the low and the high half."),
        ("0.5 1.5", "returned '0.5 1.5', a str; expected 2: the low and the high half, as a tuple or a list."),
        # Shown as returned (a tuple in parentheses, a list in brackets), and an item that is not a
        # number is named as such.
        ((0.5, 2.5), "returned (0.5, 2.5); expected (0.5, 1.5)."),
        ([0.5, 2.5], "returned [0.5, 2.5]; expected (0.5, 1.5)."),
        (("0.5", "1.5"), "returned ('0.5', '1.5'); expected (0.5, 1.5). '0.5' is a str, not a number."),
        ((0.5, None), "returned (0.5, None); expected (0.5, 1.5). None is not a number."),
    ]
    for returned, message in told:
        verdict = check_function({"low_high": lambda values, returned=returned: returned}, named)
        assert verdict["message"] == f"low_high([1, 2, 3]) {message}"
    # Without RETURNS, a solution's tuple is told by its numbers.
    unnamed = declared_check_name("low_high", PAIR_SOLUTION, PAIR_CASES)
    verdict = check_function({"low_high": lambda values: 0.5}, unnamed)
    assert verdict["message"] == "low_high([1, 2, 3]) returned 1 value, 0.5; expected 2: (0.5, 1.5)."
    with pytest.raises(ValueError, match="RETURNS"):
        declared_checker(declared_check_name("low_high", PAIR_SOLUTION, "RETURNS = 2\n" + PAIR_CASES))


SPLIT_SOLUTION = "def split(values, at):\n    return [v for v in values if v < at], [v for v in values if v >= at]\n"


def test_a_tuple_of_several_values_shows_the_first_that_differs_in_full():
    """Two long tuples cut to one line can read the same; the value that differs is shown on its own."""
    values = list(range(100, 140))
    name = declared_check_name("split", SPLIT_SOLUTION, f"def cases():\n    return [({values!r}, 130)]\n")
    call = f"split({values!r}"[:40]
    told = [
        (
            lambda values, at: ([v for v in values if v < at], [v for v in values if v > at]),
            "returned a different second value (of 2): [131, 132, 133, 134, 135, 136, 137, 138, 139]; "
            "expected [130, 131, 132, 133, 134, 135, 136, 137, 138, 139]. Its first value matches.",
        ),
        (
            lambda values, at: ([v for v in values if v >= at], [v for v in values if v < at]),
            "returned a different first value (of 2): [130, 131, 132, 133, 134, 135, 136, 137, 138, 139]; "
            "expected [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, "
            "118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129]. Its second value differs too.",
        ),
    ]
    for function, message in told:
        verdict = check_function({"split": function}, name)
        assert verdict["message"].startswith(call) and verdict["message"].endswith(message)
    # Three values: the others are counted.
    triple = declared_check_name(
        "triple", "def triple(x):\n    return [x], [x], [x]\n", "def cases():\n    return [(1,)]\n"
    )
    assert check_function({"triple": lambda x: ([x], [0], [0])}, triple)["message"] == (
        "triple(1) returned a different second value (of 3): [0]; expected [1]. 1 more value differs too."
    )
    assert check_function({"triple": lambda x: ([x], [x], [0])}, triple)["message"] == (
        "triple(1) returned a different third value (of 3): [0]; expected [1]. Its other values match."
    )


PRECISION_SOLUTION = "def precision_at_k(ranking, relevant, k):\n    return len(set(ranking[:k]) & relevant) / k\n"
PRECISION_CASES = "def cases():\n    return [(['a', 'x'], {'a'}, 2), (['a'], {'a', 'b'}, 4)]\n"


def test_a_check_may_compare_with_a_library_function_and_name_it():
    name = declared_check_name(
        "precision_at_k", PRECISION_SOLUTION, 'REFERENCE = "rankmetrics.precision_at_k"\n' + PRECISION_CASES
    )
    assert _verdict(PRECISION_SOLUTION, name)["message"] == "All 2 cases match rankmetrics.precision_at_k."
    verdict = _verdict("from rankmetrics import precision_at_k\n", name)
    assert verdict["ok"] is True
    assert "(Your precision_at_k is rankmetrics.precision_at_k itself; write your own" in verdict["message"]


def test_a_check_may_ask_for_a_list_and_then_takes_a_tuple_and_hints_at_a_generator():
    solution = "def top(ranking, k):\n    return list(ranking[:k])\n"
    name = declared_check_name("top", solution, 'RESULT = "list"\ndef cases():\n    return [(["a", "b", "c"], 2)]\n')
    assert _verdict("def top(ranking, k):\n    return tuple(ranking[:k])\n", name)["ok"] is True
    verdict = _verdict("def top(ranking, k):\n    return iter(ranking[:k])\n", name)
    assert verdict["message"].endswith("Turn it into a list, e.g. with list(...).")
    with pytest.raises(ValueError, match="RESULT"):
        declared_checker(declared_check_name("top", solution, 'RESULT = "set"\ndef cases():\n    return [([], 1)]\n'))


def test_a_convention_is_named_only_when_it_matches_every_case():
    # A convention that differs from the learner on one case of 40 failing ones: a mistake that
    # close would be named; another tool's definition is not.
    cases = "def cases():\n    return [([str(n)], n) for n in range(40)]\n"
    solution = "def f(items, n):\n    return n\n"
    variant = "def close(items, n):\n    return n + 1 if n < 39 else 0\n"
    learner = "def f(items, n):\n    return n + 1\n"
    told = "You added one."
    as_mistake = declared_check_name(
        "f", solution, cases + variant + f"def mistakes():\n    return [(close, {told!r})]\n"
    )
    as_convention = declared_check_name(
        "f", solution, cases + variant + f"def conventions():\n    return [(close, {told!r})]\n"
    )
    assert _verdict(learner, as_mistake)["message"].endswith(told)
    assert told not in _verdict(learner, as_convention)["message"]
    assert declared_checker(as_convention).misconceptions[0].convention is True


def test_another_exercises_function_is_not_suggested_as_a_misspelling():
    code = "def precision_at_j(ranking, relevant, k):\n    return 0.0\n"
    alone = declared_check_name("precision_at_k", PRECISION_SOLUTION, PRECISION_CASES)
    assert "(Your code defines precision_at_j: rename it to precision_at_k?)" in _verdict(code, alone)["message"]
    beside = declared_check_name("precision_at_k", PRECISION_SOLUTION, PRECISION_CASES, ("precision_at_j",))
    assert _verdict(code, beside)["message"] == "Define a function named precision_at_k, then press Check again."


SHARED_MODULE = "import math\n\nCASES = ((['a', 'x'], {'a'}), (['a', 'b'], {'a', 'b'}))\nHALF = math.sqrt(0.25)\n"
IMPORTS_SHARED = "from shared import CASES\n\ndef cases():\n    return list(CASES)\n"
TOP_PRECISION = (
    "def top_precision(ranking, relevant):\n    return sum(1 for item in ranking[:2] if item in relevant) / 2\n"
)


def test_a_check_imports_the_modules_it_carries_and_the_learner_cannot():
    """A check may import a module by name when its check name carries that module's source
    (the course's lessons/checks/common.py, shipped by the build); learner code cannot import it."""
    name = declared_check_name("top_precision", TOP_PRECISION, IMPORTS_SHARED, modules={"shared": SHARED_MODULE})
    assert declared_checker(name).fixed_cases == ((["a", "x"], {"a"}), (["a", "b"], {"a", "b"}))
    learner = "def top_precision(ranking, relevant):\n    return 1.0\n"
    assert _verdict(learner, name)["message"] == "top_precision(['a', 'x'], {'a'}) returned 1.0; expected 0.5."
    result = Session().run("import shared", "exercise", lambda stream, text: None)
    assert not result["ok"] and "No module named 'shared'" in result["error"]


def test_a_check_that_imports_a_module_it_does_not_carry_fails_to_load():
    with pytest.raises(ModuleNotFoundError, match="shared"):
        declared_checker(declared_check_name("top_precision", TOP_PRECISION, IMPORTS_SHARED))
