"""What a bench run prints about the conditions it ran in, first and last: the time, the command,
the machine's load and cores (a bench's figures are read against them, as docs/performance.md
does), and at the end how long it took and the load then."""

from __future__ import annotations

import os
import sys
import time


def load_average() -> str:
    """The 1, 5 and 15 min load averages, as "0.13 0.03 0.15"."""
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def print_start() -> float:
    """Print the UTC time, the command line, the load average and the cores; return a
    time.monotonic() start for print_end."""
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}: {' '.join(sys.argv)}")
    print(f"load average {load_average()} (1, 5, 15 min), {os.cpu_count()} cores", flush=True)
    return time.monotonic()


def print_end(started: float) -> None:
    """Print the seconds since `started` (print_start's value) and the load average now."""
    print(f"\n({time.monotonic() - started:.0f} s in all; load average now {load_average()})")
