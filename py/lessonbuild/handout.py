"""A zip a teacher can hand out: the built site plus a small launcher (standard library only)
that serves it with the right headers and opens the browser."""

from __future__ import annotations

import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
TOP = "ranking-metrics-course"
README = """Top-k ranking metrics: the course
=================================

1. Unzip this folder anywhere.
2. Open a terminal in it and run:   python3 start.py
   (on Windows: py start.py). Your browser opens the course.
3. Keep the terminal open while you use the course; Ctrl+C stops it.

Everything runs on this computer: no network is needed. Opening the .html files directly
(file://) does not work, because browsers do not run Python's WebAssembly from files.
"""


def write_handout(dist: Path, target: Path) -> Path:
    """Zip `dist` (without its precompressed copies) with start.py into `target`."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(f"{TOP}/README.txt", README)
        archive.write(HERE / "launcher.py", f"{TOP}/start.py")
        archive.write(HERE / "serve.py", f"{TOP}/course_server.py")
        for path in sorted(dist.rglob("*")):
            if path.is_file() and path.suffix not in {".br", ".gz"}:
                archive.write(path, f"{TOP}/site/{path.relative_to(dist).as_posix()}")
    return target
