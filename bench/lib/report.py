"""Figures and tables as the benches print them."""

from __future__ import annotations

import statistics


def median(values: list[float]) -> float:
    """The median of `values` (a non-empty list)."""
    return statistics.median(values)


def seconds(values: list[float]) -> str:
    """Times in ms as "median s (min–max)", e.g. "1.23 s (1.10–1.40)"."""
    return f"{median(values) / 1000:.2f} s ({min(values) / 1000:.2f}–{max(values) / 1000:.2f})"


def megabytes(size: float) -> str:
    """A size in bytes as "1.23 MB", or "45.6 KB" under a megabyte."""
    return f"{size / 1e6:.2f} MB" if size >= 1e6 else f"{size / 1e3:.1f} KB"


def table(rows: list[tuple]) -> None:
    """Print `rows` (the first one the header, all of one length) in aligned columns, indented."""
    widths = [max(len(str(row[i])) for row in rows) for i in range(len(rows[0]))]
    for index, row in enumerate(rows):
        print("  " + "  ".join(str(cell).ljust(width) for cell, width in zip(row, widths)).rstrip())
        if index == 0:
            print("  " + "  ".join("-" * width for width in widths))
