"""The unit tests of the page's JavaScript (tests/site/js/, mirroring site/js/), run with Node's
own test runner: no browser, no Pyodide. `make unit` runs them directly; this runs them in
`make test`, and skips (fails under CI) without Node."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
JS_TESTS = ROOT / "tests" / "site" / "js"


def test_the_pages_javascript_passes_its_unit_tests(node):
    assert any(JS_TESTS.rglob("*.test.mjs")), "no JavaScript unit tests found"
    done = subprocess.run(
        [node, "--test", str(JS_TESTS.relative_to(ROOT)) + "/"], capture_output=True, text=True, cwd=ROOT, timeout=300
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
