"""The ``input()`` a cell sees.

The first version of the page cannot ask the learner for a line of text,
so by default ``input()`` raises a clear error.  A later version can pass
an ``input_function`` to :class:`~cellruntime.session.Session` and get a
working ``input()`` without changes here.
"""

from __future__ import annotations

from typing import Callable, Optional

#: ``input_function(prompt) -> line``: returns one line of text without
#: its newline, or raises ``EOFError`` when there is no more input.
InputFunction = Callable[[str], str]

INPUT_UNSUPPORTED_MESSAGE = (
    "input() can't read from the keyboard on this page yet. "
    'Put the value in the code instead, for example: name = "Ada"'
)


def make_input(
    input_function: Optional[InputFunction],
    write_prompt: Callable[[str], None],
) -> Callable[..., str]:
    """Build the replacement for ``builtins.input`` used during a run.

    ``input_function`` -- ``None`` (input unsupported: every call raises
    ``RuntimeError`` with :data:`INPUT_UNSUPPORTED_MESSAGE`) or a callable
    as described by :data:`InputFunction`.
    ``write_prompt(text)`` -- writes the prompt to the cell's stdout and
    flushes it, so the page shows it before waiting for the answer.

    The returned ``input(prompt="")`` behaves like the builtin: writes the
    prompt, returns the line with one trailing newline removed, and lets
    ``EOFError`` (and anything else ``input_function`` raises) through.
    """

    def input(prompt: object = "") -> str:  # noqa: A001 - replaces the builtin
        if input_function is None:
            raise RuntimeError(INPUT_UNSUPPORTED_MESSAGE)
        prompt_text = str(prompt)
        if prompt_text:
            write_prompt(prompt_text)
        line = input_function(prompt_text)
        line = str(line)
        return line[:-1] if line.endswith("\n") else line

    return input
