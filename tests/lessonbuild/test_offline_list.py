"""The service worker's precache list (py/lessonbuild/offline.py): every file of the build, the
gzipped snapshot included, but none of the server's precompressed copies; and what that precache
downloads, which a page that spares data offers."""

from __future__ import annotations

import json

from lessonbuild.offline import PRECACHE_SIZE, precache_size, service_worker


def precached(site: dict, versions: dict | None = None) -> list[str]:
    first_line = service_worker(site, versions)["sw.js"].decode().split("\n", 1)[0]
    return json.loads(first_line.removeprefix("self.BUILD = ").rstrip(";"))["files"]


def test_every_file_is_precached_but_the_precompressed_copies():
    site = {
        "index.html": "<p>",
        "index.html.br": b"b",
        "index.html.gz": b"g",
        "pyodide/snapshot.bin.gz": b"\x1f\x8b",
        "pyodide/python_stdlib.zip": b"PK",
    }
    assert precached(site) == ["./", "index.html", "pyodide/python_stdlib.zip", "pyodide/snapshot.bin.gz"]


def test_files_pages_ask_for_with_a_version_are_precached_under_that_address():
    site = {"index.html": "<p>", "assets/site.css": "a{}", "pyodide/snapshot.bin.gz": b"\x1f\x8b"}
    assert precached(site, {"assets/site.css": "abc", "pyodide/snapshot.bin.gz": "def"}) == [
        "./",
        "assets/site.css?v=abc",
        "index.html",
        "pyodide/snapshot.bin.gz?v=def",
    ]


def test_the_cache_name_changes_with_any_file():
    one = service_worker({"a.html": "1"})["sw.js"].split(b"\n", 1)[0]
    two = service_worker({"a.html": "2"})["sw.js"].split(b"\n", 1)[0]
    assert one != two


def test_optional_files_are_named_under_their_address():
    site = {"index.html": "<p>", "pyodide/snapshot.bin.gz": b"\x1f\x8b"}
    first_line = service_worker(site, {"pyodide/snapshot.bin.gz": "def"}, optional=("pyodide/snapshot.bin.gz", "gone"))
    build = json.loads(first_line["sw.js"].decode().split("\n", 1)[0].removeprefix("self.BUILD = ").rstrip(";"))
    assert build["optional"] == ["pyodide/snapshot.bin.gz?v=def"]


def test_the_precache_size_counts_each_file_as_the_server_sends_it():
    site = {
        "index.html": "<p>" * 100,  # 300 bytes, sent as its 20-byte Brotli copy
        "index.html.br": b"b" * 20,
        "index.html.gz": b"g" * 30,
        "pyodide/snapshot.bin.gz": b"s" * 1000,  # gzip in its own right: sent as it is
        "pyodide/python_stdlib.zip": b"z" * 500,
    }
    size = json.loads(precache_size(site, optional=("pyodide/snapshot.bin.gz", "gone"))[PRECACHE_SIZE])
    assert size == {"bytes": 20 + 1000 + 500, "optional": 1000}
