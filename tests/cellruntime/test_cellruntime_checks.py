"""Exercise checks: cellruntime.checks and Session.check.

Learner code runs through ``Session.run`` like a page's cell, so functions
live in ``<cell ...>`` files and tracebacks look as they do in the page.
"""

from __future__ import annotations

import builtins
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import rankmetrics
from cellruntime import Checker, Session
from cellruntime import checks as checks_module
from course_checks import CHECK, CHECKS, MISCONCEPTIONS, check_function

ROOT = Path(__file__).resolve().parents[2]

NAMES = (
    "precision_at_k",
    "recall_at_k",
    "hit_rate_at_k",
    "reciprocal_rank",
    "average_precision",
    "dcg_at_k",
    "ndcg_at_k",
    "ranking_from_scores",
    "average_precision_min_k",
)

# The way a learner would write each function, from scratch.
LEARNER_SOLUTIONS = {
    "precision_at_k": """
        def precision_at_k(ranking, relevant, k):
            hits = 0
            for item in ranking[:k]:
                if item in relevant:
                    hits += 1
            return hits / k
    """,
    "recall_at_k": """
        def recall_at_k(ranking, relevant, k):
            if len(relevant) == 0:
                return 0.0
            hits = len(set(ranking[:k]) & set(relevant))
            return hits / len(relevant)
    """,
    "hit_rate_at_k": """
        def hit_rate_at_k(ranking, relevant, k):
            return 1.0 if any(item in relevant for item in ranking[:k]) else 0.0
    """,
    "reciprocal_rank": """
        def reciprocal_rank(ranking, relevant, k=None):
            for index, item in enumerate(ranking[:k]):
                if item in relevant:
                    return 1 / (index + 1)
            return 0.0
    """,
    "average_precision": """
        def average_precision(ranking, relevant, k=None):
            if not relevant:
                return 0.0
            hits, total = 0, 0.0
            for rank, item in enumerate(ranking[:k], start=1):
                if item in relevant:
                    hits += 1
                    total += hits / rank
            return total / len(relevant)
    """,
    "dcg_at_k": """
        import math
        def dcg_at_k(ranking, relevance, k):
            return sum((2 ** relevance.get(item, 0) - 1) / math.log2(rank + 1)
                       for rank, item in enumerate(ranking[:k], start=1))
    """,
    "ndcg_at_k": """
        import math
        def ndcg_at_k(ranking, relevance, k):
            dcg = 0.0
            for i, item in enumerate(ranking[:k]):
                dcg += (2 ** relevance.get(item, 0) - 1) / math.log2(i + 2)
            ideal = sorted(relevance.values(), reverse=True)[:k]
            idcg = sum((2 ** g - 1) / math.log2(i + 2) for i, g in enumerate(ideal))
            if idcg == 0:
                return 0.0
            return dcg / idcg
    """,
    "ranking_from_scores": """
        def ranking_from_scores(scores):
            return sorted(scores, key=lambda item: scores[item], reverse=True)
    """,
    "average_precision_min_k": """
        def average_precision_min_k(ranking, relevant, k):
            if not relevant:
                return 0.0
            hits, total = 0, 0.0
            for rank, item in enumerate(ranking[:k], start=1):
                if item in relevant:
                    hits += 1
                    total += hits / rank
            return total / min(k, len(relevant))
    """,
}

# (check, learner code, the exact verdict message before any misconception note, the known
# variant (cellruntime.misconceptions) whose note ends the verdict, or None): mistakes learners make.
WRONG = [
    pytest.param(
        "precision_at_k",
        """
        def precision_at_k(ranking, relevant, k):
            top = ranking[:k]
            return len([d for d in top if d in relevant]) / len(top) if top else 0.0
    """,
        "precision_at_k(['m1', 'x1', 'm2'], {'m1', 'm2'}, 5) returned 0.6667; expected 0.4.",
        "precision_divides_by_retrieved",
        id="precision-divides-by-len-of-top-k",
    ),
    pytest.param(
        "precision_at_k",
        """
        def precision_at_k(ranking, relevant, k):
            top = ranking[:k]
            return len([d for d in top if d in relevant]) / len(top)
    """,
        "precision_at_k(['m1', 'x1', 'm2'], {'m1', 'm2'}, 5) returned 0.6667; expected 0.4.",
        None,  # it raises on an empty ranking where torchmetrics' convention gives 0: not that convention
        id="divides-by-retrieved-and-raises-when-empty",
    ),
    pytest.param(
        "recall_at_k",
        """
        def recall_at_k(ranking, relevant, k):
            return len([d for d in ranking[:k] if d in relevant]) / k
    """,
        "recall_at_k(['m1', 'x1', 'm2'], {'m1', 'm2'}, 5) returned 0.4; expected 1.0.",
        "recall_divides_by_k",
        id="recall-divides-by-k",
    ),
    pytest.param(
        "recall_at_k",
        """
        def recall_at_k(ranking, relevant, k):
            return len([d for d in ranking[:k] if d in relevant]) / len(relevant)
    """,
        "recall_at_k(['x1', 'x2', 'x3'], set(), 3) raised ZeroDivisionError: division by zero. "
        "Line 3 of <cell wrong>: return len([d for d in ranking[:k] if d in relevant]) / len(relevant)",
        "recall_divides_by_zero_without_relevant",
        id="recall-no-relevant-items",
    ),
    pytest.param(
        "hit_rate_at_k",
        """
        def hit_rate_at_k(ranking, relevant, k):
            return sum(1 for d in ranking[:k] if d in relevant)
    """,
        "hit_rate_at_k(['m1', 'x1', 'm2', 'x2', 'm3'], {'m1', 'm2', 'm3', 'm4', 'm5'}, 5) returned 3; expected 1.0.",
        "hit_rate_counts_hits",
        id="hit-rate-returns-a-count",
    ),
    pytest.param(
        "reciprocal_rank",
        """
        def reciprocal_rank(ranking, relevant, k=None):
            for rank, item in enumerate(ranking[:k], start=1):
                if item in relevant:
                    return rank
            return 0.0
    """,
        "reciprocal_rank(['x1', 'x2', 'm1'], {'m1'}, None) returned 3; expected 0.3333.",
        "reciprocal_rank_returns_rank",
        id="rr-returns-the-rank",
    ),
    pytest.param(
        "reciprocal_rank",
        """
        def reciprocal_rank(ranking, relevant, k=None):
            for rank, item in enumerate(ranking, start=1):
                if item in relevant:
                    return 1 / rank
            return 0.0
    """,
        "reciprocal_rank(['x1', 'x2', 'm1'], {'m1'}, 2) returned 0.3333; expected 0.0.",
        "reciprocal_rank_ignores_k",
        id="rr-ignores-k",
    ),
    pytest.param(
        "average_precision",
        """
        def average_precision(ranking, relevant):
            hits, total = 0, 0.0
            for rank, item in enumerate(ranking, start=1):
                if item in relevant:
                    hits += 1
                    total += hits / rank
            return total / hits if hits else 0.0
    """,
        "average_precision(['m1', 'x1', 'm2', 'x2', 'm3'], {'m1', 'm2', 'm3', 'm4', 'm5'}) "
        "returned 0.7556; expected 0.4533.",
        "average_precision_divides_by_hits_found",
        id="ap-divides-by-hits-found",
    ),
    pytest.param(
        "dcg_at_k",
        """
        import math
        def dcg_at_k(ranking, relevance, k):
            return sum(relevance.get(d, 0) / math.log2(i + 2) for i, d in enumerate(ranking[:k]))
    """,
        "dcg_at_k(['d1', 'd2', 'd3'], {'d1': 2, 'd2': 1}, 3) returned 2.6309; expected 3.6309.",
        "dcg_linear_gain",
        id="dcg-linear-gain",
    ),
    pytest.param(
        "ndcg_at_k",
        """
        import math
        def dcg(gains):
            return sum((2 ** g - 1) / math.log2(i + 2) for i, g in enumerate(gains))
        def ndcg_at_k(ranking, relevance, k):
            gains = [relevance.get(d, 0) for d in ranking[:k]]
            ideal = dcg(sorted(gains, reverse=True))
            return dcg(gains) / ideal if ideal else 0.0
    """,
        "ndcg_at_k(['d1', 'd2'], {'d1': 1, 'd9': 3}, 2) returned 1.0; expected 0.131.",
        "ndcg_ideal_from_retrieved_top_k",
        id="ndcg-idcg-from-resorting-the-top-k",
    ),
    pytest.param(
        "ndcg_at_k",
        """
        import math
        def ndcg_at_k(ranking, relevance, k):
            def dcg(items):
                return sum(2 ** relevance.get(d, 0) / math.log2(rank + 1)
                           for rank, d in enumerate(items[:k], start=1))
            best = dcg(sorted(relevance, key=relevance.get, reverse=True))
            return dcg(ranking) / best if best else 0.0
    """,
        "ndcg_at_k(['x1', 'd1'], {'d1': 1}, 2) returned 1.1309; expected 0.6309.",
        "ndcg_gain_without_minus_one",
        id="ndcg-gain-2-to-the-grade-without-minus-one",
    ),
    pytest.param(
        "ranking_from_scores",
        """
        def ranking_from_scores(scores):
            return [item for item, score in sorted(scores.items(), key=lambda p: (p[1], p[0]), reverse=True)]
    """,
        "ranking_from_scores({'a': 0.1, 'b': 0.5, 'c': 0.5, 'd': 0.9}) returned ['d', 'c', 'b', 'a']; "
        "expected ['d', 'b', 'c', 'a'].",
        "ranking_ties_by_id_descending",
        id="ranking-ties-by-id",
    ),
    pytest.param(
        "average_precision_min_k",
        """
        def average_precision_min_k(ranking, relevant, k):
            hits, total = 0, 0.0
            for rank, item in enumerate(ranking[:k], start=1):
                if item in relevant:
                    hits += 1
                    total += hits / rank
            return total / len(relevant) if relevant else 0.0
    """,
        "average_precision_min_k(['m1', 'm2', 'm3'], {'m1', 'm2', 'm3'}, 2) returned 0.6667; expected 1.0.",
        "min_k_divides_by_relevant",
        id="min-k-divides-by-R",
    ),
    pytest.param(
        "precision_at_k",
        """
        def precision_at_k(ranking, relevant, k):
            hits = len(set(ranking[:k]) & relevant)
    """,
        "precision_at_k(['m1', 'x1', 'm2', 'x2', 'm3'], {'m1', 'm2', 'm3', 'm4', 'm5'}, 5) "
        "returned None — did you forget `return`?",
        None,
        id="returns-none",
    ),
    pytest.param(
        "precision_at_k",
        """
        def precision_at_k(ranking, relevant, k):
            return str(len(set(ranking[:k]) & relevant) / k)
    """,
        "precision_at_k(['m1', 'x1', 'm2', 'x2', 'm3'], {'m1', 'm2', 'm3', 'm4', 'm5'}, 5) "
        "returned '0.6', a str, not a number; expected 0.6.",
        None,
        id="returns-a-string",
    ),
    pytest.param(
        "hit_rate_at_k",
        """
        def hit_rate_at_k(ranking, relevant, k):
            return any(d in relevant for d in ranking[:k])
    """,
        "hit_rate_at_k(['m1', 'x1', 'm2', 'x2', 'm3'], {'m1', 'm2', 'm3', 'm4', 'm5'}, 5) "
        "returned True; expected 1.0. Return a number (e.g. 1.0 or 0.0), not True or False.",
        None,
        id="returns-a-bool",
    ),
    pytest.param(
        "precision_at_k",
        """
        def precision_at_k(ranking, relevant, k):
            if not ranking:
                raise ValueError("empty ranking")
            return len(set(ranking[:k]) & relevant) / k
    """,
        "precision_at_k([], {'m1'}, 3) raised ValueError: empty ranking. "
        'Line 4 of <cell wrong>: raise ValueError("empty ranking")',
        None,
        id="raises",
    ),
]


def _define(session: Session, code: str, cell_id: str = "wrong") -> None:
    result = session.run(textwrap.dedent(code), cell_id, lambda stream, text: None)
    assert result["ok"], result["error"]


def _check(code: str, name: str) -> dict:
    session = Session()
    _define(session, code)
    return session.check(CHECK.get(name, name))


def test_a_failing_line_is_named_by_the_cells_page_name():
    session = Session()
    code = "def precision_at_k(ranking, relevant, k):\n    return 1 / 0"
    assert session.run(code, "write-precision", lambda stream, text: None, "Code cell 6: your precision@k")["ok"]
    message = session.check(CHECK["precision_at_k"])["message"]
    assert message.endswith("Line 2 of Code cell 6 (your precision@k): return 1 / 0")


# --- the check modules ---------------------------------------------------------------


def test_a_check_does_not_import_rankmetrics_until_it_runs():
    code = (
        "import sys; import cellruntime; from cellruntime.checks import declared_check_name, declared_checker; "
        "checker = declared_checker(declared_check_name('f', 'def f(x):\\n    return x', "
        "'REFERENCE = \"rankmetrics.precision_at_k\"\\ndef cases():\\n    return [1]')); "
        "assert checker.reference_name == 'rankmetrics.precision_at_k'; assert 'rankmetrics' not in sys.modules"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "py")},
    )
    assert done.returncode == 0, done.stderr


# --- correct code passes ----------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_reference_itself_passes(name):
    function = CHECKS[name].reference_function()
    verdict = check_function({name: function}, name)
    assert verdict["ok"] is True, verdict["message"]
    assert verdict["passed"] == verdict["total"] == len(CHECKS[name].cases())
    assert verdict["message"].startswith(f"All {verdict['total']} cases match {CHECKS[name].reference_name}.")


def test_all_pass_message():
    verdict = _check(LEARNER_SOLUTIONS["precision_at_k"], "precision_at_k")
    assert verdict == {
        "ok": True,
        "message": "All 208 cases match rankmetrics.precision_at_k.",
        "passed": 208,
        "total": 208,
    }


@pytest.mark.parametrize("name", NAMES)
def test_learner_solution_passes(name):
    verdict = _check(LEARNER_SOLUTIONS[name], name)
    assert verdict["ok"] is True, verdict["message"]
    assert verdict["passed"] == verdict["total"] > 200
    assert json.loads(json.dumps(verdict)) == verdict


def test_optional_k_and_tolerance_are_accepted():
    verdict = _check(
        """
        def reciprocal_rank(ranking, relevant, k=None, *, verbose=False):
            for rank, item in enumerate(ranking[:k], start=1):
                if item in relevant:
                    return 1 / rank + 1e-12
            return 0
    """,
        "reciprocal_rank",
    )
    assert verdict["ok"] is True, verdict["message"]


def test_a_tuple_ranking_is_accepted():
    verdict = _check(
        """
        def ranking_from_scores(scores):
            return tuple(sorted(scores, key=lambda item: -scores[item]))
    """,
        "ranking_from_scores",
    )
    assert verdict["ok"] is True, verdict["message"]


# --- wrong code fails, naming the input ------------------------------------------


@pytest.mark.parametrize("name, code, message, variant", WRONG)
def test_wrong_implementation_is_named(name, code, message, variant):
    verdict = _check(code, name)
    assert verdict["ok"] is False
    if variant is not None:
        known = {m.name: m for m in MISCONCEPTIONS[name]}[variant]
        separator = " " if message.endswith(".") else " — "
        message += separator + known.message
    assert verdict["message"] == message
    assert 0 <= verdict["passed"] < verdict["total"]


def test_small_differences_show_enough_digits():
    verdict = _check(
        """
        def precision_at_k(ranking, relevant, k):
            return len(set(ranking[:k]) & relevant) / k + 1e-7
    """,
        "precision_at_k",
    )
    assert verdict["message"].endswith("returned 0.6000001; expected 0.6.")


def test_failure_in_a_random_case_counts_passes():
    verdict = _check(
        """
        def precision_at_k(ranking, relevant, k):
            return len(set(ranking[:k]) & relevant) / min(k, 8)
    """,
        "precision_at_k",
    )
    assert verdict["ok"] is False
    assert verdict["passed"] >= len(CHECKS["precision_at_k"].fixed_cases)
    assert "'d" in verdict["message"] and "expected" in verdict["message"]


def test_non_list_ranking_gets_a_hint():
    verdict = _check(
        """
        def ranking_from_scores(scores):
            return reversed(sorted(scores, key=scores.get))
    """,
        "ranking_from_scores",
    )
    assert verdict["message"] == (
        "ranking_from_scores({'a': 0.1, 'b': 0.5, 'c': 0.5, 'd': 0.9}) returned "
        "<list_reverseiterator object>, a list_reverseiterator, not a list; "
        "expected ['d', 'b', 'c', 'a']. Turn it into a list, e.g. with list(...)."
    )


def test_exception_outside_a_cell_has_no_line():
    def precision_at_k(ranking, relevant, k):
        ranking[0]  # raises IndexError on an empty ranking
        return len(set(ranking[:k]) & relevant) / k

    verdict = check_function({"precision_at_k": precision_at_k}, "precision_at_k")
    assert verdict["message"] == "precision_at_k([], {'m1'}, 3) raised IndexError: list index out of range."


def test_exit_in_the_function_is_a_failure_not_an_exit():
    verdict = _check(
        """
        import sys
        def precision_at_k(ranking, relevant, k):
            sys.exit(3)
    """,
        "precision_at_k",
    )
    assert verdict["ok"] is False
    assert "raised SystemExit: 3." in verdict["message"]


def test_long_inputs_are_shortened(monkeypatch):
    ranking = [f"item{i}" for i in range(500)]
    long = Checker(
        "precision_at_k",
        ("ranking", "relevant", "k"),
        "rankmetrics.precision_at_k",
        ((ranking, set(ranking[::2]), 400),),
        lambda rng: ((), set(), 1),
        random_count=0,
    )
    monkeypatch.setattr(checks_module, "get_checker", lambda name: long)
    verdict = check_function({"precision_at_k": lambda r, rel, k: 2.0}, "long")
    assert verdict["ok"] is False
    assert len(verdict["message"]) < 600
    assert "more]" in verdict["message"] and "more}" in verdict["message"]
    assert verdict["message"].startswith("precision_at_k(['item0', 'item1', ")
    assert verdict["message"].endswith(", 400) returned 2.0; expected 0.5.")


# --- the function itself ------------------------------------------------------------


def test_missing_function():
    verdict = check_function({}, "precision_at_k")
    assert verdict == {
        "ok": False,
        "passed": 0,
        "total": 0,
        "message": "Define a function named precision_at_k, then press Check again.",
    }


def test_missing_function_names_a_similar_one():
    verdict = _check("def precison_at_k(ranking, relevant, k):\n    return 0.0", "precision_at_k")
    assert verdict["message"] == (
        "Define a function named precision_at_k, then press Check again. "
        "(Your code defines precison_at_k: rename it to precision_at_k?)"
    )
    verdict = _check("def Precision_At_K(ranking, relevant, k):\n    return 0.0", "precision_at_k")
    assert "(Your code defines Precision_At_K:" in verdict["message"]


def test_other_exercises_are_not_suggested():
    verdict = _check(textwrap.dedent(LEARNER_SOLUTIONS["dcg_at_k"]) + "ndcg = 0.5\nimport rankmetrics", "ndcg_at_k")
    assert verdict["message"] == "Define a function named ndcg_at_k, then press Check again."


def test_not_a_function():
    verdict = check_function({"precision_at_k": 0.6}, "precision_at_k")
    assert verdict["ok"] is False and verdict["total"] == 0
    assert verdict["message"] == (
        "precision_at_k is a float (0.6), not a function. Define it with "
        "def precision_at_k(ranking, relevant, k): and press Check again."
    )


@pytest.mark.parametrize(
    "name, code, message",
    [
        (
            "precision_at_k",
            "def precision_at_k(ranking, k):\n    return 0.0",
            "precision_at_k should take 3 arguments, (ranking, relevant, k); yours takes (ranking, k).",
        ),
        (
            "reciprocal_rank",
            "def reciprocal_rank(ranking, relevant):\n    return 0.0",
            "reciprocal_rank should take 3 arguments, (ranking, relevant, k); yours takes (ranking, relevant).",
        ),
        (
            "average_precision",
            "def average_precision(ranking, relevant, k, extra):\n    return 0.0",
            "average_precision should take 2 arguments, (ranking, relevant); yours takes (ranking, relevant, k, "
            "extra). Give any extra parameter a default value (e.g. k=None).",
        ),
        (
            "ranking_from_scores",
            "def ranking_from_scores():\n    return []",
            "ranking_from_scores should take 1 argument, (scores); yours takes ().",
        ),
    ],
)
def test_wrong_number_of_parameters(name, code, message):
    verdict = _check(code, name)
    assert verdict == {"ok": False, "message": message, "passed": 0, "total": 0}


def test_imported_reference_passes_with_a_note():
    verdict = _check("from rankmetrics import ndcg_at_k", "ndcg_at_k")
    assert verdict["ok"] is True
    assert "is rankmetrics.ndcg_at_k itself" in verdict["message"]


def test_unknown_check_name():
    with pytest.raises(ValueError, match="unknown check 'precision'"):
        check_function({}, "precision")
    with pytest.raises(ValueError, match="unknown check"):
        Session().check("precision")


# --- inputs are copied; verdicts are deterministic -----------------------------------

MUTATING = """
    def precision_at_k(ranking, relevant, k):
        value = len(set(ranking[:k]) & set(relevant)) / k
        ranking.clear()
        ranking.append("junk")
        relevant.clear()
        return value
"""


def test_learner_cannot_mutate_the_cases():
    before = CHECKS["precision_at_k"].cases()
    session = Session()
    _define(session, MUTATING)
    assert session.check(CHECK["precision_at_k"])["ok"] is True
    assert session.check(CHECK["precision_at_k"])["ok"] is True
    assert CHECKS["precision_at_k"].cases() == before


def test_reference_and_message_see_the_original_inputs(monkeypatch):
    seen = []
    objects = {"learner": [], "reference": []}

    def spy(ranking, relevant, k):
        seen.append((list(ranking), set(relevant), k))
        objects["reference"] += [ranking, relevant]
        value = rankmetrics.precision_at_k(ranking, relevant, k)
        ranking.append("ref")  # a reference that mutated its inputs would not be seen either
        return value

    fixed = ((["a", "b"], {"a"}, 2), (["c"], {"c", "d"}, 1))
    spying = Checker("precision_at_k", ("ranking", "relevant", "k"), spy, fixed, lambda rng: fixed[0], random_count=0)
    monkeypatch.setattr(checks_module, "get_checker", lambda name: spying)

    def learner(ranking, relevant, k):  # called before the reference on each case
        objects["learner"] += [ranking, relevant]
        ranking.insert(0, "zzz")
        relevant.add("zzz")
        return 0.5

    verdict = check_function({"precision_at_k": learner}, "spy")
    assert seen == [(["a", "b"], {"a"}, 2), (["c"], {"c", "d"}, 1)]
    assert verdict["message"] == "precision_at_k(['c'], {'c', 'd'}, 1) returned 0.5; expected 1.0."
    assert fixed == ((["a", "b"], {"a"}, 2), (["c"], {"c", "d"}, 1))
    shared = {id(o) for o in objects["learner"]} & {id(o) for o in objects["reference"]}
    assert not shared and len(objects["reference"]) == 4  # each side had its own copy


def test_same_code_same_verdict():
    code = LEARNER_SOLUTIONS["precision_at_k"].replace("/ k", "/ min(k, 8)")
    assert code != LEARNER_SOLUTIONS["precision_at_k"]
    first, second = _check(code, "precision_at_k"), _check(code, "precision_at_k")
    assert first == second and first["ok"] is False
    for name in NAMES:
        assert CHECKS[name].cases() == CHECKS[name].cases()


def test_same_verdict_in_new_processes_with_other_hash_seeds():
    # A failure in a random case whose message shows a set: string hashing differs per seed.
    script = textwrap.dedent("""
        from course_checks import check_function
        def precision_at_k(ranking, relevant, k):
            return len(set(ranking[:k]) & relevant) / min(k, 8)
        print(check_function({"precision_at_k": precision_at_k}, "precision_at_k")["message"])
    """)
    outputs = set()
    path = os.pathsep.join([str(ROOT / "py"), str(Path(__file__).parent)])
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONPATH": path, "PYTHONHASHSEED": seed}
        done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, env=env)
        assert done.returncode == 0, done.stderr
        outputs.add(done.stdout)
    assert len(outputs) == 1
    assert "{'d" in outputs.pop()


# --- Session.check -------------------------------------------------------------------


def test_session_check_routes_output(new_recorder):
    session = Session()
    _define(
        session,
        """
        def hit_rate_at_k(ranking, relevant, k):
            print("checking", ranking[:k])
            return 0.0
    """,
    )
    recorder = new_recorder()
    before = (sys.stdout, sys.stderr, sys.stdin, builtins.input, sys.modules["__main__"])
    verdict = session.check(CHECK["hit_rate_at_k"], recorder)
    assert (sys.stdout, sys.stderr, sys.stdin, builtins.input, sys.modules["__main__"]) == before
    assert verdict["ok"] is False and verdict["passed"] == 0
    assert recorder.calls == [("stdout", "checking ['m1', 'x1', 'm2', 'x2', 'm3']\n")]
    assert json.loads(json.dumps(verdict)) == verdict


def test_session_check_runs_with_the_session_main():
    session = Session()
    _define(
        session,
        """
        import sys
        def precision_at_k(ranking, relevant, k):
            assert sys.modules["__main__"].precision_at_k is precision_at_k
            return len(set(ranking[:k]) & relevant) / k
    """,
    )
    assert session.check(CHECK["precision_at_k"])["ok"] is True


def test_stop_propagates_and_restores_streams(new_recorder):
    session = Session()
    _define(
        session,
        """
        def precision_at_k(ranking, relevant, k):
            print("about to stop")
            raise KeyboardInterrupt
    """,
    )
    recorder = new_recorder()
    before = (sys.stdout, sys.stderr, sys.stdin, builtins.input, sys.modules["__main__"])
    with pytest.raises(KeyboardInterrupt):
        session.check(CHECK["precision_at_k"], recorder)
    assert (sys.stdout, sys.stderr, sys.stdin, builtins.input, sys.modules["__main__"]) == before
    assert recorder.text() == "about to stop\n"
    result = session.run("print(precision_at_k.__name__)", "after", recorder)
    assert result["ok"] is True  # the session is still usable


def test_check_function_lets_stop_through():
    def precision_at_k(ranking, relevant, k):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        check_function({"precision_at_k": precision_at_k}, "precision_at_k")


# --- Pyodide ---------------------------------------------------------------------------


def test_checks_run_in_pyodide(pyodide_node):
    # The smoke script installs cellruntime only: this check's reference is the lesson's solution.
    code = textwrap.dedent(LEARNER_SOLUTIONS["average_precision_min_k"]) + textwrap.dedent(f"""
        import json
        from cellruntime import check_function
        print(json.dumps(check_function(globals(), {CHECK["average_precision_min_k"]!r})))
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
    report = json.loads(done.stdout.strip().splitlines()[-1])
    cell = report["results"][0]
    assert cell["result"]["ok"] is True, cell["result"]["error"]
    verdict = json.loads("".join(text for _, text in cell["writes"]))
    assert verdict == {
        "ok": True,
        "message": "All 210 cases match the lesson's solution.",
        "passed": 210,
        "total": 210,
    }


# --- only the exercise cell's own function is checked ------------------------------------

CORRECT_RECALL = (
    "def recall_at_k(ranking, relevant, k):\n"
    "    return len(set(ranking[:k]) & relevant) / len(relevant) if relevant else 0.0\n"
)


def test_a_function_from_another_cell_is_not_the_learners_answer(new_recorder):
    session = Session()
    session.run(CORRECT_RECALL, "lesson-cell-above", new_recorder())  # the lesson's own version
    session.run("pass", "write-recall", new_recorder())  # the learner deleted their code
    verdict = session.check(CHECK["recall_at_k"], cell_id="write-recall")
    assert verdict == {"ok": False, "passed": 0, "total": 0, "message": verdict["message"]}
    assert verdict["message"].startswith("This cell does not define recall_at_k")
    assert "def recall_at_k(ranking, relevant, k):" in verdict["message"]
    assert session.check(CHECK["recall_at_k"])["ok"] is True  # without a cell, whatever Python has


def test_only_the_latest_run_of_the_exercise_counts(new_recorder):
    session = Session()
    session.run("def recall_at_k(ranking, relevant, k):\n    while True:\n        pass", "write-recall", new_recorder())
    session.run("x = 1", "write-recall", new_recorder())  # the looping function is not checked again
    assert session.check(CHECK["recall_at_k"], cell_id="write-recall")["message"].startswith(
        "This cell does not define"
    )
    session.run(CORRECT_RECALL, "write-recall", new_recorder())
    assert session.check(CHECK["recall_at_k"], cell_id="write-recall")["ok"] is True
    # Running the same definition again still counts as this cell's: it binds a new function.
    session.run(CORRECT_RECALL + "y = 2", "write-recall", new_recorder())
    assert session.check(CHECK["recall_at_k"], cell_id="write-recall")["ok"] is True


def test_a_later_cell_that_redefines_the_function_is_not_the_learners_answer(new_recorder):
    session = Session()
    session.run("def recall_at_k(ranking, relevant, k):\n    return -1.0", "write-recall", new_recorder())
    session.run(CORRECT_RECALL, "lesson-cell-below", new_recorder())
    assert session.check(CHECK["recall_at_k"], cell_id="write-recall")["message"].startswith(
        "This cell does not define"
    )


def test_a_function_the_cell_defined_before_failing_is_checked(new_recorder):
    session = Session()
    result = session.run(CORRECT_RECALL + "1 / 0", "write-recall", new_recorder())
    assert result["ok"] is False
    assert session.check(CHECK["recall_at_k"], cell_id="write-recall")["ok"] is True
