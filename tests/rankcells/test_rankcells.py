"""The rankcells package (py/rankcells) from source, with a stand-in runtime: the time limit's
rules, the runtime's copy, the Sphinx extension in a real Sphinx build, and the MkDocs plugin's
hooks. (tests/browser/test_rankcells.py builds and installs the real wheel.)"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from types import SimpleNamespace

import pytest

import rankcells
from missing_tools import missing_tool

SETTINGS = {"pyodide": "pyodide/", "wheels": [], "timeLimit": None}


def tool(name: str):
    """Import Sphinx or MkDocs, or skip (fail under CI) saying what to install."""
    try:
        return importlib.import_module(name)
    except ImportError:
        missing_tool(f"{name} is not installed: run 'make setup' (requirements-test.txt lists it)")


@pytest.fixture
def runtime(tmp_path, monkeypatch) -> Path:
    """A stand-in runtime in place of the wheel's: the settings and an embed script."""
    folder = tmp_path / "runtime"
    (folder / "assets").mkdir(parents=True)
    (folder / rankcells.SETTINGS).write_text(json.dumps(SETTINGS), encoding="utf-8")
    (folder / rankcells.EMBED_SCRIPT).write_text("// embed", encoding="utf-8")
    monkeypatch.setattr(rankcells, "RUNTIME", folder)
    return folder


def copied_settings(folder: Path) -> dict:
    return json.loads((folder / rankcells.SETTINGS).read_text(encoding="utf-8"))


@pytest.mark.parametrize("value, expected", [(None, None), (10, 10.0), (2.5, 2.5)])
def test_a_time_limit_is_none_or_a_positive_number(value, expected):
    assert rankcells.check_time_limit(value) == expected


@pytest.mark.parametrize("value", [0, -1, True, "10", float("nan")])
def test_any_other_time_limit_is_refused(value):
    with pytest.raises(ValueError, match="positive number of seconds"):
        rankcells.check_time_limit(value)


def test_the_runtime_is_copied_with_its_time_limit(runtime, tmp_path):
    target = tmp_path / "site" / "rankcells"
    target.mkdir(parents=True)
    (target / "stale.js").write_text("old", encoding="utf-8")
    rankcells.copy_runtime(target, 5)
    assert (target / rankcells.EMBED_SCRIPT).read_text(encoding="utf-8") == "// embed"
    assert copied_settings(target) == {**SETTINGS, "timeLimit": 5.0}
    assert not (target / "stale.js").exists()  # a rebuild leaves no file of an older runtime
    assert copied_settings(runtime) == SETTINGS  # the package's own copy is untouched


def test_a_package_without_its_runtime_says_how_to_get_one(tmp_path, monkeypatch):
    monkeypatch.setattr(rankcells, "RUNTIME", tmp_path / "nothing")
    with pytest.raises(FileNotFoundError, match="make docs-package"):
        rankcells.copy_runtime(tmp_path / "out")


def test_sphinx_pages_load_the_embed_script_from_static(runtime, tmp_path):
    application = tool("sphinx.application")
    source = tmp_path / "docs"
    source.mkdir()
    (source / "conf.py").write_text('extensions = ["rankcells.sphinx"]\nrankcells_time_limit = 7\n', encoding="utf-8")
    (source / "index.rst").write_text(
        "Title\n=====\n\n.. code-block:: python\n   :class: runnable\n\n   x = 1\n", encoding="utf-8"
    )
    out = tmp_path / "html"
    app = application.Sphinx(source, source, out, tmp_path / "doctrees", "html", status=None, warning=None)
    assert app.extensions["rankcells.sphinx"].parallel_read_safe is True
    assert app.extensions["rankcells.sphinx"].parallel_write_safe is True
    app.build()
    page = (out / "index.html").read_text(encoding="utf-8")
    assert '<script type="module" src="_static/rankcells/assets/embed.js' in page
    assert '<div class="runnable highlight-python' in page
    assert copied_settings(out / "_static" / "rankcells")["timeLimit"] == 7.0


def test_the_mkdocs_plugin_adds_the_script_relative_to_each_page(runtime, tmp_path):
    tool("mkdocs")
    from mkdocs.exceptions import PluginError

    from rankcells.mkdocs import RankCellsPlugin

    plugin = RankCellsPlugin()
    errors, warnings = plugin.load_config({"time_limit": 3})
    assert errors == [] and warnings == []
    plugin.on_config({})
    page = "<html><body><p>x</p></body></html>"
    nested = plugin.on_post_page(page, SimpleNamespace(url="guide/"), {})
    assert (
        nested
        == '<html><body><p>x</p><script type="module" src="../rankcells/assets/embed.js"></script>\n</body></html>'
    )
    top = plugin.on_post_page(page, SimpleNamespace(url=""), {})
    assert '<script type="module" src="rankcells/assets/embed.js"></script>' in top
    plugin.on_post_build({"site_dir": str(tmp_path / "site")})
    assert copied_settings(tmp_path / "site" / "rankcells")["timeLimit"] == 3.0

    bad = RankCellsPlugin()
    bad.load_config({"time_limit": -1})
    with pytest.raises(PluginError, match="positive number"):
        bad.on_config({})
