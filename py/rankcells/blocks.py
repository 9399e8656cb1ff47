"""What makes a `runnable` block usable by the embed script, shared by the Sphinx extension and
the MkDocs plugin: the block is a code block in Python, and its page shows it as an element of
its own with the class `runnable` (the embed script turns each such element into a cell)."""

from __future__ import annotations

RUNNABLE = "runnable"  # the class that marks a block as a cell
# The language names Pygments gives Python 3 source (a doctest session, `pycon`, is not source).
PYTHON_LANGUAGES = frozenset({"python", "python3", "py", "py3"})


def is_python(language: str | None) -> bool:
    """Whether `language` (a code block's language name, any case) names Python source."""
    return (language or "").strip().lower() in PYTHON_LANGUAGES


def language_problem(language: str | None) -> str:
    """The error line for a runnable block in `language` (not Python): what is wrong, what to do."""
    name = f"'{language}'" if language else "no language"
    return (
        f"a runnable block must be Python, and this one has {name}: "
        "mark it as Python, or remove the class 'runnable' (only Python runs in the cells)"
    )
