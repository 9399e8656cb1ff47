"""Build problems that name a file, a line and what to change."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the lessons.

    Attributes:
        path: the file at fault (shown relative to the working directory when possible).
        line: 1-based line number in that file, or None when the file as a whole is at fault.
        message: what is wrong, as one sentence.
        fix: what to change, as one sentence.
    """

    path: Path
    line: int | None
    message: str
    fix: str

    def __str__(self) -> str:
        where = _display_path(self.path)
        if self.line is not None:
            where = f"{where}:{self.line}"
        return f"{where}: {self.message} {self.fix}"


class BuildError(Exception):
    """Raised when the lessons cannot be built; carries every problem found."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def _display_path(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
