"""Sphinx extension: `extensions = ["rankcells.sphinx"]` in conf.py makes every
`code-block:: python` with `:class: runnable` a live cell on the HTML pages.

The runtime is copied into the HTML output's `_static/rankcells/` when the build ends, and
every page loads its embed script from there (a module script), so the cells need nothing but
the documentation's own host. conf.py may set `rankcells_time_limit` (seconds one cell may run;
None, the default, for no limit).

`.. rank-playground:: ID` with a YAML body (a lesson's playground block: lessons/README.md, "Rank
playground") draws a rank playground (rankcells/playground.py).

A `runnable` element the cells cannot use (not a code block, or not Python) stops the build with a RankCellsError naming its file and line; so does a
playground's mistake.
"""

from __future__ import annotations

import os
from pathlib import Path

from docutils import nodes
from sphinx.errors import SphinxError
from sphinx.util.docutils import SphinxDirective

from . import EMBED_SCRIPT, RUNTIME_DIR, check_time_limit, copy_runtime
from .blocks import RUNNABLE, is_python, language_problem
from .playground import PlaygroundError, render_playground

TIME_LIMIT_OPTION = "rankcells_time_limit"


class RankCellsError(SphinxError):
    """A runnable block the cells cannot use; the message starts with `FILE:LINE:`."""

    category = "rankcells error"


def setup(app) -> dict:
    """Register the extension with the Sphinx application `app`."""
    app.add_config_value(TIME_LIMIT_OPTION, None, "html", types=(int, float, type(None)))
    app.connect("builder-inited", _add_script)
    app.add_directive("rank-playground", RankPlayground)
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


class RankPlayground(SphinxDirective):
    """`.. rank-playground:: ID` and an indented YAML body: a rank playground, as raw HTML."""

    optional_arguments = 1  # the id; a missing one is reported with the body's mistakes
    has_content = True

    def run(self) -> list:
        source, _ = self.get_source_info()
        body_line = self.content_offset + 1  # the body's first line in the page
        try:
            markup = render_playground(
                self.arguments[0] if self.arguments else None, "\n".join(self.content), self.lineno, body_line
            )
        except PlaygroundError as error:
            path = _relative(self.env.srcdir, source)
            raise RankCellsError("\n".join(f"{path}:{line}: {text}" for line, text in error.problems)) from None
        return [nodes.raw("", markup, format="html")]


def _ancestors(node):
    parent = node.parent
    while parent is not None:
        yield parent
        parent = parent.parent


def _location(app, node, doctree) -> str:
    source = node.source or doctree.get("source") or ""
    line = node.line or next((parent.line for parent in _ancestors(node) if parent.line), None)
    return f"{_relative(app.srcdir, source)}:{line or '?'}"


def _relative(srcdir, source: str) -> str:
    """`source` (a page's path) relative to the source folder `srcdir`, with / between its parts."""
    return Path(os.path.relpath(source, srcdir)).as_posix() if source else "?"
