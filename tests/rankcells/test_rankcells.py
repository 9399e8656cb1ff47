"""The rankcells package (py/rankcells) from source, with a stand-in runtime: the time limit's
rules, the runtime's copy, the Sphinx extension and the MkDocs plugin in real builds (hooks and
refusals of blocks the cells cannot use). (tests/browser/test_docs_package.py builds and installs
the real wheel.)"""

from __future__ import annotations

import importlib
import io
import json
import os
import re
import shutil
import textwrap
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
    worker = tmp_path / "service-worker.js"
    worker.write_text("// service worker\n", encoding="utf-8")
    monkeypatch.setattr(rankcells, "SERVICE_WORKER_CODE", worker)
    return folder


def service_worker_settings(root: Path) -> dict:
    """The settings line of the service worker in `root` (the built documentation), read back."""
    first, code = (root / rankcells.SERVICE_WORKER).read_text(encoding="utf-8").split("\n", 1)
    assert first.startswith("self.RANKCELLS = ") and first.endswith(";")
    assert code == "// service worker\n"
    return json.loads(first.removeprefix("self.RANKCELLS = ").removesuffix(";"))


# The worker written with the offline option off: it deletes the caches and unregisters itself.
RETIRING = {"off": True, "prefix": "rankcells-runtime-", "pages": "rankcells-pages"}


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


def test_a_runtime_copied_already_is_left_as_it_is(runtime, tmp_path, monkeypatch):
    copies = []
    copytree = shutil.copytree
    monkeypatch.setattr(
        shutil, "copytree", lambda src, *args, **kwargs: copies.append(src) or copytree(src, *args, **kwargs)
    )
    target = tmp_path / "site" / "rankcells"
    rankcells.copy_runtime(target, 5)
    rankcells.copy_runtime(target, 5)  # a rebuild
    assert copies.count(runtime) == 1  # not copied again
    rankcells.copy_runtime(target, 6)  # another time limit
    assert copied_settings(target) == {**SETTINGS, "timeLimit": 6.0}
    (runtime / rankcells.EMBED_SCRIPT).write_text("// embed, newer", encoding="utf-8")  # another runtime
    os.utime(runtime / rankcells.EMBED_SCRIPT, ns=(0, 1))
    rankcells.copy_runtime(target, 6)
    assert (target / rankcells.EMBED_SCRIPT).read_text(encoding="utf-8") == "// embed, newer"
    (target / "stale.js").write_text("old", encoding="utf-8")
    rankcells.copy_runtime(target, 6)
    assert not (target / "stale.js").exists()


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


def test_sphinx_s_offline_option_writes_the_service_worker_at_the_root(runtime, tmp_path):
    application = tool("sphinx.application")
    source = tmp_path / "docs"
    source.mkdir()
    (source / "index.rst").write_text("Title\n=====\n", encoding="utf-8")
    conf = 'extensions = ["rankcells.sphinx"]\n'
    builds = {}
    for offline in (False, True):
        (source / "conf.py").write_text(conf + f"rankcells_offline = {offline}\n", encoding="utf-8")
        out = tmp_path / f"html-{offline}"
        application.Sphinx(source, source, out, tmp_path / f"doctrees-{offline}", "html", status=None).build()
        builds[offline] = out
    assert service_worker_settings(builds[False]) == RETIRING  # for readers of an earlier build
    assert "serviceWorker" not in copied_settings(builds[False] / "_static" / "rankcells")
    assert copied_settings(builds[True] / "_static" / "rankcells")["serviceWorker"] == "../../rankcells-sw.js"
    settings = service_worker_settings(builds[True])
    assert settings["runtime"] == "_static/rankcells/"
    assert settings["files"] == ["_static/rankcells/assets/embed-runtime.json", "_static/rankcells/assets/embed.js"]
    assert settings["cache"].startswith("rankcells-runtime-") and settings["prefix"] == "rankcells-runtime-"


@pytest.mark.parametrize(
    "option, says",
    [
        ('rankcells_offline = "no"', "rankcells_offline must be True or False, not 'no'"),
        ("rankcells_time_limit = 0", "rankcells_time_limit: the time limit must be a positive number"),
        ('rankcells_time_limit = "ten"', "got 'ten' (e.g. rankcells_time_limit = 10)"),
    ],
)
def test_sphinx_reports_a_bad_option_in_one_line_and_fails(runtime, tmp_path, option, says):
    application = tool("sphinx.application")
    source = tmp_path / "docs"
    source.mkdir()
    (source / "index.rst").write_text("Title\n=====\n", encoding="utf-8")
    (source / "conf.py").write_text(f'extensions = ["rankcells.sphinx"]\n{option}\n', encoding="utf-8")
    warnings = io.StringIO()
    out = tmp_path / "html"
    app = application.Sphinx(source, source, out, tmp_path / "doctrees", "html", status=None, warning=warnings)
    app.build()
    lines = re.sub(r"\x1b\[[0-9;]*m", "", warnings.getvalue()).splitlines()
    # (Sphinx's warnings about itself, from more than one build in a process, are left out.)
    lines = [line for line in lines if "while setting up extension" not in line]
    assert len(lines) == 1 and lines[0].startswith(f"{source / 'conf.py'}:2: ERROR: ")
    assert says in lines[0]
    assert app.statuscode == 1  # as sphinx-build exits
    assert "serviceWorker" not in copied_settings(out / "_static" / "rankcells")  # offline stays off


def test_the_service_worker_s_cache_is_named_for_its_runtime_copy(runtime, tmp_path):
    rankcells.copy_runtime(tmp_path / "rankcells", None, "../rankcells-sw.js")
    rankcells.write_service_worker(tmp_path, "rankcells/")
    first = service_worker_settings(tmp_path)["cache"]
    rankcells.write_service_worker(tmp_path, "rankcells/")
    assert service_worker_settings(tmp_path)["cache"] == first  # the same copy: the same cache
    (runtime / rankcells.EMBED_SCRIPT).write_text("// a new embed script", encoding="utf-8")
    rankcells.copy_runtime(tmp_path / "rankcells", None, "../rankcells-sw.js")
    rankcells.write_service_worker(tmp_path, "rankcells/")
    assert service_worker_settings(tmp_path)["cache"] != first


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
    assert "serviceWorker" not in copied_settings(tmp_path / "site" / "rankcells")
    assert service_worker_settings(tmp_path / "site") == RETIRING

    offline = RankCellsPlugin()
    assert offline.load_config({"offline": True}) == ([], [])
    offline.on_post_build({"site_dir": str(tmp_path / "offline")})
    assert copied_settings(tmp_path / "offline" / "rankcells")["serviceWorker"] == "../rankcells-sw.js"
    assert service_worker_settings(tmp_path / "offline")["files"] == [
        "rankcells/assets/embed-runtime.json",
        "rankcells/assets/embed.js",
    ]

    bad = RankCellsPlugin()
    bad.load_config({"time_limit": -1})
    with pytest.raises(PluginError, match="positive number"):
        bad.on_config({})


def sphinx_build(tmp_path: Path, page: str) -> Path:
    """Build a Sphinx project whose index.rst is `page` (a title first) to HTML; the output. The
    build must succeed without a warning."""
    out, status, warnings = sphinx_build_reporting(tmp_path, page)
    assert (status, warnings) == (0, "")
    return out


def sphinx_build_reporting(tmp_path: Path, page: str) -> tuple[Path, int, str]:
    """Build a Sphinx project whose index.rst is `page` (a title first) to HTML, or build it again
    when it was built: (the output, the exit status sphinx-build would give, the warnings about
    the project's files, one a line, with the source folder's path left out). (Sphinx's warnings
    about itself, from more than one build in a process, and its colours are left out.)"""
    application = tool("sphinx.application")
    source = tmp_path / "docs"
    source.mkdir(exist_ok=True)
    (source / "conf.py").write_text('extensions = ["rankcells.sphinx"]\n', encoding="utf-8")
    (source / "index.rst").write_text("Title\n=====\n\n" + page, encoding="utf-8")
    out = tmp_path / "html"
    warnings = io.StringIO()
    app = application.Sphinx(source, source, out, tmp_path / "doctrees", "html", status=None, warning=warnings)
    app.build()
    text = re.sub(r"\x1b\[[0-9;]*m", "", warnings.getvalue())
    lines = [line.removeprefix(f"{source}{os.sep}") for line in text.splitlines() if line.startswith(str(source))]
    return out, app.statuscode, "".join(f"{line}\n" for line in lines)


@pytest.mark.parametrize(
    "page, line, says",
    [
        (".. code-block:: javascript\n   :class: runnable\n\n   let x = 1;\n", 4, "this one has 'javascript'"),
        (".. code-block:: pycon\n   :class: runnable\n\n   >>> 1 + 1\n", 4, "this one has 'pycon'"),
        (".. container:: runnable\n\n   Some text.\n", 4, "only a code block can be runnable, and this is a container"),
        (
            "Text.\n\n.. container:: runnable\n\n   .. code-block:: python\n      :class: runnable\n\n      x = 1\n",
            6,
            "only a code block can be runnable, and this is a container",
        ),
    ],
    ids=["javascript", "doctest-session", "not-a-code-block", "inside-a-runnable"],
)
def test_sphinx_reports_a_runnable_block_the_cells_cannot_use(runtime, tmp_path, page, line, says):
    out, status, warnings = sphinx_build_reporting(tmp_path, page)
    assert status == 1  # as sphinx-build exits
    assert warnings.startswith(f"index.rst:{line}: ERROR: ")
    assert says in warnings and warnings.count("\n") == 1
    # The page is written; the element reported is not a cell (a Python block inside it still is).
    cells = 1 if "code-block:: python" in page else 0
    assert (out / "index.html").read_text(encoding="utf-8").count('class="runnable ') == cells


def test_sphinx_reports_a_problem_again_when_the_page_is_not_read_again(runtime, tmp_path):
    page = ".. code-block:: javascript\n   :class: runnable\n\n   let x = 1;\n"
    first = sphinx_build_reporting(tmp_path, page)[1:]
    (tmp_path / "docs" / "other.rst").write_text("Other\n=====\n", encoding="utf-8")
    again = sphinx_build_reporting(tmp_path, page)[1:]  # index.rst is unchanged: not read again
    assert again[0] == first[0] == 1
    assert again[1].count("index.rst:4: ERROR: ") == first[1].count("index.rst:4: ERROR: ") == 1


def test_sphinx_takes_a_runnable_block_in_the_default_language(runtime, tmp_path):
    out = sphinx_build(tmp_path, "A block::\n\n   x = 1\n\n.. code-block::\n   :class: runnable\n\n   y = 2\n")
    assert '<div class="runnable highlight-default' in (out / "index.html").read_text(encoding="utf-8")


def mkdocs_build(
    tmp_path: Path, monkeypatch, page: str, extensions: str = "[attr_list]", home: str = "# Home\n"
) -> Path:
    """Build an MkDocs project whose guide.md is `page` and index.md `home`, with rankcells among
    its plugins (as its wheel registers it); the site folder."""
    tool("mkdocs")
    from importlib.metadata import EntryPoint

    from mkdocs import plugins
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    installed = plugins.get_plugins()
    entry = EntryPoint("rankcells", "rankcells.mkdocs:RankCellsPlugin", "mkdocs.plugins")
    monkeypatch.setattr(plugins, "get_plugins", lambda: {**installed, "rankcells": entry})
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text(home, encoding="utf-8")
    (tmp_path / "docs" / "guide.md").write_text(page, encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(
        f"site_name: Docs\nmarkdown_extensions: {extensions}\nplugins: [rankcells]\n", encoding="utf-8"
    )
    build(load_config(str(tmp_path / "mkdocs.yml"), site_dir=str(tmp_path / "site")))
    return tmp_path / "site"


@pytest.mark.parametrize(
    "page, line, says",
    [
        ("# Guide\n\n```{.js .runnable}\nlet x = 1;\n```\n", 3, "this one has 'js'"),
        ("# Guide\n\n~~~~ javascript {.runnable}\nlet x = 1;\n~~~~\n", 3, "this one has 'javascript'"),
        ("# Guide\n\n```{.runnable}\nx = 1\n```\n", 3, "this one has no language"),
        ("# Guide\n\n```{.runnable .python}\nx = 1\n```\n", 3, "put the language first, as in ```{.python .runnable}"),
        (
            "# Guide\n\n```{.python .runnable}\nx = 1\n```\n\n- a step:\n\n    ```{.python .runnable}\n    y = 2\n    ```\n",
            9,
            "a fence inside a list, quote or admonition needs the pymdownx.superfences extension",
        ),
    ],
    ids=["js", "javascript", "no-language", "python-second", "in-a-list"],
)
def test_mkdocs_refuses_a_runnable_fence_the_cells_cannot_use(runtime, tmp_path, monkeypatch, caplog, page, line, says):
    tool("mkdocs")
    from mkdocs.exceptions import Abort

    with pytest.raises(Abort):  # MkDocs logs the plugin's error, then stops
        mkdocs_build(tmp_path, monkeypatch, page)
    errors = [record.getMessage() for record in caplog.records if record.levelname == "ERROR"]
    [message] = [error for error in errors if error.startswith("guide.md:")]
    assert message.startswith(f"guide.md:{line}: ")
    assert says in message


def test_mkdocs_reports_every_block_the_cells_cannot_use_then_stops_once(runtime, tmp_path, monkeypatch, caplog):
    tool("mkdocs")
    from mkdocs.exceptions import Abort

    home = "# Home\n\n```{.runnable}\nx = 1\n```\n"
    guide = (
        "# Guide\n\n```{.js .runnable}\nlet x = 1;\n```\n\n"  # line 3
        "- a step:\n\n    ```{.python .runnable}\n    y = 2\n    ```\n\n"  # line 9
        f"```rank-playground id=bad\n{BAD_BODY}```\n"  # line 13; mistakes on 15 and 17
    )
    with pytest.raises(Abort):
        mkdocs_build(tmp_path, monkeypatch, guide, home=home)
    errors = [record.getMessage() for record in caplog.records if record.levelname == "ERROR"]
    [message] = [error for error in errors if ".md:" in error]
    assert [line.split(": ", 1)[0] for line in message.splitlines()] == [
        "index.md:3",
        "guide.md:3",
        "guide.md:9",
        "guide.md:15",
        "guide.md:17",
    ]
    assert "this one has no language" in message and "this one has 'js'" in message
    assert "pymdownx.superfences" in message and "The grade of 'a'" in message


def test_mkdocs_takes_runnable_fences_the_cells_reach(runtime, tmp_path, monkeypatch):
    page = "# Guide\n\n```{.python .runnable}\nx = 1\n```\n\n```js\nlet y = 2;\n```\n\n``` { .py3 .runnable }\nz = x\n```\n"
    site = mkdocs_build(tmp_path, monkeypatch, page)
    html = (site / "guide" / "index.html").read_text(encoding="utf-8")
    assert html.count('class="runnable"') == 2


PLAYGROUND_BODY = "title: move d to the top\nitems:\n  - a: 1\n  - b: 0\n  - d: 1\nunretrieved:\n  - f: 2\nk: 2\n"
#: The element the embed script draws that playground from (site/js/playground/embed-config.js).
PLAYGROUND_HTML = (
    '<div data-playground="move-d" data-title="move d to the top" data-k="2" data-gain="exponential" '
    'data-threshold="1" data-max-grade="3" data-readouts="precision recall hit_rate reciprocal_rank '
    'average_precision ndcg err rbp">\n<ol><li data-grade="1">a</li><li data-grade="0">b</li>'
    '<li data-grade="1">d</li></ol>\n<ul><li data-grade="2">f</li></ul>\n</div>'
)
# A body with two mistakes, on its second and fourth lines.
BAD_BODY = "items:\n  - a: 9\n  - b: 0\nk: 0\n"


def test_a_playground_is_the_element_the_embed_script_reads(tmp_path):
    from rankcells.playground import render_playground

    assert render_playground("move-d", PLAYGROUND_BODY, 1, 2) == PLAYGROUND_HTML
    escaped = render_playground("q", "title: a <b> & c\nitems:\n  - x: 0\nreadouts: [ndcg, precision]\n", 1, 2)
    assert 'data-title="a &lt;b&gt; &amp; c"' in escaped
    assert 'data-readouts="ndcg precision"' in escaped
    assert 'data-k="1"' in escaped  # the lesson's default: the number of items, at most 5


def test_a_playground_s_mistakes_are_all_reported_by_line(tmp_path):
    from rankcells.playground import PlaygroundError, render_playground

    with pytest.raises(PlaygroundError) as raised:
        render_playground(None, BAD_BODY, 6, 8)
    lines = [line for line, _ in raised.value.problems]
    texts = " ".join(text for _, text in raised.value.problems)
    assert lines == [6, 9, 11]
    assert "no id" in texts and "The grade of 'a'" in texts and "k must be a whole number" in texts


def test_sphinx_draws_a_rank_playground(runtime, tmp_path):
    body = textwrap.indent(PLAYGROUND_BODY, "   ")
    out = sphinx_build(tmp_path, f"Text.\n\n.. rank-playground:: move-d\n\n{body}\nAfter.\n")
    page = (out / "index.html").read_text(encoding="utf-8")
    assert PLAYGROUND_HTML in page
    assert "<p>After.</p>" in page


def test_sphinx_reports_a_playground_s_mistakes_with_their_lines(runtime, tmp_path):
    body = textwrap.indent(BAD_BODY, "   ")
    _, status, warnings = sphinx_build_reporting(tmp_path, f"Text.\n\n.. rank-playground::\n\n{body}")
    lines = warnings.splitlines()
    assert status == 1
    assert [line.split(": ", 2)[:2] for line in lines] == [
        ["index.rst:6", "ERROR"],
        ["index.rst:9", "ERROR"],
        ["index.rst:11", "ERROR"],
    ]
    assert "The grade of 'a' must be a whole number from 0 to 3" in lines[1]


def test_mkdocs_draws_a_rank_playground(runtime, tmp_path, monkeypatch):
    page = f"# Guide\n\nText.\n\n```rank-playground id=move-d\n{PLAYGROUND_BODY}```\n\nAfter.\n\n````markdown\n```rank-playground id=shown\n````\n"
    site = mkdocs_build(tmp_path, monkeypatch, page)
    html = (site / "guide" / "index.html").read_text(encoding="utf-8")
    assert PLAYGROUND_HTML in html
    assert "<p>After.</p>" in html
    assert 'data-playground="shown"' not in html  # a fence shown inside another fence stays text


@pytest.mark.parametrize(
    "fence, lines, says",
    [
        (f"```rank-playground id=bad\n{BAD_BODY}```\n", [7, 9], "The grade of 'a' must be a whole number"),
        ("```rank-playground\nitems:\n  - a: 1\n```\n", [5], "no id"),
        ("```rank-playground id=x k=3\nitems:\n  - a: 1\n```\n", [5], "write only id="),
        ("- a step\n\n    ```rank-playground id=x\n    items:\n      - a: 1\n    ```\n", [7], "outside any list"),
    ],
    ids=["mistakes", "no-id", "option", "in-a-list"],
)
def test_mkdocs_stops_at_a_playground_s_mistakes_with_their_lines(
    runtime, tmp_path, monkeypatch, caplog, fence, lines, says
):
    tool("mkdocs")
    from mkdocs.exceptions import Abort

    with pytest.raises(Abort):
        mkdocs_build(tmp_path, monkeypatch, f"# Guide\n\nText.\n\n{fence}")
    errors = [record.getMessage() for record in caplog.records if record.levelname == "ERROR"]
    [message] = [error for error in errors if error.startswith("guide.md:")]
    assert [int(line.split(":")[1]) for line in message.splitlines()] == lines
    assert says in message
