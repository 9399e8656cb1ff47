"""Static blocks marked `cpython=LIBRARY` run under CPython with that library, and print exactly
the ```output block the lesson shows under them (lessons/README.md).

The libraries are pinned in requirements-test.txt (the build refuses a block whose library is
not), so nothing here is skipped: a missing library fails the block's test.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from lesson_folder import COURSE, ROOT

BLOCKS = [
    pytest.param(cell, id=f"{lesson.slug}:{cell.line}")
    for lesson in COURSE.lessons
    for cell in lesson.cells
    if cell.cpython
]


def test_the_course_has_blocks_checked_under_cpython():
    assert len(BLOCKS) >= 3


@pytest.mark.parametrize("cell", BLOCKS)
def test_block_prints_its_shown_output(cell, tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py"), "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        [sys.executable, "-c", cell.code], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, f"the block at line {cell.line} failed under CPython:\n{done.stderr}"
    assert done.stdout == cell.shown_output.text
