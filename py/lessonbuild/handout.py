"""A zip a teacher can hand out: the built site plus a small launcher (standard library only)
that serves it with the right headers and opens the browser."""

from __future__ import annotations

import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

from .launcher import DEFAULT_PORT
from .offline import PRECACHE_SIZE, precache_size_of
from .snapshot import SNAPSHOT_PATH

HERE = Path(__file__).resolve().parent
TOP = "ranking-metrics-course"
README = f"""Top-k ranking metrics: the course
=================================

1. Unzip this folder anywhere.
2. Open a terminal in it and run:   python3 start.py
   (on Windows: py start.py). Your browser opens the course at http://127.0.0.1:{DEFAULT_PORT}/
3. Keep the terminal open while you use the course; Ctrl+C stops it.

Your progress (your code, passed exercises, answers, the offline copy) is kept by the browser
for that address, port {DEFAULT_PORT} included. Start the course with start.py each time and it
comes back. If port {DEFAULT_PORT} is taken, start.py says so and uses another port, where
your progress does not show.

Everything runs on this computer: no network is needed. Opening the .html files directly
(file://) does not work, because browsers do not run Python's WebAssembly from files.
"""
FILE_MODE = 0o644  # readable by everyone, as on a shared lab machine
SCRIPT_MODE = 0o755  # start.py may also be run as ./start.py
UNIX = 3  # ZipInfo.create_system: the mode in external_attr is a Unix one
ZIP_EPOCH = 315619200  # 1980-01-02: zip dates start in 1980


def write_handout(dist: Path, target: Path) -> Path:
    """Zip `dist` (without its precompressed copies: `X.gz` or `X.br` beside `X`) with start.py
    into `target`. A compressed file that is not a copy (the Python snapshot) is kept. The
    offline offer's size (offline-size.json) counts each file whole, as start.py sends it.

    Every entry is extracted as mode 0644, start.py as 0755. Raises OSError when `dist` cannot
    be read or `target` written.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        _add(archive, "README.txt", README.encode(), time.time(), FILE_MODE)
        _add_file(archive, HERE / "launcher.py", "start.py", SCRIPT_MODE)
        _add_file(archive, HERE / "serve.py", "course_server.py", FILE_MODE)
        for name, data, mtime in site_files(dist):
            _add(archive, f"site/{name}", data, mtime, FILE_MODE)
    return target


def site_files(dist: Path) -> Iterator[tuple[str, bytes, float]]:
    """The built site `dist` as a server that sends every file whole needs it (start.py, or a
    learning management system): (path relative to `dist`, content, modification time) for each
    file, sorted by path, without the precompressed copies (`X.gz` or `X.br` beside `X`), and
    offline-size.json recounted for whole files. Raises OSError when `dist` cannot be read.
    """
    for path in sorted(dist.rglob("*")):
        if not path.is_file() or _precompressed_copy(path):
            continue
        name = path.relative_to(dist).as_posix()
        # the build's figure counts the Brotli copies a web server sends
        data = _sent_whole(dist) if name == PRECACHE_SIZE else path.read_bytes()
        yield name, data, path.stat().st_mtime


def _sent_whole(dist: Path) -> bytes:
    """offline-size.json for a server that sends every file as it is: the size of each file the
    service worker precaches (all of `dist` but its precompressed copies, sw.js and this file)."""
    sizes = {
        path.relative_to(dist).as_posix(): path.stat().st_size
        for path in dist.rglob("*")
        if path.is_file() and not _precompressed_copy(path)
    }
    for own in ("sw.js", PRECACHE_SIZE):
        sizes.pop(own, None)
    return precache_size_of(sizes, optional=(SNAPSHOT_PATH,))[PRECACHE_SIZE].encode()


def _precompressed_copy(path: Path) -> bool:
    """Whether `path` is a .gz or .br copy of a file beside it (start.py serves the file itself)."""
    return path.suffix in {".br", ".gz"} and path.with_suffix("").is_file()


def _add_file(archive: zipfile.ZipFile, path: Path, name: str, mode: int) -> None:
    _add(archive, name, path.read_bytes(), path.stat().st_mtime, mode)


def _add(archive: zipfile.ZipFile, name: str, data: bytes, mtime: float, mode: int) -> None:
    add_entry(archive, f"{TOP}/{name}", data, mtime, mode)


def add_entry(archive: zipfile.ZipFile, name: str, data: bytes, mtime: float, mode: int = FILE_MODE) -> None:
    """Write `data` into `archive` as the regular file `name` (a zip path), extracted with the
    Unix permissions `mode` and dated `mtime` (seconds since the epoch; 1980 at the earliest)."""
    info = zipfile.ZipInfo(name, date_time=time.localtime(max(mtime, ZIP_EPOCH))[:6])
    info.compress_type = zipfile.ZIP_DEFLATED
    info.create_system = UNIX
    info.external_attr = (0o100000 | mode) << 16  # a regular file with `mode`
    archive.writestr(info, data)
