"""The sizes the docs quote: what a built site's files cost as sent plain, as Brotli and as gzip.

Run on demand (not a test), after `make build`:
    .venv/bin/python bench/site_sizes.py [--site dist]

It prints, for the built site in `--site`:

  Pyodide's core files    plain, .br and .gz (a host that serves no precompressed copy sends plain)
  small standard library  plain, .br and .gz (python_stdlib_boot.zip)
  the memory snapshot     as sent (the page unpacks it itself, on any host)
  a lesson's download     the wheels its first cell carries, base64-encoded: the course's own
                          (rankmetrics, cellruntime), and with every extra package (the charts)
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from lessonbuild.paths import EMBED_RUNTIME, PYODIDE_CORE_FILES, PYODIDE_DIR, WHEELS_DIR  # noqa: E402
from lessonbuild.snapshot import SNAPSHOT_PATH  # noqa: E402
from lessonbuild.stdlib import BOOT_STDLIB_PATH  # noqa: E402

ENCODINGS = (("plain", ""), ("Brotli", ".br"), ("gzip", ".gz"))


def megabytes(size: int) -> str:
    return f"{size / 1e6:.2f} MB" if size >= 1e6 else f"{size / 1e3:.1f} KB"


def sizes_as_sent(site: Path, paths: list[str]) -> dict[str, int]:
    """{encoding: total bytes of `paths` as a server sends them to a browser that accepts that
    encoding}: each file's precompressed copy, or the file itself where the build wrote none."""
    totals: dict[str, int] = {}
    for name, suffix in ENCODINGS:
        copies = [site / f"{path}{suffix}" for path in paths]
        totals[name] = sum(
            (copy if copy.is_file() else site / path).stat().st_size for copy, path in zip(copies, paths)
        )
    return totals


def base64_size(size: int) -> int:
    return 4 * math.ceil(size / 3)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "dist", help="a built site (default: dist/)")
    site = parser.parse_args(argv).site
    if not (site / EMBED_RUNTIME).is_file():
        print(f"{site} is not a built site: run `make build` first.", file=sys.stderr)
        return 1
    rows = {
        "Pyodide's core files": [f"{PYODIDE_DIR}{name}" for name in PYODIDE_CORE_FILES],
        "small standard library": [BOOT_STDLIB_PATH],
    }
    for label, paths in rows.items():
        sent = sizes_as_sent(site, paths)
        print(f"{label:24} " + ", ".join(f"{name} {megabytes(size)}" for name, size in sent.items()))
    snapshot = site / SNAPSHOT_PATH
    if snapshot.is_file():
        print(f"{'memory snapshot':24} {megabytes(snapshot.stat().st_size)} as sent")
    core = json.loads((site / EMBED_RUNTIME).read_text())["wheels"]
    every = sorted(f"{WHEELS_DIR}{wheel.name}" for wheel in (site / WHEELS_DIR).glob("*.whl"))
    for label, wheels in (("download, course only", core), ("download, with charts", every)):
        size = sum(base64_size((site / wheel).stat().st_size) for wheel in wheels)
        print(f"{label:24} {megabytes(size)} of base64 wheels ({len(wheels)} wheels)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
