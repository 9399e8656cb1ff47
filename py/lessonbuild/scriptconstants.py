"""The values the page scripts share with the build's Python, handed to every bundle.

esbuild replaces the identifier BUILD_CONSTANTS with this object's JSON text (--define; a
string, which esbuild writes in place, where an object would become a module of its own that
every bundle then loads), and site/js/shared/build-constants.js parses it and names its parts; Node.js tests set globalThis.BUILD_CONSTANTS from the
same function (tests/site/js/build-constants.mjs). Each value keeps its home in its own module.
"""

from __future__ import annotations

import json

from cellruntime.streams import CUT_MARK_STREAM, NOTICE_STREAM, STDERR_STREAM, STDOUT_STREAM
from rankmetrics.registry import page_facts

from .offline import SITE_CACHE_PREFIX
from .paths import EMBED_RUNTIME, PYODIDE_CORE_FILES, WORKER_SCRIPT
from .snapshot import PAGES_HEADER, PAGES_MAGIC, PAGES_RUN, USES


def script_constants() -> dict:
    """{name: JSON value} for BUILD_CONSTANTS (site/js/shared/build-constants.js lists each)."""
    return {
        "pyodideCoreFiles": list(PYODIDE_CORE_FILES),
        "snapshotUses": list(USES),
        "siteCachePrefix": SITE_CACHE_PREFIX,
        "workerScript": WORKER_SCRIPT,
        "embedRuntime": EMBED_RUNTIME,
        "streams": {"stdout": STDOUT_STREAM, "stderr": STDERR_STREAM, "notice": NOTICE_STREAM, "cut": CUT_MARK_STREAM},
        "metrics": page_facts(),
        "snapshotPages": {
            "magic": PAGES_MAGIC.decode("ascii"),
            "headerBytes": PAGES_HEADER.size,
            "runBytes": PAGES_RUN.size,
        },
    }


def esbuild_define() -> str:
    """The esbuild option that hands script_constants() to a bundle, as a JSON string."""
    return f"--define:BUILD_CONSTANTS={json.dumps(constants_json())}"


def constants_json() -> str:
    """script_constants() as compact JSON text."""
    return json.dumps(script_constants(), separators=(",", ":"))


if __name__ == "__main__":  # for Node.js tests: python -m lessonbuild.scriptconstants
    print(constants_json())
