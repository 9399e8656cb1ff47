"""A rank playground in documentation (Sphinx's `.. rank-playground:: ID` directive, MkDocs'
```` ```rank-playground id=ID ```` fence): its YAML body, the same as a lesson's ```playground
block (lessons/README.md, "Rank playground"), read and checked by the lesson build's own rules
(lessonbuild/playground.py), then written as the `<div data-playground>` the embed script draws a
playground from (site/js/playground/embed-config.js: the settings in `data-` attributes, the
ranked items in an `<ol>`, the judged but not retrieved ones in a `<ul>`).

The wheel carries its own copy of those rules (`_playground.py`, written by
lessonbuild/docspackage.py), as the documentation's Python has no lesson build.
"""

from __future__ import annotations

import html
from pathlib import Path

if (Path(__file__).parent / "_playground.py").is_file():  # installed from the wheel
    from ._playground import Playground, fill_playground
else:  # imported from the course's source
    from lessonbuild.playground import Playground, fill_playground


class PlaygroundError(ValueError):
    """A playground block's mistakes: `problems` is a list of (line in the page's source, what is
    wrong and what to change), in line order."""

    def __init__(self, problems: list[tuple[int, str]]):
        super().__init__("; ".join(f"line {line}: {text}" for line, text in problems))
        self.problems = problems


def render_playground(playground_id: str | None, body: str, line: int, body_line: int) -> str:
    """The HTML of a playground block for the embed script.

    Args:
        playground_id: the id the block was given (None or empty when it has none: a mistake).
        body: the block's YAML (lessons/README.md, "Rank playground").
        line: the page's line of the directive or the opening fence (1-based).
        body_line: the page's line of the body's first line (1-based).

    Raises PlaygroundError listing every mistake with its line in the page.
    """
    problems: list[tuple[int, str]] = []
    if not playground_id:
        problems.append((line, "This playground has no id: give it one (the reader's list is kept under it)."))
    playground = Playground(line=body_line - 1, options={"id": playground_id or ""}, content=body)

    def report(at: int, message: str, fix: str) -> None:
        problems.append((line if at == body_line - 1 else at, f"{message} {fix}"))

    fill_playground(playground, report)
    if problems:
        raise PlaygroundError(sorted(problems, key=lambda problem: problem[0]))
    attributes = {
        "data-playground": playground_id,
        "data-title": playground.title,
        "data-k": playground.k,
        "data-gain": playground.gain,
        "data-threshold": playground.threshold,
        "data-max-grade": playground.max_grade,
        "data-readouts": " ".join(playground.readouts),
    }
    opening = " ".join(f'{name}="{html.escape(str(value))}"' for name, value in attributes.items())
    parts = [f"<div {opening}>", _item_list("ol", playground.items)]
    if playground.unretrieved:
        parts.append(_item_list("ul", playground.unretrieved))
    parts.append("</div>")
    return "\n".join(parts)


def _item_list(tag: str, items: list[tuple[str, int]]) -> str:
    entries = "".join(f'<li data-grade="{grade}">{html.escape(item)}</li>' for item, grade in items)
    return f"<{tag}>{entries}</{tag}>"
