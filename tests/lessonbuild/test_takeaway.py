"""The download's parts the build makes: the outline (with a check cell after each exercise) and
the set-up cell, which unpacks the wheels it carries in any plain Python, with no pip."""

from __future__ import annotations

import base64
import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from lessonbuild.assets import PACKAGES
from lessonbuild.lessonformat import load_course
from lessonbuild.takeaway import (
    CHECK_CELL,
    SETUP_CELL,
    SETUP_CELL_ASSET,
    WHEELS_PLACEHOLDER,
    notebook_outline,
    setup_cell_asset,
)
from lessonbuild.wheels import build_wheel

ROOT = Path(__file__).resolve().parents[2]


def filled_in(wheels: dict[str, bytes]) -> str:
    """The set-up cell as the page makes it (site/js/lesson/takeaway.js: setupCell)."""
    carried = {name: base64.b64encode(data).decode() for name, data in wheels.items()}
    return SETUP_CELL.read_text(encoding="utf-8").replace(WHEELS_PLACEHOLDER, json.dumps(carried, indent=1))


def run_plain(code: str, folder: Path) -> subprocess.CompletedProcess:
    """`code` in this Python with -I (no PYTHONPATH, no user site, not the folder it runs in), read
    from stdin: the set-up cell, with the wheels in it, is longer than one argument may be."""
    return subprocess.run(
        [sys.executable, "-I", "-"], input=code, cwd=folder, capture_output=True, text=True, timeout=60
    )


def project_wheels() -> dict[str, bytes]:
    return dict(build_wheel(ROOT / "py" / package, summary) for package, summary in PACKAGES.items())


def test_the_template_has_one_place_for_the_wheels():
    assert setup_cell_asset() == {SETUP_CELL_ASSET: SETUP_CELL.read_bytes()}
    assert SETUP_CELL.read_text(encoding="utf-8").count(WHEELS_PLACEHOLDER) == 1


def test_setup_cell_makes_the_carried_packages_importable(tmp_path):
    assert "rankmetrics" in run_plain("import rankmetrics", tmp_path).stderr  # not there without it
    (lesson,) = (lesson for lesson in load_course(ROOT / "lessons").lessons if lesson.slug == "precision-recall")
    exercise = next(cell for cell in lesson.cells if cell.id == "write-recall")
    check = CHECK_CELL.format(name=exercise.check_name)  # its check, from lessons/checks/, in the download
    code = filled_in(project_wheels()) + (
        "\nimport rankmetrics\nprint(rankmetrics.recall_at_k(['a', 'x'], {'a', 'b'}, 2))\n"
        "def recall_at_k(ranking, relevant, k):\n    return 0.0\n" + check + "\n"
    )
    done = run_plain(code, tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "0.5"
    assert lines[1].startswith("Not yet. recall_at_k(") and "returned 0.0; expected" in lines[1]
    assert list(tmp_path.iterdir()) == []


def test_setup_cell_says_which_python_a_wheel_needs(tmp_path):
    wheel = io.BytesIO()
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr(
            "future-1.0.dist-info/METADATA", "Metadata-Version: 2.1\nName: future\nRequires-Python: >=99.1\n"
        )
    done = run_plain(filled_in({"future-1.0-py3-none-any.whl": wheel.getvalue()}), tmp_path)
    assert done.returncode == 1
    assert "RuntimeError: future-1.0-py3-none-any.whl needs Python 99.1 or newer, and this is Python 3." in done.stderr


@pytest.mark.parametrize("lesson", load_course(ROOT / "lessons").lessons, ids=lambda lesson: lesson.slug)
def test_every_exercise_is_followed_by_its_check_cell(lesson):
    outline = notebook_outline(lesson)
    cells = [part["cell"] for part in outline if "cell" in part]
    assert cells == [cell.id for cell in lesson.runnable_cells]
    for cell in lesson.runnable_cells:
        if cell.check:
            after = outline[outline.index({"cell": cell.id}) + 1]
            assert after == {"check": cell.id, "code": CHECK_CELL.format(name=cell.check_name)}
    assert sum("check" in part for part in outline) == sum(bool(cell.check) for cell in lesson.runnable_cells)


def test_both_hints_and_the_solution_stay_on_the_page():
    """A download has the exercise and its check cell, not its hints or solution."""
    lesson = next(lesson for lesson in load_course(ROOT / "lessons").lessons if lesson.slug == "precision-recall")
    exercise = next(cell for cell in lesson.cells if cell.check)
    markdown = "\n".join(part["markdown"] for part in notebook_outline(lesson) if "markdown" in part)
    assert exercise.hint and exercise.second_hint
    for help_text in (exercise.hint.content, exercise.second_hint.content, exercise.solution.content):
        assert help_text.splitlines()[0] not in markdown
