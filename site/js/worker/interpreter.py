"""What the Python worker (site/js/worker/) and the build's Node.js tools ask of Pyodide's Python.

Run once per interpreter in a namespace of its own (site/js/worker/interpreter.js); each
function is then called from JavaScript. Plain CPython runs it too (tests/site/js/worker/).
"""

import gc
import importlib
import site
import sys
from importlib.machinery import PathFinder

ON_MISS_FINDER_NAME = "FullStdlibOnMiss"  # the class add_on_miss_finder appends


def site_packages() -> str:
    """The folder wheels are unpacked into (the first of site.getsitepackages())."""
    return site.getsitepackages()[0]


def stdlib_zip() -> str:
    """The standard library's zip on sys.path (Pyodide's python_stdlib.zip, or the small one the
    worker starts with). Raises StopIteration when there is none."""
    return next(path for path in sys.path if path.endswith(".zip"))


def refresh_finder(path: str) -> None:
    """Forget the cached listing of one sys.path entry (a folder or a zip) after its files
    changed. Only that finder's: importlib.invalidate_caches() also imports importlib.metadata,
    which is slow to import in Pyodide."""
    finder = sys.path_importer_cache.get(path)
    if finder is not None:
        finder.invalidate_caches()


def add_on_miss_finder(install_now) -> None:
    """Append a finder to sys.meta_path for a module no other finder found: it calls
    `install_now()` (True once the full standard library is in place, False when there is
    nothing more to look in) and looks again."""

    class FullStdlibOnMiss:
        @staticmethod
        def find_spec(name, path=None, target=None):
            if not install_now():
                return None
            return PathFinder.find_spec(name, path, target)

    sys.meta_path.append(FullStdlibOnMiss)


def drop_on_miss_finder() -> None:
    """Remove the finder add_on_miss_finder appended (the full standard library is in place)."""
    sys.meta_path[:] = [finder for finder in sys.meta_path if getattr(finder, "__name__", "") != ON_MISS_FINDER_NAME]


def import_modules(names) -> int:
    """Import each module named in `names` (an iterable of dotted names); return how many
    modules Python then holds. Raises the import's error (e.g. ModuleNotFoundError)."""
    for name in names:
        importlib.import_module(name)
    return len(sys.modules)


def collect_garbage() -> None:
    """Free what the imports left behind (before a memory snapshot is taken)."""
    gc.collect()


def reseed_random() -> None:
    """Seed `random` afresh: a snapshot's was seeded when the build made it."""
    import random  # here: a normal boot need not import it

    random.seed()
