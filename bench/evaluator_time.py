"""Time the evaluate page's Python in CPython: reading the run and scoring it, on the files
bench/evaluate_speed.py writes (no browser).

    .venv/bin/python bench/evaluator_time.py                 (10,000 queries x 100)
    .venv/bin/python bench/evaluator_time.py --queries 2000
    .venv/bin/python bench/evaluator_time.py --profile       (cProfile's top functions too)
    .venv/bin/python bench/evaluator_time.py --pyodide       (then the page's Python in Pyodide
                                                              under Node: bench/evaluate_pyodide.mjs)

Prints the least CPU time (time.process_time: other processes on a shared machine change it
less than the wall clock) of 3 runs of each step: reading the qrels, reading the run (RunReader), scoring it
(RunEvaluator.add, every metric at k = 10 and 100, as the page does) and the means (result()).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import subprocess
import tempfile
import time
from pathlib import Path

from lib import ROOT  # first: the repository's import roots

from evaluate_speed import CUTOFFS, write_files
from rankmetrics.pages.runfiles import QrelsReader, RunReader
from rankmetrics.pages.trec import RunEvaluator

CHUNK = 1 << 20  # characters fed at a time, as the page feeds the worker


def read_judgments(text):
    """qid -> {docid: grade} of the qrels text, read as the page reads it."""
    reader = QrelsReader("qrels.txt")
    reader.feed(text)
    return reader.finish().judgments


def read_rankings(text):
    """Every (qid, ranking) of the run text, read as the page reads it."""
    reader = RunReader("run.txt")
    rankings = []
    for start in range(0, len(text), CHUNK):
        rankings += reader.feed(text[start : start + CHUNK])
    return rankings + reader.finish()


def score(judgments, rankings):
    """The RunEvaluation of the rankings, with the page's default settings."""
    evaluator = RunEvaluator(judgments, cutoffs=CUTOFFS, gain="linear")
    for query, ranking in rankings:
        evaluator.add(query, ranking)
    return evaluator.result()


def best(function, repeats=3):
    """(least CPU seconds over `repeats` calls, the last result)."""
    fastest = float("inf")
    for _ in range(repeats):
        started = time.process_time()
        result = function()
        fastest = min(fastest, time.process_time() - started)
    return fastest, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--queries", type=int, default=10_000)
    parser.add_argument("--depth", type=int, default=100)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--pyodide", action="store_true", help="also time evaluate.py in Pyodide under Node")
    args = parser.parse_args()
    folder = tempfile.TemporaryDirectory()
    run, qrels = write_files(Path(folder.name), args.queries, args.depth)
    run_text, qrels_text = run.read_text(), qrels.read_text()
    print(f"run: {args.queries:,} queries x {args.depth:,} lines")
    seconds, judgments = best(lambda: read_judgments(qrels_text))
    print(f"read the qrels:   {seconds:.3f} s")
    seconds, rankings = best(lambda: read_rankings(run_text))
    print(f"read the run:     {seconds:.3f} s")
    seconds, result = best(lambda: score(judgments, rankings))
    print(f"score and means:  {seconds:.3f} s  ({result.scored:,} queries, {len(result.measures)} measures)")
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(score, judgments, rankings)
        pstats.Stats(profile).sort_stats("tottime").print_stats(15)
    if args.pyodide:
        print("Pyodide under Node, evaluate.py as the worker drives it:", flush=True)
        subprocess.run(["node", str(ROOT / "bench" / "evaluate_pyodide.mjs"), str(run), str(qrels)], check=True)
    folder.cleanup()


if __name__ == "__main__":
    main()
