"""Check rankmetrics against the shared vectors (ranking_cases.json).

Plain Python that both CPython (test_vectors.py) and Pyodide under Node
(run_in_pyodide.mjs, via test_rankmetrics_in_pyodide.py) run, so the two
interpreters are held to the same expected values.

Run as a script it prints a JSON summary:
    python vector_check.py [path/to/ranking_cases.json]
"""

import json
import math
import pathlib
import platform
import sys

import rankmetrics as rm

# The JSON holds values rounded to 10 decimals, so a correct value is off by
# at most 5e-11; 1e-10 allows for that and nothing more.
TOLERANCE = 1e-10

CASES_PATH = pathlib.Path(__file__).with_name("ranking_cases.json")

# Expected key -> how to compute it from a case (keys as in the JSON's "about").
CHECKS = {
    "precision_at_k": lambda c: rm.precision_at_k(c["ranking"], c["relevance"], c["k"]),
    "recall_at_k": lambda c: rm.recall_at_k(c["ranking"], c["relevance"], c["k"]),
    "hit_rate_at_k": lambda c: rm.hit_rate_at_k(c["ranking"], c["relevance"], c["k"]),
    "reciprocal_rank_at_k": lambda c: rm.reciprocal_rank(c["ranking"], c["relevance"], c["k"]),
    "average_precision_at_k": lambda c: rm.average_precision(c["ranking"], c["relevance"], c["k"]),
    "ndcg_at_k_linear": lambda c: rm.ndcg_at_k(c["ranking"], c["relevance"], c["k"], gain="linear"),
    "ndcg_at_k_exponential": lambda c: rm.ndcg_at_k(c["ranking"], c["relevance"], c["k"], gain="exponential"),
    "reciprocal_rank": lambda c: rm.reciprocal_rank(c["ranking"], c["relevance"]),
    "average_precision": lambda c: rm.average_precision(c["ranking"], c["relevance"]),
}

# Every function that takes the case's k must reject an error case.
ERROR_CHECKS = [name for name in CHECKS if name.endswith(("_at_k", "_linear", "_exponential"))]


def load_vectors(path=CASES_PATH):
    with open(path, encoding="utf-8") as file:
        return json.load(file)


def check_case(case):
    """Return a list of failure messages for one expected-value case (empty if all match)."""
    failures = []
    for key, expected in case["expected"].items():
        if key not in CHECKS:
            failures.append(f"{case['id']}: no check for expected key {key!r}")
            continue
        try:
            got = CHECKS[key](case)
        except Exception as error:  # report, do not stop: the summary lists every failure
            failures.append(f"{case['id']}.{key}: raised {error!r}")
            continue
        if not math.isclose(got, expected, rel_tol=0.0, abs_tol=TOLERANCE):
            failures.append(f"{case['id']}.{key}: expected {expected}, got {got!r}")
    return failures


def check_error_case(case):
    """Return failure messages for one error case: every k-taking metric must raise ValueError."""
    assert case["error"] == "ValueError", case
    failures = []
    for key in ERROR_CHECKS:
        try:
            got = CHECKS[key](case)
        except ValueError:
            continue
        except Exception as error:
            failures.append(f"{case['id']}.{key}: raised {error!r}, expected ValueError")
        else:
            failures.append(f"{case['id']}.{key}: returned {got!r}, expected ValueError")
    return failures


def check_all(vectors):
    """Check every case and error case; return a JSON-ready summary."""
    failures = []
    for case in vectors["cases"]:
        failures += check_case(case)
    for case in vectors["errors"]:
        failures += check_error_case(case)
    return {
        "cases": len(vectors["cases"]),
        "error_cases": len(vectors["errors"]),
        "values_checked": sum(len(case["expected"]) for case in vectors["cases"]),
        "failures": failures,
        "python": platform.python_version(),
        "platform": sys.platform,
        "rankmetrics": rm.__version__,
    }


if __name__ == "__main__":
    path = sys.argv[1] if len(sys.argv) > 1 else CASES_PATH
    print(json.dumps(check_all(load_vectors(path))))
