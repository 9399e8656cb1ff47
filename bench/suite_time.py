"""Where the test suite's time goes: one run of pytest, then its time per file and per engine,
and the Pyodide boots of its Chromium pages.

    .venv/bin/python bench/suite_time.py                  # the whole suite, as `make test` runs it
    .venv/bin/python bench/suite_time.py -- tests/browser -k engines   # a part of it
    .venv/bin/python bench/suite_time.py --from timing.jsonl           # an earlier run's record

It runs pytest with two workers, as `make test` does. Each test's time is its setup, call and
teardown, so a session fixture (the site's build, a browser's start) counts in the first test
that uses it, and the workers' times add up to about twice the run's: the table's share is of
the summed time. The record of each test is
kept in the file --record names (default: build-cache/suite-timing.jsonl)."""

from __future__ import annotations

import argparse
import collections
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from lib.conditions import print_end, print_start

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_RECORD = ROOT / "build-cache" / "suite-timing.jsonl"
#: What `make test` passes pytest before PYTEST_ARGS (the Makefile's TEST_WORKERS).
PYTEST_OPTIONS = ["-n", "2", "--dist", "loadfile"]


def run_suite(record: Path, pytest_args: list[str]) -> int:
    """Run pytest as `make test` does (two workers), with the timing plugin writing to `record`
    (one file a worker: record.gw0, record.gw1); its exit code."""
    record.parent.mkdir(parents=True, exist_ok=True)
    for old in record.parent.glob(record.name + "*"):
        old.unlink()
    env = {**os.environ, "SUITE_TIMING_FILE": str(record)}
    command = [sys.executable, "-m", "pytest", *PYTEST_OPTIONS, "-q", "-p", "no:cacheprovider", *pytest_args]
    print(f"running: {' '.join(command)}", flush=True)
    return subprocess.run(command, cwd=ROOT, env=env).returncode


def read(record: Path) -> list[dict]:
    """Every test's line, from `record` and its workers' files beside it."""
    files = sorted(record.parent.glob(record.name + "*"))
    return [json.loads(line) for file in files for line in file.read_text(encoding="utf-8").splitlines() if line]


def table(title: str, rows: dict[str, list[dict]], total: float, limit: int | None = None) -> None:
    print(f"\n{title}")
    print(f"{'':52s} {'tests':>6s} {'seconds':>8s} {'share':>6s} {'boots':>6s}")
    ordered = sorted(rows.items(), key=lambda pair: -sum(test["seconds"] for test in pair[1]))
    for name, tests in ordered[:limit]:
        seconds = sum(test["seconds"] for test in tests)
        boots = sum(test["boots"] for test in tests)
        share = seconds / total if total else 0.0
        print(f"{name[-52:]:52s} {len(tests):6d} {seconds:8.1f} {share:6.1%} {boots:6d}")
    if limit is not None and len(ordered) > limit:
        rest = [test for _, tests in ordered[limit:] for test in tests]
        print(f"{f'({len(ordered) - limit} more)':52s} {len(rest):6d} {sum(t['seconds'] for t in rest):8.1f}")


def report(tests: list[dict]) -> None:
    total = sum(test["seconds"] for test in tests)
    by_engine: dict[str, list[dict]] = collections.defaultdict(list)
    by_file: dict[str, list[dict]] = collections.defaultdict(list)
    for test in tests:
        by_engine[test["engine"]].append(test)
        by_file[test["file"]].append(test)
    print(
        f"\n{len(tests)} tests, {total:.0f} s of test time, {sum(t['boots'] for t in tests)} Pyodide boots in Chromium"
    )
    table("By engine (none: no browser)", by_engine, total)
    table("By file, slowest first", by_file, total, limit=30)
    failed = [test["test"] for test in tests if test.get("failed")]
    if failed:
        print(f"\nFailed ({len(failed)})")
        print("\n".join(failed))
    slowest = sorted(tests, key=lambda test: -test["seconds"])[:15]
    print("\nSlowest tests")
    for test in slowest:
        print(f"{test['seconds']:8.1f} s  {test['boots']:3d} boots  {test['test']}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--from", dest="source", type=Path, help="summarise this record instead of running pytest")
    parser.add_argument("--record", type=Path, default=DEFAULT_RECORD, help="where to keep each test's record")
    parser.add_argument("pytest_args", nargs="*", help="arguments for pytest (after --)")
    options = parser.parse_args()
    started = print_start()
    code = 0
    record = options.source or options.record
    if options.source is None:
        began = time.monotonic()
        code = run_suite(record, options.pytest_args)
        print(f"pytest exited with {code} after {time.monotonic() - began:.0f} s")
    report(read(record))
    print_end(started)
    return code


if __name__ == "__main__":
    sys.exit(main())
