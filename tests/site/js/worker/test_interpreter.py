"""What the worker runs inside Python (site/js/worker/interpreter.py), under CPython."""

from __future__ import annotations

import importlib.util
import sys
import zipfile
from pathlib import Path

import pytest

from lessonbuild.paths import SITE

SOURCE = SITE / "js" / "worker" / "interpreter.py"


@pytest.fixture
def interpreter():
    """interpreter.py run in a namespace of its own, as the worker runs it."""
    namespace: dict = {}
    exec(compile(SOURCE.read_text(encoding="utf-8"), str(SOURCE), "exec"), namespace)
    return namespace


@pytest.fixture
def clean_import_state():
    """Give back sys.path, sys.meta_path and sys.modules as they were."""
    path, meta_path, modules = list(sys.path), list(sys.meta_path), dict(sys.modules)
    yield
    sys.path[:], sys.meta_path[:] = path, meta_path
    for name in set(sys.modules) - set(modules):
        del sys.modules[name]


def make_zip(path: Path, files: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return path


def test_site_packages_and_stdlib_zip(interpreter, clean_import_state, tmp_path):
    import site

    assert interpreter["site_packages"]() == site.getsitepackages()[0]
    stdlib = str(make_zip(tmp_path / "python_stdlib.zip", {"placeholder.py": ""}))
    sys.path.append(stdlib)
    assert interpreter["stdlib_zip"]() == next(p for p in sys.path if p.endswith(".zip"))
    sys.path[:] = [p for p in sys.path if not p.endswith(".zip")]
    with pytest.raises(StopIteration):
        interpreter["stdlib_zip"]()


def test_refresh_finder_sees_a_file_added_to_a_folder(interpreter, clean_import_state, tmp_path):
    folder = tmp_path / "packages"
    folder.mkdir()
    sys.path.insert(0, str(folder))
    assert importlib.util.find_spec("added_later_module") is None  # the finder lists the folder now
    (folder / "added_later_module.py").write_text("VALUE = 3\n")
    interpreter["refresh_finder"](str(folder))
    assert importlib.import_module("added_later_module").VALUE == 3
    interpreter["refresh_finder"](str(tmp_path / "not-on-the-path"))  # nothing to forget: no error


def test_on_miss_finder_installs_then_finds_and_is_dropped(interpreter, clean_import_state, tmp_path):
    full = make_zip(tmp_path / "full.zip", {"only_in_full.py": "WHERE = 'full'\n"})
    calls = []

    def install_now():
        calls.append(True)
        if str(full) in sys.path:
            return False  # already installed: nothing more to look in
        sys.path.append(str(full))
        return True

    interpreter["add_on_miss_finder"](install_now)
    assert importlib.import_module("only_in_full").WHERE == "full"
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("in_no_zip_at_all")
    assert len(calls) == 2
    interpreter["drop_on_miss_finder"]()
    assert [f for f in sys.meta_path if getattr(f, "__name__", "") == interpreter["ON_MISS_FINDER_NAME"]] == []
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("in_no_zip_at_all")
    assert len(calls) == 2, "once dropped, a miss asks for nothing"


def test_import_modules_counts_the_modules_and_raises_for_a_missing_one(interpreter, clean_import_state):
    count = interpreter["import_modules"](["json", "email.message"])
    assert "email.message" in sys.modules
    assert count == len(sys.modules)
    with pytest.raises(ModuleNotFoundError):
        interpreter["import_modules"](["no_such_package_here"])


def test_reseed_random_draws_afresh(interpreter):
    import random

    random.seed(1)
    first = random.random()
    random.seed(1)
    interpreter["reseed_random"]()
    assert random.random() != first
    interpreter["collect_garbage"]()
