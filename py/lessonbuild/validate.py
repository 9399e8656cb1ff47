"""Check loaded lessons against the format (lessons/README.md) before anything is written.

Each rule adds a Problem naming file, line and what to change; `validate_course` returns all of
them, so an author fixes everything in one round.
"""

from __future__ import annotations

import re


from .lessonformat import CHECK_KIND, OUTPUT_KIND, OWN_CHECK, PREDICT_KIND, CodeCell, Course, Lesson, Quiz, ShownOutput
from .owncheck import check_own_check
from .problems import Problem
from .testpins import REQUIREMENTS_FILE, normalise, pinned_versions
from .moves import check_moves
from .vendor import PACKAGES_FILE, page_packages

FRONT_MATTER_KEYS = {
    "title": "required",
    "summary": "required",
    "packages": "optional",
    "time_limit": "optional",
    "moved_from": "optional",
    "pass_mark": "optional",
}
CELL_OPTIONS = {
    "id": "value",
    "label": "value",
    "hidden": "flag",
    "readonly": "flag",
    "static": "flag",
    "check": "value",
    "cpython": "value",
}
ATTACHMENT_OPTIONS = {"for": "value"}
OWN_CHECK_OPTIONS = {"for": "value", "function": "value", "file": "value"}
QUIZ_FENCE_OPTIONS = {"id": "value"}
PREDICT_FENCE_OPTIONS = {"id": "value", "for": "value"}
ID_PATTERN = re.compile(r"^[a-z][a-z0-9-]*$")
SLUG_PATTERN = ID_PATTERN


def validate_course(course: Course) -> list[Problem]:
    """Return every problem in the course: those found while loading, then the rules below."""
    problems = list(course.problems)
    for lesson in course.lessons:
        problems += validate_lesson(lesson)
    for page in course.pages:  # not lessons: no quiz needed
        problems += validate_lesson(page, needs_quiz=False)
    return problems + check_moves(course)


def validate_lesson(lesson: Lesson, needs_quiz: bool = True) -> list[Problem]:
    """Every problem of one lesson (or, with needs_quiz=False, a page in the lesson format)."""
    problems: list[Problem] = []
    report = lambda line, message, fix: problems.append(Problem(lesson.path, line, message, fix))  # noqa: E731

    if not SLUG_PATTERN.match(lesson.slug):
        report(
            None,
            f"The file name '{lesson.path.name}' is not a valid slug.",
            "Rename it with lowercase letters, digits and hyphens only.",
        )
    _check_front_matter(lesson, report)
    seen_ids: dict[str, int] = {}
    for cell in lesson.cells:
        _check_cell(cell, report)
        _check_unique_id(cell.id, cell.line, seen_ids, report)
    for quiz in lesson.quizzes + lesson.predictions:
        _check_quiz(quiz, report)
        _check_unique_id(quiz.id, quiz.line, seen_ids, report)
    for playground in lesson.playgrounds:  # loading checked their fields (playground.py)
        _check_unique_id(playground.id, playground.line, seen_ids, report)
    _check_predictions(lesson, report)
    report_in = lambda path, line, message, fix: problems.append(Problem(path, line, message, fix))  # noqa: E731
    _check_exercise_help(lesson, report, report_in)
    for shown in lesson.shown_outputs:
        _check_shown_output(shown, report)
    if needs_quiz and not lesson.quizzes:
        report(None, "The lesson has no quiz.", "End it with one ```quiz block (see lessons/README.md).")
    return problems


def _check_front_matter(lesson: Lesson, report) -> None:
    line = lesson.front_matter_line
    for key in lesson.front_matter:
        if key not in FRONT_MATTER_KEYS:
            report(line, f"Unknown front matter key '{key}'.", f"Use only: {', '.join(FRONT_MATTER_KEYS)}.")
    for key, need in FRONT_MATTER_KEYS.items():
        value = lesson.front_matter.get(key)
        if need == "required" and (not isinstance(value, str) or not value.strip()):
            report(line, f"The front matter has no '{key}'.", f"Add '{key}: …' as one line of text.")
    limit = lesson.front_matter.get("time_limit")
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, (int, float)) or limit <= 0):
        report(
            line, f"'time_limit' must be a positive number of seconds, not {limit!r}.", "Write e.g. 'time_limit: 30'."
        )
    mark = lesson.front_matter.get("pass_mark")
    if mark is not None and (isinstance(mark, bool) or not isinstance(mark, (int, float)) or not 0 < mark <= 100):
        report(
            line,
            f"'pass_mark' must be a percentage above 0 and at most 100, not {mark!r}.",
            "Write e.g. 'pass_mark: 80' (80% of the quiz answers and exercise checks right).",
        )
    packages = lesson.front_matter.get("packages", [])
    known = page_packages()
    if not isinstance(packages, list):
        report(line, "'packages' must be a list.", "Write 'packages: [pygal]'.")
        return
    for name in packages:
        if name not in known:
            report(
                line,
                f"Unknown package '{name}' in 'packages'.",
                f"Use one of: {', '.join(sorted(known)) or 'none'}, or pin it in {PACKAGES_FILE.name}.",
            )


def _check_options(options: dict, known: dict[str, str], line: int, what: str, report) -> None:
    for key, value in options.items():
        kind = known.get(key)
        if kind is None:
            report(line, f"Unknown {what} option '{key}'.", f"Use one of: {', '.join(known)}.")
        elif kind == "flag" and value is not True:
            report(line, f"Option '{key}' is a flag and takes no value.", f"Write just '{key}'.")
        elif kind == "value" and (value is True or value == ""):
            report(line, f"Option '{key}' needs a value.", f"Write '{key}=…'.")


def _check_cell(cell: CodeCell, report) -> None:
    _check_options(cell.options, CELL_OPTIONS, cell.line, "cell", report)
    if cell.hidden and (cell.readonly or cell.static):
        report(cell.line, "A hidden cell cannot also be readonly or static.", "Keep only 'hidden'.")
    if cell.cpython or "cpython" in cell.options:
        _check_cpython_block(cell, report)
    if cell.static:
        return
    if cell.check is not None and cell.check != OWN_CHECK:
        report(
            cell.line,
            f"Unknown check '{cell.check}'.",
            f"Write check={OWN_CHECK} and a ```{CHECK_KIND} for={cell.id} function=NAME block, with the "
            "check's code in it or in a file beside the lesson (file=checks/SLUG/ID.py; see lessons/README.md).",
        )
    if cell.check is not None and cell.hidden:
        report(cell.line, "A hidden cell cannot be an exercise.", "Remove 'hidden' or 'check'.")
    if cell.id is None and "id" not in cell.options:
        report(
            cell.line,
            "This code cell has no id.",
            "Add id=some-name after ```python (or mark it 'static' if it should not run).",
        )
    _check_compiles(cell.code, cell.line, report)


def _check_cpython_block(cell: CodeCell, report) -> None:
    """A static block that the tests run under CPython: pinned libraries, code that compiles,
    and the output it prints right after it."""
    if not cell.static:
        report(
            cell.line,
            "Only a static block can name libraries with 'cpython='.",
            "Add 'static' (the page cannot run it), or remove 'cpython=' to make a runnable cell.",
        )
        return
    pins = pinned_versions()
    for name in cell.cpython:
        if normalise(name) not in pins:
            report(
                cell.line,
                f"'{name}' is not pinned in {REQUIREMENTS_FILE.name}, so the tests cannot run this block.",
                f"Pin it there as '{name}==VERSION', or name a pinned library ({', '.join(sorted(pins))}).",
            )
    _check_compiles(cell.code, cell.line, report)
    if cell.shown_output is None:
        report(
            cell.line,
            "This block runs under CPython but shows no output.",
            f"Put a ```{OUTPUT_KIND} block right after it with exactly what it prints.",
        )


def _check_shown_output(shown: ShownOutput, report) -> None:
    if shown.options:
        report(shown.line, f"A ```{OUTPUT_KIND} block takes no options.", f"Write just ```{OUTPUT_KIND}.")
    if shown.follows is None or not shown.follows.cpython or shown.follows.shown_output is not shown:
        report(
            shown.line,
            f"This ```{OUTPUT_KIND} block does not directly follow a block marked 'cpython='.",
            f"Put it right after a ```python static cpython=LIBRARY block (nothing in between), "
            f"one {OUTPUT_KIND} block per code block.",
        )
    if not shown.text.strip():
        report(
            shown.line,
            f"This ```{OUTPUT_KIND} block is empty.",
            "Write what the code block above it prints (the tests compare the two).",
        )


def _check_exercise_help(lesson: Lesson, report, report_in) -> None:
    """Hints, solutions and own checks take only `for=` (a check also `function=`; which hint is
    the first and which the second is their order, not an option); every exercise has a solution
    that compiles, and an exercise with check=lesson has its own check."""
    for attachment in lesson.attachments:
        if attachment.kind == "hint" and set(attachment.options) - set(ATTACHMENT_OPTIONS):
            unknown = ", ".join(f"'{key}'" for key in attachment.options if key not in ATTACHMENT_OPTIONS)
            report(
                attachment.line,
                f"Unknown hint option {unknown}.",
                "Write only for=ID: an exercise's first ```hint block is its first hint (a question), "
                "the next one its second hint (the formula or key step).",
            )
            continue
        _check_options(attachment.options, ATTACHMENT_OPTIONS, attachment.line, attachment.kind, report)
    for declared in lesson.own_checks:
        _check_options(declared.options, OWN_CHECK_OPTIONS, declared.line, CHECK_KIND, report)
    for cell in lesson.cells:
        if not cell.check or not cell.id:
            continue
        if cell.solution is None:
            report(
                cell.line,
                f"Exercise '{cell.id}' has no solution.",
                f"Add a ```solution for={cell.id} block with code that passes the check.",
            )
        else:
            _check_compiles(cell.solution.content, cell.solution.line, report)
        if cell.check == OWN_CHECK:
            check_own_check(cell, report, report_in)


def _check_compiles(code: str, fence_line: int, report) -> None:
    try:
        compile(code, "<lesson code>", "exec")
    except SyntaxError as error:
        report(fence_line + (error.lineno or 1), f"This code does not compile: {error.msg}.", "Fix the Python syntax.")


def _check_unique_id(block_id: str | None, line: int, seen: dict[str, int], report) -> None:
    if block_id is None:
        return
    if not ID_PATTERN.match(block_id):
        report(
            line,
            f"The id '{block_id}' is not valid.",
            "Use lowercase letters, digits and hyphens, starting with a letter.",
        )
    if block_id in seen:
        report(
            line,
            f"The id '{block_id}' is already used on line {seen[block_id]}.",
            "Give every cell, quiz and playground of a lesson its own id.",
        )
    else:
        seen[block_id] = line


def _check_predictions(lesson: Lesson, report) -> None:
    """Each prediction names (`for=`) a visible code cell or a playground that comes after it,
    one per cell or playground."""
    cells = {cell.id: cell for cell in lesson.cells if cell.id}
    cells.update({playground.id: playground for playground in lesson.playgrounds if playground.id})
    guarded: dict[str, int] = {}
    for prediction in lesson.predictions:
        target = prediction.guards
        cell = cells.get(target) if target else None
        if target is None:
            report(
                prediction.line,
                "This prediction names no cell.",
                "Write for=ID after ```predict, with the id of the code cell (or playground) it asks about.",
            )
        elif cell is None or getattr(cell, "hidden", False):
            why = f"cell '{target}' is hidden" if cell else f"there is no code cell '{target}' (nor a playground)"
            report(
                prediction.line,
                f"This prediction is for no visible code cell: {why}.",
                "Write for=ID with the id of a visible code cell (or playground) whose output it asks about.",
            )
        elif cell.line < prediction.line:
            report(
                prediction.line,
                f"This prediction comes after its cell '{target}' (line {cell.line}).",
                "Put the ```predict block before the cell, so the question is read first.",
            )
        elif target in guarded:
            report(
                prediction.line,
                f"Cell '{target}' already has a prediction (line {guarded[target]}).",
                "Keep one prediction per cell.",
            )
        else:
            guarded[target] = prediction.line


def _check_quiz(quiz: Quiz, report) -> None:
    fence_options = PREDICT_FENCE_OPTIONS if quiz.kind == PREDICT_KIND else QUIZ_FENCE_OPTIONS
    _check_options(quiz.options, fence_options, quiz.line, quiz.kind, report)
    if quiz.id is None and "id" not in quiz.options:
        report(quiz.line, f"This {quiz.kind} block has no id.", f"Add id=some-name after ```{quiz.kind}.")
