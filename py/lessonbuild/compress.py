"""Precompressed copies (FILE.br, FILE.gz) of the site's compressible files.

The dev server (and any host that supports it) sends them to browsers that accept them, so
Pyodide's wasm and JavaScript cross the network much smaller (bench/page_speed.py prints the
bytes a visit downloads).
Results are cached by content hash in build-cache/, so a rebuild costs almost nothing.
"""

from __future__ import annotations

import gzip
import hashlib
from pathlib import Path

import brotli

from .buildcache import read_cached, write_cached
from .paths import BUILD_CACHE

CACHE = BUILD_CACHE / "compressed"
# A .zip only when it shrinks (below): the small standard library's files are stored uncompressed.
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".txt", ".bin", ".py", ".zip"}
BEST_QUALITY_LIMIT = 512 * 1024  # brotli's best level is slow on big files: use 9 above this


def precompress(files: dict[str, bytes | str], cache: Path = CACHE) -> dict[str, bytes]:
    """Return {path.br: …, path.gz: …} for each compressible file, when compression helps."""
    extra: dict[str, bytes] = {}
    for path, content in files.items():
        if Path(path).suffix not in COMPRESSIBLE:
            continue
        data = content.encode() if isinstance(content, str) else content
        for suffix, compress in ((".br", _brotli), (".gz", _gzip)):
            packed = _cached(data, suffix, compress, cache)
            if len(packed) < len(data) * 0.95:
                extra[path + suffix] = packed
    return extra


def _brotli(data: bytes) -> bytes:
    return brotli.compress(data, quality=11 if len(data) <= BEST_QUALITY_LIMIT else 9)


def _gzip(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=9, mtime=0)


def _cached(data: bytes, suffix: str, compress, cache: Path) -> bytes:
    key = cache / (hashlib.sha256(data).hexdigest() + suffix)
    cached = read_cached(key)
    if cached is not None:
        return cached
    packed = compress(data)
    write_cached(key, packed)
    return packed
