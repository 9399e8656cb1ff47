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

With the `offline` option (Sphinx: `rankcells_offline = True`; MkDocs: `offline: true`) they also
write a service worker to the documentation's root (SERVICE_WORKER; its code is the wheel's
`service-worker.js`, from site/js/service-worker/docs-sw.js), which the embed script registers
once Python has started: it stores the runtime, so no page downloads it again, and keeps a copy
of each page read, so those pages and their cells work offline. With the option off, the worker
written there deletes those copies and unregisters itself, for readers of an earlier build that
had it on.
"""

from __future__ import annotations

import hashlib
import json
import numbers
import shutil
from pathlib import Path

RUNTIME = Path(__file__).resolve().parent / "runtime"  # filled when the wheel is built
RUNTIME_DIR = "rankcells"  # the runtime's folder in the built documentation
EMBED_SCRIPT = "assets/embed.js"  # the embed script, inside the runtime
SETTINGS = "assets/embed-runtime.json"  # the Python settings the embed script fetches
SERVICE_WORKER = "rankcells-sw.js"  # the offline service worker, at the documentation's root
SERVICE_WORKER_CODE = Path(__file__).resolve().parent / "service-worker.js"  # put in the wheel
RUNTIME_CACHE = "rankcells-runtime-"  # the runtime's cache: this, then its copy's version
PAGES_CACHE = "rankcells-pages"  # the pages read, kept for reading offline


def check_time_limit(time_limit) -> float | None:
    """Return `time_limit` (seconds one cell may run, or None for no limit) as a float or None.

    Raises ValueError for anything but None or a positive number.
    """
    if time_limit is None:
        return None
    if isinstance(time_limit, bool) or not isinstance(time_limit, numbers.Real) or not time_limit > 0:
        raise ValueError(f"the time limit must be a positive number of seconds, or None; got {time_limit!r}")
    return float(time_limit)


def copy_runtime(target: Path, time_limit: float | None = None, service_worker: str | None = None) -> None:
    """Copy the runtime into `target` (a folder of the built documentation; replaced if present)
    and set its cells' time limit (seconds, None for none; check_time_limit's rules) and the
    address of the service worker the embed script registers (relative to `target`; None for
    none: write_service_worker writes it). A copy that
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
    if service_worker:
        runtime["serviceWorker"] = service_worker
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


def write_service_worker(root: Path, runtime_path: str | None) -> None:
    """Write SERVICE_WORKER into `root` (the built documentation's root folder) for the runtime
    that copy_runtime copied to `runtime_path` (its folder under `root`, ending in "/"): the
    worker's settings (its cache's name, versioned by that copy's files, and the files to store),
    then its code. With `runtime_path` None (the offline option is off) the worker's settings
    say `off`: a browser that installed an earlier build's worker replaces it with this one,
    which deletes the caches and unregisters itself.

    Raises FileNotFoundError when the package holds no runtime or no service worker code
    (imported from source, not from its wheel).
    """
    if not SERVICE_WORKER_CODE.is_file():
        raise FileNotFoundError(
            f"rankcells has no service worker at {SERVICE_WORKER_CODE}: install the wheel built by 'make docs-package'"
        )
    if runtime_path is None:
        _write_worker(root, {"off": True, "prefix": RUNTIME_CACHE, "pages": PAGES_CACHE})
        return
    copy = root / runtime_path
    files = sorted(path.relative_to(copy).as_posix() for path in copy.rglob("*") if path.is_file())
    stamp = hashlib.sha256()
    for name in files:
        stat = (copy / name).stat()
        stamp.update(f"{name} {stat.st_size} {stat.st_mtime_ns}\n".encode())
    settings = {
        "cache": f"{RUNTIME_CACHE}{stamp.hexdigest()[:16]}",
        "prefix": RUNTIME_CACHE,
        "runtime": runtime_path,
        "files": [f"{runtime_path}{name}" for name in files],
        "pages": PAGES_CACHE,
    }
    _write_worker(root, settings)


def _write_worker(root: Path, settings: dict) -> None:
    """Write SERVICE_WORKER into `root`: `settings` as self.RANKCELLS, then the worker's code
    (left as it is when it is the same)."""
    code = SERVICE_WORKER_CODE.read_text(encoding="utf-8")
    text = f"self.RANKCELLS = {json.dumps(settings)};\n{code}"
    worker = root / SERVICE_WORKER
    if not worker.is_file() or worker.read_text(encoding="utf-8") != text:
        worker.write_text(text, encoding="utf-8")
