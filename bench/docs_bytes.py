"""What a reader of documentation with live cells (the rankcells package) downloads: the first
page, then a second page of the same site, opened as a new page load.

Run on demand (not a test):
    .venv/bin/python bench/docs_bytes.py [--dist DIR]

It builds the rankcells wheel from a built course (`--dist`, by default dist/: run `make build`
first), installs it into a virtual environment of its own (browserdrive.docsenv), builds a small
MkDocs site of two pages with a cell on each, and serves it with a plain static server, as a
documentation host does, twice: sending only Last-Modified (Python's http.server), then also
`Cache-Control: max-age=600` (as GitHub Pages does). Each time, in a new Chromium profile with
a disk cache, as a reader's (a private window's cache, in memory, keeps no file as big as
pyodide.asm.wasm here: it comes again on every page): the first page is opened and its cell run
(Python booted), the network left to go quiet, then the second page is opened and its cell run. It prints, for each page, the bytes the server sent
(headers and bodies, counted by the server, so the Python worker's fetches are in it), split into
Pyodide's files (rankcells/pyodide/) and the rest, and how many requests for Pyodide's files
reached the server at all (a file the browser's cache answered sends none; one it revalidated
gets a 304, headers only).
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from lib import ROOT  # first: the repository's import roots

from browserdrive.docsenv import docs_environment, run_tool
from browserdrive.find_chromium import LAUNCH_ARGS, find_chromium
from lessonbuild.docspackage import build_docs_package
from lib.conditions import print_end, print_start
from lib.report import megabytes, table
from lib.server import plain_serving
from lib.traffic import Traffic

READY_TIMEOUT_MS = 180_000
PYODIDE = "/rankcells/pyodide/"
CONFIG = "site_name: Docs\nmarkdown_extensions: [attr_list]\nplugins: [search, rankcells]\nnav: [index.md, next.md]\n"
PAGES = {
    "index.md": "# First\n\n```{.python .runnable}\nprint('first')\n```\n",
    "next.md": "# Next\n\n```{.python .runnable}\nprint('next')\n```\n",
}
SERVERS = [("Last-Modified only", None), ("Cache-Control: max-age=600", "max-age=600")]


def build_site(python: Path, folder: Path) -> Path:
    """The two-page MkDocs site, built in `folder`; its output folder."""
    (folder / "docs").mkdir()
    (folder / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    for name, text in PAGES.items():
        (folder / "docs" / name).write_text(text, encoding="utf-8")
    done = run_tool(python, folder, "mkdocs", "build", "-q", "-d", "site")
    if done.returncode != 0:
        raise SystemExit(f"mkdocs build failed:\n{done.stderr}")
    return folder / "site"


def open_and_run(page, url: str) -> None:
    """Open `url` and run its cell; return once the cell is done."""
    page.goto(url)
    page.locator("[data-cell] [data-action=run]").click()
    page.locator("[data-cell][data-state=done]").wait_for(timeout=READY_TIMEOUT_MS)


def figures(entries: list[tuple[str, int]]) -> tuple[str, str, str, int]:
    """(all bytes, Pyodide's bytes, the rest's, requests for Pyodide's files) of server entries."""
    pyodide = [size for path, size in entries if path.startswith(PYODIDE)]
    total = sum(size for _, size in entries)
    return megabytes(total), megabytes(sum(pyodide)), megabytes(total - sum(pyodide)), len(pyodide)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="a built course (make build)")
    args = parser.parse_args()
    started = print_start()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as temp, sync_playwright() as playwright:
        temp = Path(temp)
        python = docs_environment(build_docs_package(args.dist, temp / "package"), temp / "venv")
        (temp / "project").mkdir()
        site = build_site(python, temp / "project")
        rows = [("server", "page", "sent", "Pyodide's files", "the rest", "Pyodide requests")]
        for label, cache_control in SERVERS:
            traffic = Traffic()
            with plain_serving(site, traffic, cache_control) as base:
                profile = Path(tempfile.mkdtemp(dir=temp))
                context = playwright.chromium.launch_persistent_context(
                    profile, executable_path=find_chromium(), args=LAUNCH_ARGS, service_workers="block"
                )
                page = context.new_page()
                for name, url in [("first", base), ("second", base + "next/")]:
                    mark = traffic.mark()
                    open_and_run(page, url)
                    traffic.settle()
                    rows.append((label, name, *figures(traffic.since(mark))))
                context.close()
    print()
    table(rows)
    print_end(started)


if __name__ == "__main__":
    main()
