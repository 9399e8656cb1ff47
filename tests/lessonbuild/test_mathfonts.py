"""The fonts a page carries for its math are the ones KaTeX's stylesheet draws it with, as KaTeX's
own faces."""

from __future__ import annotations

import base64

from lessonbuild.mathfonts import font_faces, font_shorthands, math_fonts

CSS = (
    "@font-face{font-display:block;font-family:KaTeX_Main;font-style:normal;font-weight:400;"
    'src:url(fonts/KaTeX_Main-Regular.woff2) format("woff2"),url(fonts/KaTeX_Main-Regular.woff) format("woff")}'
    "@font-face{font-display:block;font-family:KaTeX_Math;font-style:italic;font-weight:400;"
    'src:url(fonts/KaTeX_Math-Italic.woff2) format("woff2")}'
    "@font-face{font-display:block;font-family:KaTeX_Size2;font-style:normal;font-weight:400;"
    'src:url(fonts/KaTeX_Size2-Regular.woff2) format("woff2")}'
    ".katex{font:normal 1.21em KaTeX_Main,Times New Roman,serif}"
    ".katex .mathnormal{font-family:KaTeX_Math;font-style:italic}"
    ".katex .op-symbol.large-op{font-family:KaTeX_Size2}"
)


def test_a_page_without_math_needs_no_math_font():
    assert math_fonts("<p>No formulas here.</p>", CSS) == []


def test_a_letter_needs_the_math_italic_and_the_base_font():
    assert math_fonts('<span class="katex"><span class="mord mathnormal">k</span></span>', CSS) == [
        "fonts/KaTeX_Main-Regular.woff2",
        "fonts/KaTeX_Math-Italic.woff2",
    ]


def test_a_rule_counts_only_when_all_its_classes_are_on_the_page():
    small = '<span class="katex"><span class="mop op-symbol small-op">∑</span></span>'
    large = '<span class="katex"><span class="mop op-symbol large-op">∑</span></span>'
    assert "fonts/KaTeX_Size2-Regular.woff2" not in math_fonts(small, CSS)
    assert "fonts/KaTeX_Size2-Regular.woff2" in math_fonts(large, CSS)


def test_a_face_carries_its_font_inside_with_katex_family_style_and_weight():
    fonts = {"fonts/KaTeX_Math-Italic.woff2": b"math font bytes", "fonts/KaTeX_Main-Regular.woff2": b"main"}
    css = font_faces(["fonts/KaTeX_Math-Italic.woff2"], CSS, fonts)
    encoded = base64.b64encode(b"math font bytes").decode()
    assert css == (
        "@font-face{font-family:KaTeX_Math;font-style:italic;font-weight:400;font-display:block;"
        f'src:url(data:font/woff2;base64,{encoded}) format("woff2")}}'
    )
    assert font_faces([], CSS, fonts) == ""


def test_each_carried_face_is_named_as_a_font_shorthand_for_loading_early():
    files = math_fonts('<span class="katex"><span class="mord mathnormal">k</span></span>', CSS)
    assert font_shorthands(files, CSS) == ["normal 400 1em KaTeX_Main", "italic 400 1em KaTeX_Math"]
