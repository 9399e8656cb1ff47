"""A small, compiled standard library to start Python with: a normal start takes less time.

Pyodide's python_stdlib.zip holds the standard library's Python sources, and Python cannot
start before it has all of it. Python's start, and the import of the cell runtime's packages,
read a fraction of its files, and Python compiles each of them again on every start. The build
packs those files, compiled (.pyc), into BOOT_STDLIB_PATH: the page's worker starts Python with
it while the full zip downloads, and puts the full zip in its place when it arrives
(site/js/worker/stdlib.js). bench/page_speed.py prints how long each boot step takes.
The list of files and the compiled files come from the pinned Pyodide itself, under Node.js
(site/tools/make-boot-stdlib.mjs, which boots Python with the worker's own steps), and are
cached in build-cache/ under a hash of all they are made from.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import tempfile
from pathlib import Path

from .buildcache import read_cached, write_cached
from .paths import BUILD_CACHE, PYODIDE_DIR, ROOT, TOOLS
from .snapshot import SCRIPT_PARTS as SNAPSHOT_SCRIPT_PARTS
from .snapshot import SNAPSHOT_PACKAGES, pyodide_build_id, snapshot_wheels

SCRIPT = TOOLS / "make-boot-stdlib.mjs"
# SCRIPT and what it runs: the worker's boot steps (as make-snapshot.mjs does) and the Python
# that lists and compiles the files.
SCRIPT_PARTS = (SCRIPT, TOOLS / "boot_stdlib.py", *SNAPSHOT_SCRIPT_PARTS[1:])
CACHE = BUILD_CACHE / "stdlib"
STDLIB_PATH = f"{PYODIDE_DIR}python_stdlib.zip"
BOOT_STDLIB_PATH = f"{PYODIDE_DIR}python_stdlib_boot.zip"


def boot_stdlib(
    wheels: dict[str, bytes], imports: tuple[str, ...] = SNAPSHOT_PACKAGES, cache: Path | None = CACHE
) -> tuple[bytes, list[str]]:
    """(the zip's bytes, the names in python_stdlib.zip it was made from): the files Python
    reads while it starts and while `imports` are imported from `wheels` ({file name: bytes}),
    compiled to unchecked hash-based .pyc files (a `.py` name becomes `.pyc`; others are
    copied). The same bytes for the same input. Raises RuntimeError when Node.js cannot make it."""
    key = hashlib.sha256()
    for part in (
        pyodide_build_id().encode(),
        *(path.read_bytes() for path in SCRIPT_PARTS),
        json.dumps(list(imports)).encode(),
    ):
        key.update(hashlib.sha256(part).digest())
    for name, data in sorted(wheels.items()):
        key.update(hashlib.sha256(name.encode() + b"\0" + data).digest())
    cached_zip = cache / f"{key.hexdigest()[:32]}.zip" if cache else None
    cached_names = cached_zip.with_suffix(".json") if cached_zip else None
    if cached_names and cached_names.is_file() and (data := read_cached(cached_zip)) is not None:
        return data, json.loads((read_cached(cached_names) or b"[]").decode("utf-8"))
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for name, data in sorted(wheels.items()):
            path = Path(folder) / name
            path.write_bytes(data)
            paths.append(str(path))
        out = Path(folder) / "boot.zip"
        request = json.dumps({"wheels": paths, "imports": list(imports)})
        done = subprocess.run(
            ["node", str(SCRIPT), str(out)], input=request, capture_output=True, text=True, cwd=ROOT, check=False
        )
        if done.returncode != 0 or not out.is_file():
            raise RuntimeError(
                f"making the standard library Python starts with failed under Node.js:\n{done.stderr[-2000:]}"
            )
        data = out.read_bytes()
    names = json.loads(done.stdout)["names"]
    if cache:
        write_cached(cached_zip, data)
        write_cached(cached_names, json.dumps(names).encode("utf-8"))
    return data, names


def boot_stdlib_assets(assets: dict[str, bytes]) -> dict[str, bytes]:
    """{BOOT_STDLIB_PATH: bytes}, or {} (with a warning) when it cannot be made: pages then start
    Python with the full zip, as Pyodide does by default. `assets` must hold STDLIB_PATH and the
    wheels of SNAPSHOT_PACKAGES."""
    if STDLIB_PATH not in assets:
        return {}
    try:
        return {BOOT_STDLIB_PATH: boot_stdlib(snapshot_wheels(assets))[0]}
    except (RuntimeError, OSError, ValueError) as error:
        print(f"warning: no small standard library to start Python with: {error}", flush=True)
        return {}


def runtime_setting(assets: dict[str, bytes]) -> dict | None:
    """The `stdlib` entry of the pages' runtime JSON: {"boot": path, "full": path}, or None."""
    if BOOT_STDLIB_PATH not in assets:
        return None
    return {"boot": BOOT_STDLIB_PATH, "full": STDLIB_PATH}
