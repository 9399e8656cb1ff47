"""The fenced code blocks of a Markdown page, as MkDocs' Markdown reads them (Python-Markdown's
fenced_code, with attr_list's `{.class #id key=value}`; pymdownx.superfences also finds them
indented, in lists and quotes): each with its line, language, classes and code."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .blocks import RUNNABLE, is_python

# An opening fence: its indent (spaces, or a quote's '>'), three or more ` or ~, the info string.
OPENING = re.compile(r"^(?P<indent>[ \t>]*)(?P<fence>`{3,}|~{3,})(?P<info>[^`]*)$")


@dataclass
class Fence:
    """One fenced block: `line` is the 1-based line of its opening fence."""

    line: int
    indent: str
    info: str  # what follows the fence, stripped
    code: str  # the body, without the indent
    end: int  # the 1-based line of its closing fence (one past the page's end when left open)

    @property
    def classes(self) -> list[str]:
        """The classes in the info string's {...} (without their dots), the language first when it
        is written before the braces."""
        bare, _, attrs = self.info.partition("{")
        names = [word[1:] for word in attrs.rstrip("}").split() if word.startswith(".")]
        word = bare.split()[0].lstrip(".") if bare.split() else ""
        return ([word] if word else []) + names

    @property
    def language(self) -> str | None:
        """The language: the word before the braces, or else the first class in them (None when
        that is `runnable`: the block then has no language)."""
        first = self.classes[0] if self.classes else None
        return None if first == RUNNABLE else first

    @property
    def is_python(self) -> bool:
        return is_python(self.language)


def find_fences(markdown: str) -> list[Fence]:
    """The fenced blocks of `markdown` (a page's source), in page order. A fence left open runs to
    the end of the page, as in Markdown."""
    lines = [line.removesuffix("\r") for line in markdown.split("\n")]
    fences = []
    index = 0
    while index < len(lines):
        match = OPENING.match(lines[index])
        if not match:
            index += 1
            continue
        indent, fence = match["indent"], match["fence"]
        closing = re.compile(rf"^[ \t>]*{fence[0]}{{{len(fence)},}}[ \t]*$")
        body = []
        end = index + 1
        while end < len(lines) and not closing.match(lines[end]):
            line = lines[end]
            body.append(line[len(indent) :] if line.startswith(indent) else line.lstrip(" \t>"))
            end += 1
        fences.append(Fence(index + 1, indent, match["info"].strip(), "\n".join(body), end + 1))
        index = end + 1
    return fences
