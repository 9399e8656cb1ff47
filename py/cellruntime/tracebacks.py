"""Short, learner-facing error text for an exception raised by a cell.

The text is Python's standard traceback format, minus frames that would
only confuse a learner: the cell runtime's own frames (any file inside
this package) and anything the host ran before the first cell frame.
Frames in library code (e.g. ``rankmetrics``) stay; they help.  Long
recursions are shortened and the whole text is capped.  Some errors get a
one-line hint after the traceback.
"""

from __future__ import annotations

import os
import re
import sys
import traceback
from typing import Iterable, Optional

from .cells import cell_title, is_cell_filename

#: The error text is cut (in the middle) to at most about this many characters.
DEFAULT_MAX_ERROR_CHARS = 6000

# A stack is shortened when it would show more frames than this ...
_MAX_SHOWN_FRAMES = 24
# ... keeping about this many shown frames from its start and its end.
_HEAD_FRAMES = 6
_TAIL_FRAMES = 10
# Python collapses a run of identical frames after this many (traceback._RECURSIVE_CUTOFF).
_RECURSIVE_CUTOFF = 3

_PACKAGE_DIR = os.path.normcase(os.path.dirname(os.path.abspath(__file__)))

# Characters a phone keyboard or a word processor types in place of Python's own, and what
# Python wants instead.
TYPOGRAPHIC_CHARACTERS = {
    "\u201c": ("a curly opening quote", '"'),
    "\u201d": ("a curly closing quote", '"'),
    "\u201e": ("a low curly quote", '"'),
    "\u00ab": ("a guillemet", '"'),
    "\u00bb": ("a guillemet", '"'),
    "\u2018": ("a curly opening quote", "'"),
    "\u2019": ("a curly closing quote (or apostrophe)", "'"),
    "\u2032": ("a prime", "'"),
    "\u2013": ("an en dash", "-"),
    "\u2014": ("an em dash", "-"),
    "\u2212": ("a minus sign", "-"),
    "\u00a0": ("a no-break space", "a plain space"),
    "\u00d7": ("a multiplication sign", "*"),
}
# Python names the character it refused as U+XXXX in its SyntaxError message.
_REFUSED_CHARACTER = re.compile(r"invalid (?:non-printable )?character.*?U\+([0-9A-Fa-f]{4,6})")

# Errors raised by these modules are network errors (e.g. http.client.RemoteDisconnected,
# urllib.error.URLError, socket.gaierror).
_NETWORK_MODULES = frozenset({"socket", "ssl", "http.client", "urllib.error"})


def format_exception(
    exc: BaseException,
    *,
    available_packages: Iterable[str] = (),
    stdlib_incomplete: bool = False,
    hide_runtime_frames: bool = True,
    max_chars: int = DEFAULT_MAX_ERROR_CHARS,
) -> str:
    """Format ``exc`` (with its traceback and chained exceptions) for a learner.

    ``available_packages`` -- names of the third-party packages the page can
    import; used in the hint for ``ModuleNotFoundError``.
    ``stdlib_incomplete`` -- the page has only part of the standard library
    (the rest could not be downloaded): the hint for ``ModuleNotFoundError``
    says so instead.
    ``hide_runtime_frames`` -- drop frames from files in this package and
    frames before the first cell frame (turn off to debug the runtime).
    ``max_chars`` -- cap on the traceback's length (the hint comes on top).

    ``SystemExit`` gives a one-line message instead of a traceback.
    ``KeyboardInterrupt`` without a message ends in ``KeyboardInterrupt: stopped``.
    The result has no trailing newline.  Never raises for an ``Exception``
    raised while formatting; a minimal ``Type: message`` is returned instead.
    """
    try:
        if isinstance(exc, SystemExit):
            return system_exit_message(exc)
        text = _format_traceback(exc, hide_runtime_frames)
        text = cap_text(text, max_chars).rstrip("\n")
        hint = error_hint(exc, available_packages, stdlib_incomplete)
        return f"{text}\n{hint}" if hint else text
    except Exception:
        return "".join(traceback.format_exception_only(type(exc), exc)).rstrip("\n")


def _format_traceback(exc: BaseException, hide_runtime_frames: bool) -> str:
    te = traceback.TracebackException.from_exception(exc)
    for part in _chain(te):
        frames = list(part.stack)
        if hide_runtime_frames:
            frames = learner_frames(frames)
        part.stack = _ShortStack(_shorten(frames))
    lines = list(te.format())
    if isinstance(exc, KeyboardInterrupt) and not exc.args and lines:
        if lines[-1] == "KeyboardInterrupt\n":
            lines[-1] = "KeyboardInterrupt: stopped\n"
    return "".join(lines)


def last_line_in(exc: BaseException, filename: str) -> Optional[int]:
    """The line ``exc`` was raised at in ``filename``, or ``None``.

    Walks ``exc.__traceback__`` (outermost first) and returns the 1-based
    line number of the innermost frame whose ``co_filename`` is
    ``filename``: for a cell stopped inside a function it defined, the line
    inside that function.  Used to say where a Stop landed.
    """
    line: Optional[int] = None
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def learner_frames(frames: list[traceback.FrameSummary]) -> list[traceback.FrameSummary]:
    """The frames a learner should see, outermost first.

    Keeps the first cell frame and every frame after it that is not in this
    package (so library frames called from a cell stay).  Frames before the
    first cell frame belong to the host (the runtime, the worker, a
    checker) and go.  With no cell frame, frames reached from the runtime
    (e.g. ``ast.parse`` raising a cell's SyntaxError) go too; a stack with
    neither cell nor runtime frames is kept whole.
    """
    first_cell = next(
        (i for i, f in enumerate(frames) if is_cell_filename(f.filename)),
        None,
    )
    if first_cell is None:
        return [] if any(is_runtime_file(f.filename) for f in frames) else frames
    return [f for f in frames[first_cell:] if not is_runtime_file(f.filename)]


def is_runtime_file(filename: str) -> bool:
    """True for a file inside this package (``cellruntime``)."""
    if not filename or filename.startswith("<"):
        return False
    directory = os.path.normcase(os.path.dirname(os.path.abspath(filename)))
    return directory == _PACKAGE_DIR or directory.startswith(_PACKAGE_DIR + os.sep)


def _chain(te: traceback.TracebackException) -> list[traceback.TracebackException]:
    """``te`` and every exception chained to it or grouped in it."""
    found: list[traceback.TracebackException] = []
    seen: set[int] = set()
    todo = [te]
    while todo:
        part = todo.pop()
        if part is None or id(part) in seen:
            continue
        seen.add(id(part))
        found.append(part)
        todo.extend([part.__cause__, part.__context__])
        todo.extend(getattr(part, "exceptions", None) or ())
    return found


class _Gap(traceback.FrameSummary):
    """Stands for frames left out of a long stack."""

    def __init__(self, hidden: int) -> None:
        super().__init__("<hidden frames>", 0, "<hidden frames>", lookup_line=False, line="")
        self.hidden = hidden


class _ShortStack(traceback.StackSummary):
    """A StackSummary that prints a :class:`_Gap` as one ``...`` line."""

    def format_frame_summary(self, frame_summary, **kwargs):  # type: ignore[override]
        if isinstance(frame_summary, _Gap):
            plural = "s" if frame_summary.hidden != 1 else ""
            return f"  ... {frame_summary.hidden} more frame{plural} not shown ...\n"
        return super().format_frame_summary(frame_summary, **kwargs)


def _shorten(frames: list[traceback.FrameSummary]) -> list[traceback.FrameSummary]:
    """Keep the start and end of a stack that would print too many frames.

    Runs of identical frames (simple recursion) already print as three
    frames plus "[Previous line repeated N more times]", so they count as
    three; mutual recursion (f -> g -> f ...) is what gets cut here.
    """
    runs: list[list[traceback.FrameSummary]] = []
    for frame in frames:
        if runs and _same_place(runs[-1][-1], frame):
            runs[-1].append(frame)
        else:
            runs.append([frame])

    def shown(run: list) -> int:
        return min(len(run), _RECURSIVE_CUTOFF)

    if sum(shown(run) for run in runs) <= _MAX_SHOWN_FRAMES:
        return frames
    head_end, count = 0, 0
    while count < _HEAD_FRAMES:
        count += shown(runs[head_end])
        head_end += 1
    tail_start, count = len(runs), 0
    while count < _TAIL_FRAMES:
        tail_start -= 1
        count += shown(runs[tail_start])
    head = [f for run in runs[:head_end] for f in run]
    tail = [f for run in runs[tail_start:] for f in run]
    return head + [_Gap(len(frames) - len(head) - len(tail))] + tail


def _same_place(a: traceback.FrameSummary, b: traceback.FrameSummary) -> bool:
    return (a.filename, a.lineno, a.name) == (b.filename, b.lineno, b.name)


def cap_text(text: str, max_chars: int) -> str:
    """Shorten ``text`` to about ``max_chars`` characters, keeping whole lines.

    Any single line longer than a quarter of ``max_chars`` (a huge
    exception message) is cut first, so its start -- ``ValueError: ...`` --
    stays visible.  If the text is still too long, lines from the middle
    go, keeping about a third from the start and the rest from the end
    (where the error is).  Each cut leaves a note saying how much is hidden.
    """
    if len(text) <= max_chars:
        return text
    max_line = max(80, max_chars // 4)
    lines = [_cut_line(line, max_line) for line in text.splitlines(keepends=True)]
    if sum(map(len, lines)) <= max_chars:
        return "".join(lines)
    head: list[str] = []
    size = 0
    for line in lines:
        if size + len(line) > max_chars // 3:
            break
        head.append(line)
        size += len(line)
    tail: list[str] = []
    for line in reversed(lines[len(head) :]):
        if size + len(line) > max_chars - 60:  # leave room for the note
            break
        tail.append(line)
        size += len(line)
    tail.reverse()
    hidden = len(lines) - len(head) - len(tail)
    return "".join(head) + f"  ... [{hidden} lines not shown] ...\n" + "".join(tail)


def _cut_line(line: str, max_line: int) -> str:
    body = line.rstrip("\n")
    if len(body) <= max_line:
        return line
    return f"{body[:max_line]}... [{len(body) - max_line} characters not shown]\n"


def system_exit_message(exc: SystemExit) -> str:
    """The message for ``sys.exit()`` / ``exit()`` / ``quit()`` in a cell."""
    argument = "" if exc.code is None else _short_repr(exc.code)
    where = ""
    cell_frames = [f for f in traceback.extract_tb(exc.__traceback__) if is_cell_filename(f.filename)]
    if cell_frames:
        where = f" at line {cell_frames[-1].lineno} of {cell_title(cell_frames[-1].filename)}"
    return f"The code called sys.exit({argument}){where}; the cell stopped there. Python keeps running."


def error_hint(
    exc: BaseException,
    available_packages: Iterable[str] = (),
    stdlib_incomplete: bool = False,
    platform: str = sys.platform,
) -> Optional[str]:
    """A one-line hint for errors that puzzle learners, or ``None``.

    ``platform`` is ``sys.platform``: "emscripten" in the page (Pyodide), where some errors
    have a cause of their own (no network).
    """
    if isinstance(exc, SyntaxError):
        return typographic_character_hint(exc)
    if isinstance(exc, ModuleNotFoundError):
        if stdlib_incomplete:
            return (
                "Part of Python's standard library could not be downloaded (is the network down?). "
                "Reload the page to try again."
            )
        return offline_import_hint(available_packages)
    if platform == "emscripten" and is_network_error(exc):
        return (
            "Hint: Python in this page cannot reach the network (a browser gives it no sockets), "
            "and the lessons need none: put the data in the code instead."
        )
    if isinstance(exc, RecursionError):
        return (
            "Hint: a function kept calling itself until Python's recursion limit. "
            "Check that every chain of calls reaches a case that returns without calling again."
        )
    if isinstance(exc, MemoryError) or (isinstance(exc, OverflowError) and "index-sized integer" in str(exc)):
        # Pyodide is 32-bit: a size past about 2**31 fails as OverflowError before MemoryError.
        return (
            "Hint: the cell asked for more memory than this page can give. "
            "Try smaller sizes; everything defined before is still there."
        )
    return None


def typographic_character_hint(exc: SyntaxError) -> Optional[str]:
    """The hint for a SyntaxError over a typographic character (a curly quote, a dash, a
    no-break space: TYPOGRAPHIC_CHARACTERS), or ``None`` for any other SyntaxError."""
    found = _REFUSED_CHARACTER.search(str(exc.msg or ""))
    if not found:
        return None
    character = chr(int(found.group(1), 16))
    if character not in TYPOGRAPHIC_CHARACTERS:
        return None
    name, wanted = TYPOGRAPHIC_CHARACTERS[character]
    plain = wanted if len(wanted) > 1 else f"the plain {wanted}"
    shown = f"{name}," if character == "\u00a0" else f"{character}, {name},"
    return (
        f"Hint: the line holds {shown} which a phone keyboard, a word processor or a web page "
        f"puts in place of {plain}. Python needs {plain}: retype it here."
    )


def is_network_error(exc: BaseException) -> bool:
    """True for a failed connection, or an error of Python's network modules (_NETWORK_MODULES)."""
    return isinstance(exc, ConnectionError) or any(cls.__module__ in _NETWORK_MODULES for cls in type(exc).__mro__)


def offline_import_hint(available_packages: Iterable[str] = ()) -> str:
    """What the page can import, e.g. "... the standard library and: rankmetrics.". (A lesson
    page and a documentation page alike: neither fetches packages from an index.)"""
    names = sorted({str(name) for name in available_packages})
    # Pyodide leaves out the modules that need a screen or a terminal (tkinter, turtle, curses).
    stdlib = "the standard library (but not tkinter, turtle or curses)"
    if not names:
        return f"Python in this page installs nothing from the internet: it can import only {stdlib}."
    return f"Python in this page installs nothing from the internet: it can import {stdlib} and: {', '.join(names)}."


def _short_repr(value: object, limit: int = 200) -> str:
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= limit else text[: limit - 3] + "..."
