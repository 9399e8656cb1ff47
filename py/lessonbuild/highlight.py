"""Static Python highlighting (Pygments), shown until the editor takes over and with JS off."""

from __future__ import annotations

import functools
import re

from markupsafe import Markup, escape
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonLexer, get_lexer_by_name
from pygments.util import ClassNotFound

LIGHT_STYLE = "default"
DARK_STYLE = "monokai"
# Highlighting is pure (code in, HTML out) and the costliest part of rendering: kept for the life
# of the process, so the dev server's rebuilds highlight only code that changed.
KEPT_HIGHLIGHTS = 4096


@functools.lru_cache(maxsize=KEPT_HIGHLIGHTS)
def highlight_code(code: str, language: str = "python") -> str:
    """Return the code as HTML spans with Pygments classes (no wrapper element)."""
    try:
        lexer = PythonLexer() if language == "python" else get_lexer_by_name(language)
    except ClassNotFound:
        lexer = get_lexer_by_name("text")
    return highlight(code, lexer, HtmlFormatter(nowrap=True))


TAB_SIZE = 4  # CodeMirror's default, which the editor keeps


@functools.lru_cache(maxsize=KEPT_HIGHLIGHTS)
def highlight_lines(code: str) -> str:
    """The code as one `<span class="code-line">` per line, laid out as the cell's editor lays it
    out (site.css): a long line wraps under its own indentation (`--indent`, in characters), so
    the editor that replaces it later has the same height."""
    # Pygments closes and reopens its spans at each line break, so every line is whole HTML.
    lines = highlight_code(code).removesuffix("\n").split("\n")
    html = []
    for source, line in zip(code.split("\n"), lines):
        indent = len(re.match(r"[ \t]*", source).group().replace("\t", " " * TAB_SIZE))
        style = Markup(' style="--indent: {}"').format(indent) if indent else ""
        html.append(Markup('<span class="code-line"{}>{}\n</span>').format(style, Markup(line)))
    return str(escape("").join(html))


def highlight_css() -> str:
    """Stylesheet for the highlighted code: light by default and on paper, dark on a screen under prefers-color-scheme."""
    light = HtmlFormatter(style=LIGHT_STYLE).get_style_defs(".highlight")
    dark = HtmlFormatter(style=DARK_STYLE).get_style_defs(".highlight")
    return f"{light}\n@media screen and (prefers-color-scheme: dark) {{\n{dark}\n}}\n"
