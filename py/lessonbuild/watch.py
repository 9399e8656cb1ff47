"""Watch the folders the build reads and report each batch of changed files.

watchfiles (Rust's `notify`) uses inotify on Linux, FSEvents on macOS and
ReadDirectoryChangesW on Windows, and polls where those do not reach (under WSL, or with
WATCHFILES_FORCE_POLLING set). Its default filter leaves out editor swap and backup files,
__pycache__ and .git, so saving a lesson gives one batch, not one per temporary file.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import watchfiles

# A save is often several writes (editors write a temporary file, then rename it): changes that
# follow each other within STEP_MS are one batch, and a batch ends after at most DEBOUNCE_MS.
STEP_MS = 30
DEBOUNCE_MS = 300
# How often the watcher comes back with nothing: the first time says the folders are watched,
# and each time `stop` is looked at.
TIMEOUT_MS = 100


def watch_changes(
    folders: list[Path], stop: threading.Event, ready: Callable[[], None] = lambda: None
) -> Iterator[set[Path]]:
    """Yield the set of changed paths (resolved) each time files under `folders` change.

    Calls `ready()` once the folders are watched (a change made after it is never missed); ends
    when `stop` is set. Raises FileNotFoundError when a folder does not exist.
    """
    watching = False
    for batch in watchfiles.watch(
        *folders,
        stop_event=stop,
        step=STEP_MS,
        debounce=DEBOUNCE_MS,
        rust_timeout=TIMEOUT_MS,
        yield_on_timeout=True,
        raise_interrupt=False,
    ):
        if not watching:
            watching = True
            ready()
        if batch:
            yield {Path(path).resolve() for _, path in batch}
