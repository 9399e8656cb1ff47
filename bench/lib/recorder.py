"""The recorder: a script the benches write into the pages they open (bench/js/recorder.js). It
runs before the page's own scripts in every engine, times the first output from the navigation's
start, presses a lesson's first Run as soon as it answers, and keeps its figures in
`window.__bench` (arrived.js reads them)."""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path

from lessonbuild.compress import precompress

from .pagejs import as_script, page_function

# The learner who edits first: the page is opened with this fragment, and the recorder watches
# the first editable cell instead of pressing Run.
EDIT_FIRST_HASH = "#edit-first"
EDITABLE_CELL = "[data-cell]:not([data-readonly])"

RECORDER = as_script("recorder", EDIT_FIRST_HASH, EDITABLE_CELL)
# The recorder as an inline script, first in the <head> of the pages the bench opens, and its
# hash for their Content-Security-Policy.
RECORDER_SOURCE = f"<script>{RECORDER}</script>"
RECORDER_HASH = "sha256-" + base64.b64encode(hashlib.sha256(RECORDER.encode()).digest()).decode()
CHARSET_TAG = '<meta charset="utf-8">'

# The recorder's figures of the document at a path once its first output is in, as JSON, else null.
ARRIVED_JS = page_function("arrived")


def add_recorder(page: Path) -> None:
    """Write the recorder into the HTML file `page` (right after its charset, which must stay in
    its first 1024 bytes) and its precompressed copies. Raises SystemExit when the page has no
    charset tag."""
    html = page.read_text(encoding="utf-8")
    if CHARSET_TAG not in html:
        raise SystemExit(f"{page}: no {CHARSET_TAG} to put the recorder after")
    html = html.replace(CHARSET_TAG, CHARSET_TAG + RECORDER_SOURCE, 1)
    page.write_text(html, encoding="utf-8")
    for suffix in (".br", ".gz"):
        page.with_name(page.name + suffix).unlink(missing_ok=True)
    for name, packed in precompress({str(page): html}).items():
        Path(name).write_bytes(packed)


def page_path(url: str) -> str:
    """The path of a page's address, as arrived.js compares it: "/NAME.html"."""
    return "/" + url.rsplit("/", 1)[-1]
