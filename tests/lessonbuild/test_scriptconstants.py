"""The constants handed to the page scripts (py/lessonbuild/scriptconstants.py)."""

from __future__ import annotations

import json
import re

from lessonbuild.paths import SITE
from lessonbuild.scriptconstants import constants_json, esbuild_define, script_constants


def test_build_constants_js_names_each_constant():
    source = (SITE / "js" / "shared" / "build-constants.js").read_text(encoding="utf-8")
    block = source[source.index("export const {") : source.index("} = JSON.parse(BUILD_CONSTANTS)")]
    names = set(re.findall(r"^  (\w+),", block, re.MULTILINE))
    assert names == set(script_constants())


def test_the_define_is_a_json_string_of_the_constants():
    option = esbuild_define()
    assert option.startswith("--define:BUILD_CONSTANTS=")
    text = json.loads(option.split("=", 1)[1])
    assert isinstance(text, str) and text == constants_json()
    assert json.loads(text) == script_constants()
