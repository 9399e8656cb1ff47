"""Small helpers for a metric's working as the rank playground shows it (rankmetrics.pages.playground).

A working's "lines" are lists of parts: a string, or a term {"text", "item"} (the item it comes
from, which the page highlights).

>>> short(0.63093), short(2.0)
('0.631', '2')
>>> joined([{"text": "1", "item": "a"}, "2"])
[{'text': '1', 'item': 'a'}, ' + ', '2']
"""


def short(value):
    """A number in a formula: at most three decimals, no trailing zeros ("7", "0.631", "0.5"),
    as the page's format.js writes them."""
    return f"{value:.3f}".rstrip("0").rstrip(".") or "0"


def joined(parts):
    """Terms joined with " + " ("0" when there are none), as parts of one line."""
    return separated(parts, " + ") or ["0"]


def separated(parts, between=", "):
    """Parts with `between` between them, as parts of one line ([] when there are none)."""
    return [piece for index, part in enumerate(parts) for piece in ((part,) if index == 0 else (between, part))]
