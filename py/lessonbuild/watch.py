"""Watch the folders the build reads and report each batch of changed files.

watchfiles (Rust's `notify`) uses inotify on Linux, FSEvents on macOS and
ReadDirectoryChangesW on Windows. Its default filter leaves out editor swap and backup files,
__pycache__ and .git, so saving a lesson gives one batch, not one per temporary file. This
drives watchfiles' Rust watcher (`RustNotify`, what `watchfiles.watch` runs) directly, to know
when the folders are watched: a change made after `ready()` is never missed.
"""

from __future__ import annotations

import threading
from pathlib import Path
from collections.abc import Callable, Iterator

from watchfiles import Change, DefaultFilter
from watchfiles._rust_notify import RustNotify

# A save is often several writes (editors write a temporary file, then rename it): changes that
# follow each other within STEP_MS are one batch, and a batch ends after at most DEBOUNCE_MS.
STEP_MS = 30
DEBOUNCE_MS = 300
TIMEOUT_MS = 500  # how often the watcher looks at `stop`


def watch_changes(folders: list[Path], stop: threading.Event,
                  ready: Callable[[], None] = lambda: None) -> Iterator[set[Path]]:
    """Yield the set of changed paths (resolved) each time files under `folders` change.

    Calls `ready()` once the folders are watched; ends when `stop` is set. Raises
    FileNotFoundError when a folder does not exist.
    """
    keep = DefaultFilter()
    with RustNotify([str(folder) for folder in folders], False, False, 300, True, False) as notify:
        ready()
        while not stop.is_set():
            batch = notify.watch(DEBOUNCE_MS, STEP_MS, TIMEOUT_MS, stop)
            if batch in ("stop", "signal"):
                return
            if batch == "timeout":
                continue
            paths = {Path(path).resolve() for change, path in batch if keep(Change(change), path)}
            if paths:
                yield paths
