"""Time rankmetrics.evaluate on the synthetic MovieLens-1M-sized data (stdlib only).

metrics_speed.py imports this in CPython, and runs it as a script inside
Pyodide under Node (through tests/rankmetrics/run_in_pyodide.mjs), so both
interpreters time the same code on the same data. As a script it prints JSON.
"""

import json
import math
import platform
import sys
import time

import rankmetrics as rm
from synthetic import make_run_and_qrels

KS = (10, 100)
METRICS = list(rm.METRICS)
REPEATS = 3


def evaluate_all(run, qrels):
    """Every metric at every k; linear gain so NDCG is comparable with trec_eval. k -> means."""
    return {k: rm.evaluate(run, qrels, METRICS, k, gain="linear").means for k in KS}


def best_time(function, repeats=REPEATS):
    """(fastest wall time in seconds over `repeats` calls, the last result)."""
    best = math.inf
    for _ in range(repeats):
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
    return best, result


if __name__ == "__main__":
    run, qrels = make_run_and_qrels()
    seconds, means = best_time(lambda: evaluate_all(run, qrels))
    print(
        json.dumps(
            {
                "seconds": seconds,
                "means": means,
                "python": platform.python_version(),
                "platform": sys.platform,
            }
        )
    )
