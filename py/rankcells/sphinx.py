"""Sphinx extension: `extensions = ["rankcells.sphinx"]` in conf.py makes every
`code-block:: python` with `:class: runnable` a live cell on the HTML pages.

The runtime is copied into the HTML output's `_static/rankcells/` when the build ends, and
every page loads its embed script from there (a module script), so the cells need nothing but
the documentation's own host. conf.py may set `rankcells_time_limit` (seconds one cell may run;
None, the default, for no limit).
"""

from __future__ import annotations

from pathlib import Path

from . import EMBED_SCRIPT, RUNTIME_DIR, check_time_limit, copy_runtime

TIME_LIMIT_OPTION = "rankcells_time_limit"


def setup(app) -> dict:
    """Register the extension with the Sphinx application `app`."""
    app.add_config_value(TIME_LIMIT_OPTION, None, "html", types=(int, float, type(None)))
    app.connect("builder-inited", _add_script)
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
