"""Turning a cell's source into code objects, notebook style.

A cell is compiled as a module; if its last statement is an expression,
that expression is compiled separately (mode ``"eval"``) so its value can
be shown, as in Jupyter.  Every cell's source is registered in
:mod:`linecache` under its file name, so tracebacks show the learner's
lines, including lines of functions defined in earlier cells.
"""

from __future__ import annotations

import ast
import io
import linecache
from dataclasses import dataclass
from types import CodeType
from typing import Optional

#: Every cell's file name starts with this; tracebacks use it to find cell frames.
CELL_FILENAME_PREFIX = "<cell "


def cell_filename(cell_id: str) -> str:
    """The file name for a cell's code: ``"<cell ID>"``.

    Runs of whitespace (including newlines) in ``cell_id`` become one space
    so the name fits on a traceback's ``File "..."`` line.
    """
    return f"{CELL_FILENAME_PREFIX}{' '.join(str(cell_id).split())}>"


def register_source(filename: str, source: str) -> None:
    """Put ``source`` in :mod:`linecache` under ``filename`` (replacing any earlier one).

    The entry has no modification time, so ``linecache.checkcache()`` keeps
    it.  Re-running a cell with the same id and changed source replaces the
    lines; functions still alive from the old version then show the new
    lines in tracebacks (the same trade-off as a REPL that reuses names).
    """
    lines = source_lines(source)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    linecache.cache[filename] = (len(source), None, lines, filename)


def source_lines(source: str) -> list[str]:
    """Split source into lines the way the compiler numbers them.

    Only ``\\n``, ``\\r\\n`` and ``\\r`` end a line (``str.splitlines`` would
    also split at form feeds and other characters Python does not).  Each
    line keeps a ``\\n`` ending, except possibly the last.
    """
    return io.StringIO(source, newline=None).readlines()


@dataclass(frozen=True)
class CompiledCell:
    """A cell ready to run.

    ``body`` runs with ``exec``; ``last_expression`` (or ``None``) is then
    evaluated with ``eval`` and its value shown unless it is ``None``.
    """

    body: CodeType
    last_expression: Optional[CodeType]


def compile_cell(source: str, filename: str) -> CompiledCell:
    """Compile a cell's source; register it in :mod:`linecache` first.

    A last expression statement followed by ``;`` (``plot(x);``) is run as
    an ordinary statement, so nothing is shown -- the Jupyter convention.
    Compiler flags and ``from __future__`` imports of the calling module
    are not inherited.

    Raises ``SyntaxError`` (including ``IndentationError``) for invalid
    source; its ``text`` is always filled in when the line is known, even
    for errors the AST compiler reports without it (``return`` outside a
    function).  May raise ``ValueError`` for source with null bytes.
    """
    register_source(filename, source)
    try:
        tree = ast.parse(source, filename, mode="exec")
        last: Optional[ast.expr] = None
        if tree.body and isinstance(tree.body[-1], ast.Expr):
            if not _followed_by_semicolon(source, tree.body[-1]):
                last = tree.body.pop().value
        body = compile(tree, filename, "exec", dont_inherit=True)
        last_expression = (
            compile(ast.Expression(body=last), filename, "eval", dont_inherit=True) if last is not None else None
        )
    except SyntaxError as exc:
        if exc.text is None and exc.filename == filename and exc.lineno:
            exc.text = linecache.getline(filename, exc.lineno) or None
        raise
    return CompiledCell(body, last_expression)


def _followed_by_semicolon(source: str, statement: ast.stmt) -> bool:
    """True if the text right after ``statement`` on its last line starts with ``;``."""
    if statement.end_lineno is None or statement.end_col_offset is None:
        return False
    lines = source_lines(source)
    if statement.end_lineno > len(lines):
        return False
    # Column offsets count UTF-8 bytes.
    line = lines[statement.end_lineno - 1].rstrip("\n").encode("utf-8")
    rest = line[statement.end_col_offset :].decode("utf-8", errors="replace")
    return rest.lstrip().startswith(";")
