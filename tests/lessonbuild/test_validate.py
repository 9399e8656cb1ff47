"""Each validation rule names file, line and the fix."""

import pytest

from cellruntime.checks import declared_checker
from lessonbuild.lessonformat import load_course
from lessonbuild.validate import validate_course


def problems_for(make_lessons, lessons, index=None):
    return validate_course(load_course(make_lessons(lessons, index)))


def only_problem(problems):
    assert len(problems) == 1, [str(p) for p in problems]
    return problems[0]


def test_good_lesson_has_no_problems(make_lessons, good_lesson):
    assert problems_for(make_lessons, {"sample": good_lesson}) == []


def test_unknown_cell_option(make_lessons, good_lesson):
    text = good_lesson.replace("```python id=setup hidden", "```python id=setup hiden")
    problem = only_problem(problems_for(make_lessons, {"sample": text}))
    assert problem.path.name == "sample.md" and problem.line == 17
    assert "Unknown cell option 'hiden'" in problem.message
    assert "hidden" in problem.fix
    assert str(problem).startswith(str(problem.path.name)) or "sample.md:17:" in str(problem)


def test_duplicate_cell_id(make_lessons, good_lesson):
    text = good_lesson.replace("```python id=second readonly", "```python id=first readonly")
    problem = only_problem(problems_for(make_lessons, {"sample": text}))
    assert problem.line == 21
    assert "already used on line 12" in problem.message


def test_quiz_and_cell_ids_share_one_namespace(make_lessons, good_lesson):
    text = good_lesson.replace("```quiz id=check", "```quiz id=first")
    assert "already used" in only_problem(problems_for(make_lessons, {"sample": text})).message


def test_missing_cell_id(make_lessons, good_lesson):
    text = good_lesson.replace("```python id=second readonly", "```python readonly")
    problem = only_problem(problems_for(make_lessons, {"sample": text}))
    assert problem.line == 21 and "no id" in problem.message and "static" in problem.fix


def test_code_that_does_not_compile_points_at_its_line(make_lessons, good_lesson):
    text = good_lesson.replace('print(f"x = {x:.2f}")', 'print("x = "')
    problem = only_problem(problems_for(make_lessons, {"sample": text}))
    assert "does not compile" in problem.message
    assert problem.line == 14  # the fence is line 12, the code's second line is line 14


def test_quiz_with_no_correct_option(make_lessons, good_lesson):
    text = good_lesson.replace("    correct: true\n", "")
    problem = only_problem(problems_for(make_lessons, {"sample": text}))
    assert problem.line == 29 and "No option" in problem.message


def test_quiz_option_without_explanation(make_lessons, good_lesson):
    text = good_lesson.replace("    explain: That swaps the digits.\n", "")
    problem = only_problem(problems_for(make_lessons, {"sample": text}))
    assert "option 2 has no explanation" in problem.message


def test_quiz_radio_with_two_correct_options(make_lessons, good_lesson):
    text = good_lesson.replace("question: What", "multiple: false\nquestion: What").replace(
        "    explain: That swaps", "    correct: true\n    explain: That swaps"
    )
    assert "'multiple: false' but 2 options" in only_problem(problems_for(make_lessons, {"sample": text})).message


def test_quiz_yaml_error_reports_its_line(make_lessons, good_lesson):
    text = good_lesson.replace('  - answer: "0.35"', "  - answer: [unclosed")
    problem = only_problem(problems_for(make_lessons, {"sample": text}))
    assert "not valid YAML" in problem.message and problem.line >= 33


def test_unknown_and_missing_front_matter_keys(make_lessons, good_lesson):
    text = good_lesson.replace("summary: A lesson used by the build tests.\n", "sumary: typo\n")
    messages = sorted(p.message for p in problems_for(make_lessons, {"sample": text}))
    assert messages == ["The front matter has no 'summary'.", "Unknown front matter key 'sumary'."]


def test_index_entry_without_a_file(make_lessons, good_lesson):
    problem = only_problem(problems_for(make_lessons, {"sample": good_lesson}, index=["sample", "ghost"]))
    assert problem.path.name == "index.yml" and problem.line == 3
    assert "'ghost' has no file ghost.md" in problem.message


def test_lesson_file_missing_from_index(make_lessons, good_lesson):
    problem = only_problem(problems_for(make_lessons, {"sample": good_lesson, "extra": good_lesson}, index=["sample"]))
    assert problem.path.name == "extra.md" and "not listed" in problem.message


@pytest.mark.parametrize(
    "flag_text, message",
    [
        ("```python id=setup hidden=yes", "is a flag and takes no value"),
        ("```python id setup hidden", "needs a value"),
    ],
)
def test_option_shapes(make_lessons, good_lesson, flag_text, message):
    text = good_lesson.replace("```python id=setup hidden", flag_text)
    assert any(message in p.message for p in problems_for(make_lessons, {"sample": text}))


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


def test_exercise_with_hint_and_solution_is_valid(make_lessons, good_lesson):
    course = load_course(make_lessons({"sample": good_lesson + EXERCISE}))
    assert validate_course(course) == []
    exercise = course.lessons[0].cells[-1]
    assert exercise.check == "lesson" and exercise.solution.content.startswith("def precision_at_k")
    assert exercise.hint.content == "Divide by $k$."


def test_unknown_check_name(make_lessons, good_lesson):
    text = good_lesson + EXERCISE[: EXERCISE.index("```check")].replace("check=lesson", "check=precision")
    problem = only_problem(problems_for(make_lessons, {"sample": text}))
    assert "Unknown check 'precision'" in problem.message
    assert "check=lesson" in problem.fix and "file=checks/SLUG/ID.py" in problem.fix


def test_exercise_without_solution(make_lessons, good_lesson):
    text = good_lesson + EXERCISE[: EXERCISE.index("```solution")] + EXERCISE[EXERCISE.index("```check") :]
    assert "has no solution" in only_problem(problems_for(make_lessons, {"sample": text})).message


def test_hint_for_a_cell_that_is_not_an_exercise(make_lessons, good_lesson):
    text = good_lesson + EXERCISE.replace("hint for=mine", "hint for=first")
    assert "not for an exercise cell" in only_problem(problems_for(make_lessons, {"sample": text})).message


def test_a_hint_takes_no_level_its_order_says_which_it_is(make_lessons, good_lesson):
    text = good_lesson + EXERCISE.replace("hint for=mine", "hint for=mine level=2")
    problem = only_problem(problems_for(make_lessons, {"sample": text}))
    assert problem.message == "Unknown hint option 'level'."
    assert "first ```hint block is its first hint" in problem.fix
    assert problem.line == text.splitlines().index("```hint for=mine level=2") + 1


def test_solution_that_does_not_compile(make_lessons, good_lesson):
    text = good_lesson + EXERCISE.replace("    return sum(", "    return sum((")
    problem = only_problem(problems_for(make_lessons, {"sample": text}))
    assert "does not compile" in problem.message


def test_declared_packages_must_be_pinned(make_lessons, good_lesson):
    ok = good_lesson.replace("summary: A lesson", "packages: [pygal]\nsummary: A lesson")
    assert problems_for(make_lessons, {"sample": ok}) == []
    unknown = good_lesson.replace("summary: A lesson", "packages: [numpy]\nsummary: A lesson")
    problem = only_problem(problems_for(make_lessons, {"sample": unknown}))
    assert "Unknown package 'numpy'" in problem.message and "pyodide-packages.toml" in problem.fix


def test_index_entry_listed_twice(make_lessons, good_lesson):
    problem = only_problem(problems_for(make_lessons, {"sample": good_lesson}, index=["sample", "sample"]))
    assert problem.line == 3 and "listed twice" in problem.message


@pytest.mark.parametrize(
    "fence, suggestion", [("```pyhton", "```python"), ("```Python", "```python"), ("```quizz", "```quiz")]
)
def test_misspelt_block_names_are_caught(make_lessons, good_lesson, fence, suggestion):
    text = good_lesson.replace("```python static", fence + " static")
    problem = only_problem(problems_for(make_lessons, {"sample": text}))
    assert "is not a block name" in problem.message and suggestion in problem.fix


def test_lesson_without_a_quiz(make_lessons, good_lesson):
    text = good_lesson[: good_lesson.index("```quiz")]
    assert "no quiz" in only_problem(problems_for(make_lessons, {"sample": text})).message


# --- static blocks checked under CPython (cpython=LIBRARY and a ```output block) ---------

CPYTHON_LESSON = """\
---
title: T
summary: S
---

```python static cpython=scikit-learn
print(1 + 1)
```

```output
2
```

```quiz id=q
question: Q?
options:
  - answer: A
    correct: true
    explain: E.
  - answer: B
    explain: F.
```
"""


def test_cpython_block_with_its_output_is_valid(make_lessons):
    folder = make_lessons({"x": CPYTHON_LESSON})
    course = load_course(folder)
    assert validate_course(course) == []
    (cell,) = course.lessons[0].cells
    assert cell.cpython == ["scikit-learn"] and cell.shown_output.text == "2\n"


def test_cpython_block_without_output(make_lessons):
    text = CPYTHON_LESSON.replace("```output\n2\n```\n", "")
    problem = only_problem(problems_for(make_lessons, {"x": text}))
    assert problem.line == 6 and "shows no output" in problem.message and "```output" in problem.fix


def test_output_must_follow_its_block_directly(make_lessons):
    text = CPYTHON_LESSON.replace("```\n\n```output", "```\n\nSome prose.\n\n```output")
    problems = problems_for(make_lessons, {"x": text})
    assert sorted((p.line, p.message.split(" ")[1]) for p in problems) == [(6, "block"), (12, "```output")]
    assert "does not directly follow" in [p for p in problems if p.line == 12][0].message


def test_output_after_a_block_that_is_not_run_under_cpython(make_lessons):
    text = CPYTHON_LESSON.replace("static cpython=scikit-learn", "static")
    problem = only_problem(problems_for(make_lessons, {"x": text}))
    assert problem.line == 10 and "does not directly follow a block marked 'cpython='" in problem.message


def test_cpython_needs_static(make_lessons):
    text = CPYTHON_LESSON.replace("static cpython=scikit-learn", "id=a cpython=scikit-learn")
    problems = problems_for(make_lessons, {"x": text})
    assert [(p.line, p.message) for p in problems][0] == (6, "Only a static block can name libraries with 'cpython='.")


def test_cpython_library_must_be_pinned_for_the_tests(make_lessons):
    text = CPYTHON_LESSON.replace("cpython=scikit-learn", "cpython=scikit-learn,surprise")
    problem = only_problem(problems_for(make_lessons, {"x": text}))
    assert problem.line == 6 and "'surprise' is not pinned in requirements-test.txt" in problem.message


def test_cpython_block_must_compile(make_lessons):
    text = CPYTHON_LESSON.replace("print(1 + 1)", "print(1 +")
    problem = only_problem(problems_for(make_lessons, {"x": text}))
    assert problem.line == 7 and "does not compile" in problem.message


def test_empty_output_block(make_lessons):
    text = CPYTHON_LESSON.replace("```output\n2\n```", "```output\n```")
    problem = only_problem(problems_for(make_lessons, {"x": text}))
    assert problem.line == 10 and "empty" in problem.message


def test_output_block_takes_no_options(make_lessons):
    text = CPYTHON_LESSON.replace("```output", "```output id=o")
    problem = only_problem(problems_for(make_lessons, {"x": text}))
    assert problem.line == 10 and "takes no options" in problem.message


PREDICTION = """```predict id=guess for=first
question: What will the cell print?
options:
  - answer: "x = 0.60"
    correct: true
    explain: Three fifths, to two places.
  - answer: "x = 0.6"
    explain: The format asks for two places.
```

"""


def with_prediction(lesson: str, prediction: str = PREDICTION, before: str = "```python id=first") -> str:
    return lesson.replace(before, prediction + before, 1)


def test_a_prediction_before_its_cell_is_valid(make_lessons, good_lesson):
    lesson = load_course(make_lessons({"sample": with_prediction(good_lesson)})).lessons[0]
    assert validate_course(load_course(make_lessons({"sample": with_prediction(good_lesson)}))) == []
    assert [(p.id, p.guards) for p in lesson.predictions] == [("guess", "first")]
    assert [quiz.id for quiz in lesson.quizzes] == ["check"]  # a prediction is not the lesson's quiz


@pytest.mark.parametrize(
    "change, message",
    [
        (("for=first", "for=nowhere"), "for no visible code cell: there is no code cell 'nowhere'"),
        (("for=first", "for=setup"), "for no visible code cell: cell 'setup' is hidden"),
        ((" for=first", ""), "names no cell"),
        (("for=first", "for=first extra=1"), "Unknown predict option 'extra'"),
        (("id=guess ", ""), "no id"),
        (("    correct: true\n", ""), "No option of this prediction is marked correct"),
    ],
)
def test_a_broken_prediction_says_what_to_change(make_lessons, good_lesson, change, message):
    text = with_prediction(good_lesson, PREDICTION.replace(*change))
    problem = only_problem(problems_for(make_lessons, {"sample": text}))
    assert message in problem.message and problem.line == 12  # the ```predict line


def test_a_prediction_after_its_cell_or_a_second_one_is_refused(make_lessons, good_lesson):
    after = with_prediction(good_lesson, before="```python id=setup hidden")
    problem = only_problem(problems_for(make_lessons, {"sample": after}))
    assert "comes after its cell 'first'" in problem.message and "before the cell" in problem.fix
    twice = with_prediction(with_prediction(good_lesson), PREDICTION.replace("id=guess", "id=again"))
    problem = only_problem(problems_for(make_lessons, {"sample": twice}))
    assert "already has a prediction" in problem.message


OWN_EXERCISE = """
```python id=count-hits check=lesson
def hits_at_k(ranking, relevant, k):
    raise NotImplementedError
```

```solution for=count-hits
def hits_at_k(ranking, relevant, k):
    return sum(1 for item in ranking[:k] if item in relevant)
```

```check for=count-hits function=hits_at_k
def cases():
    return [(["a", "x"], {"a"}, 1)]
```
"""


def test_exercise_with_its_own_check_is_valid(make_lessons, good_lesson):
    course = load_course(make_lessons({"sample": good_lesson + OWN_EXERCISE}))
    assert validate_course(course) == []
    exercise = course.lessons[0].cells[-1]
    assert exercise.own_check is course.lessons[0].own_checks[0]
    assert exercise.check_name.startswith("lesson-check:")


def test_own_check_needs_its_check_block(make_lessons, good_lesson):
    text = good_lesson + OWN_EXERCISE[: OWN_EXERCISE.index("```check")]
    problem = only_problem(problems_for(make_lessons, {"sample": text}))
    assert problem.line == 39 and "has check=lesson but no check of its own" in problem.message
    assert "```check for=count-hits function=NAME" in problem.fix


@pytest.mark.parametrize(
    "change, line, message",
    [
        (("function=hits_at_k", ""), 49, "This check cannot compare a function: it names no function."),
        (("function=hits_at_k", "function=hits-at-k"), 49, "'hits-at-k' is not a Python name"),
        (("def cases():", "def cases(:"), 50, "This code does not compile"),
        (("def cases():", "def examples():"), 49, "This check defines neither cases() nor random_case(rng)."),
        (
            ("function=hits_at_k", "function=count_hits"),
            44,
            "The solution of 'count-hits' defines no function count_hits, which its check compares (line 49).",
        ),
        (("check for=count-hits", "check for=first"), 49, "This check is not for an exercise cell of this lesson."),
        (("function=hits_at_k", "function=hits_at_k k=3"), 49, "Unknown check option 'k'."),
    ],
)
def test_broken_own_check_names_its_line(make_lessons, good_lesson, change, line, message):
    text = good_lesson + OWN_EXERCISE.replace(*change)
    problems = problems_for(make_lessons, {"sample": text})
    assert any(p.line == line and message in p.message for p in problems), [str(p) for p in problems]


def test_a_check_block_for_an_exercise_with_an_unknown_check(make_lessons, good_lesson):
    text = good_lesson + OWN_EXERCISE.replace("check=lesson", "check=precision_at_k")
    problem = only_problem(problems_for(make_lessons, {"sample": text}))
    assert problem.line == 39 and "Unknown check 'precision_at_k'" in problem.message
    assert "check=lesson" in problem.fix


CHECK_CODE = OWN_EXERCISE[OWN_EXERCISE.index("def cases():") :].removesuffix("```\n")
IN_A_FILE = OWN_EXERCISE.replace(
    "```check for=count-hits function=hits_at_k\n" + CHECK_CODE,
    "```check for=count-hits function=hits_at_k file=checks/sample/count-hits.py\n",
)


def _with_check_file(make_lessons, lesson: str, code: str = CHECK_CODE):
    folder = make_lessons({"sample": lesson})
    (folder / "checks" / "sample").mkdir(parents=True)
    (folder / "checks" / "sample" / "count-hits.py").write_text(code, encoding="utf-8")
    return folder


def test_a_check_may_live_in_a_file_beside_the_lesson(make_lessons, good_lesson):
    course = load_course(_with_check_file(make_lessons, good_lesson + IN_A_FILE))
    assert validate_course(course) == []
    declared = course.lessons[0].own_checks[0]
    assert declared.code == CHECK_CODE.rstrip("\n")
    inline = load_course(make_lessons({"sample": good_lesson + OWN_EXERCISE})).lessons[0].cells[-1]
    assert course.lessons[0].cells[-1].check_name == inline.check_name  # the page gets the same check


SHARED_CASES = 'CASES = ((["d3", "d1", "d7"], {"d1", "d4"}, 2), ([], {"d1"}, 3))\n'
IMPORTS_COMMON = "from common import CASES\n\n\ndef cases():\n    return list(CASES)\n"


def test_a_check_that_imports_common_carries_the_course_s_shared_module(make_lessons, good_lesson):
    """`from common import …` in a check ships checks/common.py (beside the lessons) inside the
    check: the checker built from the page's check name reads the shared cases."""
    folder = _with_check_file(make_lessons, good_lesson + IN_A_FILE, IMPORTS_COMMON)
    (folder / "checks" / "common.py").write_text(SHARED_CASES, encoding="utf-8")
    course = load_course(folder)
    assert validate_course(course) == []
    assert course.lessons[0].own_checks[0].modules == {"common": SHARED_CASES}
    checker = declared_checker(course.lessons[0].cells[-1].check_name)
    assert checker.fixed_cases == ((["d3", "d1", "d7"], {"d1", "d4"}, 2), ([], {"d1"}, 3))


def test_a_check_that_does_not_import_common_carries_nothing(make_lessons, good_lesson):
    folder = _with_check_file(make_lessons, good_lesson + IN_A_FILE)
    (folder / "checks" / "common.py").write_text(SHARED_CASES, encoding="utf-8")
    assert load_course(folder).lessons[0].own_checks[0].modules == {}


def test_a_check_that_imports_common_without_the_file_is_reported(make_lessons, good_lesson):
    problem = only_problem(
        validate_course(load_course(_with_check_file(make_lessons, good_lesson + IN_A_FILE, IMPORTS_COMMON)))
    )
    assert "imports common, but there is no checks/common.py" in problem.message


def test_a_shared_module_that_does_not_compile_names_its_own_line(make_lessons, good_lesson):
    folder = _with_check_file(make_lessons, good_lesson + IN_A_FILE, IMPORTS_COMMON)
    (folder / "checks" / "common.py").write_text("import math\n\nCASES = (\n", encoding="utf-8")
    problem = only_problem(validate_course(load_course(folder)))
    assert problem.path == folder / "checks" / "common.py" and "does not compile" in problem.message


def test_a_check_file_that_does_not_compile_names_its_own_line(make_lessons, good_lesson):
    folder = _with_check_file(make_lessons, good_lesson + IN_A_FILE, "import math\n\ndef cases(:\n    return []\n")
    problem = only_problem(validate_course(load_course(folder)))
    assert problem.path == folder / "checks" / "sample" / "count-hits.py" and problem.line == 3
    assert "does not compile" in problem.message


@pytest.mark.parametrize(
    "change, message",
    [
        (("count-hits.py", "missing.py"), "There is no check file 'checks/sample/missing.py' beside this lesson."),
        (("checks/sample/count-hits.py", "../outside.py"), "is not a .py file in the lesson's folder."),
        (("count-hits.py\n", "count-hits.py\nx = 1\n"), "This check has both file=checks/sample/count-hits.py"),
    ],
)
def test_a_broken_check_file_names_the_check_blocks_line(make_lessons, good_lesson, change, message):
    folder = _with_check_file(make_lessons, good_lesson + IN_A_FILE.replace(*change))
    (folder.parent / "outside.py").write_text(CHECK_CODE, encoding="utf-8")
    problem = only_problem(validate_course(load_course(folder)))
    assert problem.path.name == "sample.md" and problem.line == 49 and message in problem.message


def test_each_exercise_knows_the_functions_the_courses_other_exercises_ask_for(make_lessons, good_lesson):
    other = (good_lesson + OWN_EXERCISE.replace("hits_at_k", "misses_at_k")).replace("count-hits", "count-misses")
    course = load_course(make_lessons({"sample": good_lesson + OWN_EXERCISE, "second": other}))
    hits, misses = (lesson.cells[-1] for lesson in course.lessons)
    assert (hits.other_functions, misses.other_functions) == (("misses_at_k",), ("hits_at_k",))
    assert declared_checker(hits.check_name).other_functions == ("misses_at_k",)


@pytest.mark.parametrize("mark", ['"80"', "0", "101", "true", "-5"])
def test_a_pass_mark_is_a_percentage(make_lessons, good_lesson, mark):
    text = good_lesson.replace("summary: A lesson", f"pass_mark: {mark}\nsummary: A lesson")
    problem = only_problem(problems_for(make_lessons, {"sample": text}))
    assert "'pass_mark' must be a percentage" in problem.message and problem.line == 1
    assert str(problem).startswith(f"{problem.path}:1")


@pytest.mark.parametrize("mark", [80, 100, 62.5])
def test_a_valid_pass_mark_is_kept(make_lessons, good_lesson, mark):
    text = good_lesson.replace("summary: A lesson", f"pass_mark: {mark}\nsummary: A lesson")
    folder = make_lessons({"sample": text})
    assert validate_course(load_course(folder)) == []
    assert load_course(folder).lessons[0].pass_mark == mark
