"""An interruptible ``time.sleep`` for cells.

In the page, Stop raises ``KeyboardInterrupt`` through Pyodide's interrupt buffer, which the
interpreter checks between bytecodes: one long C-level sleep would never see it, so the page
would have to restart Python and lose the learner's variables. Sleeping in short slices lets
the interrupt land within a slice.
"""

from __future__ import annotations

import time

SLICE_SECONDS = 0.05
_real_sleep = time.sleep


def interruptible_sleep(seconds: float) -> None:
    """Sleep like ``time.sleep(seconds)``, in slices of at most 0.05 s.

    Raises ValueError for a negative time and TypeError for a non-number, as time.sleep does.
    """
    if seconds < 0:
        raise ValueError("sleep length must be non-negative")
    deadline = time.monotonic() + seconds
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return
        _real_sleep(min(left, SLICE_SECONDS))
