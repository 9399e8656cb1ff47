"""A lesson page's Python session: one namespace shared by all its cells.

The page's Web Worker creates one :class:`Session` per page and calls
:meth:`Session.run` for each cell; everything else (output capture,
tracebacks, showing the final value) happens in this package.
"""

from __future__ import annotations

import builtins
import sys
import time
import types
from typing import Any, Iterable, Optional

from .cells import cell_filename, compile_cell
from .display import DEFAULT_MAX_DISPLAY_CHARS, display_data
from .inputs import InputFunction, make_input
from .sealed import CHECK_RUNTIME
from .sleep import interruptible_sleep
from .streams import STDERR_STREAM, STDOUT_STREAM, LineInputStream, OutputRouter, WriteCallback, WriteThroughStream
from .tracebacks import DEFAULT_MAX_ERROR_CHARS, format_exception, last_line_in

_MISSING = object()


class Session:
    """Runs a page's cells like a notebook kernel, one cell at a time.

    Keyword arguments:

    ``available_packages`` -- names of the non-standard-library packages
    the page can import (e.g. ``["rankmetrics"]``), named in the hint shown
    for ``ModuleNotFoundError``.  A single string counts as one name.
    ``input_function`` -- ``None`` (default): ``input()`` raises a
    ``RuntimeError`` saying the page can't read input yet.  Otherwise a
    callable ``(prompt: str) -> str`` returning one line (see
    :mod:`cellruntime.inputs`).
    ``max_error_chars`` / ``max_display_chars`` -- caps on the error text
    and on ``display["text/plain"]``.

    Cells run with ``__name__ == "__main__"``; during a run the session's
    namespace is also ``sys.modules["__main__"]``, so ``pickle`` and
    ``typing.get_type_hints`` find classes defined in cells.
    """

    def __init__(
        self,
        *,
        available_packages: Iterable[str] = (),
        input_function: Optional[InputFunction] = None,
        max_error_chars: int = DEFAULT_MAX_ERROR_CHARS,
        max_display_chars: int = DEFAULT_MAX_DISPLAY_CHARS,
    ) -> None:
        if isinstance(available_packages, str):
            available_packages = [available_packages]
        self.available_packages = tuple(str(name) for name in available_packages)
        # Set by the page's worker while the rest of the standard library could not be had.
        self.stdlib_incomplete = False
        self.max_error_chars = max_error_chars
        self.max_display_chars = max_display_chars
        # The streams live as long as the session, so a logging handler set up
        # in one cell still writes to whichever cell is running later.
        self._router = OutputRouter()
        self._stdout = WriteThroughStream(self._router, STDOUT_STREAM)
        self._stderr = WriteThroughStream(self._router, STDERR_STREAM)
        self._input = make_input(input_function, self._write_prompt)
        self._stdin = LineInputStream(lambda: self._input())
        # The checks and their references, loaded privately before any cell ran (cellruntime.sealed).
        self._checks = CHECK_RUNTIME
        self.reset()

    @property
    def namespace(self) -> dict[str, Any]:
        """The globals dict the cells run in (live, not a copy)."""
        return self._module.__dict__

    def reset(self) -> None:
        """Forget everything the cells defined: start again with fresh globals."""
        self._module = types.ModuleType("__main__")
        self._module.__dict__["__builtins__"] = builtins
        self._bound_by: dict[str, dict[str, Any]] = {}  # cell id -> {name: value} its latest run bound

    def run(self, code: str, cell_id: str, write: WriteCallback, name: Optional[str] = None) -> dict[str, Any]:
        """Run one cell's ``code`` in the session's namespace.

        ``name`` is the page's name for the cell (``"Code cell 2"``, ``"Code cell 6: your
        recall@k"``): tracebacks and checks name the cell so (file ``"<Code cell 2>"``).  Without
        it, ``cell_id`` does (file ``"<cell CELL_ID>"``: see :func:`cellruntime.cells.cell_filename`).
        ``write(stream, text)`` receives output while the code runs;
        ``stream`` is ``"stdout"`` or ``"stderr"``, both arguments plain
        ``str``.  Text is passed on at each newline, explicit flush, switch
        of stream, after 4096 pending characters, and at the end.

        Returns ``{"ok": bool, "display": dict or None, "error": str or None}``
        with plain JSON-able values.  ``display`` (see
        :func:`cellruntime.display.display_data`) is set when the cell ends
        with an expression whose value is not ``None`` and no ``;`` follows
        it.  On an error ``ok`` is False, ``display`` None and ``error`` the
        short traceback from :func:`cellruntime.tracebacks.format_exception`.
        ``sys.exit()`` / ``exit()`` / ``quit()`` also give ``ok`` False (the
        cell did not run to its end) with a one-line ``error`` message;
        ``KeyboardInterrupt`` (the page's Stop button) gives a traceback
        ending ``KeyboardInterrupt: stopped`` and two more keys:
        ``"interrupted": True`` and ``"line"``, the line of the cell it
        landed at (``None`` when it landed outside the cell's code), so the
        page can say "Stopped at line N." when its Stop caused it.  Names
        defined before the point of failure stay defined, and the session
        stays usable.

        ``sys.stdout``, ``sys.stderr``, ``sys.stdin``, ``builtins.input`` and
        ``sys.modules["__main__"]`` are replaced only during the run.

        Raises ``TypeError`` if ``code`` is not a ``str`` (a bug in the
        caller, not the learner's code).  Exceptions from ``write`` while
        the cell runs reach the cell's code like any other error.
        """
        if not isinstance(code, str):
            raise TypeError(f"code must be str, not {type(code).__name__}")
        display: Optional[dict[str, str]] = None
        failure: Optional[BaseException] = None
        filename = cell_filename(cell_id, name)
        before = dict(self.namespace)  # holds every old value, so `is` below cannot be fooled by a reused id
        try:
            self._router.attach(write)
            saved = self._saved_state()
            try:
                self._swap_in()
                display = self._execute(code, filename)
            except BaseException as exc:  # the learner's error, whatever it is
                failure = exc
            finally:
                self._swap_out(saved)
                self._bound_by[cell_id] = {
                    name: value for name, value in self.namespace.items() if before.get(name, _MISSING) is not value
                }
                before = None
        except BaseException as exc:  # e.g. Stop pressed while swapping streams
            if failure is None:
                failure = exc
        finally:
            failure = self._detach(failure)
        if failure is None:
            return {"ok": True, "display": display, "error": None}
        stopped_at = None
        if isinstance(failure, KeyboardInterrupt):
            stopped_at = {"interrupted": True, "line": last_line_in(failure, filename)}
        try:
            error = format_exception(
                failure,
                available_packages=self.available_packages,
                stdlib_incomplete=self.stdlib_incomplete,
                max_chars=self.max_error_chars,
            )
        except BaseException:  # e.g. a second Stop while formatting
            error = type(failure).__name__
        finally:
            failure = None  # break the frame <-> traceback cycle early
        return {"ok": False, "display": None, "error": error, **(stopped_at or {})}

    def check(self, name: str, write: Optional[WriteCallback] = None, cell_id: Optional[str] = None) -> dict[str, Any]:
        """Run the exercise check ``name`` on the function the cells defined.

        See :func:`cellruntime.checks.check_function`, which runs in the check
        runtime (:mod:`cellruntime.sealed`): its references are private copies
        that no learner code can change.  Returns
        ``{"ok": bool, "message": str, "passed": int, "total": int}`` with
        plain JSON-able values.  With ``cell_id`` (the exercise's cell), only
        the function that cell's latest run defined is checked, if it is
        still the one the name refers to: a lesson cell above or below may
        define the same name, and an earlier run of the exercise may have
        left one the learner has since deleted; none is the learner's answer.  While the check runs, the streams, input
        and ``__main__`` are swapped in as for :meth:`run`, so what the
        learner's function prints reaches ``write(stream, text)`` (``None``:
        the output is dropped).

        Raises ``ValueError`` for an unknown check name (the build validates
        names, so this is a bug in the page).  ``KeyboardInterrupt`` (the
        Stop button) propagates after the streams are restored, so the page
        reports the stop; so does an error of the checker itself.
        """
        checker = self._checks.get_checker(name)
        function = checker.function
        if (
            function in self.namespace
            and cell_id is not None
            and (self._bound_by.get(cell_id, {}).get(function, _MISSING) is not self.namespace[function])
        ):
            return self._checks.not_defined_in_cell(checker)
        if write is None:
            write = _discard
        failure: Optional[BaseException] = None
        result: Optional[dict[str, Any]] = None
        try:
            self._router.attach(write)
            saved = self._saved_state()
            try:
                self._swap_in()
                result = self._checks.check_function(self.namespace, name)
            finally:
                self._swap_out(saved)
        except BaseException as exc:
            failure = exc
        finally:
            failure = self._detach(failure)
        if failure is not None:
            try:
                raise failure
            finally:
                failure = None  # break the frame <-> traceback cycle
        assert result is not None
        return result

    def _execute(self, code: str, filename: str) -> Optional[dict[str, str]]:
        """Compile and run the cell; return the display of its last expression."""
        compiled = compile_cell(code, filename)
        exec(compiled.body, self.namespace)
        if compiled.last_expression is None:
            return None
        value = eval(compiled.last_expression, self.namespace)
        return display_data(value, self.max_display_chars)

    @staticmethod
    def _saved_state() -> tuple:
        """What :meth:`_swap_in` replaces, for :meth:`_swap_out` to put back."""
        return (
            sys.stdout,
            sys.stderr,
            sys.stdin,
            builtins.input,
            sys.modules.get("__main__", _MISSING),
            time.sleep,
        )

    def _swap_in(self) -> None:
        """Install the session's streams, input and ``__main__`` module."""
        sys.stdout, sys.stderr, sys.stdin = self._stdout, self._stderr, self._stdin
        builtins.input = self._input
        sys.modules["__main__"] = self._module
        time.sleep = interruptible_sleep  # so Stop can interrupt a long sleep

    @staticmethod
    def _swap_out(saved: tuple) -> None:
        """Put back the state from :meth:`_saved_state`."""
        sys.stdout, sys.stderr, sys.stdin, builtins.input, main, time.sleep = saved
        if main is _MISSING:
            sys.modules.pop("__main__", None)
        else:
            sys.modules["__main__"] = main

    def _detach(self, failure: Optional[BaseException]) -> Optional[BaseException]:
        """Flush the last output and let go of ``write``; return the run's failure.

        A ``write`` that fails now has nowhere to report to and is ignored;
        a Stop arriving now counts as the run's failure if there was none.
        """
        try:
            self._router.detach()
        except Exception:
            pass
        except BaseException as exc:
            return exc if failure is None else failure
        return failure

    def _write_prompt(self, text: str) -> None:
        self._stdout.write(text)
        self._stdout.flush()


def _discard(stream: str, text: str) -> None:
    """A ``write`` callback that drops the output."""
