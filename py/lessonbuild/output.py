"""Write the built site: into a fresh folder beside dist/, then swap it in.

A build that fails before this step, or during it, leaves the previous dist/ as it was.
"""

from __future__ import annotations

import shutil
from pathlib import Path


def write_files(folder: Path, files: dict[str, bytes | str]) -> None:
    """Write `files` ({relative path: text (written as UTF-8) or bytes}) under `folder`, making
    the folders they need. Raises OSError when one cannot be written."""
    for relative, content in files.items():
        target = folder / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, str):
            target.write_text(content, encoding="utf-8")
        else:
            target.write_bytes(content)


def write_site(files: dict[str, bytes | str], dist: Path) -> None:
    """Replace `dist` with exactly `files` ({relative path: content})."""
    fresh = dist.with_name(dist.name + ".new")
    old = dist.with_name(dist.name + ".old")
    shutil.rmtree(fresh, ignore_errors=True)
    try:
        write_files(fresh, files)
    except BaseException:
        shutil.rmtree(fresh, ignore_errors=True)
        raise
    shutil.rmtree(old, ignore_errors=True)
    if dist.exists():
        dist.rename(old)
    fresh.rename(dist)
    shutil.rmtree(old, ignore_errors=True)
