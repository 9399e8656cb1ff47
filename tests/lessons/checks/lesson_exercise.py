"""An exercise of the course, as its check sees it: the check name the page passes, the checker
made from it, and the exercise's check (its file lessons/checks/SLUG/ID.py, or the ```check
block in the lesson) as a module, so a test can call its known wrong versions directly."""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from cellruntime.checks import Checker, check_function, declared_checker
from lessonbuild.lessonformat import load_course

ROOT = Path(__file__).resolve().parents[3]
COURSE = load_course(ROOT / "lessons")


@dataclass(frozen=True)
class Exercise:
    name: str  # the check name the page passes (cellruntime.checks.declared_check_name)
    checker: Checker
    module: ModuleType  # the check file's code

    def verdict(self, function) -> dict:
        """The page's verdict for ``function`` as the learner's answer."""
        return check_function({self.checker.function: function}, self.name)

    def message_of(self, variant) -> str:
        """The sentence the check tells the learner whose function is ``variant``."""
        return next(
            known.message for known in self.checker.misconceptions if known.variant.__name__ == variant.__name__
        )


def exercise(slug: str, cell_id: str) -> Exercise:
    lesson = next(lesson for lesson in COURSE.lessons if lesson.slug == slug)
    cell = next(cell for cell in lesson.cells if cell.id == cell_id)
    check = cell.own_check
    if check.source is not None:  # a check file beside the lesson
        spec = importlib.util.spec_from_file_location(f"check_{slug}_{cell_id}", check.source)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    else:  # a check written in the lesson's ```check block
        module = ModuleType(f"check_{slug}_{cell_id}")
        exec(compile(check.code, f"{lesson.path}:{check.line}", "exec"), module.__dict__)
    return Exercise(cell.check_name, declared_checker(cell.check_name), module)
