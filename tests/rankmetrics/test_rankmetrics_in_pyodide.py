"""The vector checks again, inside Pyodide under Node.js (the interpreter the browser runs).

run_in_pyodide.mjs copies py/rankmetrics into Pyodide's file system and runs
vector_check.py there; it prints a JSON summary that we check here. Node 20+
and node_modules/pyodide are project requirements, so their absence fails.
"""

import json
import pathlib
import shutil
import subprocess

import pytest

import vector_check

HERE = pathlib.Path(__file__).parent
ROOT = HERE.parents[1]


@pytest.mark.node
def test_vectors_pass_in_pyodide():
    node = shutil.which("node")
    assert node, "Node.js 20+ is required (make setup): `node` is not on PATH"
    assert (ROOT / "node_modules" / "pyodide").is_dir(), "node_modules/pyodide is missing: run npm ci"
    completed = subprocess.run(
        [node, str(HERE / "run_in_pyodide.mjs"), str(HERE / "vector_check.py"), str(vector_check.CASES_PATH)],
        capture_output=True, text=True, timeout=300, cwd=ROOT,
    )
    assert completed.returncode == 0, completed.stderr
    summary = json.loads(completed.stdout.strip().splitlines()[-1])
    vectors = vector_check.load_vectors()
    assert summary["platform"] == "emscripten"  # it really ran in Pyodide
    assert summary["failures"] == []
    assert summary["cases"] == len(vectors["cases"])
    assert summary["error_cases"] == len(vectors["errors"])
