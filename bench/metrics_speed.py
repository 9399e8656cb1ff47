"""Benchmark: rankmetrics vs pytrec_eval vs ranx on a MovieLens-1M-sized run.

    .venv/bin/python bench/metrics_speed.py      (or: make bench)

Data (bench/synthetic.py, seeded): 6,040 users x top-100 scored items, ~1M
graded judgments. Each library computes precision, recall, hit rate,
reciprocal rank, average precision and NDCG (linear gain) at k = 10 and
k = 100, starting from the same {user: {item: score}} run and
{user: {item: grade}} qrels, so every timing includes sorting the scores and
reading the judgments. Times are the best of 3. The goal for rankmetrics
(pure Python) is to stay within 3x of pytrec_eval (C).

What each row includes:
- rankmetrics: evaluate() once per k (validation, sorting, metrics).
- rankmetrics, pre-ranked: the same with rankings instead of scores.
- pytrec_eval: RelevanceEvaluator(qrels, measures for both k) + evaluate(run).
  trec_eval has no reciprocal rank at a cutoff: it computes recip_rank once.
- ranx: Qrels(...) + Run(...) + evaluate(all metrics at both k); its numba
  JIT warm-up (on a tiny input, first) is reported on its own line.
- rankmetrics in Pyodide: the same evaluate() in Pyodide (Python 3.14,
  WebAssembly) under Node.js, data generated there from the same seed.

The means are cross-checked between libraries before the table is printed.
"""

import json
import pathlib
import shutil
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "bench")]

import pytrec_eval  # noqa: E402
from ranx import Qrels, Run, evaluate  # noqa: E402

import rankmetrics as rm  # noqa: E402
from synthetic import make_run_and_qrels  # noqa: E402
from time_rankmetrics import KS, best_time, evaluate_all  # noqa: E402

# Our metric name -> (pytrec_eval measure, ranx metric) at cutoff k.
REFERENCE_NAMES = {
    "precision": ("P_{k}", "precision@{k}"),
    "recall": ("recall_{k}", "recall@{k}"),
    "hit_rate": ("success_{k}", "hit_rate@{k}"),
    "reciprocal_rank": ("recip_rank", "mrr@{k}"),
    "average_precision": ("map_cut_{k}", "map@{k}"),
    "ndcg": ("ndcg_cut_{k}", "ndcg@{k}"),
}
AGREEMENT = 1e-9


def trec_names():
    return {trec.format(k=k) for k in KS for trec, _ in REFERENCE_NAMES.values()}


def ranx_names():
    return [ranx.format(k=k) for k in KS for _, ranx in REFERENCE_NAMES.values()]


def pytrec_eval_means(run, qrels):
    per_user = pytrec_eval.RelevanceEvaluator(qrels, trec_names()).evaluate(run)
    return {name: sum(values[name] for values in per_user.values()) / len(per_user) for name in trec_names()}


def ranx_means(run, qrels):
    return evaluate(Qrels(qrels), Run(run), ranx_names())


def rankmetrics_in_pyodide():
    """Run bench/time_rankmetrics.py in Pyodide under Node; return its JSON report."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("Node.js 20+ is required for the Pyodide row (make setup)")
    completed = subprocess.run(
        [
            node,
            str(ROOT / "tests" / "rankmetrics" / "run_in_pyodide.mjs"),
            str(ROOT / "bench" / "time_rankmetrics.py"),
            str(ROOT / "bench" / "synthetic.py"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    if completed.returncode != 0:
        raise SystemExit(f"Pyodide run failed:\n{completed.stderr}")
    return json.loads(completed.stdout.strip().splitlines()[-1])


def largest_difference(ours, theirs, reference_index):
    """Largest |our mean - reference mean| over all metrics and k (RR only where comparable)."""
    differences = []
    for k in KS:
        for name, names in REFERENCE_NAMES.items():
            # trec_eval's recip_rank has no cutoff: it matches ours only at k = run depth.
            if reference_index == 0 and name == "reciprocal_rank" and k != 100:
                continue
            differences.append(abs(ours[k][name] - theirs[names[reference_index].format(k=k)]))
    return max(differences)


def main():
    print("Generating the synthetic run and qrels ...", flush=True)
    run, qrels = make_run_and_qrels()
    n_judgments = sum(len(grades) for grades in qrels.values())
    print(
        f"{len(run)} users x {len(next(iter(run.values())))} ranked items, "
        f"{n_judgments:,} judgments; k = {', '.join(map(str, KS))}\n",
        flush=True,
    )

    start = time.perf_counter()
    evaluate(Qrels({"q": {"a": 1}}), Run({"q": {"a": 1.0}}), ranx_names())  # numba JIT warm-up
    ranx_warm_up = time.perf_counter() - start

    rankings = {user: rm.ranking_from_scores(scores) for user, scores in run.items()}
    rows = {}
    rows["rankmetrics (CPython)"], ours = best_time(lambda: evaluate_all(run, qrels))
    rows["rankmetrics, pre-ranked (CPython)"], ours_ranked = best_time(lambda: evaluate_all(rankings, qrels))
    rows["pytrec_eval"], trec = best_time(lambda: pytrec_eval_means(run, qrels))
    rows["ranx"], ranx = best_time(lambda: ranx_means(run, qrels))
    print("Running rankmetrics in Pyodide under Node ...", flush=True)
    pyodide = rankmetrics_in_pyodide()
    rows[f"rankmetrics (Pyodide {pyodide['python']}, Node)"] = pyodide["seconds"]

    # Everyone must agree before their times mean anything.
    pyodide_means = {int(k): means for k, means in pyodide["means"].items()}
    checks = {
        "pytrec_eval": largest_difference(ours, trec, 0),
        "ranx": largest_difference(ours, ranx, 1),
        "pre-ranked": max(abs(ours[k][m] - ours_ranked[k][m]) for k in KS for m in ours[k]),
        "Pyodide": max(abs(ours[k][m] - pyodide_means[k][m]) for k in KS for m in ours[k]),
    }
    for reference, difference in checks.items():
        print(f"largest |mean difference| vs {reference}: {difference:.1e}")
        if difference > AGREEMENT:
            raise SystemExit(f"rankmetrics disagrees with {reference}: {difference}")

    baseline = rows["pytrec_eval"]
    width = max(map(len, rows))
    print(f"\n{'':{width}}  seconds  x pytrec_eval")
    for name, seconds in rows.items():
        print(f"{name:{width}}  {seconds:7.3f}  {seconds / baseline:6.2f}")
    print(f"{'ranx numba JIT warm-up (once)':{width}}  {ranx_warm_up:7.3f}")
    ratio = rows["rankmetrics (CPython)"] / baseline
    verdict = "within" if ratio <= 3 else "NOT within"
    print(f"\nrankmetrics is {ratio:.2f}x pytrec_eval in CPython: {verdict} the 3x goal.")


if __name__ == "__main__":
    main()
