"""Starting a lesson from the template (lessonbuild.new_lesson), and the steps of "Adding a
lesson" in lessons/README.md, run on a copy of lessons/, ending green."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from lessonbuild.lessonformat import load_course
from lessonbuild.new_lesson import NewLessonError, new_lesson
from lessonbuild.validate import validate_course

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "lessons" / "README.md"
SLUG, TITLE = "my-topic", "My topic"  # the names lessons/README.md uses in its steps


@pytest.fixture
def lessons_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "lessons"
    shutil.copytree(ROOT / "lessons", folder)
    return folder


def test_the_new_lesson_builds_and_is_listed_last(lessons_copy):
    path = new_lesson(lessons_copy, "ranks-first-look", "Ranks: a first look")
    assert path == lessons_copy / "ranks-first-look.md"
    index = yaml.safe_load((lessons_copy / "index.yml").read_text(encoding="utf-8"))["lessons"]
    assert index[-1] == "ranks-first-look" and index[:-1] == [
        lesson.slug for lesson in load_course(ROOT / "lessons").lessons
    ]
    course = load_course(lessons_copy)
    assert validate_course(course) == []
    lesson = course.lessons[-1]
    assert lesson.title == "Ranks: a first look"  # quoted in the front matter, so a colon is fine
    (exercise,) = [cell for cell in lesson.cells if cell.check]
    assert exercise.check == "lesson" and exercise.own_check and exercise.solution
    assert exercise.hint and "?" in exercise.hint.content and exercise.second_hint


@pytest.mark.parametrize(
    "slug, title, message",
    [
        ("why-position-matters", "Again", "A lesson 'why-position-matters' already exists"),
        (
            "My_Topic",
            "T",
            "'My_Topic' is not a kebab-case slug. Use lowercase letters and digits in words joined "
            "by single hyphens, starting with a letter, e.g. 'my-topic'.",
        ),
        ("my--topic", "T", "is not a kebab-case slug"),
        ("2-topic", "T", "is not a kebab-case slug"),
        ("my-topic", "  ", "The title is empty."),
    ],
)
def test_refuses_and_writes_nothing(lessons_copy, slug, title, message):
    def files():
        return {path: path.read_bytes() for path in lessons_copy.rglob("*") if path.is_file()}

    before = files()
    with pytest.raises(NewLessonError, match=re.escape(message)):
        new_lesson(lessons_copy, slug, title)
    assert files() == before


def test_the_command_says_why_it_refuses(lessons_copy):
    done = subprocess.run(
        [sys.executable, "-m", "lessonbuild.new_lesson", "precision-recall", "T", "--lessons", str(lessons_copy)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "py")},
        cwd=ROOT,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("No lesson created: A lesson 'precision-recall' already exists")


def readme_steps() -> list[str]:
    """The commands of the ```sh blocks in the README's "Adding a lesson" section."""
    section = README.read_text(encoding="utf-8").split("## Adding a lesson", 1)[1]
    return [" ".join(block.split()) for block in re.findall(r"^ *```sh\n(.*?)^ *```", section, re.S | re.M)]


def test_the_readme_steps_end_green(tmp_path, lessons_copy):
    """Scaffold, build, write the golden transcript and run the lesson tests, as the README says,
    on a copy of lessons/ (LESSONS_DIR) and of the golden transcripts (GOLDEN_DIR)."""
    steps = readme_steps()
    assert steps == [
        f'make lesson SLUG={SLUG} TITLE="{TITLE}"',
        ".venv/bin/python build.py",
        f"UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/lessons/test_lesson_content.py -k {SLUG}",
        ".venv/bin/python -m pytest tests/lessons",
    ]
    golden = tmp_path / "golden"
    shutil.copytree(ROOT / "tests" / "lessons" / "golden", golden)
    env = {**os.environ, "LESSONS_DIR": str(lessons_copy), "GOLDEN_DIR": str(golden), "PYTHONPATH": str(ROOT / "py")}
    env.pop("UPDATE_GOLDEN", None)

    def run(command: list[str], **extra_env: str) -> None:
        done = subprocess.run(command, cwd=ROOT, env={**env, **extra_env}, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, f"{shlex.join(command)}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"

    # 1. make lesson (the make target runs this, with LESSONS= for another folder)
    assert "-m lessonbuild.new_lesson" in (ROOT / "Makefile").read_text(encoding="utf-8")
    run([sys.executable, "-m", "lessonbuild.new_lesson", SLUG, TITLE, "--lessons", str(lessons_copy)])
    # 3. the build
    run([sys.executable, "build.py", "--lessons", str(lessons_copy), "--out", str(tmp_path / "dist"), "--no-snapshot"])
    assert (tmp_path / "dist" / f"{SLUG}.html").is_file()
    # 4. the golden transcript
    pytest_args = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    run(pytest_args + ["tests/lessons/test_lesson_content.py", "-k", SLUG], UPDATE_GOLDEN="1")
    assert (golden / f"{SLUG}.txt").read_text(encoding="utf-8").startswith("## example-ranking\n")
    # 5. the lesson tests: every house rule for the new lesson, and the course-wide ones
    run(
        pytest_args
        + [
            "tests/lessons/test_course_structure.py",
            "tests/lessons/test_cpython_blocks.py",
            "tests/lessons/test_lesson_content.py",
            "-k",
            f"{SLUG} or every_lesson_is_in_the_course or course_has_blocks or at_least_half",
        ]
    )
    assert not (ROOT / "lessons" / f"{SLUG}.md").exists()
