"""The vector checks again, inside Pyodide under Node.js (the interpreter the browser runs).

run_in_pyodide.mjs copies py/rankmetrics into Pyodide's file system and runs
vector_check.py there; it prints a JSON summary that we check here. Node 20+
and node_modules/pyodide are project requirements, so their absence fails.
"""

import json
import pathlib
import subprocess


import vector_check

HERE = pathlib.Path(__file__).parent
ROOT = HERE.parents[1]


def test_vectors_pass_in_pyodide(pyodide_node):
    completed = subprocess.run(
        [pyodide_node, str(HERE / "run_in_pyodide.mjs"), str(HERE / "vector_check.py"), str(vector_check.CASES_PATH)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert completed.returncode == 0, completed.stderr
    summary = json.loads(completed.stdout.strip().splitlines()[-1])
    vectors = vector_check.load_vectors()
    assert summary["platform"] == "emscripten"  # it really ran in Pyodide
    assert summary["failures"] == []
    assert summary["cases"] == len(vectors["cases"])
    assert summary["error_cases"] == len(vectors["errors"])
