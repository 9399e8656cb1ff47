"""A Python for building documentation with the rankcells wheel, as an author has one: a virtual
environment with the wheel installed (--no-deps), reaching Sphinx, MkDocs and their themes in
the running Python's site-packages through a .pth file (installing them afresh takes about a
minute). For the browser tests (tests/browser/test_docs_package.py) and bench/docs_bytes.py."""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

__all__ = ["docs_environment", "run_tool"]


def docs_environment(wheel: Path, folder: Path) -> Path:
    """Make a virtual environment in `folder` with `wheel` (a rankcells wheel) installed and the
    running Python's packages reachable; return its Python.

    Raises subprocess.CalledProcessError when the environment or the install fails.
    """
    venv.create(folder, with_pip=False)
    python = folder / "bin" / "python"
    purelib = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    parents = [path for path in sys.path if path.endswith("site-packages")]
    Path(purelib, "test-requirements.pth").write_text("\n".join(parents) + "\n", encoding="utf-8")
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps", str(wheel)],
        check=True,
    )
    return python


def run_tool(python: Path, folder: Path, *arguments: str) -> subprocess.CompletedProcess:
    """Run `python -m ARGUMENTS` in `folder` with no PYTHONPATH (so rankcells is the wheel's);
    returns the finished process (its output captured as text), whatever its exit status."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    return subprocess.run([python, "-m", *arguments], cwd=folder, env=env, capture_output=True, text=True)
