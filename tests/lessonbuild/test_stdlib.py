"""The small standard library Python starts with (py/lessonbuild/stdlib.py): the files Python's
start reads, taken unchanged from Pyodide's own zip."""

from __future__ import annotations

import io
import zipfile

import pytest

from lessonbuild.assets import NODE_MODULES
from lessonbuild.render import runtime_preloads
from lessonbuild.stdlib import BOOT_STDLIB_PATH, STDLIB_PATH, boot_file_names, boot_stdlib, runtime_setting


def make_zip(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return out.getvalue()


def test_boot_stdlib_holds_exactly_the_names_unchanged():
    full = make_zip({"os.py": b"import sys\n" * 50, "json/__init__.py": b"x = 1\n", "csv.py": b"y = 2\n"})
    boot = zipfile.ZipFile(io.BytesIO(boot_stdlib(full, ["json/__init__.py", "os.py"])))
    assert boot.namelist() == ["json/__init__.py", "os.py"]
    assert boot.read("os.py") == b"import sys\n" * 50
    assert boot.getinfo("os.py").compress_type == zipfile.ZIP_DEFLATED
    assert boot_stdlib(full, ["os.py"]) == boot_stdlib(full, ["os.py"])  # the same bytes every build
    with pytest.raises(KeyError):
        boot_stdlib(full, ["missing.py"])


def test_runtime_setting_and_preloads_use_the_small_zip_when_there_is_one():
    assert runtime_setting({STDLIB_PATH: b""}) is None
    setting = runtime_setting({STDLIB_PATH: b"", BOOT_STDLIB_PATH: b""})
    assert setting == {"boot": BOOT_STDLIB_PATH, "full": STDLIB_PATH}
    preloads = runtime_preloads({"pyodide": "pyodide/", "stdlib": setting})
    assert BOOT_STDLIB_PATH in preloads and STDLIB_PATH not in preloads
    assert STDLIB_PATH in runtime_preloads({"pyodide": "pyodide/", "stdlib": None})


@pytest.mark.node
def test_python_starts_with_a_fraction_of_the_standard_library(tmp_path):
    names = boot_file_names(cache=tmp_path)
    full = zipfile.ZipFile(NODE_MODULES / "pyodide" / "python_stdlib.zip")
    assert {"os.py", "encodings/__init__.py", "_pyodide/__init__.py"} <= set(names) <= set(full.namelist())
    assert len(names) < len(full.namelist()) / 2
    assert boot_file_names(cache=tmp_path) == names  # from the cache
