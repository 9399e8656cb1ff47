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

#: A cell's file name starts with one of these; tracebacks and checks use them to find cell frames.
#: The page names every visible cell "Code cell N" or "Code cell N: LABEL"
#: (lessonbuild.records.CodeCell.accessible_name, embed.js); a cell with no such name is named by its id.
PAGE_NAME_PREFIX = "Code cell "
CELL_FILENAME_PREFIXES = (f"<{PAGE_NAME_PREFIX}", "<cell ")


def cell_filename(cell_id: str, name: Optional[str] = None) -> str:
    """The file name for a cell's code, as tracebacks show it.

    ``name`` is the page's name for the cell (``"Code cell 6: your recall@k"``): the file name
    is then ``"<Code cell 6: your recall@k>"``, so an error names the cell as the page does.
    Without a name, or with one that does not start with ``"Code cell "`` (a hidden set-up
    cell has none), it is ``"<cell ID>"``.  Runs of whitespace (including newlines) become one
    space so the name fits on a traceback's ``File "..."`` line.
    """
    page_name = " ".join(str(name or "").split())
    if page_name.startswith(PAGE_NAME_PREFIX):
        return f"<{page_name}>"
    return f"<cell {' '.join(str(cell_id).split())}>"


def is_cell_filename(filename: str) -> bool:
    """True for a file name :func:`cell_filename` made."""
    return filename.startswith(CELL_FILENAME_PREFIXES)


def cell_title(filename: str) -> str:
    """How a message names the cell of ``filename`` in a sentence: ``"Code cell 6 (your
    recall@k)"`` for ``"<Code cell 6: your recall@k>"``, ``"Code cell 2"`` for ``"<Code cell
    2>"``; any other file name as it is."""
    if not filename.startswith(CELL_FILENAME_PREFIXES[0]) or not filename.endswith(">"):
        return filename
    number, colon, label = filename[1:-1].partition(": ")
    return f"{number} ({label})" if colon else number


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
