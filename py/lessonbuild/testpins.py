"""The libraries the test suite installs (requirements-test.txt and the files it includes).

A lesson's static block may name one of them with `cpython=` (lessons/README.md): the page
cannot run it, so the tests run the block under CPython with that library instead, and the
page names the version they ran.
"""

from __future__ import annotations

import re
from pathlib import Path

from .paths import ROOT

REQUIREMENTS_FILE = ROOT / "requirements-test.txt"
_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)\s*==\s*([^\s;#]+)")


def normalise(name: str) -> str:
    """A distribution name as pip compares them: "Scikit_Learn" → "scikit-learn"."""
    return re.sub(r"[-_.]+", "-", name).lower()


def pinned_versions(path: Path = REQUIREMENTS_FILE) -> dict[str, str]:
    """{normalised name: version} for every `name==version` line, following `-r` includes."""
    pins: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line.startswith("-r"):
            pins.update(pinned_versions(path.parent / line[2:].strip()))
            continue
        match = _PIN.match(line)
        if match:
            pins[normalise(match.group(1))] = match.group(2)
    return pins
