"""Pinned page packages: the list parses, and cached wheels are used without pip."""

from pathlib import Path

from lessonbuild.vendor import page_packages, pyodide_python_version, wheel_for

ROOT = Path(__file__).resolve().parents[2]


def test_every_page_package_pins_exact_versions():
    packages = page_packages()
    assert "pygal" in packages
    for package in packages.values():
        assert package.pins[0].split("==")[0] == package.name  # the package itself comes first
        assert all("==" in pin for pin in package.pins)


def test_pyodide_python_version_comes_from_the_lock_file():
    version = pyodide_python_version(ROOT / "node_modules")
    assert version.startswith("3.") and version.count(".") == 1


def test_cached_wheel_is_reused_without_downloading(tmp_path):
    folder = tmp_path / "demo-1.0"
    folder.mkdir()
    wheel = folder / "demo-1.0-py3-none-any.whl"
    wheel.write_bytes(b"cached")
    assert wheel_for("demo==1.0", "3.14", cache=tmp_path) == wheel
