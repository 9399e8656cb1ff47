"""A Pyodide memory snapshot of Python with the project's packages already imported.

The page's worker can boot from it (`loadPyodide({_loadSnapshot})`) instead of starting Python
and importing the packages (bench/page_speed.py prints the boot's steps either way). The build
makes it under Node.js with site/tools/make-snapshot.mjs from the same pinned Pyodide the site
ships; Pyodide refuses a snapshot made by another build of itself (a build id in the header),
and the worker then boots normally. See site/js/worker/snapshot.js for when the page uses it.

A snapshot is the interpreter's whole memory. Much of it is pages of zeros (the heap's free
space), which the shipped file leaves out (pack_pages), so the page inflates less. The site
ships that gzipped (SNAPSHOT_PATH) and the worker unpacks it with DecompressionStream, so it
stays small on any host, even one that does not compress `.bin` files, and in the service
worker's cache.
Making one takes a few seconds, so it is cached in build-cache/snapshot/ under a key of
everything it is made from (Pyodide's build id, the wheels, the imports, the scripts).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import struct
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .buildcache import read_cached, write_cached
from .paths import BUILD_CACHE, NODE_MODULES, PYODIDE_DIR, ROOT, TOOLS, WHEELS_DIR
from .runtime import CORE_PACKAGES

SCRIPT = TOOLS / "make-snapshot.mjs"
# What SCRIPT runs besides itself: its share of the worker's boot steps. A change to any of them
# makes a new snapshot.
SCRIPT_PARTS = (
    SCRIPT,
    TOOLS / "python-as-text.mjs",
    ROOT / "site" / "js" / "worker" / "interpreter.js",
    ROOT / "site" / "js" / "worker" / "interpreter.py",
    ROOT / "site" / "js" / "worker" / "failure.js",
)
CACHE = BUILD_CACHE / "snapshot"
SNAPSHOT_PATH = f"{PYODIDE_DIR}snapshot.bin.gz"  # pack_snapshot's gzip; never re-encoded by the build
# The packages in the snapshot: the project's core wheels (every page installs these).
SNAPSHOT_PACKAGES = tuple(CORE_PACKAGES)

# Pyodide's snapshot header (src/js/snapshot.ts): uint32 magic, uint32 offset of the memory,
# uint32 length of a JSON note, uint32 0, then the 256-bit build id as 8 uint32; little-endian.
MAGIC = 0x706E7300
HEADER = struct.Struct("<4I8I")
WASM_PAGE = 65536

# The shipped form (pack_pages), little-endian: magic, page size, length of the whole snapshot,
# number of runs; then each run of kept pages as (first page, number of pages); then the kept
# pages' bytes, run after run (the snapshot's last page may be short). Every other page is zeros.
# site/js/worker/snapshot-pages.js (unpackPages) reads it, with these constants
# (scriptconstants.py).
PAGES_MAGIC = b"ZPG1"
PAGES_HEADER = struct.Struct("<4s3I")
PAGES_RUN = struct.Struct("<2I")
PAGE_SIZE = 4096


@dataclass(frozen=True)
class SnapshotInfo:
    build_id: str  # 64 hex digits, as in pyodide.mjs
    memory_offset: int  # where the WebAssembly memory starts in the file
    memory_bytes: int
    note: dict  # the JavaScript references Python held: {"hiwireKeys": [...], "immortalKeys": [...]}


def read_header(data: bytes) -> SnapshotInfo:
    """Parse a snapshot's header. Raises ValueError when `data` is not a Pyodide snapshot."""
    if len(data) < HEADER.size:
        raise ValueError(f"too short for a snapshot: {len(data)} bytes")
    magic, offset, note_length, zero, *build_words = HEADER.unpack_from(data)
    if magic != MAGIC or zero != 0:
        raise ValueError("not a Pyodide memory snapshot (bad magic number)")
    if not HEADER.size + note_length <= offset <= len(data):
        raise ValueError("bad snapshot header (memory offset out of range)")
    note = json.loads(data[HEADER.size : HEADER.size + note_length].decode("utf-8"))
    build_id = "".join(f"{word:08x}" for word in build_words)
    return SnapshotInfo(build_id, offset, len(data) - offset, note)


def pyodide_build_id(node_modules: Path = NODE_MODULES) -> str:
    """The build id of the pinned Pyodide (the one a snapshot must carry to load)."""
    text = (node_modules / "pyodide" / "pyodide.mjs").read_text(encoding="utf-8")
    start = text.find('BUILD_ID:"')
    if start < 0:
        raise RuntimeError("cannot find BUILD_ID in node_modules/pyodide/pyodide.mjs (a new Pyodide?)")
    start += len('BUILD_ID:"')
    return text[start : text.index('"', start)]


def snapshot_wheels(assets: dict[str, bytes]) -> dict[str, bytes]:
    """The wheels of SNAPSHOT_PACKAGES among the site's assets, by file name."""
    wheels = {
        path.split("/")[-1]: data
        for path, data in assets.items()
        if path.startswith(WHEELS_DIR) and path.split("/")[-1].split("-")[0] in SNAPSHOT_PACKAGES
    }
    missing = set(SNAPSHOT_PACKAGES) - {name.split("-")[0] for name in wheels}
    if missing:
        raise RuntimeError(f"no wheel for {', '.join(sorted(missing))} among the assets")
    return dict(sorted(wheels.items()))


def make_snapshot(
    wheels: dict[str, bytes], imports: tuple[str, ...] = SNAPSHOT_PACKAGES, cache: Path | None = CACHE
) -> bytes:
    """Return a snapshot of Pyodide with `wheels` ({file name: bytes}) unpacked and `imports` imported.

    Raises RuntimeError when Node.js cannot make it or the result is not a snapshot of the
    pinned Pyodide.
    """
    build_id = pyodide_build_id()
    key = hashlib.sha256()
    for part in (build_id.encode(), *(path.read_bytes() for path in SCRIPT_PARTS), json.dumps(list(imports)).encode()):
        key.update(hashlib.sha256(part).digest())
    for name, data in wheels.items():
        key.update(hashlib.sha256(name.encode() + b"\0" + data).digest())
    cached = cache / f"{key.hexdigest()[:32]}.bin" if cache else None
    if (kept := read_cached(cached)) is not None:
        return kept

    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for name, data in wheels.items():
            path = Path(folder) / name
            path.write_bytes(data)
            paths.append(str(path))
        out = Path(folder) / "snapshot.bin"
        request = json.dumps({"out": str(out), "wheels": paths, "imports": list(imports)})
        completed = subprocess.run(
            ["node", str(SCRIPT)], input=request, capture_output=True, text=True, cwd=ROOT, check=False
        )
        if completed.returncode != 0 or not out.is_file():
            raise RuntimeError(f"making the Pyodide snapshot failed under Node.js:\n{completed.stderr.strip()[-2000:]}")
        data = out.read_bytes()
    info = read_header(data)
    if info.build_id != build_id:
        raise RuntimeError(f"the snapshot's build id {info.build_id} is not the pinned Pyodide's {build_id}")
    if cached:
        cache.mkdir(parents=True, exist_ok=True)
        for old in cache.glob("*.bin"):  # keep one: each is the interpreter's whole memory
            if old != cached:
                old.unlink(missing_ok=True)
        write_cached(cached, data)
    return data


def snapshot_assets(assets: dict[str, bytes]) -> dict[str, bytes]:
    """{SNAPSHOT_PATH: bytes} for the site, or {} (with a warning) when Node.js cannot make it.

    The snapshot only speeds up the start: a site without it works (the worker boots normally).
    """
    try:
        return {SNAPSHOT_PATH: pack_snapshot(make_snapshot(snapshot_wheels(assets)))}
    except (RuntimeError, OSError, ValueError) as error:
        print(f"warning: no Pyodide snapshot, pages will start Python from scratch: {error}", flush=True)
        return {}


def pack_pages(data: bytes, page_size: int = PAGE_SIZE) -> bytes:
    """`data` without its pages of zeros, in the layout PAGES_HEADER describes.

    `page_size` in bytes. unpack_pages gives `data` back.
    """
    pages = -(-len(data) // page_size)
    kept = [
        data[index * page_size : (index + 1) * page_size].count(0) != min(page_size, len(data) - index * page_size)
        for index in range(pages)
    ]
    runs = []
    for index, keep in enumerate(kept):
        if not keep:
            continue
        if runs and runs[-1][0] + runs[-1][1] == index:
            runs[-1][1] += 1
        else:
            runs.append([index, 1])
    header = PAGES_HEADER.pack(PAGES_MAGIC, page_size, len(data), len(runs))
    header += b"".join(PAGES_RUN.pack(first, count) for first, count in runs)
    return header + b"".join(data[first * page_size : (first + count) * page_size] for first, count in runs)


def unpack_pages(packed: bytes) -> bytes:
    """The snapshot that pack_pages packed. Raises ValueError when `packed` is not in its layout."""
    if len(packed) < PAGES_HEADER.size:
        raise ValueError("too short for a packed snapshot")
    magic, page_size, length, run_count = PAGES_HEADER.unpack_from(packed)
    if magic != PAGES_MAGIC or page_size == 0:
        raise ValueError("not a packed snapshot (bad magic number)")
    at = PAGES_HEADER.size + run_count * PAGES_RUN.size
    data = bytearray(length)
    for index in range(run_count):
        first, count = PAGES_RUN.unpack_from(packed, PAGES_HEADER.size + index * PAGES_RUN.size)
        start, end = first * page_size, min(length, (first + count) * page_size)
        if not start < end <= length or at + end - start > len(packed):
            raise ValueError("packed snapshot cut short or with runs out of range")
        data[start:end] = packed[at : at + end - start]
        at += end - start
    if at != len(packed):
        raise ValueError("packed snapshot has bytes past its last run")
    return bytes(data)


def pack_snapshot(data: bytes, cache: Path | None = CACHE) -> bytes:
    """The file the site ships for snapshot `data`: pack_pages gzipped at the best level
    (deterministic: no time stamp), cached beside the snapshot."""
    key = hashlib.sha256(PAGES_MAGIC + data).hexdigest()[:32]  # a new layout gets a new key
    cached = cache / f"{key}.gz" if cache else None
    if (kept := read_cached(cached)) is not None:
        return kept
    packed = gzip.compress(pack_pages(data), compresslevel=9, mtime=0)
    if cached:
        cache.mkdir(parents=True, exist_ok=True)
        for old in cache.glob("*.gz"):
            if old != cached:
                old.unlink(missing_ok=True)
        write_cached(cached, packed)
    return packed


USES = ("auto", "cached", "always", "off")  # the policies; site/js/worker/snapshot.js says what each does


def runtime_setting(assets: dict[str, bytes], use: str = "auto") -> dict | None:
    """The `snapshot` entry of the pages' runtime JSON, or None when the site has no snapshot.

    {"url": versioned path, "bytes": size of the gzip file, "use": policy, "wheels": [paths],
    "packages": [names]}. The URL carries a hash of the snapshot, so a cached copy from an older
    build is never used. `use` is the worker's policy, one of USES (see
    site/js/worker/snapshot.js); `bytes` lets "auto" judge the link's speed while the file
    downloads; `wheels` are the site's wheels already imported in the snapshot (the worker
    unpacks those after the first run); `packages` the packages imported in it (the worker
    imports them once more, to prove the snapshot good). Raises ValueError for an unknown
    `use`.
    """
    if use not in USES:
        raise ValueError(f"snapshot use must be one of {', '.join(USES)}, not {use!r}")
    data = assets.get(SNAPSHOT_PATH)
    if data is None:
        return None
    return {
        "url": f"{SNAPSHOT_PATH}?v={hashlib.sha256(data).hexdigest()[:10]}",
        "bytes": len(data),
        "use": use,
        "wheels": [f"{WHEELS_DIR}{name}" for name in snapshot_wheels(assets)],
        "packages": list(SNAPSHOT_PACKAGES),
    }
