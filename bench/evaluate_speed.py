"""Benchmark: the evaluate page against its scale and speed goals (the goals below: GOAL_*).

    .venv/bin/python bench/evaluate_speed.py                 (10,000 queries x 100: 1,000,000 lines)
    .venv/bin/python bench/evaluate_speed.py --queries 2000  (a quicker look)
    .venv/bin/python bench/evaluate_speed.py --msmarco       (6,980 queries x 1,000, about 280 MB)

Goal: the page (Chromium, the built site served locally) reads and evaluates the run with its
qrels, every metric of rankmetrics/registry.py at k = 10 and 100, in at most 3x the time CPython
with pytrec_eval takes to read the same files and compute the measures trec_eval has, in the same
bench run. Also printed: the
longest main-thread task while the page works (goal: under 100 ms), how often the progress bar
moved, and the page's memory peak (goal: under 1.5 GB): the peak resident set (VmHWM in
/proc/PID/status, Linux) of Chromium's renderer processes started by this bench, which hold the
page and its worker (Python's memory included).

Data: a seeded synthetic run grouped by query (scores descending, a few ties) and qrels with 10
judged documents per query, grades 0-3, written to a temporary folder. The page's time runs
from pressing Evaluate to its status reading "done", with Python already loaded.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

from lib import ROOT  # first: the repository's import roots

from lib.pagejs import as_script, page_function

GOAL_RATIO = 3.0  # the page at most 3x CPython + pytrec_eval
GOAL_LONG_TASK_MS = 100
GOAL_MEMORY_GB = 1.5
CUTOFFS = (10, 100)
JUDGED_PER_QUERY = 10
LONG_TASKS = as_script("long_tasks")  # an init script: window.longestTask
PHASES = as_script("evaluate_phases")  # an init script: window.evaluatePhases
WATCH_JS = page_function("evaluate_watch")  # from now on: window.longestTask, window.progressMoves
WINDOW_VALUE_JS = page_function("window_value")


def write_files(folder: Path, queries: int, depth: int, seed: int = 19) -> tuple[Path, Path]:
    """A run of `queries` x `depth` lines and its qrels, in `folder`; returns (run, qrels)."""
    rng = random.Random(seed)
    run, qrels = folder / "run.txt", folder / "qrels.txt"
    with run.open("w") as out_run, qrels.open("w") as out_qrels:
        for q in range(queries):
            scores = sorted((round(rng.random() * 20, 2) for _ in range(depth)), reverse=True)
            out_run.writelines(
                f"q{q} Q0 d{d} {rank} {score} bench\n"
                for rank, (d, score) in enumerate(zip(rng.sample(range(depth * 3), depth), scores), 1)
            )
            out_qrels.writelines(
                f"q{q} 0 d{d} {rng.randint(0, 3)}\n" for d in rng.sample(range(depth * 3), JUDGED_PER_QUERY)
            )
    return run, qrels


def cpython_pytrec_eval(run: Path, qrels: Path) -> float:
    """Seconds for pytrec_eval to read both files and compute the page's measures (best of 2)."""
    import pytrec_eval

    ks = ",".join(map(str, CUTOFFS))
    measures = {f"P.{ks}", f"recall.{ks}", f"success.{ks}", f"map_cut.{ks}", f"ndcg_cut.{ks}", "map", "recip_rank"}
    best = float("inf")
    for _ in range(2):
        started = time.perf_counter()
        with qrels.open() as q, run.open() as r:
            judged = pytrec_eval.parse_qrel(q)
            ranked = pytrec_eval.parse_run(r)
        pytrec_eval.RelevanceEvaluator(judged, measures, relevance_level=1).evaluate(ranked)
        best = min(best, time.perf_counter() - started)
    return best


def renderer_peak_bytes() -> int:
    """The largest peak resident set (VmHWM) among the Chromium renderers this process started."""
    import psutil

    peak = 0
    for child in psutil.Process().children(recursive=True):
        try:
            if "--type=renderer" not in child.cmdline():
                continue
            status = Path(f"/proc/{child.pid}/status").read_text()
        except (psutil.Error, OSError):
            continue
        for line in status.splitlines():
            if line.startswith("VmHWM:"):
                peak = max(peak, int(line.split()[1]) * 1024)
    return peak


def page_time(run: Path, qrels: Path) -> tuple[float, float, int, int]:
    """(seconds from Evaluate to done, longest main-thread task in ms, the progress bar's moves,
    the renderers' peak resident bytes) in Chromium; prints where the time went."""
    import build
    from browserdrive.find_chromium import LAUNCH_ARGS, find_chromium
    from browserdrive.serving import served
    from playwright.sync_api import sync_playwright

    site = Path(tempfile.mkdtemp(prefix="evaluate-bench-")) / "dist"
    build.build(ROOT / "lessons", site)
    with served(site) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=find_chromium(), args=LAUNCH_ARGS)
        page = browser.new_page()
        page.add_init_script(LONG_TASKS)
        page.add_init_script(PHASES)
        page.goto(f"{url}evaluate.html")
        page.wait_for_selector('[data-runtime-status="ready"]', timeout=180_000)
        page.wait_for_selector('[data-eval-status="idle"]')  # the form is wired
        page.get_by_label("Cut-offs").fill(", ".join(map(str, CUTOFFS)))
        page.get_by_label("Run files").set_input_files(str(run))
        page.get_by_label("Judgments file").set_input_files(str(qrels))
        page.evaluate(WATCH_JS)
        started = time.perf_counter()
        page.get_by_role("button", name="Evaluate", exact=True).click()
        page.wait_for_selector('[data-eval-status="done"], [data-eval-status="error"]', timeout=3_600_000)
        seconds = time.perf_counter() - started
        status = page.locator("[data-eval-status]")
        if status.get_attribute("data-eval-status") != "done":
            raise SystemExit(f"the page failed: {status.text_content()}")
        longest = page.evaluate(WINDOW_VALUE_JS, "longestTask")
        moves = page.evaluate(WINDOW_VALUE_JS, "progressMoves")
        phases = page.evaluate(WINDOW_VALUE_JS, "evaluatePhases")
        peak = renderer_peak_bytes()
        browser.close()
    print_phases(phases)
    return seconds, longest, moves, peak


def print_phases(phases: list[list]) -> None:
    """Print how long each phase of the evaluation took on the page, in the order they began:
    each lasts until the next begins ("result" is the worker's answer reaching the page, so the
    phase before it ends in the worker and the one after it is the page drawing the results)."""
    print("where the page's time went:")
    for (name, start), (_, end) in zip(phases, phases[1:]):
        print(f"  {name[:50]:<50} {(end - start) / 1000:6.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--queries", type=int, default=10_000)
    parser.add_argument("--depth", type=int, default=100)
    parser.add_argument("--msmarco", action="store_true", help="6,980 queries x 1,000 documents")
    args = parser.parse_args()
    queries, depth = (6980, 1000) if args.msmarco else (args.queries, args.depth)
    with tempfile.TemporaryDirectory() as folder:
        run, qrels = write_files(Path(folder), queries, depth)
        size = run.stat().st_size / 1024**2
        print(f"run: {queries:,} queries x {depth:,} = {queries * depth:,} lines, {size:.0f} MB")
        reference = cpython_pytrec_eval(run, qrels)
        print(f"CPython + pytrec_eval, read and evaluate: {reference:.2f} s")
        seconds, longest, moves, peak = page_time(run, qrels)
    ratio = seconds / reference
    verdict = "ok" if ratio <= GOAL_RATIO else "over"
    print(
        f"page (Chromium), Evaluate to done:         {seconds:.2f} s = {ratio:.1f}x   goal <= {GOAL_RATIO:.0f}x  {verdict}"
    )
    verdict = "ok" if longest < GOAL_LONG_TASK_MS else "over"
    print(
        f"longest main-thread task:                  {longest:.0f} ms        goal < {GOAL_LONG_TASK_MS} ms  {verdict}"
    )
    print(f"progress bar moves:                        {moves}")
    gigabytes = peak / 1024**3
    verdict = "ok" if gigabytes < GOAL_MEMORY_GB else "over"
    print(f"page memory peak (renderer VmHWM):         {gigabytes:.2f} GB     goal < {GOAL_MEMORY_GB} GB  {verdict}")


if __name__ == "__main__":
    main()
