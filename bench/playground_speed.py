"""The rank playground's speed: from a change to the readouts updated, over random edits, in each engine.

Run on demand (not a test):
    .venv/bin/python bench/playground_speed.py [--engine chromium|firefox|webkit|all] [--edits 200]
                                               [--seed 18] [--dist DIR]

It builds the site into a temporary folder (or uses `--dist`, a folder `build.py` wrote), serves
it on localhost with the benches' server (bench/lib/server.py, COOP/COEP on) and opens `playground.html` in the engine
through the tests' engine interface (py/browserdrive/engines: Playwright for headless Chromium,
WebDriver BiDi for Firefox, WebDriver for WebKitGTK), as bench/page_speed.py does. Once the
playground's readouts are `ready`, it makes `--edits` random edits, one at a time, each of them
changing the state: move an item up or down (its "Move … up/down" button), set an item's grade
(ranked or not retrieved), set k, switch the gain, set the relevance threshold. Each edit is made
in the page (a click on the button, or a new value and its `change` event on the control, as the
browser sends them when a person uses it), so the figures are the page's and its worker's, not
the driver's round trip. For each edit, timed with performance.now() in the page:

  readouts   the change → the readouts updated in the DOM (the playground's `data-state` turns
             `ready`, which it does right after drawing them)
  painted    the change → the first frame after that has been painted (requestAnimationFrame,
             then a message posted from it: it runs once that frame is out)
  answer → readouts, answer → painted
             from the worker's answer reaching the page (the performance mark compute.js makes,
             ANSWER_MARK) to the same two points: the page's own part, which should fit
             within one frame (16.7 ms at 60 Hz); and how many frames began from the answer to
             the one that shows the readouts (1: the first frame after the answer shows them)

Prints the median and 95th percentile of each, per engine, beside the goal (median
≤ 16 ms, p95 ≤ 50 ms in Chromium); `--engine all` ends with one table of every engine.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import tempfile
from pathlib import Path

from lib import ROOT  # first: the repository's import roots

import build
from browserdrive.engines import ENGINES, launch, missing
from lib.conditions import print_end, print_start
from lib.pagejs import call, page_function
from lib.report import table
from lib.server import serving
from lib.traffic import Traffic

# The goal (Chromium), in ms.
MEDIAN_GOAL_MS, P95_GOAL_MS = 16.0, 50.0
EDIT_KINDS = ("move", "grade", "k", "gain", "threshold")
READY_TIMEOUT_S = 180.0  # Python's first start, on a loaded machine
PAGE = "playground.html"
ANSWER_MARK = "playground-answer"  # site/js/playground/compute.js, ANSWER_MARK

# One random edit in the page (bench/js/playground_edit.js), and the playground being ready.
EDIT_JS = page_function("playground_edit")
READY_JS = page_function("playground_ready")

FIGURES = (
    ("handler", "change → its handler done"),
    ("roundTrip", "handler done → the worker's answer"),
    ("readouts", "change → readouts updated"),
    ("painted", "change → readouts painted"),
    ("answerToReadouts", "worker's answer → readouts updated"),
    ("answerToPainted", "worker's answer → readouts painted"),
)


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile: the smallest value with at least `share` of them at or below it."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def measure(engine: str, base_url: str, edits: int, seed: int) -> tuple[str, dict[str, list[float]], dict]:
    """Open the playground page in `engine`, make `edits` random edits; every edit's times."""
    chooser = random.Random(seed)
    times: dict[str, list[float]] = {key: [] for key, _ in FIGURES}
    by_kind: dict[str, list[float]] = {kind: [] for kind in EDIT_KINDS}
    frames: list[int] = []  # per edit: frames from the worker's answer to the one showing the readouts
    skipped = 0
    with launch(engine) as browser:
        version = browser.version()
        page = browser.new_page()
        page.goto(f"{base_url}{PAGE}")
        page.wait_for(READY_JS, timeout=READY_TIMEOUT_S)
        print(f"{version}: {edits} edits …", flush=True)
        for _ in range(edits):
            kind = chooser.choice(EDIT_KINDS)
            result = call(
                page, EDIT_JS, {"kind": kind, "a": chooser.random(), "b": chooser.random(), "mark": ANSWER_MARK}
            )
            if result.get("skipped"):
                skipped += 1
                continue
            for key, _ in FIGURES:
                if result[key] is not None:
                    times[key].append(result[key])
            by_kind[kind].append(result["readouts"])
            if result["framesAfterAnswer"] is not None:
                frames.append(result["framesAfterAnswer"])
        page.close()
    return version, times, {"by_kind": by_kind, "skipped": skipped, "frames": frames}


def report(engine: str, version: str, times: dict[str, list[float]], extra: dict) -> dict[str, tuple[float, float]]:
    """Print one engine's figures; {figure: (median, p95)}."""
    figures = {key: (statistics.median(values), percentile(values, 0.95)) for key, values in times.items() if values}
    count = len(times["readouts"])
    print(f"\n{version}: {count} edits (skipped, no change: {extra['skipped']})")
    goal = engine == "chromium"
    rows = [("", "median", "p95", "goal" if goal else "goal (Chromium's)")]
    for key, label in FIGURES:
        if key not in figures:
            rows.append((label, "n/a", "n/a", "the page made no answer mark"))
            continue
        middle, high = figures[key]
        if key == "readouts":
            verdict = "met" if middle <= MEDIAN_GOAL_MS and high <= P95_GOAL_MS else "not met"
            aim = f"median ≤ {MEDIAN_GOAL_MS:.0f} ms, p95 ≤ {P95_GOAL_MS:.0f} ms: {verdict}"
        else:
            aim = ""
        rows.append((label, f"{middle:.1f} ms", f"{high:.1f} ms", aim))
    table(rows)
    kinds = "; ".join(
        f"{kind} {statistics.median(values):.1f} ms (n={len(values)})"
        for kind, values in extra["by_kind"].items()
        if values
    )
    print(f"  change → readouts updated, median by kind: {kinds}")
    if extra["frames"]:
        first = sum(1 for count in extra["frames"] if count <= 1) / len(extra["frames"])
        print(
            f"  readouts shown in the first frame after the worker's answer: {first:.0%} of edits"
            f" (the most frames: {max(extra['frames'])}); goal: within one frame of the answer:"
            f" {'met' if first == 1 else 'not met'}"
        )
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="chromium", choices=(*ENGINES, "all"), help="default chromium")
    parser.add_argument("--edits", type=int, default=200, help="random edits per engine (default 200)")
    parser.add_argument("--seed", type=int, default=18, help="the random edits' seed (default 18)")
    parser.add_argument("--dist", type=Path, help="a built site to serve (default: build one into a temporary folder)")
    args = parser.parse_args()
    engines = list(ENGINES) if args.engine == "all" else [args.engine]
    absent = {engine: missing(engine) for engine in engines if missing(engine)}
    if len(absent) == len(engines):
        raise SystemExit(" ".join(absent.values()))
    started = print_start()
    results = []
    with tempfile.TemporaryDirectory() as folder:
        out = args.dist
        if out is None:
            out = Path(folder) / "dist"
            build.build(ROOT / "lessons", out)
        for engine in engines:
            if engine in absent:
                print(f"\n{engine}: skipped. {absent[engine]}")
                continue
            with serving(out, Traffic()) as base_url:
                version, times, extra = measure(engine, base_url, args.edits, args.seed)
            results.append((version, report(engine, version, times, extra)))
    if len(results) > 1:
        rows = [("engine", "change → readouts: median", "p95", "answer → painted: median", "p95")]
        for version, figures in results:
            middle, high = figures["readouts"]
            painted = figures.get("answerToPainted")
            rows.append(
                (
                    version,
                    f"{middle:.1f} ms",
                    f"{high:.1f} ms",
                    f"{painted[0]:.1f} ms" if painted else "n/a",
                    f"{painted[1]:.1f} ms" if painted else "n/a",
                )
            )
        print()
        table(rows)
    print_end(started)


if __name__ == "__main__":
    main()
