"""Every lesson has the course's skeleton, the house rules listed in lessons/README.md
("House rules"): editable cells, an exercise with a hint and a solution, a summary, and one quiz
at the end."""

from __future__ import annotations

import pytest
import yaml

from lesson_folder import COURSE, LESSONS_DIR

INDEX = yaml.safe_load((LESSONS_DIR / "index.yml").read_text(encoding="utf-8"))["lessons"]


@pytest.mark.parametrize("lesson", COURSE.lessons, ids=lambda lesson: lesson.slug)
def test_lesson_has_the_course_skeleton(lesson):
    editable = [c for c in lesson.cells if not (c.hidden or c.static or c.readonly or c.check)]
    assert len(editable) >= 2, "at least two editable cells besides the exercise"
    exercises = [c for c in lesson.cells if c.check]
    assert exercises, "at least one exercise"
    for exercise in exercises:
        assert exercise.hint is not None and exercise.solution is not None, exercise.id
    assert len(lesson.quizzes) == 1, "one quiz"
    assert not all(choice.correct for choice in lesson.quizzes[0].choices), "a wrong option in the quiz"
    blocks = [t for t in lesson.tokens if t.type == "fence" or (t.type == "heading_open")]
    assert blocks[-1].meta.get("block") is lesson.quizzes[0], "the quiz comes last"
    headings = [lesson.tokens[i + 1].content for i, t in enumerate(lesson.tokens) if t.type == "heading_open"]
    assert any("summary" in heading.lower() for heading in headings), "a summary section"


def test_every_lesson_is_in_the_course():
    """The course is what index.yml lists, in its order, and every lesson file is listed."""
    files = sorted(path.stem for path in LESSONS_DIR.glob("*.md") if path.name != "README.md")
    assert [lesson.slug for lesson in COURSE.lessons] == INDEX
    assert sorted(INDEX) == files
