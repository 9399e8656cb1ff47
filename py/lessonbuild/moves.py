"""Blocks that moved to another lesson, so the learner's saved state follows them.

The browser keeps a learner's edits, exercise verdicts, quiz answers and
committed predictions under the lesson's slug and the block's id
(site/js/shared/storage.js).  When a cell, a quiz or a prediction moves to another lesson (a lesson split in two, an exercise moved to the
lesson that teaches its topic), the lesson it moved to says where it came from
in its front matter, keeping the block's id::

    moved_from:
      offline-evaluation: [ties, write-precision, honest-mean-quiz, ties-predict]

The build turns that into :func:`moved_entries` (the page's ``movedFrom``),
and the page moves each saved entry from the old key to the new one the first
time it opens the lesson, or the course index.
"""

from __future__ import annotations

import re

from .lessonformat import Course, Lesson
from .problems import Problem

FRONT_MATTER_KEY = "moved_from"
_SLUG = re.compile(r"^[a-z][a-z0-9-]*$")


def moved_from(lesson: Lesson) -> dict[str, list[str]]:
    """Old lesson slug -> ids of this lesson's blocks that came from it ({} when none)."""
    value = lesson.front_matter.get(FRONT_MATTER_KEY) or {}
    if not isinstance(value, dict):
        return {}
    return {
        slug: [i for i in ids if isinstance(i, str)]
        for slug, ids in value.items()
        if isinstance(slug, str) and isinstance(ids, list)
    }


def moved_entries(lesson: Lesson) -> list[dict[str, str]]:
    """The saved entries to move: ``{"from": old slug, "kind": "cell"|"exercise"|"quiz"|"predict", "id"}``.

    A cell's saved edit is kind "cell"; an exercise also has its verdict
    ("exercise"); a quiz its answer ("quiz"); a prediction the option the
    learner committed ("predict") -- the kinds storage.js keys by.
    """
    cells = {cell.id: cell for cell in lesson.runnable_cells}
    quizzes = {quiz.id for quiz in lesson.quizzes}
    predictions = {prediction.id for prediction in lesson.predictions}
    entries = []
    for slug, ids in moved_from(lesson).items():
        for block in ids:
            if block in quizzes:
                entries.append({"from": slug, "kind": "quiz", "id": block})
            elif block in predictions:
                entries.append({"from": slug, "kind": "predict", "id": block})
            elif block in cells:
                entries.append({"from": slug, "kind": "cell", "id": block})
                if cells[block].check:
                    entries.append({"from": slug, "kind": "exercise", "id": block})
    return entries


def check_moves(course: Course) -> list[Problem]:
    """Problems with the ``moved_from`` front matter of the course's lessons."""
    problems: list[Problem] = []
    lessons = {lesson.slug: lesson for lesson in course.lessons}
    for lesson in course.lessons:
        line = lesson.front_matter_line
        value = lesson.front_matter.get(FRONT_MATTER_KEY)
        if value is None:
            continue
        if not isinstance(value, dict) or not all(isinstance(ids, list) for ids in value.values()):
            problems.append(
                Problem(
                    lesson.path,
                    line,
                    f"'{FRONT_MATTER_KEY}' must map lesson slugs to lists of ids.",
                    f"Write '{FRONT_MATTER_KEY}: {{old-lesson: [cell-id, quiz-id]}}'.",
                )
            )
            continue
        own = _block_ids(lesson)
        for slug, ids in value.items():
            if not isinstance(slug, str) or not _SLUG.match(slug) or slug == lesson.slug:
                problems.append(
                    Problem(
                        lesson.path,
                        line,
                        f"'{slug}' in '{FRONT_MATTER_KEY}' is not another lesson's slug.",
                        "Name the lesson the blocks came from (its old file name without .md).",
                    )
                )
                continue
            old = lessons.get(slug)
            for block in ids:
                if block not in own:
                    problems.append(
                        Problem(
                            lesson.path,
                            line,
                            f"'{FRONT_MATTER_KEY}' names '{block}', which is no runnable cell, quiz or prediction of this lesson.",
                            "Keep the block's id when it moves, and list only ids of this lesson.",
                        )
                    )
                elif old is not None and block in _block_ids(old) | {c.id for c in old.cells}:
                    problems.append(
                        Problem(
                            lesson.path,
                            line,
                            f"'{block}' is still in lesson '{slug}', so it did not move from there.",
                            f"Remove '{block}' from '{FRONT_MATTER_KEY}', or from {slug}.md.",
                        )
                    )
    return problems


def _block_ids(lesson: Lesson) -> set[str]:
    """The ids of the lesson's blocks that keep a learner's state: runnable cells, quizzes, predictions."""
    return (
        {cell.id for cell in lesson.runnable_cells}
        | {quiz.id for quiz in lesson.quizzes}
        | {prediction.id for prediction in lesson.predictions}
    )
