"""Render TeX to HTML + MathML at build time with KaTeX (run once per build under Node.js)."""

from __future__ import annotations

import json
import subprocess
from .paths import ROOT, TOOLS

RENDER_SCRIPT = TOOLS / "render-math.mjs"
# KaTeX's HTML for (tex, display) depends on nothing else (KaTeX is pinned): kept for the life of
# the process, so the dev server's rebuilds start Node only for expressions it has not seen.
_rendered: dict[tuple[str, bool], str] = {}


class MathError(Exception):
    """KaTeX rejected an expression; `errors` maps (tex, display) to KaTeX's message."""

    def __init__(self, errors: dict[tuple[str, bool], str]):
        self.errors = errors
        super().__init__("; ".join(f"{tex!r}: {message}" for (tex, _), message in errors.items()))


def render_math(expressions: set[tuple[str, bool]]) -> dict[tuple[str, bool], str]:
    """Map each (tex, display_mode) to KaTeX HTML. Raises MathError naming every bad expression."""
    requests = sorted(expressions - _rendered.keys())
    if requests:
        _rendered.update(_run_katex(requests))
    return {key: _rendered[key] for key in expressions}


def forget_rendered() -> None:
    """Drop the kept HTML (after render-math.mjs or KaTeX changed)."""
    _rendered.clear()


def _run_katex(requests: list[tuple[str, bool]]) -> dict[tuple[str, bool], str]:
    payload = json.dumps([{"tex": tex, "display": display} for tex, display in requests])
    completed = subprocess.run(
        ["node", str(RENDER_SCRIPT)],
        input=payload,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    if completed.returncode != 0:
        raise RuntimeError(f"KaTeX rendering failed under Node.js:\n{completed.stderr.strip()}")
    results = json.loads(completed.stdout)
    errors = {key: result["error"] for key, result in zip(requests, results) if "error" in result}
    if errors:
        raise MathError(errors)
    return {key: result["html"] for key, result in zip(requests, results)}
