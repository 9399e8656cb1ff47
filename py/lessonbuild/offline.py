"""The service worker that makes the course work offline after one visit.

The build writes `sw.js` at the site's root: a first line with this build's cache name and the
list of every file to precache, then the worker's code from site/js/service-worker/sw.js. The cache name is a
hash of the whole build, so a new build installs beside the old one and replaces it whole
(never a mix of old and new files).
"""

from __future__ import annotations

import hashlib
import json

from .paths import NOT_FOUND_PAGE, SITE

SW_SOURCE = SITE / "js" / "service-worker" / "sw.js"
PRECACHE_SIZE = "offline-size.json"  # what saving the course downloads (site/js/shared/offline.js reads it)
SITE_CACHE_PREFIX = "lessons-"  # every build's Cache Storage name starts so (sw.js deletes older ones)
PRECOMPRESSED_SUFFIXES = (".br", ".gz")


def is_precompressed_copy(path: str, site: dict) -> bool:
    """FILE.br / FILE.gz beside FILE: the server's copy of FILE, which the browser never asks
    for by name. (A file that is gzip in its own right, like the snapshot, is not one.)"""
    return path.endswith(PRECOMPRESSED_SUFFIXES) and path.rsplit(".", 1)[0] in site


def service_worker(
    site: dict[str, bytes | str], versions: dict[str, str] | None = None, optional: tuple[str, ...] = ()
) -> dict[str, bytes]:
    """Return {"sw.js": …} precaching every file of `site` ({path: content}) but the
    precompressed copies.

    `versions` ({path: v}) names the files pages ask for as `path?v=…`: those are precached under
    that same address, so the browser's HTTP cache answers for what the first page already
    loaded (the snapshot) instead of downloading it again. `optional` paths are ones pages
    work without (the snapshot): a browser that asks to save data does not precache them.
    """
    files = sorted(path for path in site if not is_precompressed_copy(path, site))
    digest = hashlib.sha256()
    for path in files:
        content = site[path]
        digest.update(path.encode() + b"\0" + (content.encode() if isinstance(content, str) else content))
    versions = versions or {}
    address = {path: f"{path}?v={versions[path]}" if path in versions else path for path in files}
    build = {
        "cache": f"{SITE_CACHE_PREFIX}{digest.hexdigest()[:16]}",
        "prefix": SITE_CACHE_PREFIX,
        "files": ["./", *address.values()],
        "optional": [address[path] for path in optional if path in address],
        "notFound": NOT_FOUND_PAGE,  # the page for an address that is not part of the site
    }
    header = f"self.BUILD = {json.dumps(build, separators=(',', ':'))};\n"
    return {"sw.js": (header + SW_SOURCE.read_text(encoding="utf-8")).encode()}


def precache_size(site: dict[str, bytes | str], optional: tuple[str, ...] = ()) -> dict[str, str]:
    """Return {PRECACHE_SIZE: JSON text} giving what the service worker's precache downloads:
    `{"bytes": all, "optional": the optional files' part}`, each file counted as it crosses the
    network (its Brotli copy in `site` when there is one, as the server sends it).

    `site` holds the build's files with their precompressed copies but not sw.js; `optional`
    are the paths a browser that asks to save data leaves out (service_worker)."""

    def sent(path: str) -> int:
        content = site.get(path + ".br", site[path])
        return len(content.encode() if isinstance(content, str) else content)

    return precache_size_of({path: sent(path) for path in site if not is_precompressed_copy(path, site)}, optional)


def precache_size_of(sent: dict[str, int], optional: tuple[str, ...] = ()) -> dict[str, str]:
    """Return {PRECACHE_SIZE: JSON text} (as precache_size) from `sent`: {path: bytes the server
    sends for it} for every file the service worker precaches. A server that sends files as they
    are (the handout's start.py) makes that each file's own size."""
    size = {"bytes": sum(sent.values()), "optional": sum(sent[path] for path in optional if path in sent)}
    return {PRECACHE_SIZE: json.dumps(size)}
