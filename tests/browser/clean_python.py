"""Pythons that have never seen the project, with the network off, to run downloaded lessons in.

- :func:`make_plain_venv`: a venv with nothing installed (no system site-packages): a plain
  ``python3``.
- :func:`make_kernel_venv`: the same plus ipykernel, for Jupyter (nbclient) to run notebooks in.
  ipykernel and what it needs are copied from this test venv's installed distributions (each
  one's recorded files, hard-linked where it can): no pip, no index, no network.
- :func:`network_off`: the command prefix that runs a process with no network at all
  (``unshare -n``: a network namespace of its own, with no interface up, not even loopback), or
  None where this machine cannot make one (not root, no user namespaces).
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from packaging.requirements import Requirement

UNSHARE = shutil.which("unshare")
#: Modules a downloaded lesson carries: a clean Python must not find any of them by itself.
CARRIED_MODULES = ("rankmetrics", "cellruntime", "pygal", "importlib_metadata", "zipp", "lazy_importer")


def network_off() -> list[str] | None:
    """["unshare", "-n", "--"] when it works here (tried, not inferred), else None."""
    if UNSHARE is None:
        return None
    tried = subprocess.run([UNSHARE, "-n", "--", sys.executable, "-c", "pass"], capture_output=True)
    return [UNSHARE, "-n", "--"] if tried.returncode == 0 else None


def make_plain_venv(folder: Path) -> Path:
    """A venv without pip or anything else at `folder`; returns its python."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True)
    return folder / "bin" / "python"


def site_packages(python: Path) -> Path:
    return Path(
        subprocess.run(
            [str(python), "-I", "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )


def distribution_closure(name: str) -> list[importlib.metadata.Distribution]:
    """`name`'s installed distribution and every one it requires here (markers evaluated, no
    extras), each once."""
    found: dict[str, importlib.metadata.Distribution] = {}
    pending = [name]
    while pending:
        requirement = pending.pop()
        key = re.sub(r"[-_.]+", "-", requirement).lower()
        if key in found:
            continue
        distribution = importlib.metadata.distribution(requirement)
        found[key] = distribution
        for line in distribution.requires or []:
            needed = Requirement(line)
            if needed.marker is None or needed.marker.evaluate({"extra": ""}):
                pending.append(needed.name)
    return list(found.values())


def make_kernel_venv(folder: Path) -> Path:
    """A plain venv with ipykernel's installed files copied in; returns its python."""
    python = make_plain_venv(folder)
    target = site_packages(python)
    source = Path(sysconfig.get_paths()["purelib"]).resolve()
    for distribution in distribution_closure("ipykernel"):
        for file in distribution.files or []:
            path = Path(distribution.locate_file(file)).resolve()
            if path.is_file() and source in path.parents:  # not scripts in bin/
                destination = target / path.relative_to(source)
                destination.parent.mkdir(parents=True, exist_ok=True)
                try:
                    os.link(path, destination)  # a copy that costs nothing on the same file system
                except OSError:
                    shutil.copy2(path, destination)
    return python


def kernel_spec(folder: Path, python: Path, prefix: list[str]) -> Path:
    """A kernel spec folder "clean" under `folder` that starts `python -I -m ipykernel_launcher`
    after `prefix` (e.g. network_off()); returns the folder holding the spec."""
    spec = folder / "kernels" / "clean"
    spec.mkdir(parents=True)
    argv = [*prefix, str(python), "-I", "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    (spec / "kernel.json").write_text(json.dumps({"argv": argv, "display_name": "clean", "language": "python"}))
    return folder / "kernels"


def finds(python: Path, modules=CARRIED_MODULES) -> list[str]:
    """Which of `modules` `python -I` can import from an empty folder."""
    code = f"import importlib.util as u; print([m for m in {list(modules)!r} if u.find_spec(m)])"
    done = subprocess.run([str(python), "-I", "-c", code], capture_output=True, text=True, check=True, cwd="/")
    return json.loads(done.stdout.replace("'", '"'))


BLOCK_SOCKETS = '''\
"""No network for this Python: a socket of any internet family cannot connect or resolve."""
import socket

def _refuse(*args, **options):
    raise OSError("the network is off for this Python")

_plain_connect, _plain_connect_ex = socket.socket.connect, socket.socket.connect_ex

class _Offline(socket.socket):
    def connect(self, address):
        if self.family in (socket.AF_INET, socket.AF_INET6):
            _refuse()
        return _plain_connect(self, address)

    def connect_ex(self, address):
        if self.family in (socket.AF_INET, socket.AF_INET6):
            _refuse()
        return _plain_connect_ex(self, address)

socket.socket = _Offline
socket.getaddrinfo = socket.gethostbyname = socket.create_connection = _refuse
'''


def block_sockets(python: Path) -> None:
    """Where network_off() is None: a sitecustomize in `python`'s venv that refuses internet
    sockets to Python code (weaker: code outside Python's socket module could still connect)."""
    (site_packages(python) / "sitecustomize.py").write_text(BLOCK_SOCKETS)
