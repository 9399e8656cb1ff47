"""The small standard library Python starts with (py/lessonbuild/stdlib.py): the files Python's
start reads, compiled by the pinned Pyodide."""

from __future__ import annotations

import io
import zipfile


from lessonbuild.assets import PACKAGES
from lessonbuild.paths import NODE_MODULES, ROOT
from lessonbuild.stdlib import BOOT_STDLIB_PATH, STDLIB_PATH, boot_stdlib, runtime_setting
from lessonbuild.wheels import build_wheel


def test_runtime_setting_names_both_zips_when_there_is_a_small_one():
    assert runtime_setting({STDLIB_PATH: b""}) is None
    setting = runtime_setting({STDLIB_PATH: b"", BOOT_STDLIB_PATH: b""})
    assert setting == {"boot": BOOT_STDLIB_PATH, "full": STDLIB_PATH}


def test_python_starts_with_a_compiled_fraction_of_the_standard_library(tmp_path, pyodide_node):
    wheels = dict(build_wheel(ROOT / "py" / name, summary) for name, summary in PACKAGES.items())
    data, names = boot_stdlib(wheels, cache=tmp_path)
    full = zipfile.ZipFile(NODE_MODULES / "pyodide" / "python_stdlib.zip")
    # Python's start, and what the cell runtime's packages import (difflib: cellruntime.checks).
    assert (
        {"os.py", "encodings/__init__.py", "_pyodide/__init__.py", "difflib.py"} <= set(names) <= set(full.namelist())
    )
    assert len(names) < len(full.namelist()) / 2
    boot = zipfile.ZipFile(io.BytesIO(data))
    assert sorted(boot.namelist()) == sorted(name + "c" if name.endswith(".py") else name for name in names)
    header = boot.read("os.pyc")[:16]
    flags = int.from_bytes(header[4:8], "little")
    assert flags == 0b01, "an unchecked hash-based .pyc (PEP 552)"
    assert boot_stdlib(wheels, cache=tmp_path) == (data, names)  # from the cache
    assert boot_stdlib(wheels, cache=None) == (data, names)  # the same bytes every build
