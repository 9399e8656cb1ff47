"""Wheels of extra pure-Python packages that lessons declare (`packages:` in front matter).

The pinned list is pyodide-packages.toml. Wheels come from PyPI through pip (one download per
pin, cached in build-cache/wheels/), so a rebuild needs no network; the page then installs
them from dist/wheels/ with Pyodide's package loader.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

from .paths import BUILD_CACHE, ROOT

PACKAGES_FILE = ROOT / "pyodide-packages.toml"
CACHE = BUILD_CACHE / "wheels"


@dataclass(frozen=True)
class PagePackage:
    name: str
    import_name: str
    pins: tuple[str, ...]  # "name==version", the package first


def page_packages(path: Path = PACKAGES_FILE) -> dict[str, PagePackage]:
    """The packages lessons may declare, by name."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {name: PagePackage(name, entry.get("import", name), tuple(entry["wheels"])) for name, entry in data.items()}


def pyodide_python_version(node_modules: Path) -> str:
    """Python version of the pinned Pyodide, e.g. "3.14" (wheels are chosen for it)."""
    import json

    lock = json.loads((node_modules / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    return ".".join(lock["info"]["python"].split(".")[:2])


def wheel_for(pin: str, python_version: str, cache: Path = CACHE) -> Path:
    """Return the cached wheel of `pin`, downloading it with pip the first time.

    Raises RuntimeError when pip cannot get a pure-Python wheel for it.
    """
    folder = cache / pin.replace("==", "-").lower()
    wheels = sorted(folder.glob("*.whl")) if folder.is_dir() else []
    if not wheels:
        folder.mkdir(parents=True, exist_ok=True)
        command = [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--no-deps",
            "--only-binary=:all:",
            "--python-version",
            python_version,
            "--implementation",
            "py",
            "--abi",
            "none",
            "--platform",
            "any",
            "--dest",
            str(folder),
            pin,
        ]
        completed = subprocess.run(command, capture_output=True, text=True, check=False)
        wheels = sorted(folder.glob("*.whl"))
        if completed.returncode != 0 or len(wheels) != 1:
            raise RuntimeError(f"Could not download a pure-Python wheel for {pin}:\n{completed.stderr.strip()}")
    os.utime(wheels[0])  # in use: build-cache pruning keeps it (buildcache.py)
    return wheels[0]
