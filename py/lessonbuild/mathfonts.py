"""Which KaTeX fonts a page's math uses, read from KaTeX's own stylesheet, so the page can ask
for them at once (`<link rel="preload">`) instead of when its math is first laid out: math laid
out in a fallback font moves when its font arrives (KaTeX's fonts have `font-display: block`,
which hides the text but keeps the fallback's size)."""

from __future__ import annotations

import re

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
