"""The Python that writes the small standard library (site/tools/boot_stdlib.py), under CPython."""

from __future__ import annotations

import importlib.util
import marshal
import sys
import types
import zipfile

import pytest

from lessonbuild.paths import TOOLS

SOURCE = TOOLS / "boot_stdlib.py"


@pytest.fixture
def boot_stdlib():
    namespace: dict = {}
    exec(compile(SOURCE.read_text(encoding="utf-8"), str(SOURCE), "exec"), namespace)
    return namespace


@pytest.fixture
def stdlib(tmp_path):
    path = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("alpha.py", "A = 1\n")
        archive.writestr("pkg/__init__.py", "")
        archive.writestr("pkg/data.txt", "not python")
        archive.writestr("unused.py", "U = 0\n")
    return str(path)


def module(name: str, file: str | None) -> types.ModuleType:
    made = types.ModuleType(name)
    if file is not None:
        made.__file__ = file
    return made


def test_names_in_zip_keeps_the_files_from_that_zip(boot_stdlib, stdlib):
    modules = [
        module("alpha", f"{stdlib}/alpha.py"),
        module("pkg", f"{stdlib}/pkg/__init__.py"),
        module("builtin", None),
        module("elsewhere", "/lib/elsewhere.py"),
        module("twin", f"{stdlib}x/alpha.py"),
    ]
    assert boot_stdlib["names_in_zip"](stdlib, modules) == ["alpha.py", "pkg/__init__.py"]


def test_write_compiled_stores_unchecked_pyc_files(boot_stdlib, stdlib, tmp_path):
    out = tmp_path / "boot.zip"
    boot_stdlib["write_compiled"](stdlib, ["alpha.py", "pkg/data.txt"], str(out))
    with zipfile.ZipFile(out) as boot:
        assert boot.namelist() == ["alpha.pyc", "pkg/data.txt"]
        assert {info.compress_type for info in boot.infolist()} == {zipfile.ZIP_STORED}
        assert boot.read("pkg/data.txt") == b"not python"
        pyc = boot.read("alpha.pyc")
    assert pyc[:4] == importlib.util.MAGIC_NUMBER
    assert int.from_bytes(pyc[4:8], "little") == 0b01, "unchecked hash-based (PEP 552)"
    assert pyc[8:16] == importlib.util.source_hash(b"A = 1\n")
    code = marshal.loads(pyc[16:])
    assert code.co_filename == f"{stdlib}/alpha.py", "tracebacks find the source in the full zip"
    namespace: dict = {}
    exec(code, namespace)
    assert namespace["A"] == 1


def test_write_boot_stdlib_takes_what_python_imported_from_the_zip(boot_stdlib, stdlib, tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(stdlib)
    monkeypatch.delitem(sys.modules, "alpha", raising=False)
    import alpha  # noqa: F401 - imported from the zip

    out = tmp_path / "boot.zip"
    try:
        assert boot_stdlib["write_boot_stdlib"](stdlib, str(out)) == ["alpha.py"]
    finally:
        sys.modules.pop("alpha", None)
    assert zipfile.ZipFile(out).namelist() == ["alpha.pyc"]
