"""Benchmark: rankmetrics.significance against its speed goals (GOALS below).

    .venv/bin/python bench/significance_speed.py            (CPython, then Pyodide under Node)
    .venv/bin/python bench/significance_speed.py --no-pyodide

Goals (per measure, in Pyodide; CPython first): the paired t-test on 6,980 paired values
<= 0.2 s; 10,000 permutations of the randomization test <= 1 s for 250 topics (a TREC-sized
set) and <= 10 s for 6,980 queries (MS MARCO dev); the bootstrap interval (10,000 resamples)
has no stated goal and is reported beside the randomization test's.

Data: seeded synthetic per-query values in [0, 1] with ties (as NDCG@10 has), run B a little
better than run A. Each figure is the best of REPEATS calls. The naive randomization test (a
Python loop over queries and random signs) is timed on a tenth of the permutations and scaled,
to show what the 256-entry tables per block of 8 queries buy.

The same file runs inside Pyodide (through tests/rankmetrics/run_in_pyodide.mjs), where it
prints its figures as JSON; the CPython run compares the p-values and intervals of both (same
seeds, so the same draws).
"""

import json
import math
import pathlib
import platform
import random
import subprocess
import sys
import time
from functools import partial

IN_PYODIDE = sys.platform == "emscripten"
if not IN_PYODIDE:
    ROOT = pathlib.Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(ROOT / "py"))

from rankmetrics.significance import bootstrap_interval, paired_t_test, randomization_test  # noqa: E402

SIZES = (250, 6980)
PERMUTATIONS = 10_000
RESAMPLES = 10_000
REPEATS = 2
# Goals in seconds (None: no goal, reported only).
GOALS = {
    "t-test, 6,980 pairs": 0.2,
    "randomization, 250 topics": 1.0,
    "randomization, 6,980 queries": 10.0,
    "bootstrap, 250 topics": None,
    "bootstrap, 6,980 queries": None,
}
LABELS = {250: "250 topics", 6980: "6,980 queries"}


def per_query_values(n, seed):
    """Runs A and B on n queries: NDCG-like values in [0, 1], rounded to 1/20 (ties), B better."""
    rng = random.Random(seed)
    a, b = [], []
    for _ in range(n):
        x = min(1.0, max(0.0, rng.gauss(0.45, 0.25)))
        y = min(1.0, max(0.0, x + rng.gauss(0.02, 0.15)))
        a.append(round(x * 20) / 20)
        b.append(round(y * 20) / 20)
    return a, b


def best_time(function, repeats=REPEATS):
    best, result = math.inf, None
    for _ in range(repeats):
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
    return best, result


def naive_randomization(differences, permutations, seed=0):
    """The textbook loop: a random sign per query, in Python. For comparison only."""
    rng = random.Random(seed)
    observed = abs(sum(differences))
    count = 0
    for _ in range(permutations):
        total = 0.0
        for d in differences:
            total += d if rng.random() < 0.5 else -d
        count += abs(total) >= observed
    return (count + 1) / (permutations + 1)


def measure():
    """Every figure: name -> seconds, plus the results (to compare interpreters)."""
    seconds, results = {}, {}
    a, b = per_query_values(6980, seed=1)
    seconds["t-test, 6,980 pairs"], test = best_time(lambda: paired_t_test(a, b))
    results["t-test p"] = test.p_value
    for n in SIZES:
        a, b = per_query_values(n, seed=n)
        differences = {"ndcg@10": [y - x for x, y in zip(a, b)]}
        name = LABELS[n]
        seconds[f"randomization, {name}"], p = best_time(
            partial(randomization_test, differences, permutations=PERMUTATIONS, seed=0)
        )
        results[f"randomization p, {name}"] = p["ndcg@10"]
        seconds[f"bootstrap, {name}"], interval = best_time(
            partial(bootstrap_interval, differences, resamples=RESAMPLES, seed=0)
        )
        results[f"bootstrap interval, {name}"] = list(interval["ndcg@10"])
        tenth = PERMUTATIONS // 10
        naive, _ = best_time(partial(naive_randomization, differences["ndcg@10"], tenth), repeats=1)
        seconds[f"naive randomization loop (x10 of {tenth:,}), {name}"] = naive * 10
    return seconds, results


def run_in_pyodide():
    completed = subprocess.run(
        ["node", str(ROOT / "tests" / "rankmetrics" / "run_in_pyodide.mjs"), str(pathlib.Path(__file__).resolve())],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=1800,
    )
    if completed.returncode != 0:
        raise SystemExit(f"Pyodide run failed:\n{completed.stderr}")
    return json.loads(completed.stdout.strip().splitlines()[-1])


def print_table(columns):
    names = list(next(iter(columns.values()))["seconds"])
    header = f"{'':58}" + "".join(f"{label:>22}" for label in columns) + f"{'goal':>10}"
    print(header)
    for name in names:
        goal = GOALS.get(name)
        row = f"{name:58}"
        for column in columns.values():
            value = column["seconds"][name]
            mark = "" if goal is None else (" ok" if value <= goal else " SLOW")
            row += f"{value:>18.3f} s{mark:3}"
        row += f"{'' if goal is None else f'<= {goal:g} s':>10}"
        print(row)


def same_results(first, second):
    for key, value in first.items():
        other = second[key]
        pairs = zip(value, other) if isinstance(value, list) else [(value, other)]
        if any(abs(x - y) > 1e-12 * max(1.0, abs(x)) for x, y in pairs):
            return False
    return True


def main():
    print(__doc__.split("\n\n")[2])
    print()
    seconds, results = measure()
    columns = {f"CPython {platform.python_version()}": {"seconds": seconds, "results": results}}
    print_table(columns)
    print()
    for key, value in results.items():
        print(f"{key}: {value}")
    if "--no-pyodide" in sys.argv:
        return
    print("\nThe same in Pyodide under Node.js ...\n")
    pyodide = run_in_pyodide()
    columns[f"Pyodide {pyodide['python']} (Node)"] = pyodide
    print_table(columns)
    same = same_results(results, pyodide["results"])
    print(f"\nPyodide's p-values and intervals equal CPython's (to 1e-12): {'yes' if same else 'NO'}")


if __name__ == "__main__":
    if IN_PYODIDE:
        seconds, results = measure()
        print(json.dumps({"python": platform.python_version(), "seconds": seconds, "results": results}))
    else:
        main()
