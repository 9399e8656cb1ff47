"""A pytest plugin that records where the suite's time goes, for bench/suite_time.py.

Given a file in ``SUITE_TIMING_FILE`` (tests/conftest.py loads it), it writes one JSON line per
test: its file, the engine it drives (chromium, firefox, webkit, or none), its time
(setup, call and teardown, in seconds), when it ended (seconds since the epoch: a failure can be
set beside what the other worker was running then), whether it failed, and the Python workers its
Chromium pages started (each one a Pyodide boot). Firefox and WebKit are driven through WebDriver, which does not report a
page's workers, so their boots are not counted."""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path


ENGINES = ("firefox", "webkit")
BROWSER_TESTS = Path(__file__).resolve().parent / "browser"

#: Pyodide boots seen in Chromium since the current test started (tests/browser/conftest.py
#: counts the workers its pages start).
chromium_boots = [0]


def engine_of(item) -> str:
    """chromium, firefox, webkit or none: which browser the test drives."""
    if not item.path.is_relative_to(BROWSER_TESTS):
        return "none"
    for engine in ENGINES:
        if re.search(rf"\b{engine}\b", item.name):
            return engine
    return "chromium"


class SuiteTiming:
    """Writes each test's line when the test ends (setup to teardown)."""

    def __init__(self, path: str):
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.out = open(path, "w", encoding="utf-8")  # noqa: SIM115 - closed at session end
        self.engines: dict[str, str] = {}
        self.seconds: dict[str, float] = {}
        self.failed: set[str] = set()

    def pytest_collection_modifyitems(self, items):
        self.engines.update({item.nodeid: engine_of(item) for item in items})

    def pytest_runtest_logstart(self, nodeid, location):
        chromium_boots[0] = 0

    def pytest_runtest_logreport(self, report):
        self.seconds[report.nodeid] = self.seconds.get(report.nodeid, 0.0) + report.duration
        if report.failed:
            self.failed.add(report.nodeid)

    def pytest_runtest_logfinish(self, nodeid, location):
        line = {
            "test": nodeid,
            "file": nodeid.split("::", 1)[0],
            "engine": self.engines.get(nodeid, "none"),
            "seconds": round(self.seconds.pop(nodeid, 0.0), 3),
            "ended": round(time.time(), 1),
            "boots": chromium_boots[0],
            "failed": nodeid in self.failed,
        }
        self.out.write(json.dumps(line) + "\n")
        self.out.flush()

    def pytest_sessionfinish(self):
        self.out.close()


def pytest_configure(config):
    """Record into SUITE_TIMING_FILE, or under pytest-xdist into SUITE_TIMING_FILE.gwN, one file a
    worker (the workers run the tests and their browsers; the controller records nothing)."""
    path = os.environ.get("SUITE_TIMING_FILE")
    if not path:
        return
    worker = getattr(config, "workerinput", {}).get("workerid")
    if worker:
        path = f"{path}.{worker}"
    elif config.getoption("numprocesses", default=None):
        return
    config.pluginmanager.register(SuiteTiming(path), "suite-timing-recorder")
