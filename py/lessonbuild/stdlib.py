"""A small standard library to start Python with, so a slow link spends less time before it.

Pyodide's python_stdlib.zip is 2.5 MB, and Python cannot start before it has all of it. Python's
start only reads about 140 of its 600 files (0.8 MB): the build packs those into
BOOT_STDLIB_PATH, the page's worker starts Python with it while the full zip downloads, and puts
the full zip in its place before the first cell runs (site/js/worker.js). The list of files is
taken from the pinned Pyodide itself, under Node.js (site/tools/list-boot-stdlib.mjs), and
cached in build-cache/ under Pyodide's build id.
"""

from __future__ import annotations

import hashlib
import io
import json
import subprocess
import zipfile
from pathlib import Path

from .snapshot import pyodide_build_id

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "site" / "tools" / "list-boot-stdlib.mjs"
CACHE = ROOT / "build-cache" / "stdlib"
STDLIB_PATH = "pyodide/python_stdlib.zip"
BOOT_STDLIB_PATH = "pyodide/python_stdlib_boot.zip"


def boot_file_names(cache: Path | None = CACHE) -> list[str]:
    """The names inside python_stdlib.zip that Python reads while it starts. Raises
    RuntimeError when Node.js cannot tell."""
    key = hashlib.sha256(pyodide_build_id().encode() + SCRIPT.read_bytes()).hexdigest()[:32]
    cached = cache / f"{key}.json" if cache else None
    if cached and cached.is_file():
        return json.loads(cached.read_text(encoding="utf-8"))
    done = subprocess.run(["node", str(SCRIPT)], capture_output=True, text=True, cwd=ROOT, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"listing the standard library Python starts with failed under Node.js:\n{done.stderr[-2000:]}")
    names = json.loads(done.stdout)
    if cached:
        cache.mkdir(parents=True, exist_ok=True)
        cached.write_text(json.dumps(names), encoding="utf-8")
    return names


def boot_stdlib(full: bytes, names: list[str]) -> bytes:
    """A zip of `names` taken from the zip `full` (bytes), compressed as they were there, with
    the same fixed dates, so the result is the same for the same input. Raises KeyError for a
    name `full` does not hold."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(full)) as source, zipfile.ZipFile(out, "w") as boot:
        for name in names:
            info = source.getinfo(name)
            boot.writestr(info, source.read(name), compress_type=info.compress_type)
    return out.getvalue()


def boot_stdlib_assets(assets: dict[str, bytes]) -> dict[str, bytes]:
    """{BOOT_STDLIB_PATH: bytes}, or {} (with a warning) when it cannot be made: pages then start
    Python with the full zip, as Pyodide does by default."""
    try:
        return {BOOT_STDLIB_PATH: boot_stdlib(assets[STDLIB_PATH], boot_file_names())}
    except (RuntimeError, OSError, KeyError, ValueError) as error:
        print(f"warning: no small standard library to start Python with: {error}", flush=True)
        return {}


def runtime_setting(assets: dict[str, bytes]) -> dict | None:
    """The `stdlib` entry of the pages' runtime JSON: {"boot": path, "full": path}, or None."""
    if BOOT_STDLIB_PATH not in assets:
        return None
    return {"boot": BOOT_STDLIB_PATH, "full": STDLIB_PATH}
