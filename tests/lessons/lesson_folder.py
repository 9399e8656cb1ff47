"""The lesson folder the lesson tests check, and its golden transcripts.

`LESSONS_DIR` (default: lessons/) and `GOLDEN_DIR` (default: tests/lessons/golden/) let the same
tests check a copy, e.g. a teacher's new lesson in a scratch folder
(tests/lessonbuild/test_new_lesson.py does that).
"""

from __future__ import annotations

import os
from pathlib import Path

from lessonbuild.lessonformat import load_course
from lessonbuild.validate import validate_course

ROOT = Path(__file__).resolve().parents[2]
LESSONS_DIR = Path(os.environ.get("LESSONS_DIR") or ROOT / "lessons").resolve()
GOLDEN_DIR = Path(os.environ.get("GOLDEN_DIR") or Path(__file__).resolve().parent / "golden").resolve()
COURSE = load_course(LESSONS_DIR)
PROBLEMS = validate_course(COURSE)
assert PROBLEMS == [], "the lessons must build:\n" + "\n".join(str(problem) for problem in PROBLEMS)
