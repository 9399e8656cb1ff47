"""The lesson parser: front matter, cells with options and lines, quizzes, course order."""

import pytest

from lessonbuild.lessonformat import course_slugs, load_course


def test_loads_cells_in_order_with_options_and_lines(make_lessons, good_lesson):
    course = load_course(make_lessons({"sample": good_lesson}))
    assert course.problems == []
    (lesson,) = course.lessons
    assert lesson.title == "Sample lesson"
    assert [c.id for c in lesson.cells] == ["first", "setup", "second", None]
    first, setup, second, static = lesson.cells
    assert first.line == 12 and first.label == "the first cell"
    assert first.code.startswith("x = 3 / 5")
    assert setup.hidden and not setup.readonly
    assert second.readonly and static.static
    # Hidden and static cells are not numbered: readers see "Code cell 1" and "Code cell 2".
    assert (first.number, second.number) == (1, 2)
    assert first.accessible_name == "Code cell 1: the first cell"
    assert second.accessible_name == "Code cell 2"
    assert [c.id for c in lesson.runnable_cells] == ["first", "setup", "second"]


def test_loads_quiz_yaml(make_lessons, good_lesson):
    (lesson,) = load_course(make_lessons({"sample": good_lesson})).lessons
    (quiz,) = lesson.quizzes
    assert quiz.id == "check"
    assert quiz.body["question"] == "What is $3/5$?"
    assert len(quiz.body["options"]) == 2


def test_lessons_follow_index_order(make_lessons, good_lesson):
    folder = make_lessons({"b-lesson": good_lesson, "a-lesson": good_lesson}, index=["b-lesson", "a-lesson"])
    assert [lesson.slug for lesson in load_course(folder).lessons] == ["b-lesson", "a-lesson"]


def test_quoted_option_values_keep_spaces(make_lessons, good_lesson):
    text = '---\ntitle: T\nsummary: S\n---\n\n```python id=a label="NDCG by hand"\npass\n```\n'
    (lesson,) = load_course(make_lessons({"x": text})).lessons
    assert lesson.cells[0].label == "NDCG by hand"


def test_course_slugs_are_the_index_in_order(make_lessons, good_lesson):
    folder = make_lessons({"b": good_lesson, "a": good_lesson}, index=["b", "a"])
    assert course_slugs(folder) == ["b", "a"]


def test_course_slugs_of_a_broken_index_raise_naming_the_file(make_lessons, good_lesson):
    folder = make_lessons({"a": good_lesson}, index="lessons: a\n")
    with pytest.raises(ValueError, match="index.yml"):
        course_slugs(folder)
