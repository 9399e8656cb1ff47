"""build-cache/ housekeeping (py/lessonbuild/buildcache.py): entries a build uses stay, entries no
build used for UNUSED_DAYS go."""

from __future__ import annotations

import os
import time

from lessonbuild.buildcache import UNUSED_DAYS, prune, read_cached, write_cached


def test_reading_an_entry_marks_it_used_and_unused_entries_are_pruned(tmp_path):
    old = time.time() - (UNUSED_DAYS + 1) * 86400
    used, unused, fresh = tmp_path / "a" / "used.gz", tmp_path / "a" / "unused.gz", tmp_path / "b" / "fresh.bin"
    for path in (used, unused, fresh):
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(path.name.encode())
    for path in (used, unused):
        os.utime(path, (old, old))

    assert read_cached(used) == b"used.gz"
    assert read_cached(tmp_path / "missing") is None and read_cached(None) is None
    assert prune(tmp_path) == 1
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file()) == ["fresh.bin", "used.gz"]
    assert prune(tmp_path / "nowhere") == 0


def test_an_entry_is_written_whole_and_leaves_nothing_beside_it(tmp_path):
    entry = tmp_path / "cache" / "key.gz"
    write_cached(entry, b"first")
    write_cached(entry, b"second")  # a later build replaces it in one step
    assert entry.read_bytes() == b"second"
    assert [path.name for path in entry.parent.iterdir()] == ["key.gz"]
