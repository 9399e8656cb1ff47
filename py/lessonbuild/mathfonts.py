"""Which KaTeX fonts a page's math uses, read from KaTeX's own stylesheet, so the page can carry
them inside it (`font_faces`): math laid out in a fallback font moves when its font arrives, and
on a loaded machine or a slow network a font file came after the first paint even when the page
preloaded it. A font inside the page is there when the math is first laid out."""

from __future__ import annotations

import base64
import re
from collections.abc import Mapping

FONT_FACE = re.compile(r"@font-face\{([^}]*)\}")
RULE = re.compile(r"(?:(?<=\})|^)([^{}@]+)\{([^}]*font-family:KaTeX_[^}]*)\}")
CLASS_ATTRIBUTE = re.compile(r'class="([^"]*)"')
BASE_FONT = ("KaTeX_Main", "normal", "400")  # .katex's own font, set with the `font` shorthand


def _declarations(block: str) -> dict[str, str]:
    return dict(part.split(":", 1) for part in block.split(";") if ":" in part)


def _face_key(declarations: dict[str, str]) -> tuple[str, str, str]:
    family = declarations["font-family"].split(",")[0].strip()
    weight = {"bold": "700", "normal": "400"}.get(
        declarations.get("font-weight", "400"), declarations.get("font-weight", "400")
    )
    return family, declarations.get("font-style", "normal"), weight


def math_fonts(page_html: str, katex_css: str) -> list[str]:
    """The woff2 files (paths relative to the stylesheet) the math in `page_html` is drawn with:
    a rule's font counts when every class its selector names is on the page."""
    if 'class="katex' not in page_html:
        return []
    files = {}
    for block in FONT_FACE.findall(katex_css):
        declarations = _declarations(block)
        woff2 = re.search(r"url\(([^)]*\.woff2)\)", declarations["src"])
        if woff2:
            files[_face_key(declarations)] = woff2.group(1)
    classes = {name for value in CLASS_ATTRIBUTE.findall(page_html) for name in value.split()}
    used = {BASE_FONT}
    for selectors, block in RULE.findall(katex_css):
        for selector in selectors.split(","):
            if set(re.findall(r"\.([\w-]+)", selector)) <= classes:
                used.add(_face_key(_declarations(block)))
    return sorted(files[key] for key in used if key in files)


def font_shorthands(files: list[str], katex_css: str) -> list[str]:
    """The CSS `font` shorthand (style, weight, size, family) of each face in `files` (woff2
    paths as math_fonts returns them), in stylesheet order, e.g. "italic 400 1em KaTeX_Math":
    what `document.fonts.load()` takes to start loading that face before the math is laid out."""
    shorthands = []
    for block in FONT_FACE.findall(katex_css):
        declarations = _declarations(block)
        woff2 = re.search(r"url\(([^)]*\.woff2)\)", declarations["src"])
        if woff2 and woff2.group(1) in files:
            family, style, weight = _face_key(declarations)
            shorthands.append(f"{style} {weight} 1em {family}")
    return shorthands


def font_faces(files: list[str], katex_css: str, fonts: Mapping[str, bytes]) -> str:
    """@font-face rules for `files` (woff2 paths relative to KaTeX's stylesheet, as math_fonts
    returns them), each with its font inside as a data: URI and KaTeX's own family, style and
    weight, so they take the place of the stylesheet's faces (the later of two equal faces wins).

    `fonts`: the woff2 bytes by the same relative path. Raises KeyError for a file not in it.
    """
    rules = []
    for block in FONT_FACE.findall(katex_css):
        declarations = _declarations(block)
        woff2 = re.search(r"url\(([^)]*\.woff2)\)", declarations["src"])
        if not woff2 or woff2.group(1) not in files:
            continue
        family, style, weight = _face_key(declarations)
        data = base64.b64encode(fonts[woff2.group(1)]).decode("ascii")
        rules.append(
            f"@font-face{{font-family:{family};font-style:{style};font-weight:{weight};"
            f"font-display:{declarations.get('font-display', 'optional')};"
            f'src:url(data:font/woff2;base64,{data}) format("woff2")}}'
        )
    return "".join(rules)
