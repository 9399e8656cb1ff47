"""Every lesson has the course's skeleton: editable cells, an exercise with a hint and a
solution, a summary, and one quiz at the end."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from lessonbuild.lessonformat import load_course
from lessonbuild.validate import validate_course

ROOT = Path(__file__).resolve().parents[2]
COURSE = load_course(ROOT / "lessons")
assert validate_course(COURSE) == []  # also links each exercise to its hint and solution


@pytest.mark.parametrize("lesson", COURSE.lessons, ids=lambda lesson: lesson.slug)
def test_lesson_has_the_course_skeleton(lesson):
    editable = [c for c in lesson.cells if not (c.hidden or c.static or c.readonly or c.check)]
    assert len(editable) >= 2, "at least two editable cells besides the exercise"
    exercises = [c for c in lesson.cells if c.check]
    assert exercises, "at least one exercise"
    for exercise in exercises:
        assert exercise.hint is not None and exercise.solution is not None, exercise.id
    assert len(lesson.quizzes) == 1, "one quiz"
    blocks = [t for t in lesson.tokens if t.type == "fence" or (t.type == "heading_open")]
    assert blocks[-1].meta.get("block") is lesson.quizzes[0], "the quiz comes last"
    headings = [lesson.tokens[i + 1].content for i, t in enumerate(lesson.tokens) if t.type == "heading_open"]
    assert any("summary" in heading.lower() for heading in headings), "a summary section"


def test_every_lesson_is_in_the_course():
    listed = yaml.safe_load((ROOT / "lessons" / "index.yml").read_text(encoding="utf-8"))["lessons"]
    assert [lesson.slug for lesson in COURSE.lessons] == listed
    assert len(listed) >= 8
