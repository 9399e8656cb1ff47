"""Static Python highlighting (Pygments), shown until the editor takes over and with JS off."""

from __future__ import annotations

from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonLexer, get_lexer_by_name
from pygments.util import ClassNotFound

LIGHT_STYLE = "default"
DARK_STYLE = "monokai"


def highlight_code(code: str, language: str = "python") -> str:
    """Return the code as HTML spans with Pygments classes (no wrapper element)."""
    try:
        lexer = PythonLexer() if language == "python" else get_lexer_by_name(language)
    except ClassNotFound:
        lexer = get_lexer_by_name("text")
    return highlight(code, lexer, HtmlFormatter(nowrap=True))


def highlight_css() -> str:
    """Stylesheet for the highlighted code: light by default, dark under prefers-color-scheme."""
    light = HtmlFormatter(style=LIGHT_STYLE).get_style_defs(".highlight")
    dark = HtmlFormatter(style=DARK_STYLE).get_style_defs(".highlight")
    return f"{light}\n@media (prefers-color-scheme: dark) {{\n{dark}\n}}\n"
