"""build-cache/: what earlier builds made (precompressed copies, the snapshot, the small standard
library, downloaded wheels), each under a hash of what it was made from. Reading an entry marks
it as used; `prune` deletes the entries no build has used for a while, so the folder does not
grow without end as files and versions change."""

from __future__ import annotations

import os
import time
from pathlib import Path

from .paths import BUILD_CACHE

UNUSED_DAYS = 14


def write_cached(path: Path, data: bytes) -> None:
    """Store `data` as the cache entry at `path` whole or not at all: it is written beside the
    entry under a name of this process's, then renamed over it, so a build running at the same
    time (two test workers, `make serve` beside `make test`) never reads half an entry."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.write_bytes(data)
    temporary.replace(path)


def read_cached(path: Path | None) -> bytes | None:
    """The bytes of the cache entry at `path`, marked as used now; None when there is none."""
    if path is None or not path.is_file():
        return None
    os.utime(path)
    return path.read_bytes()


def prune(root: Path = BUILD_CACHE, unused_days: float = UNUSED_DAYS, now: float | None = None) -> int:
    """Delete the files under `root` that no build has used (read or written) for `unused_days`
    days; returns how many. Entries another build is using right now are recent, so kept."""
    if not root.is_dir():
        return 0
    cutoff = (time.time() if now is None else now) - unused_days * 86400
    removed = 0
    for path in root.rglob("*"):
        if path.is_file() and path.stat().st_mtime < cutoff:
            path.unlink(missing_ok=True)
            removed += 1
    return removed
