"""Asset helpers (py/lessonbuild/assets.py): the chunks a page script imports, found in
esbuild's output so the page can preload them; ARCHITECTURE.md names every script the build
makes."""

from __future__ import annotations

import re

from lessonbuild.assets import CLASSIC_SCRIPT_ENTRIES, SCRIPT_ENTRIES, all_imports, static_imports
from lessonbuild.paths import ROOT


def test_static_imports_follow_chunks_but_not_dynamic_imports():
    assets = {
        "assets/lesson.js": b'import{a as x}from"./chunks/one.js";import"./chunks/two.js";'
        b'const e=()=>import("./chunks/editor.js");',
        "assets/chunks/one.js": b'import{b}from"./three.js";export{b as a};',
        "assets/chunks/two.js": b"console.log(1);",
        "assets/chunks/three.js": b'import{a}from"./one.js";export const b=1;',  # a cycle
        "assets/chunks/editor.js": b'import{b}from"./three.js";',
    }
    assert static_imports(assets, "assets/lesson.js") == [
        "assets/chunks/one.js",
        "assets/chunks/two.js",
        "assets/chunks/three.js",
    ]


def test_architecture_names_every_script_entry():
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    for label, entries in [("SCRIPT_ENTRIES", SCRIPT_ENTRIES), ("CLASSIC_SCRIPT_ENTRIES", CLASSIC_SCRIPT_ENTRIES)]:
        # The bullet that names the set lists its files, up to the next bullet or blank line.
        start = text.index(f"(`{label}`)")
        listed = re.split(r"\n  - |\n\n", text[start:], maxsplit=1)[0]
        named = set(re.findall(r"`(?:assets/)?([\w-]+)\.js`", listed))
        assert named == set(entries), (label, named ^ set(entries))


def test_all_imports_also_follow_imports_on_demand():
    assets = {
        "assets/embed.js": b'import{a}from"./chunks/one.js";const e=()=>import("./chunks/editor.js");',
        "assets/chunks/one.js": b"export const a=1;",
        "assets/chunks/editor.js": b'import{c}from"./cm.js";const m=import("cellruntime");',
        "assets/chunks/cm.js": b"export const c=1;",
        "assets/chunks/unused.js": b"export const u=1;",
    }
    assert all_imports(assets, "assets/embed.js") == [
        "assets/chunks/one.js",
        "assets/chunks/editor.js",
        "assets/chunks/cm.js",
    ]
