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


EXERCISE = """
```python id=mine check=lesson
def precision_at_k(ranking, relevant, k):
    return 0.0
```

```hint for=mine
Divide by $k$.
```

```solution for=mine
def precision_at_k(ranking, relevant, k):
    return sum(1 for item in ranking[:k] if item in relevant) / k
```
```check for=mine function=precision_at_k
def cases():
    return [(["a", "x"], {"a"}, 2)]
```
"""


def test_loading_fills_the_quiz_from_its_yaml(make_lessons, good_lesson):
    """No validation needed: the loaded quiz already has its question, choices and kind."""
    (lesson,) = load_course(make_lessons({"sample": good_lesson})).lessons
    (quiz,) = lesson.quizzes
    assert quiz.question == "What is $3/5$?"
    assert [(choice.answer, choice.correct) for choice in quiz.choices] == [("0.60", True), ("0.35", False)]
    assert quiz.correct_indexes == [0] and quiz.multiple is False


def test_loading_links_each_exercise_to_its_hint_and_solution(make_lessons, good_lesson):
    (lesson,) = load_course(make_lessons({"sample": good_lesson + EXERCISE})).lessons
    exercise = lesson.cells[-1]
    assert exercise.hint is lesson.attachments[0] and exercise.hint.content == "Divide by $k$."
    assert exercise.solution is lesson.attachments[1]
    assert exercise.own_check is lesson.own_checks[0]
    assert exercise.check_name.startswith("lesson-check:")


SECOND_HINT = "\n```hint for=mine\nDivide the hits by $k$, not by the length of the list.\n```\n"


def test_an_exercises_hints_are_first_and_second_in_file_order(make_lessons, good_lesson):
    """The first ```hint block of an exercise is its first hint (a question), the next its second,
    wherever the solution stands between them."""
    (lesson,) = load_course(make_lessons({"sample": good_lesson + EXERCISE + SECOND_HINT})).lessons
    exercise = lesson.cells[-1]
    first, solution, second = lesson.attachments
    assert exercise.hints == [first, second] and exercise.solution is solution
    assert exercise.hint is first and exercise.second_hint is second
    assert second.content == "Divide the hits by $k$, not by the length of the list."


def test_an_exercise_with_one_hint_has_no_second(make_lessons, good_lesson):
    (lesson,) = load_course(make_lessons({"sample": good_lesson + EXERCISE})).lessons
    assert lesson.cells[-1].second_hint is None


def test_loading_refuses_a_third_hint_naming_the_other_two(make_lessons, good_lesson):
    text = good_lesson + EXERCISE + SECOND_HINT + SECOND_HINT
    course = load_course(make_lessons({"sample": text}))
    (problem,) = course.problems
    lines = [attachment.line for attachment in course.lessons[0].attachments if attachment.kind == "hint"]
    assert problem.line == lines[2]
    assert problem.message == f"Exercise 'mine' already has two hints (lines {lines[0]} and {lines[1]})."
    assert "the first asks a question" in problem.fix
    assert len(course.lessons[0].cells[-1].hints) == 2


def test_loading_refuses_an_empty_hint(make_lessons, good_lesson):
    text = good_lesson + EXERCISE.replace("Divide by $k$.\n", "\n")
    course = load_course(make_lessons({"sample": text}))
    (problem,) = course.problems
    assert problem.message == "This hint for 'mine' is empty."
    assert problem.line == course.lessons[0].attachments[0].line
    assert course.lessons[0].cells[-1].hints == []


def test_loading_records_a_quiz_it_cannot_fill(make_lessons, good_lesson):
    text = good_lesson.replace("question: What is $3/5$?\n", "")
    course = load_course(make_lessons({"sample": text}))
    assert [(p.line, p.message) for p in course.problems] == [(29, "The quiz has no question.")]  # the fence line


def test_loading_records_help_for_no_exercise(make_lessons, good_lesson):
    text = good_lesson + EXERCISE.replace("hint for=mine", "hint for=first")
    course = load_course(make_lessons({"sample": text}))
    (problem,) = course.problems
    assert problem.message == "This hint is not for an exercise cell of this lesson."
    assert course.lessons[0].cells[-1].hint is None


def test_course_slugs_are_the_index_in_order(make_lessons, good_lesson):
    folder = make_lessons({"b": good_lesson, "a": good_lesson}, index=["b", "a"])
    assert course_slugs(folder) == ["b", "a"]


def test_course_slugs_of_a_broken_index_raise_naming_the_file(make_lessons, good_lesson):
    folder = make_lessons({"a": good_lesson}, index="lessons: a\n")
    with pytest.raises(ValueError, match="index.yml"):
        course_slugs(folder)
