"""The editor's Enter keeps each cell's indentation (site/js/lesson/indent.js): on every cell of every
lesson, Enter at the end of each statement, then a statement typed, still compiles, and the new
line sits in the block the learner meant (one unit deeper after a line that opens a block, else
beside the line). CodeMirror runs under Node (tests/site/indent_after_enter.mjs). The unit itself, and Enter
in made-up code: tests/site/js/lesson/indent.test.mjs."""

from __future__ import annotations

import io
import json
import subprocess
import tokenize
from pathlib import Path

import pytest

from lessonbuild.lessonformat import load_course


ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(__file__).with_name("indent_after_enter.mjs")
CELLS = [
    (lesson.slug, cell)
    for lesson in load_course(ROOT / "lessons").lessons
    for cell in lesson.cells
    if not cell.hidden and not cell.readonly
]


def statements(code: str) -> dict[int, int]:
    """{line where a logical line ends: line where it starts}, 1-based (a statement spread over
    lines in brackets ends on its last line, and is indented as its first)."""
    spans, start = {}, None
    skip = {tokenize.NL, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING}
    for token in tokenize.generate_tokens(io.StringIO(code).readline):
        if token.type == tokenize.NEWLINE:
            if token.string and start is not None:
                spans[token.end[0]] = start
            start = None
        elif token.type not in skip and start is None:
            start = token.start[0]
    return spans


def after_enter(node: str, cells: list[dict]) -> list[list[str]]:
    result = subprocess.run(
        [node, str(SCRIPT)], input=json.dumps(cells), capture_output=True, text=True, cwd=ROOT, check=True
    )
    return json.loads(result.stdout)


def indentation(line: str) -> str:
    return line[: len(line) - len(line.lstrip())]


@pytest.fixture(scope="module")
def typed(node):
    cells = [{"code": cell.code, "lines": sorted(statements(cell.code))} for _, cell in CELLS]
    return dict(zip([f"{slug}/{cell.id}" for slug, cell in CELLS], zip(cells, after_enter(node, cells))))


@pytest.mark.parametrize("name", [f"{slug}/{cell.id}" for slug, cell in CELLS])
def test_enter_then_a_statement_stays_in_the_block(typed, name):
    cell, codes = typed[name]
    lines = cell["code"].split("\n")
    starts = statements(cell["code"])
    for number, code in zip(cell["lines"], codes):
        compile(code, name, "exec")  # raises IndentationError or SyntaxError if Enter broke it
        line, first = lines[number - 1], lines[starts[number] - 1]
        inserted = code.split("\n")[number]
        assert inserted.strip() == "pass", (number, inserted)
        opens_block = line.split("#", 1)[0].rstrip().endswith(":")
        expected = indentation(first) + ("    " if opens_block else "")
        assert indentation(inserted) == expected, f"line {number}: {line!r} then {inserted!r}"
