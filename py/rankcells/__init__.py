"""Live Python cells for Sphinx and MkDocs sites: code blocks marked `runnable` run in the reader's
browser (Pyodide in a worker), served from the documentation's own folder with no course host and
no CDN.

    Sphinx:  extensions = ["rankcells.sphinx"]       then  .. code-block:: python
                                                               :class: runnable
    MkDocs:  plugins: [rankcells]                     then  ```{.python .runnable}

and a rank playground from a lesson's playground YAML (rankcells/playground.py):

    Sphinx:  .. rank-playground:: ID                  MkDocs:  ```rank-playground id=ID

The wheel carries `runtime/`: the course's embed script (assets/embed.js), its chunks, the Python
worker, Pyodide's core files and the project's wheels, laid out as in the built course; the build
fills it (lessonbuild/docspackage.py). Both plugins copy it into the built documentation under
RUNTIME_DIR and point each page at its embed script.
"""

from __future__ import annotations

import json
import numbers
import shutil
from pathlib import Path

RUNTIME = Path(__file__).resolve().parent / "runtime"  # filled when the wheel is built
RUNTIME_DIR = "rankcells"  # the runtime's folder in the built documentation
EMBED_SCRIPT = "assets/embed.js"  # the embed script, inside the runtime
SETTINGS = "assets/embed-runtime.json"  # the Python settings the embed script fetches


def check_time_limit(time_limit) -> float | None:
    """Return `time_limit` (seconds one cell may run, or None for no limit) as a float or None.

    Raises ValueError for anything but None or a positive number.
    """
    if time_limit is None:
        return None
    if isinstance(time_limit, bool) or not isinstance(time_limit, numbers.Real) or not time_limit > 0:
        raise ValueError(f"the time limit must be a positive number of seconds, or None; got {time_limit!r}")
    return float(time_limit)


def copy_runtime(target: Path, time_limit: float | None = None) -> None:
    """Copy the runtime into `target` (a folder of the built documentation; replaced if present)
    and set its cells' time limit (seconds, None for none; check_time_limit's rules). A copy that
    is already there and the same is left as it is (a rebuild, or a live-reloading server such
    as sphinx-autobuild, then neither copies 25 MB again nor takes the files away while a page
    may be loading them).

    Raises FileNotFoundError when the package holds no runtime (imported from source, not from
    its wheel), ValueError for a bad time limit.
    """
    time_limit = check_time_limit(time_limit)
    settings = RUNTIME / SETTINGS
    if not settings.is_file():
        raise FileNotFoundError(
            f"rankcells has no runtime at {RUNTIME}: install the wheel built by 'make docs-package'"
        )
    runtime = json.loads(settings.read_text(encoding="utf-8"))
    runtime["timeLimit"] = time_limit
    text = json.dumps(runtime)
    if _is_copy(target, text):
        return
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(RUNTIME, target)
    (target / SETTINGS).write_text(text, encoding="utf-8")


def _is_copy(target: Path, settings: str) -> bool:
    """Whether `target` holds the runtime's files, the same size and age (copytree keeps a
    file's time), and no other, with `settings` as its settings."""
    if not (target / SETTINGS).is_file() or (target / SETTINGS).read_text(encoding="utf-8") != settings:
        return False
    files = {path.relative_to(RUNTIME) for path in RUNTIME.rglob("*") if path.is_file()}
    if files != {path.relative_to(target) for path in target.rglob("*") if path.is_file()}:
        return False
    for name in files - {Path(SETTINGS)}:
        source, copy = (RUNTIME / name).stat(), (target / name).stat()
        if (source.st_size, source.st_mtime_ns) != (copy.st_size, copy.st_mtime_ns):
            return False
    return True
