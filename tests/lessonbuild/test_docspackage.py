"""The documentation package's runtime (py/lessonbuild/docspackage.py): the files of a built
course the embed script loads, read from the build's output."""

from __future__ import annotations

import json
import sys
import types

import pytest

from lessonbuild.docspackage import course_version, embed_runtime_paths, read_site
from lessonbuild.paths import PYODIDE_CORE_FILES, ROOT

SETTINGS = {
    "pyodide": "pyodide/",
    "wheels": ["wheels/rankmetrics-0.1.0-py3-none-any.whl"],
    "snapshot": {"url": "pyodide/snapshot.bin.gz?v=abc", "use": "auto"},
    "stdlib": {"boot": "pyodide/python_stdlib_boot.zip", "full": "pyodide/python_stdlib.zip"},
    "timeLimit": None,
}


def built_site(settings: dict = SETTINGS) -> dict[str, bytes]:
    site = {
        "assets/embed-runtime.json": json.dumps(settings).encode(),
        "assets/embed.js": b'import{a}from"./chunks/one.js";const e=()=>import("./chunks/editor.js");',
        "assets/chunks/one.js": b"export const a=1;",
        "assets/chunks/editor.js": b"export const e=1;",
        "assets/worker.js": b'import{w}from"./chunks/work.js";',
        "assets/chunks/work.js": b"export const w=1;",
        "assets/site.css": b"p{}",
        "assets/lesson.js": b'import"./chunks/lesson-only.js";',
        "assets/chunks/lesson-only.js": b"",
        "assets/katex/katex.min.css": b"",
        "wheels/rankmetrics-0.1.0-py3-none-any.whl": b"PK",
        "wheels/pygal-3.1.3-py3-none-any.whl": b"PK",
        "pyodide/snapshot.bin.gz": b"",
        "pyodide/python_stdlib_boot.zip": b"",
        "index.html": b"",
    }
    site.update({f"pyodide/{name}": b"" for name in PYODIDE_CORE_FILES})
    return site


def test_the_runtime_is_what_the_embed_script_and_its_worker_load():
    assert embed_runtime_paths(built_site()) == sorted(
        [
            "assets/embed-runtime.json",
            "assets/embed.js",
            "assets/chunks/one.js",
            "assets/chunks/editor.js",  # imported on demand
            "assets/worker.js",
            "assets/chunks/work.js",
            "assets/site.css",
            "wheels/rankmetrics-0.1.0-py3-none-any.whl",
            "pyodide/snapshot.bin.gz",
            "pyodide/python_stdlib_boot.zip",
            *(f"pyodide/{name}" for name in PYODIDE_CORE_FILES),
        ]
    )


def test_without_a_snapshot_or_boot_stdlib_in_the_settings_they_are_left_out():
    paths = embed_runtime_paths(built_site({**SETTINGS, "snapshot": None, "stdlib": None}))
    assert "pyodide/snapshot.bin.gz" not in paths
    assert "pyodide/python_stdlib_boot.zip" not in paths


def test_a_missing_runtime_file_is_named():
    site = built_site()
    del site["pyodide/pyodide.asm.wasm"], site["wheels/rankmetrics-0.1.0-py3-none-any.whl"]
    with pytest.raises(RuntimeError, match="pyodide/pyodide.asm.wasm, wheels/rankmetrics-0.1.0-py3-none-any.whl"):
        embed_runtime_paths(site)


def test_a_built_course_is_read_without_its_compressed_copies(tmp_path):
    for path, data in {
        "assets/embed-runtime.json": b"{}",
        "assets/embed-runtime.json.gz": b"",
        "assets/embed.js": b"",
        "assets/embed.js.br": b"",
        "pyodide/snapshot.bin.gz": b"kept",  # shipped compressed: no uncompressed sibling
    }.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_bytes(data)
    assert sorted(read_site(tmp_path)) == ["assets/embed-runtime.json", "assets/embed.js", "pyodide/snapshot.bin.gz"]


def test_a_folder_without_a_built_course_says_so(tmp_path):
    with pytest.raises(FileNotFoundError, match="make build"):
        read_site(tmp_path)


def test_the_package_has_the_course_version():
    assert course_version() == json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["version"]


def test_the_playground_rules_stand_alone_with_the_course_s_metric_names(monkeypatch):
    from lessonbuild.docspackage import playground_rules
    from rankmetrics.pages.playground import METRIC_NAMES

    monkeypatch.setitem(sys.modules, "rankmetrics", None)  # importing it would fail
    monkeypatch.setitem(sys.modules, "rankmetrics.pages.playground", None)
    module = types.ModuleType("standalone_rules")
    monkeypatch.setitem(sys.modules, module.__name__, module)  # dataclasses look their module up
    exec(compile(playground_rules(), "_playground.py", "exec"), module.__dict__)
    namespace = module.__dict__
    assert namespace["METRIC_NAMES"] == tuple(METRIC_NAMES)
    problems = []
    rules = namespace["Playground"](line=1, options={"id": "x"}, content="items:\n  - a: 1\nreadouts: [nope]\n")
    namespace["fill_playground"](rules, lambda line, message, fix: problems.append((line, message)))
    assert problems == [(4, "Unknown readout 'nope'.")]
