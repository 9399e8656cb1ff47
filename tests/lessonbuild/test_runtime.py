"""The runtime settings the worker boots with (py/lessonbuild/runtime.py)."""

from __future__ import annotations

import re

from lessonbuild.paths import PYODIDE_DIR, ROOT
from lessonbuild.runtime import LEARNER_PACKAGES, lesson_runtime, runtime_settings

SNAPSHOT = {"url": "pyodide/snapshot.bin.gz?v=1", "bytes": 3, "use": "auto", "wheels": [], "packages": []}
STDLIB = {"boot": "pyodide/python_stdlib_boot.zip", "full": "pyodide/python_stdlib.zip"}


def test_the_site_settings_have_every_key():
    site = runtime_settings(["wheels/a.whl"], snapshot=SNAPSHOT, stdlib=STDLIB)
    assert site == {
        "pyodide": PYODIDE_DIR,
        "wheels": ["wheels/a.whl"],
        "packages": list(LEARNER_PACKAGES),
        "snapshot": SNAPSHOT,
        "stdlib": STDLIB,
        "timeLimit": None,
    }


def test_a_lesson_adds_its_wheels_packages_and_time_limit_after_the_sites():
    site = runtime_settings(["wheels/a.whl"], packages=["rankmetrics"])
    lesson = lesson_runtime(site, ["wheels/pygal.whl"], ["pygal"], 5)
    assert lesson["wheels"] == ["wheels/a.whl", "wheels/pygal.whl"]
    assert lesson["packages"] == ["rankmetrics", "pygal"]
    assert lesson["timeLimit"] == 5
    assert site["wheels"] == ["wheels/a.whl"] and site["packages"] == ["rankmetrics"], "the site's are left alone"


def test_architecture_documents_every_key():
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    section = text[text.index("- `runtime`: the worker's settings.") :]
    section = section[: section.index("\n- ", 1)]
    documented = set(re.findall(r"^  - `(\w+)`", section, re.MULTILINE))
    assert documented == set(runtime_settings([])), documented
