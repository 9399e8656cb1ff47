"""The service worker that makes the course work offline after one visit.

The build writes `sw.js` at the site's root: a first line with this build's cache name and the
list of every file to precache, then the worker's code from site/js/sw.js. The cache name is a
hash of the whole build, so a new build installs beside the old one and replaces it whole
(never a mix of old and new files).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

SW_SOURCE = Path(__file__).resolve().parents[2] / "site" / "js" / "sw.js"
NOT_PRECACHED_SUFFIXES = (".br", ".gz")


def service_worker(site: dict[str, bytes | str]) -> dict[str, bytes]:
    """Return {"sw.js": …} precaching every file of `site` ({path: content})."""
    files = sorted(path for path in site if not path.endswith(NOT_PRECACHED_SUFFIXES))
    digest = hashlib.sha256()
    for path in files:
        content = site[path]
        digest.update(path.encode() + b"\0" + (content.encode() if isinstance(content, str) else content))
    build = {"cache": f"lessons-{digest.hexdigest()[:16]}", "files": ["./", *files]}
    header = f"self.BUILD = {json.dumps(build, separators=(',', ':'))};\n"
    return {"sw.js": (header + SW_SOURCE.read_text(encoding="utf-8")).encode()}
