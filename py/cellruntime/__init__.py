"""The in-browser cell runtime of the lessons: runs learners' Python cells.

The page's Web Worker boots Pyodide, installs this package and does::

    from cellruntime import Session
    session = Session(available_packages=["rankmetrics"])
    result = session.run(code, cell_id, write)   # write(stream, text)
    # result == {"ok": bool, "display": dict | None, "error": str | None}
    verdict = session.check(check_name, write)   # an exercise's Check button
    # check_name: the exercise's check, from its lesson (checks.declared_check_name)
    # verdict == {"ok": bool, "message": str, "passed": int, "total": int}

Modules: :mod:`.session` (Session), :mod:`.cells` (compiling a cell),
:mod:`.streams` (output capture), :mod:`.display` (final value),
:mod:`.tracebacks` (error text), :mod:`.inputs` (``input()``),
:mod:`.checks` (running an exercise's check, which its lesson declares),
:mod:`.misconceptions` (whether a failed check may name a known wrong
variant), :mod:`.sealed` (the private copies of the checks and of rankmetrics that a Session's checks run, loaded
when this package is imported, before any cell runs).
Pure standard library; runs under CPython 3.11+ and Pyodide.
"""

__version__ = "0.1.0"

from .display import display_data
from .session import Session
from .tracebacks import format_exception

#: Names this package gives from .checks, imported when first asked for: the page's worker only
#: runs the check runtime's private copy (.sealed), so it need not compile the public one too.
_FROM_CHECKS = ("Checker", "check_function", "declared_check_name")


def __getattr__(name):
    if name in _FROM_CHECKS:
        from . import checks

        return getattr(checks, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "Session",
    "display_data",
    "format_exception",
    "Checker",
    "check_function",
    "declared_check_name",
]
