"""The Pyodide memory snapshot the build ships: made under Node from the pinned Pyodide, with a
sane header, cached between builds, booting with the packages imported, and left out cleanly."""

from __future__ import annotations

import gzip
import json
import struct
import subprocess
from pathlib import Path

import pytest

import build
from lessonbuild import snapshot as snapshot_module
from lessonbuild.assets import PACKAGES
from lessonbuild.snapshot import (
    MAGIC,
    PAGE_SIZE,
    SNAPSHOT_PATH,
    WASM_PAGE,
    make_snapshot,
    pack_pages,
    pack_snapshot,
    pyodide_build_id,
    read_header,
    runtime_setting,
    snapshot_assets,
    snapshot_wheels,
    unpack_pages,
)
from lessonbuild.wheels import build_wheel

ROOT = Path(__file__).resolve().parents[2]


def fake_snapshot(
    build_id: str = "ab" * 32, memory: bytes = b"\0" * WASM_PAGE, note: dict | None = None, magic: int = MAGIC
) -> bytes:
    text = json.dumps(note if note is not None else {"hiwireKeys": [None], "immortalKeys": []}).encode()
    offset = -(-(48 + len(text)) // 16) * 16
    words = [int(build_id[i : i + 8], 16) for i in range(0, 64, 8)]
    header = struct.pack("<4I8I", magic, offset, len(text), 0, *words) + text
    return header.ljust(offset, b"\0") + memory


def test_read_header_parses_pyodides_layout():
    info = read_header(fake_snapshot(build_id="0123456789abcdef" * 4, memory=b"\1" * (2 * WASM_PAGE)))
    assert info.build_id == "0123456789abcdef" * 4
    assert info.memory_bytes == 2 * WASM_PAGE
    assert info.note == {"hiwireKeys": [None], "immortalKeys": []}


@pytest.mark.parametrize("data", [b"", b"\0" * 47, fake_snapshot(magic=0x12345678), b"PK\3\4" + b"\0" * 100])
def test_read_header_rejects_what_is_not_a_snapshot(data):
    with pytest.raises(ValueError):
        read_header(data)


def test_pinned_pyodide_has_a_build_id():
    build_id = pyodide_build_id()
    assert len(build_id) == 64 and int(build_id, 16) >= 0


def test_runtime_setting_versions_the_url_and_is_none_without_a_snapshot():
    wheels = {
        "wheels/cellruntime-1-py3-none-any.whl": b"c",
        "wheels/rankmetrics-1-py3-none-any.whl": b"r",
        "wheels/pygal-3-py3-none-any.whl": b"p",
    }
    setting = runtime_setting({SNAPSHOT_PATH: b"one", **wheels})
    assert setting["url"].startswith(f"{SNAPSHOT_PATH}?v=") and setting["use"] == "auto" and setting["bytes"] == 3
    assert setting["wheels"] == ["wheels/cellruntime-1-py3-none-any.whl", "wheels/rankmetrics-1-py3-none-any.whl"]
    assert runtime_setting({SNAPSHOT_PATH: b"two", **wheels})["url"] != setting["url"]
    assert runtime_setting({"wheels/x.whl": b""}) is None
    with pytest.raises(ValueError, match="auto"):
        runtime_setting({SNAPSHOT_PATH: b"one", **wheels}, use="sometimes")


def test_pack_snapshot_is_deterministic_and_cached(tmp_path):
    data = fake_snapshot(memory=bytes(range(256)) * 512)
    packed = pack_snapshot(data, cache=tmp_path)
    assert unpack_pages(gzip.decompress(packed)) == data and len(packed) < len(data)
    assert pack_snapshot(data, cache=None) == packed  # no time stamp: the same bytes every build
    assert [path.suffix for path in tmp_path.iterdir()] == [".gz"]


@pytest.mark.parametrize(
    "layout", ["zeros in the middle", "all zeros", "no zeros", "short last page", "zero short last page", "empty"]
)
def test_pack_pages_leaves_out_pages_of_zeros_and_gives_them_back(layout):
    page = PAGE_SIZE
    data = {
        "zeros in the middle": b"a" * page + bytes(3 * page) + b"b" * 10 + bytes(page - 10) + bytes(page) + b"c" * page,
        "all zeros": bytes(4 * page),
        "no zeros": b"x" * (2 * page),
        "short last page": b"x" * page + bytes(page) + b"y" * 100,
        "zero short last page": b"x" * page + bytes(100),
        "empty": b"",
    }[layout]
    packed = pack_pages(data)
    zero_pages = sum(1 for start in range(0, len(data), page) if not data[start : start + page].strip(b"\0"))
    assert len(packed) <= 16 + 8 * (len(data) // page + 1) + len(data) - zero_pages * page + page
    assert unpack_pages(packed) == data


def test_pack_pages_keeps_a_page_with_one_byte_set():
    data = bytes(2 * PAGE_SIZE) + b"\1" + bytes(PAGE_SIZE - 1)
    packed = pack_pages(data)
    assert len(packed) == 16 + 8 + PAGE_SIZE and unpack_pages(packed) == data


@pytest.mark.parametrize(
    "damage",
    [lambda p: p[:-1], lambda p: p + b"x", lambda p: b"ZPG2" + p[4:], lambda p: p[:10]],
    ids=["cut short", "extra bytes", "other magic", "cut in the header"],
)
def test_unpack_pages_rejects_a_damaged_file(damage):
    with pytest.raises(ValueError):
        unpack_pages(damage(pack_pages(b"a" * PAGE_SIZE + bytes(PAGE_SIZE) + b"b" * PAGE_SIZE)))


def test_a_failure_to_make_it_leaves_the_site_without_it(monkeypatch, capsys):
    def fail(*args, **kwargs):
        raise RuntimeError("node is broken")

    monkeypatch.setattr(snapshot_module, "make_snapshot", fail)
    assert (
        snapshot_assets({"wheels/cellruntime-1-py3-none-any.whl": b"", "wheels/rankmetrics-1-py3-none-any.whl": b""})
        == {}
    )
    assert "no Pyodide snapshot" in capsys.readouterr().out


def test_snapshot_wheels_needs_every_package():
    with pytest.raises(RuntimeError, match="rankmetrics"):
        snapshot_wheels({"wheels/cellruntime-0.1.0-py3-none-any.whl": b"x", "wheels/pygal-3-py3-none-any.whl": b"y"})


# --- under Node.js -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def wheels() -> dict[str, bytes]:
    return dict(build_wheel(ROOT / "py" / name, summary) for name, summary in PACKAGES.items())


@pytest.fixture(scope="module")
def made(wheels, tmp_path_factory, pyodide_node) -> tuple[bytes, Path]:
    cache = tmp_path_factory.mktemp("snapshot-cache")
    return make_snapshot(wheels, cache=cache), cache


def test_snapshot_is_made_from_the_pinned_pyodide(made):
    data, _ = made
    info = read_header(data)
    assert info.build_id == pyodide_build_id()
    assert info.memory_bytes % WASM_PAGE == 0
    assert 16 * 2**20 <= info.memory_bytes <= 128 * 2**20, "about 30 MiB expected: did the heap balloon?"
    # Python may refer to no JavaScript object the snapshot could not name (nothing "serialized").
    assert all(key is None or "serialized" not in key for key in info.note["hiwireKeys"])


def test_second_make_comes_from_the_cache(made, wheels, monkeypatch):
    data, cache = made
    assert len(list(cache.glob("*.bin"))) == 1
    monkeypatch.setattr(subprocess, "run", lambda *a, **k: pytest.fail("Node ran although the inputs did not change"))
    assert make_snapshot(wheels, cache=cache) == data


def test_snapshot_boots_with_the_packages_imported(made, tmp_path):
    """Node loads the snapshot and runs a cell in a cellruntime Session, without unpacking a wheel."""
    data, _ = made
    path = tmp_path / "snapshot.bin"
    path.write_bytes(data)
    script = f"""
import {{ readFileSync }} from "node:fs";
import {{ loadPyodide }} from "pyodide";
const pyodide = await loadPyodide({{ _loadSnapshot: readFileSync({json.dumps(str(path))}) }});
const report = pyodide.runPython(`
import json, sys
preloaded = [name for name in ("cellruntime", "rankmetrics") if name in sys.modules]
import cellruntime
out = []
session = cellruntime.Session(available_packages=["rankmetrics"])
result = session.run("import rankmetrics\\\\nprint(rankmetrics.precision_at_k(['a', 'b'], {{'a'}}, k=2))", "c1",
                     lambda stream, text: out.append(text))
json.dumps({{"preloaded": preloaded, "result": result, "out": "".join(out)}})
`);
process.stdout.write(report);
"""
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script], capture_output=True, text=True, cwd=ROOT, timeout=180
    )
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout)
    assert report["preloaded"] == ["cellruntime", "rankmetrics"]
    assert report["result"]["ok"], report
    assert report["out"].strip() == "0.5"


def test_build_without_snapshot_leaves_it_out(make_lessons, good_lesson, tmp_path):
    out = tmp_path / "dist"
    build.build(make_lessons({"sample": good_lesson}), out, snapshot=False)
    assert not (out / SNAPSHOT_PATH).exists()
    page = (out / "sample.html").read_text()
    data = json.loads(page.split('id="lesson-data">', 1)[1].split("</script>", 1)[0])
    assert data["runtime"]["snapshot"] is None


def test_build_ships_the_snapshot_packed_as_is_with_its_policy(make_lessons, good_lesson, tmp_path):
    out = tmp_path / "dist"
    build.build(make_lessons({"sample": good_lesson}), out, snapshot_use="cached")
    shipped = (out / SNAPSHOT_PATH).read_bytes()
    assert read_header(unpack_pages(gzip.decompress(shipped))).build_id == pyodide_build_id()
    assert not list(out.glob(f"{SNAPSHOT_PATH}.*")), "the build must not re-encode the gzip file"
    page = (out / "sample.html").read_text()
    data = json.loads(page.split('id="lesson-data">', 1)[1].split("</script>", 1)[0])
    assert data["runtime"]["snapshot"]["use"] == "cached"
    assert data["runtime"]["snapshot"]["bytes"] == len(shipped)
