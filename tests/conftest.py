"""Shared fixtures: small lesson folders written into tmp_path, and Node.js (with Pyodide) for
the tests that run code under it. Marks each test by what it needs, so `make unit` can leave out
the slow ones: `browser` (every test under tests/browser/), `pyodide` (a test that uses the
`pyodide_node` fixture: Python in Pyodide under Node), `node` (one that uses Node at all).
A Firefox or WebKit test whose browser hung (engines.EngineHang) runs once more in a new
browser, and the rerun is listed in the summary; any other failure fails at once."""

from __future__ import annotations

import os
import shutil
import textwrap
from pathlib import Path

import pytest

from missing_tools import missing_tool

ROOT = Path(__file__).resolve().parents[1]

# ranx's numba kernels run as the plain Python they are written in: the same definitions, without
# the 40 s a fresh install spends compiling them. Set before any test imports ranx, and inherited
# by the CPython subprocesses that run the lessons' ranx snippets.
os.environ.setdefault("NUMBA_DISABLE_JIT", "1")
BROWSER_TESTS = ROOT / "tests" / "browser"


def pytest_configure(config):
    import suite_timing  # records where the time goes when SUITE_TIMING_FILE is set (bench/suite_time.py)

    suite_timing.pytest_configure(config)


def pytest_collection_modifyitems(items):
    for item in items:
        fixtures = getattr(item, "fixturenames", ())
        if item.path.is_relative_to(BROWSER_TESTS):
            item.add_marker(pytest.mark.browser)
        if "pyodide_node" in fixtures:
            item.add_marker(pytest.mark.pyodide)
        if "node" in fixtures:
            item.add_marker(pytest.mark.node)
        if "engine_browser" in fixtures:
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=["EngineHang"]))


@pytest.fixture(scope="session")
def perl() -> str:
    """The path of perl (ir_measures' gdeval provider runs gdeval.pl). Absent: skipped, or a
    failure under CI."""
    path = shutil.which("perl")
    if path is None:
        missing_tool("perl is not on PATH: install it (Debian: perl) to compare ERR with gdeval.")
    return path


@pytest.fixture(scope="session")
def node() -> str:
    """The path of Node.js (20+). Absent: skipped, or a failure under CI."""
    path = shutil.which("node")
    if path is None:
        missing_tool("Node.js 20+ is not on PATH: install it (make setup needs it too) to run these tests.")
    return path


@pytest.fixture(scope="session")
def pyodide_node(node) -> str:
    """Node.js with the pinned Pyodide in node_modules (a project requirement: its absence fails)."""
    assert (ROOT / "node_modules" / "pyodide").is_dir(), "node_modules/pyodide is missing: run npm ci"
    return node


GOOD_LESSON = """\
---
title: Sample lesson
summary: A lesson used by the build tests.
---

Some prose with math $\\frac{3}{5}$ and a table:

| k | precision |
|---|---|
| 5 | 0.60 |

```python id=first label="the first cell"
x = 3 / 5
print(f"x = {x:.2f}")
```

```python id=setup hidden
y = 2
```

```python id=second readonly
x + y
```

```python static
this is not run, so it need not compile (
```

```quiz id=check
question: What is $3/5$?
options:
  - answer: "0.60"
    correct: true
    explain: Three fifths is 0.60.
  - answer: "0.35"
    explain: That swaps the digits.
```
"""


@pytest.fixture
def good_lesson() -> str:
    """A lesson that uses every feature of the format and has no problems."""
    return GOOD_LESSON


@pytest.fixture
def make_lessons(tmp_path: Path):
    """Write {slug: text} lessons and an index (default: the slugs in order); return the folder."""

    def make(lessons: dict[str, str], index: list[str] | str | None = None) -> Path:
        folder = tmp_path / "lessons"
        folder.mkdir(exist_ok=True)
        for slug, text in lessons.items():
            (folder / f"{slug}.md").write_text(textwrap.dedent(text), encoding="utf-8")
        if isinstance(index, str):
            (folder / "index.yml").write_text(index, encoding="utf-8")
        else:
            slugs = list(lessons) if index is None else index
            (folder / "index.yml").write_text("lessons:\n" + "".join(f"  - {s}\n" for s in slugs), encoding="utf-8")
        return folder

    return make
