"""Sphinx extension: `extensions = ["rankcells.sphinx"]` in conf.py makes every
`code-block:: python` with `:class: runnable` a live cell on the HTML pages.

The runtime is copied into the HTML output's `_static/rankcells/` when the build ends, and
every page loads its embed script from there (a module script), so the cells need nothing but
the documentation's own host. conf.py may set `rankcells_time_limit` (seconds one cell may run;
None, the default, for no limit).

A `runnable` element the cells cannot use (not a code block, or not Python) stops the build with a RankCellsError naming its file and line.
"""

from __future__ import annotations

import os
from pathlib import Path

from docutils import nodes
from sphinx.errors import SphinxError

from . import EMBED_SCRIPT, RUNTIME_DIR, check_time_limit, copy_runtime
from .blocks import RUNNABLE, is_python, language_problem

TIME_LIMIT_OPTION = "rankcells_time_limit"


class RankCellsError(SphinxError):
    """A runnable block the cells cannot use; the message starts with `FILE:LINE:`."""

    category = "rankcells error"


def setup(app) -> dict:
    """Register the extension with the Sphinx application `app`."""
    app.add_config_value(TIME_LIMIT_OPTION, None, "html", types=(int, float, type(None)))
    app.connect("builder-inited", _add_script)
    app.connect("doctree-read", check_runnable_blocks)
    app.connect("build-finished", _copy_runtime)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


def _is_html(builder) -> bool:
    return getattr(builder, "format", None) == "html"


def _add_script(app) -> None:
    """Check the time limit early (a bad one stops the build at its start) and add the embed
    script to every HTML page, from _static/."""
    check_time_limit(getattr(app.config, TIME_LIMIT_OPTION))
    if _is_html(app.builder):
        app.add_js_file(f"{RUNTIME_DIR}/{EMBED_SCRIPT}", type="module")


def _copy_runtime(app, exception) -> None:
    if exception is None and _is_html(app.builder):
        copy_runtime(Path(app.outdir) / "_static" / RUNTIME_DIR, getattr(app.config, TIME_LIMIT_OPTION))


def _is_runnable(node) -> bool:
    return isinstance(node, nodes.Element) and RUNNABLE in node.get("classes", ())


def check_runnable_blocks(app, doctree) -> None:
    """Refuse the runnable elements of a document (`doctree`, as read) that cannot be cells: one
    that is not a code block (a container's cell would swallow whatever it holds), one whose
    language is not Python (a block without one takes conf.py's `highlight_language`).

    Raises RankCellsError with the element's file (relative to the source folder) and line.
    """
    for node in doctree.findall(_is_runnable):
        if not isinstance(node, nodes.literal_block):
            problem = (
                f"only a code block can be runnable, and this is a {node.tagname}: "
                "put the class on a '.. code-block:: python' (':class: runnable')"
            )
        else:
            language = node.get("language")
            if language in (None, "default"):
                language = app.config.highlight_language
            if language == "default" or is_python(language):
                continue
            problem = language_problem(language) + " ('.. code-block:: python')"
        raise RankCellsError(f"{_location(app, node, doctree)}: {problem}")


def _ancestors(node):
    parent = node.parent
    while parent is not None:
        yield parent
        parent = parent.parent


def _location(app, node, doctree) -> str:
    source = node.source or doctree.get("source") or ""
    line = node.line or next((parent.line for parent in _ancestors(node) if parent.line), None)
    path = os.path.relpath(source, app.srcdir) if source else "?"
    return f"{Path(path).as_posix()}:{line or '?'}"
