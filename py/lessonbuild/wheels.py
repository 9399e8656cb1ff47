"""Pure-Python wheels of the project's own packages, so the page installs them offline.

A wheel is a zip with the package files and a small `.dist-info` folder (PEP 427). Writing it
here keeps the build fast and byte-for-byte reproducible (fixed timestamps, sorted entries).
"""

from __future__ import annotations

import base64
import hashlib
import re
import zipfile
from io import BytesIO
from pathlib import Path

FIXED_TIME = (1980, 1, 1, 0, 0, 0)
VERSION_PATTERN = re.compile(r'^__version__\s*=\s*["\']([^"\']+)["\']', re.MULTILINE)


def package_version(package_dir: Path) -> str:
    """Read `__version__` from the package's __init__.py; "0.0.0" when it has none."""
    match = VERSION_PATTERN.search((package_dir / "__init__.py").read_text(encoding="utf-8"))
    return match.group(1) if match else "0.0.0"


def build_wheel(
    package_dir: Path,
    summary: str,
    *,
    version: str | None = None,
    data: dict[str, bytes] | None = None,
    entry_points: str = "",
    requires: tuple[str, ...] = (),
) -> tuple[str, bytes]:
    """Return (file name, bytes) of a py3-none-any wheel holding the package's .py files.

    `version`: the wheel's version (default: the package's `__version__`, see package_version).
    `data`: more files of the package, {path inside the package: bytes}. `entry_points`: the text
    of the wheel's entry_points.txt (its INI format), e.g. a plugin's registration. `requires`:
    the distributions it needs (its METADATA's Requires-Dist lines, e.g. "PyYAML").
    """
    name = package_dir.name
    version = version or package_version(package_dir)
    dist_info = f"{name}-{version}.dist-info"
    files: dict[str, bytes] = {}
    for path in sorted(package_dir.rglob("*.py")):
        files[path.relative_to(package_dir.parent).as_posix()] = path.read_bytes()
    for path, content in sorted((data or {}).items()):
        files[f"{name}/{path}"] = content
    files[f"{dist_info}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\nSummary: {summary}\n"
        + "".join(f"Requires-Dist: {requirement}\n" for requirement in requires)
    ).encode()
    if entry_points:
        files[f"{dist_info}/entry_points.txt"] = entry_points.encode()
    files[f"{dist_info}/WHEEL"] = (
        "Wheel-Version: 1.0\nGenerator: lessonbuild\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    ).encode()
    record_name = f"{dist_info}/RECORD"
    record = [f"{path},sha256={_digest(data)},{len(data)}" for path, data in files.items()]
    files[record_name] = ("\n".join(record + [f"{record_name},,"]) + "\n").encode()

    buffer = BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for path, data in files.items():
            info = zipfile.ZipInfo(path, date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return f"{name}-{version}-py3-none-any.whl", buffer.getvalue()


def _digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
