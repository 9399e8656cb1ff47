"""The sizes the docs quote: what a built site's files cost as sent plain, as Brotli and as gzip.

Run on demand (not a test), after `make build`:
    .venv/bin/python bench/site_sizes.py [--site dist]

It prints, for the built site in `--site`:

  Pyodide's core files    plain, .br and .gz (a host that serves no precompressed copy sends plain)
  small standard library  plain, .br and .gz (python_stdlib_boot.zip)
  the memory snapshot     as sent (the page unpacks it itself, on any host)
  a lesson's download     the wheels its first cell carries, base64-encoded: the course's own
                          (rankmetrics, cellruntime), and with every extra package (the charts)
  a page's JavaScript     for a lesson without a rank playground (--page to name another): the
                          scripts it runs as it opens (its <script src> and the modules they
                          import), and each script it may import later, on demand (the editor
                          once Python is ready; the playground's and the evaluate page's only
                          on pages that have one); the worker's script is not counted
"""

from __future__ import annotations

import argparse
import json
import math
import posixpath
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from lessonbuild.assets import static_imports  # noqa: E402
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


SCRIPT_SRC = re.compile(r'<script\b[^>]*\bsrc="([^"?]+)')
DYNAMIC_IMPORT = re.compile(rb"""\bimport\(\s*["'](\.{1,2}/[^"']+)["']\s*\)""")


def page_scripts(site: Path, page: str) -> tuple[list[str], dict[str, list[str]]]:
    """(the scripts `page` runs as it opens: its <script src> and their static imports, and
    {each module it may import on demand: that module and its static imports not already loaded})."""
    modules = {path.relative_to(site).as_posix(): path.read_bytes() for path in site.glob("assets/**/*.js")}
    at_start: list[str] = []
    for src in SCRIPT_SRC.findall((site / page).read_text(encoding="utf-8")):
        for path in (src, *static_imports(modules, src)):
            if path not in at_start:
                at_start.append(path)
    later: dict[str, list[str]] = {}
    pending = list(at_start)
    while pending:
        module = pending.pop(0)
        for match in DYNAMIC_IMPORT.finditer(modules[module]):
            path = posixpath.normpath(posixpath.join(posixpath.dirname(module), match.group(1).decode()))
            if path in later or path in at_start:
                continue
            later[path] = [p for p in (path, *static_imports(modules, path)) if p not in at_start]
            pending.append(path)
    return at_start, later


def first_lesson_without_playground(site: Path) -> str:
    for path in sorted(site.glob("*.html")):
        page = path.read_text(encoding="utf-8")
        if 'id="lesson-data"' in page and "data-playground=" not in page and "data-evaluate" not in page:
            return path.name
    raise SystemExit(f"{site} has no lesson page without a rank playground")


def base64_size(size: int) -> int:
    return 4 * math.ceil(size / 3)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "dist", help="a built site (default: dist/)")
    parser.add_argument(
        "--page", help="the page whose JavaScript is counted (default: the first lesson without a playground)"
    )
    args = parser.parse_args(argv)
    site = args.site
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
    page = args.page or first_lesson_without_playground(site)
    at_start, later = page_scripts(site, page)
    print(f"{page}'s JavaScript")

    def line(label: str, paths: list[str]) -> None:
        sent = sizes_as_sent(site, paths)
        print(f"  {label:30} " + ", ".join(f"{name} {megabytes(size)}" for name, size in sent.items()))

    line(f"at start ({len(at_start)} files)", at_start)
    for module, paths in later.items():
        line(f"on demand {Path(module).name}", paths)
    return 0


if __name__ == "__main__":
    sys.exit(main())
