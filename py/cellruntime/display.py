"""Turning a cell's final value into the display dict the page shows.

``text/plain`` is always there (``repr(value)``).  Objects that follow
IPython's rich display protocol can add ``image/svg+xml``
(``_repr_svg_()``) and ``text/html`` (``_repr_html_()``); the page
sanitises those before inserting them.
"""

from __future__ import annotations

from typing import Any, Optional

#: ``text/plain`` longer than this is cut, with a note saying how much.
DEFAULT_MAX_DISPLAY_CHARS = 50_000

# MIME type -> IPython rich display method, in the order they are tried.
RICH_METHODS = (
    ("image/svg+xml", "_repr_svg_"),
    ("text/html", "_repr_html_"),
)


def display_data(value: Any, max_chars: int = DEFAULT_MAX_DISPLAY_CHARS) -> Optional[dict[str, str]]:
    """Return the display dict for ``value``, or ``None`` for ``None``.

    The dict maps MIME types to plain ``str``: ``"text/plain"`` always,
    ``"image/svg+xml"`` and ``"text/html"`` when the value provides them.
    Exceptions (``Exception`` subclasses) from ``__repr__`` become a short
    message in ``text/plain``; those from rich methods are ignored, as is a
    rich method returning anything but a string.  ``KeyboardInterrupt``
    and other ``BaseException`` subclasses propagate.
    """
    if value is None:
        return None
    data = {"text/plain": truncate(safe_repr(value), max_chars)}
    for mime, method_name in RICH_METHODS:
        text = _rich_repr(value, method_name)
        if text is not None:
            data[mime] = text
    return data


def safe_repr(value: Any) -> str:
    """``repr(value)`` as a plain ``str``; a message instead if ``__repr__`` fails."""
    try:
        return str.__str__(repr(value))
    except Exception as exc:  # a learner's __repr__ can raise anything
        return f"<repr() of {_type_name(value)} object failed: {_type_name(exc)}: {_safe_str(exc)}>"


def truncate(text: str, max_chars: int) -> str:
    """Cut ``text`` to ``max_chars`` characters plus a note of how many were left out."""
    if len(text) <= max_chars:
        return text
    return f"{text[:max_chars]}\n... [{len(text) - max_chars} more characters not shown]"


def _rich_repr(value: Any, method_name: str) -> Optional[str]:
    # Classes themselves are skipped (their _repr_html_ is an unbound method),
    # and the method must be defined on the type: this avoids objects whose
    # __getattr__ answers every name.
    if isinstance(value, type):
        return None
    try:
        if getattr(type(value), method_name, None) is None:
            return None
        result = getattr(value, method_name)()
    except Exception:
        return None
    return str.__str__(result) if isinstance(result, str) else None


def _type_name(obj: Any) -> str:
    return getattr(type(obj), "__qualname__", None) or type(obj).__name__


def _safe_str(exc: BaseException) -> str:
    try:
        return str(exc)
    except Exception:
        return "<str() failed>"
