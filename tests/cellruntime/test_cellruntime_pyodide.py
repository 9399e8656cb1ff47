"""Smoke check: the package runs inside Pyodide (Python 3.14, wasm32) under Node.

Runs ``pyodide_smoke.mjs`` with cells given as JSON data and checks its
JSON report.  Needs ``node`` and ``npm ci`` (node_modules/pyodide).
"""

import json
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(__file__).with_name("pyodide_smoke.mjs")

CELLS = [
    ("stream", "import js\nprint('first')\njs.smokeMark()\nprint(1 / 0)"),
    ("expr", "x = 41\nx + 1"),
    ("syntax", "print(1 +)"),
    ("recursion", "def f(n):\n    return f(n + 1)\nf(0)"),
    ("memory", "[0] * 10**9"),
    ("exit", "import sys\nsys.exit(0)"),
    ("stop", "import js\nz = 7\njs.smokeInterrupt[0] = 2\nwhile True:\n    pass"),
    ("after", "print(x, z)"),
    ("input", "input('k? ')"),
    ("import", "import no_such_module_smoke"),
    ("network", "import urllib.request\nurllib.request.urlopen('http://127.0.0.1:9/')"),
    ("svg", "class P:\n    def _repr_svg_(self):\n        return '<svg/>'\nP()"),
]


@pytest.fixture(scope="module")
def report(pyodide_node):
    payload = {
        "available_packages": ["rankmetrics"],
        "cells": [{"id": cell_id, "code": code} for cell_id, code in CELLS],
    }
    done = subprocess.run(
        [pyodide_node, str(SCRIPT)],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout.strip().splitlines()[-1])
    data["by_id"] = {r["id"]: r for r in data["results"]}
    return data


def _error(report, cell_id):
    result = report["by_id"][cell_id]["result"]
    assert result["ok"] is False and result["display"] is None
    return result["error"]


def test_runs_on_pyodide_python(report):
    assert report["python"].startswith("3.")
    assert [r["id"] for r in report["results"]] == [c for c, _ in CELLS]
    assert report["stdout_restored"] != "WriteThroughStream"


def test_output_streams_before_error(report):
    cell = report["by_id"]["stream"]
    assert cell["writes"] == [["stdout", "first\n"]]
    assert cell["marks"] == [1]  # the write had reached JS while the cell ran
    error = _error(report, "stream")
    assert error.startswith('Traceback (most recent call last):\n  File "<cell stream>", line 4')
    assert error.endswith("ZeroDivisionError: division by zero")
    assert "cellruntime" not in error


def test_display_and_namespace(report):
    assert report["by_id"]["expr"]["result"] == {
        "ok": True,
        "display": {"text/plain": "42"},
        "error": None,
    }
    assert report["by_id"]["after"]["writes"] == [["stdout", "41 7\n"]]
    assert report["by_id"]["svg"]["result"]["display"]["image/svg+xml"] == "<svg/>"


def test_error_kinds(report):
    assert _error(report, "syntax").splitlines()[0] == '  File "<cell syntax>", line 1'
    recursion = _error(report, "recursion")
    assert "RecursionError" in recursion and len(recursion) < 2000
    assert "MemoryError" in _error(report, "memory")
    assert _error(report, "exit").startswith("The code called sys.exit(0) at line 2")
    assert "input() can't read" in _error(report, "input")
    assert _error(report, "import").endswith("and: rankmetrics.")
    assert "cannot reach the network" in _error(report, "network").splitlines()[-1]


def test_stop_button_interrupt(report):
    error = _error(report, "stop")
    assert 'File "<cell stop>", line' in error
    assert error.endswith("KeyboardInterrupt: stopped")
