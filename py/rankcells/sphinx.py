"""Sphinx extension: `extensions = ["rankcells.sphinx"]` in conf.py makes every
`code-block:: python` with `:class: runnable` a live cell on the HTML pages.

The runtime is copied into the HTML output's `_static/rankcells/` when the build ends, and
every page loads its embed script from there (a module script), so the cells need nothing but
the documentation's own host. conf.py may set `rankcells_time_limit` (seconds one cell may run;
None, the default, for no limit), and `rankcells_offline = True` to add the offline service
worker at the output's root (rankcells.write_service_worker; off by default: the worker written
there then retires one that an earlier build installed).

`.. rank-playground:: ID` with a YAML body (a lesson's playground block: lessons/README.md, "Rank
playground") draws a rank playground (rankcells/playground.py).

A `runnable` element the cells cannot use (not a code block, or not Python), and each mistake of a
playground, is reported as Sphinx reports its own: `FILE:LINE: ERROR: what is wrong and what to
do`, once per build (also for a page an incremental build did not read again). The pages are
still written (the element stays as it is, not a cell; the playground is left out), and the build
ends with exit status 1. A bad option (check_options) is one such line too, for conf.py.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.util import logging

from sphinx.util.docutils import SphinxDirective

from . import EMBED_SCRIPT, RUNTIME_DIR, SERVICE_WORKER, check_time_limit, copy_runtime, write_service_worker
from .blocks import RUNNABLE, is_python, language_problem
from .playground import PlaygroundError, render_playground

TIME_LIMIT_OPTION = "rankcells_time_limit"
OFFLINE_OPTION = "rankcells_offline"
logger = logging.getLogger(__name__)


def setup(app) -> dict:
    """Register the extension with the Sphinx application `app`."""
    # Any type: check_options says what is wrong with a value, and Sphinx adds no warning of its own.
    app.add_config_value(TIME_LIMIT_OPTION, None, "html", types=(Any,))
    app.add_config_value(OFFLINE_OPTION, False, "html", types=(Any,))
    app.connect("builder-inited", check_options)  # once Sphinx can report a problem
    app.connect("builder-inited", _add_script)
    app.add_directive("rank-playground", RankPlayground)
    app.connect("doctree-read", check_runnable_blocks)
    app.connect("env-purge-doc", _forget_problems)
    app.connect("env-merge-info", _merge_problems)
    app.connect("build-finished", report_problems)
    app.connect("build-finished", _copy_runtime)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


def _is_html(builder) -> bool:
    return getattr(builder, "format", None) == "html"


def _add_script(app) -> None:
    """Add the embed script to every HTML page, from _static/."""
    if _is_html(app.builder):
        app.add_js_file(f"{RUNTIME_DIR}/{EMBED_SCRIPT}", type="module")


def check_options(app) -> None:
    """Check conf.py's rankcells options in the Config of `app` (the Sphinx application): the
    time limit is None or a positive number of seconds (check_time_limit), the offline option
    True or False. A bad one is reported as one line, `conf.py:LINE: ERROR: what to write`, and left
    at its default; report_problems then ends the build with exit status 1.
    """
    config = app.config
    problems = []
    try:
        check_time_limit(getattr(config, TIME_LIMIT_OPTION))
    except ValueError as error:
        problems.append((TIME_LIMIT_OPTION, None, f"{TIME_LIMIT_OPTION}: {error} (e.g. {TIME_LIMIT_OPTION} = 10)"))
    offline = getattr(config, OFFLINE_OPTION)
    if not isinstance(offline, bool):
        problems.append((OFFLINE_OPTION, False, f"{OFFLINE_OPTION} must be True or False, not {offline!r}"))
    for name, default, text in problems:
        logger.error(text, location=_conf_line(Path(app.confdir) / "conf.py", name))
        setattr(config, name, default)
    app.rankcells_bad_options = bool(problems)


def _conf_line(conf: Path, name: str) -> str | None:
    """ "FILE:LINE" of the line of `conf` (conf.py) that sets the option `name`; None when no line
    does (set with sphinx-build -D, or from another file)."""
    pattern = re.compile(rf"^{re.escape(name)}\s*[:=]")
    lines = conf.read_text(encoding="utf-8").splitlines() if conf.is_file() else []
    found = [number for number, line in enumerate(lines, 1) if pattern.match(line)]
    return f"{conf}:{found[-1]}" if found else None


def _copy_runtime(app, exception) -> None:
    if exception is None and _is_html(app.builder):
        offline = getattr(app.config, OFFLINE_OPTION)
        runtime = f"_static/{RUNTIME_DIR}/"
        worker = f"../../{SERVICE_WORKER}" if offline else None  # from the runtime to the root
        copy_runtime(Path(app.outdir) / runtime, getattr(app.config, TIME_LIMIT_OPTION), worker)
        write_service_worker(Path(app.outdir), runtime if offline else None)  # off: one that retires


def _is_runnable(node) -> bool:
    return isinstance(node, nodes.Element) and RUNNABLE in node.get("classes", ())


def check_runnable_blocks(app, doctree) -> None:
    """Note the runnable elements of a document (`doctree`, as read) that cannot be cells, and
    take their class away: one that is not a code block (a container's cell would swallow
    whatever it holds), one whose language is not Python (a block without one takes conf.py's
    `highlight_language`). report_problems reports them with their lines.
    """
    for node in list(doctree.findall(_is_runnable)):
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
        node["classes"].remove(RUNNABLE)
        location = logging.get_node_location(_with_line(node)) or app.env.docname
        _note(app.env, location, problem)


class RankPlayground(SphinxDirective):
    """`.. rank-playground:: ID` and an indented YAML body: a rank playground, as raw HTML (nothing
    when the block has mistakes: report_problems reports them with their lines)."""

    optional_arguments = 1  # the id; a missing one is reported with the body's mistakes
    has_content = True

    def run(self) -> list:
        body_line = self.content_offset + 1  # the body's first line in the page
        try:
            markup = render_playground(
                self.arguments[0] if self.arguments else None, "\n".join(self.content), self.lineno, body_line
            )
        except PlaygroundError as error:
            source, _ = self.get_source_info()
            for line, text in error.problems:
                _note(self.env, f"{source}:{line}", text)
            return []
        return [nodes.raw("", markup, format="html")]


def _problems(env) -> dict[str, list[tuple[str, str]]]:
    """The problems noted in the build's environment: {document name: [("FILE:LINE", text)]}.
    The environment is kept between builds, so a page not read again keeps its problems."""
    if not hasattr(env, "rankcells_problems"):
        env.rankcells_problems = {}
    return env.rankcells_problems


def _note(env, location: str, text: str) -> None:
    """Note a problem of the page being read, at `location` ("FILE:LINE")."""
    _problems(env).setdefault(env.docname, []).append((location, text))


def _forget_problems(app, env, docname) -> None:
    _problems(env).pop(docname, None)  # the page is read again (or was removed)


def _merge_problems(app, env, docnames, other) -> None:
    """A parallel read's problems (in `other`, a worker's environment) join the main ones."""
    for docname in docnames:
        if docname in _problems(other):
            _problems(env)[docname] = _problems(other)[docname]


def report_problems(app, exception) -> None:
    """Report every noted problem as `FILE:LINE: ERROR: text`, page by page in line order, and
    make the build's exit status 1 when there is one."""
    problems = _problems(app.env)
    for docname in sorted(problems):
        for location, text in sorted(problems[docname], key=_file_and_line):
            logger.error(text, location=location)
    if any(problems.values()) or getattr(app, "rankcells_bad_options", False):
        app.statuscode = 1


def _with_line(node):
    """`node`'s nearest ancestor that knows its line (a node made by a directive may not)."""
    while node.parent is not None and not node.line:
        node = node.parent
    return node


def _file_and_line(problem: tuple[str, str]) -> tuple[str, int]:
    file, _, line = problem[0].rpartition(":")
    return file, int(line) if line.isdigit() else 0
