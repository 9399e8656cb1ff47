"""Blocks that moved to another lesson: the build checks the `moved_from` front matter and emits
the saved entries the page carries over (py/lessonbuild/moves.py)."""

from __future__ import annotations

from pathlib import Path

from lessonbuild.lessonformat import load_course
from lessonbuild.moves import moved_entries
from lessonbuild.validate import validate_course

ROOT = Path(__file__).resolve().parents[2]

QUIZ = """
```quiz id={id}
question: Pick one.
options:
  - answer: "yes"
    correct: true
    explain: Right.
  - answer: "no"
    explain: Wrong.
```
"""


def _lesson(folder: Path, slug: str, body: str, front: str = "") -> None:
    (folder / f"{slug}.md").write_text(
        f"---\ntitle: {slug}\nsummary: A lesson.\n{front}---\n\n{body}", encoding="utf-8"
    )


def _course(tmp_path: Path, moved: str, old_body: str = "```python id=stays\nx = 1\n```\n"):
    _lesson(tmp_path, "old", old_body + QUIZ.format(id="old-quiz"))
    _lesson(
        tmp_path,
        "new",
        (
            "```predict id=moved-predict for=ties\nquestion: What will it print?\noptions:\n"
            '  - answer: "1"\n    correct: true\n    explain: It prints 1.\n'
            '  - answer: "2"\n    explain: It prints 1.\n```\n\n'
            "```python id=ties\nprint(1)\n```\n\n"
            "```python id=write-it check=lesson\ndef precision_at_k(ranking, relevant, k):\n    raise NotImplementedError\n```\n\n"
            "```solution for=write-it\ndef precision_at_k(ranking, relevant, k):\n    return 0.0\n```\n\n"
            "```check for=write-it function=precision_at_k\ndef cases():\n    return [([], set(), 1)]\n```\n"
            + QUIZ.format(id="moved-quiz")
        ),
        front=moved,
    )
    (tmp_path / "index.yml").write_text("lessons:\n  - old\n  - new\n", encoding="utf-8")
    return load_course(tmp_path)


def test_moved_blocks_become_the_entries_the_page_moves(tmp_path):
    course = _course(tmp_path, "moved_from:\n  old: [ties, write-it, moved-quiz, moved-predict]\n")
    assert validate_course(course) == []
    new = course.lessons[1]
    assert moved_entries(new) == [
        {"from": "old", "kind": "cell", "id": "ties"},
        {"from": "old", "kind": "cell", "id": "write-it"},
        {"from": "old", "kind": "exercise", "id": "write-it"},
        {"from": "old", "kind": "quiz", "id": "moved-quiz"},
        {"from": "old", "kind": "predict", "id": "moved-predict"},
    ]
    assert moved_entries(course.lessons[0]) == []


def test_an_id_that_is_not_in_the_lesson_is_refused(tmp_path):
    course = _course(tmp_path, "moved_from:\n  old: [tise]\n")
    [problem] = validate_course(course)
    assert "'tise'" in problem.message and problem.path.name == "new.md"


def test_an_id_still_in_the_old_lesson_is_refused(tmp_path):
    course = _course(tmp_path, "moved_from:\n  old: [ties]\n", old_body="```python id=ties\nx = 1\n```\n")
    [problem] = validate_course(course)
    assert "still in lesson 'old'" in problem.message


def test_a_malformed_mapping_is_refused(tmp_path):
    course = _course(tmp_path, "moved_from: [ties]\n")
    [problem] = validate_course(course)
    assert "must map lesson slugs" in problem.message


def test_the_split_course_carries_the_moved_blocks():
    course = load_course(ROOT / "lessons")
    lessons = {lesson.slug: lesson for lesson in course.lessons}
    entries = moved_entries(lessons["evaluation-pitfalls"])
    moved = {(entry["from"], entry["id"]) for entry in entries}
    assert ("offline-evaluation", "ties") in moved
    assert ("offline-evaluation", "honest-mean-quiz") in moved
    assert ("why-position-matters", "write-ranking") in moved
    assert {"from": "offline-evaluation", "kind": "exercise", "id": "write-precision"} in entries


def test_the_user_models_lesson_carries_the_blocks_it_gathered():
    course = load_course(ROOT / "lessons")
    lessons = {lesson.slug: lesson for lesson in course.lessons}
    moved = {(entry["from"], entry["id"]) for entry in moved_entries(lessons["user-models"])}
    assert ("why-position-matters", "rbp") in moved
    for cell in ["toy-user", "toy-user-pairs", "patience", "log-discount-user"]:
        assert ("comparing-metrics", cell) in moved


def test_the_lessons_split_from_comparing_systems_carry_their_moved_blocks():
    """Every cell and exercise that left comparing-systems is listed where it is now, so a
    learner's saved edits and verdicts follow it."""
    course = load_course(ROOT / "lessons")
    lessons = {lesson.slug: lesson for lesson in course.lessons}
    expected = {
        "many-comparisons": ["many-tests", "family-wise", "holm-steps", "write-holm"],
        "effect-size-and-power": [
            "bootstrap",
            "bootstrap-means",
            "bootstrap-chart",
            "tiny-difference",
            "effect-size",
            "users-needed",
            "power-simulation",
            "power-simulation-run",
            "power-chart",
        ],
    }
    for slug, cells in expected.items():
        entries = moved_entries(lessons[slug])
        assert {(entry["from"], entry["kind"], entry["id"]) for entry in entries if entry["kind"] == "cell"} == {
            ("comparing-systems", "cell", cell) for cell in cells
        }
    assert {"from": "comparing-systems", "kind": "exercise", "id": "write-holm"} in moved_entries(
        lessons["many-comparisons"]
    )
    predictions = {
        "many-comparisons": {"many-tests-predict", "family-wise-predict"},
        "effect-size-and-power": {"tiny-difference-predict", "users-needed-predict"},
    }
    for slug, ids in predictions.items():
        moved = {entry["id"] for entry in moved_entries(lessons[slug]) if entry["kind"] == "predict"}
        assert moved == ids, "a committed prediction follows its block"
    kept = {cell.id for cell in lessons["comparing-systems"].runnable_cells}
    assert kept.isdisjoint(cell for cells in expected.values() for cell in cells)
