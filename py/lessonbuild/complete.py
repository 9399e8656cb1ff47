"""The last load step: complete a lesson's records from what its blocks say.

A quiz (or prediction) gets its question, options and `multiple` from its YAML; an exercise
cell gets its hints, solution and own check from the blocks that name it with `for=` (its first
```hint block is its first hint, the second its second hint), and a
playground the prediction that names it. A block
that cannot be used is recorded as a Problem (file, line, what to change), so validate.py only
checks complete records.
"""

from __future__ import annotations

from .records import MAX_HINTS, PREDICT_KIND, CodeCell, Lesson, Quiz, QuizOption
from .problems import Problem

QUIZ_KEYS = {"question", "options", "multiple"}
QUIZ_OPTION_KEYS = {"answer", "correct", "explain"}


def complete_lesson(lesson: Lesson, problems: list[Problem]) -> None:
    """Fill every quiz and prediction, and link each exercise's help and check; append the
    problems found to `problems`."""
    report = lambda line, message, fix: problems.append(Problem(lesson.path, line, message, fix))  # noqa: E731
    for quiz in lesson.quizzes + lesson.predictions:
        _fill_quiz(quiz, report)
    exercises = {cell.id: cell for cell in lesson.cells if cell.check and cell.id}
    for attachment in lesson.attachments:
        _link(attachment, attachment.kind, exercises, report)
    for declared in lesson.own_checks:
        _link(declared, "own_check", exercises, report)
    _link_playground_predictions(lesson)


def name_other_exercises(lessons) -> None:
    """Tell each exercise which functions the course's other exercises ask for (their own
    checks'): a learner's Python, kept from page to page, may hold any of them."""
    exercises = [cell for lesson in lessons for cell in lesson.cells if cell.check and cell.id]
    asked = {cell.own_check.function for cell in exercises if cell.own_check and cell.own_check.function}
    for cell in exercises:
        mine = cell.own_check.function if cell.own_check else None
        cell.other_functions = tuple(sorted(asked - {mine}))


def _link_playground_predictions(lesson: Lesson) -> None:
    """Give each playground the first prediction before it that names it (validate.py reports
    a prediction after its playground, or a second one)."""
    playgrounds = {playground.id: playground for playground in lesson.playgrounds if playground.id}
    for prediction in lesson.predictions:
        playground = playgrounds.get(prediction.guards)
        if playground and playground.prediction is None and prediction.line < playground.line:
            playground.prediction = prediction.id


def _link(block, attribute: str, exercises: dict[str, CodeCell], report) -> None:
    """Set `block` as the `attribute` (solution, own_check) of the exercise it names, or add it
    to the exercise's hints (first, then second)."""
    noun = "check" if attribute == "own_check" else attribute
    cell = exercises.get(block.target)
    if cell is None:
        report(
            block.line,
            f"This {noun} is not for an exercise cell of this lesson.",
            f"Write for=ID with the id of a cell that has a check= option (ids: {', '.join(exercises) or 'none'}).",
        )
        return
    if attribute == "hint":
        _add_hint(cell, block, report)
        return
    if getattr(cell, attribute) is not None:
        report(
            block.line,
            f"Exercise '{cell.id}' already has a {noun} (line {getattr(cell, attribute).line}).",
            f"Keep one {noun} per exercise.",
        )
        return
    setattr(cell, attribute, block)


def _add_hint(cell: CodeCell, hint, report) -> None:
    """The exercise's first ```hint block is its first hint, the second its second; a third is
    reported, and so is a hint with nothing in it."""
    if not hint.content.strip():
        report(
            hint.line,
            f"This hint for '{cell.id}' is empty.",
            "Write the hint in the block: the first asks a question, the second gives the key step.",
        )
        return
    if len(cell.hints) >= MAX_HINTS:
        first, second = cell.hints
        report(
            hint.line,
            f"Exercise '{cell.id}' already has two hints (lines {first.line} and {second.line}).",
            "Keep two hints per exercise: the first asks a question, the second gives the formula or "
            "key step. Merge this one into one of them.",
        )
        return
    cell.hints.append(hint)


def _fill_quiz(quiz: Quiz, report) -> None:
    """Question, choices and `multiple` from the block's YAML (the loader reported bad YAML)."""
    noun = "prediction" if quiz.kind == PREDICT_KIND else "quiz"
    body = quiz.body
    if quiz.yaml_failed:
        return  # already reported by the loader
    if body is None:
        report(quiz.line, f"The {noun} is empty.", "Write 'question:' and 'options:' in the block.")
        return
    if not isinstance(body, dict):
        report(quiz.line + 1, f"The {noun} must be a YAML mapping.", "Write 'question:' and 'options:'.")
        return
    for key in body:
        if key not in QUIZ_KEYS:
            report(quiz.line, f"Unknown {noun} key '{key}'.", f"Use only: {', '.join(sorted(QUIZ_KEYS))}.")
    question = body.get("question")
    if not isinstance(question, str) or not question.strip():
        report(quiz.line, f"The {noun} has no question.", "Add 'question: …'.")
    else:
        quiz.question = question.strip()
    options = body.get("options")
    if not isinstance(options, list) or len(options) < 2:
        report(quiz.line, f"A {noun} needs at least two options.", "Add an 'options:' list with two or more entries.")
        return
    for number, option in enumerate(options, start=1):
        choice = _quiz_option(option, number, quiz.line, report)
        if choice:
            quiz.choices.append(choice)
    if len(quiz.choices) != len(options):
        return
    correct = len(quiz.correct_indexes)
    if correct == 0:
        report(quiz.line, f"No option of this {noun} is marked correct.", "Add 'correct: true' to the right option(s).")
    multiple = body.get("multiple", correct > 1)
    if not isinstance(multiple, bool):
        report(quiz.line, "'multiple' must be true or false.", "Write 'multiple: true' or 'multiple: false'.")
    elif not multiple and correct > 1:
        report(
            quiz.line,
            f"'multiple: false' but {correct} options are correct.",
            "Mark exactly one option correct, or set 'multiple: true'.",
        )
    else:
        quiz.multiple = multiple


def _quiz_option(option: object, number: int, line: int, report) -> QuizOption | None:
    if not isinstance(option, dict):
        report(line, f"Quiz option {number} is not a mapping.", "Write '- answer: …' then 'explain: …'.")
        return None
    for key in option:
        if key not in QUIZ_OPTION_KEYS:
            report(
                line,
                f"Quiz option {number} has an unknown key '{key}'.",
                f"Use only: {', '.join(sorted(QUIZ_OPTION_KEYS))}.",
            )
    answer, explain, correct = option.get("answer"), option.get("explain"), option.get("correct", False)
    ok = True
    if answer is None or str(answer).strip() == "":
        report(line, f"Quiz option {number} has no answer text.", "Add 'answer: …'.")
        ok = False
    if explain is None or str(explain).strip() == "":
        report(line, f"Quiz option {number} has no explanation.", "Add 'explain: …' saying why it is right or wrong.")
        ok = False
    if not isinstance(correct, bool):
        report(
            line, f"Quiz option {number}: 'correct' must be true or false.", "Write 'correct: true' or leave it out."
        )
        ok = False
    return QuizOption(str(answer).strip(), correct, str(explain).strip()) if ok else None
