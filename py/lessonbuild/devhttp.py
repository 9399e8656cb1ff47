"""The dev server's HTTP side: each build served from memory, the reload script, its event stream.

- `LiveState` holds what is served now: the last good `DevSite` and the last build's problems.
  A new build replaces the site in one assignment, so every response comes whole from one
  build, never from a folder half written.
- Every HTML response gets `<script src="/__dev/reload.js?version=V">` (site/dev/reload.js; a
  file of this origin, as the pages' `script-src 'self'` wants), V being the version of the
  build served. That script listens to `/__dev/events` (Server-Sent Events, same origin:
  `connect-src 'self'`): the version and the problems, on connecting and after every build.
- `/sw.js` is site/dev/sw.js, a worker that removes itself and its caches.
- `/slug` is served as `/slug.html`; any other address not in the build gets its 404 page.
The headers (isolation, CSP, MIME types, precompressed assets) are serve.py's.
"""

from __future__ import annotations

import io
import json
import threading
import urllib.parse
from collections.abc import Callable

from .devbuild import DevSite
from .paths import SITE
from .serve import ENCODINGS, NOT_FOUND_PAGE, LessonRequestHandler, LessonServer, with_base

DEV_PREFIX = "/__dev/"
EVENTS_PATH = DEV_PREFIX + "events"
RELOAD_SCRIPT_PATH = DEV_PREFIX + "reload.js"
DEV_FILES = {RELOAD_SCRIPT_PATH: SITE / "dev" / "reload.js", "/sw.js": SITE / "dev" / "sw.js"}
KEEPALIVE_SECONDS = 15  # a comment on a quiet event stream, so a closed tab's thread ends
RECONNECT_MS = 300  # how soon a page reconnects to a restarted server
# Served for a page while no build has succeeded yet: the reload script shows the problems.
NO_BUILD_PAGE = (
    '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
    "<title>The lessons do not build</title>\n</head>\n<body>\n"
    "<p>The lessons have not built yet. This page reloads once they do.</p>\n"
    "</body>\n</html>\n"
)


class LiveState:
    """What the dev server serves now: the last good site and the last build's problems.

    Readers take `current()`; `publish` replaces it and wakes every event stream. `builds`
    counts publications (good or not), so a waiter can tell a new build from an old one.
    """

    def __init__(self):
        self._changed = threading.Condition()
        self.site: DevSite | None = None
        self.problems: tuple[str, ...] = ()
        self.builds = 0
        self.closed = False

    def publish(self, site: DevSite | None, problems: list[str]) -> None:
        """A new good `site` (None: keep the last one) and the problems of this build."""
        with self._changed:
            if site is not None:
                self.site = site
            self.problems = tuple(problems)
            self.builds += 1
            self._changed.notify_all()

    def message(self) -> dict:
        """The event stream's state: {"version": the served site's, "" without one; "problems"}."""
        return {"version": self.site.version if self.site else "", "problems": list(self.problems)}

    def wait(self, ready: Callable[[LiveState], bool], timeout: float) -> bool:
        """Wait until `ready(self)` or the server closes; return whether it became ready."""
        with self._changed:
            return self._changed.wait_for(lambda: ready(self) or self.closed, timeout) and ready(self)

    def close(self) -> None:
        """End every event stream."""
        with self._changed:
            self.closed = True
            self._changed.notify_all()


class DevRequestHandler(LessonRequestHandler):
    """Serves a `LiveState`'s site from memory, the reload script and its event stream."""

    live: LiveState  # set by make_dev_server

    def do_GET(self) -> None:
        if self._path() == EVENTS_PATH:
            self._stream_events()
        else:
            super().do_GET()

    def send_head(self):
        """Headers for the requested file; returns its body as a file object, or None."""
        path = self._path()
        if path in DEV_FILES:
            return self._send(DEV_FILES[path].read_bytes(), "text/javascript")
        site = self.live.site
        relative = path.lstrip("/")
        if relative == "" or relative.endswith("/"):
            relative += "index.html"
        if site is None:
            if relative.endswith(".html"):
                return self._send(self._with_reload(NO_BUILD_PAGE.encode(), ""), "text/html; charset=utf-8", status=503)
            self.send_error(404, "Not in this build")
            return None
        if relative not in site.files and relative + ".html" in site.files:
            relative += ".html"  # /slug is /slug.html
        if relative not in site.files:
            if NOT_FOUND_PAGE not in site.files:
                self.send_error(404, "Not in this build")
                return None
            page = with_base(self._with_reload(site.files[NOT_FOUND_PAGE], site.version), "/")
            return self._send(page, "text/html; charset=utf-8", status=404)
        data = site.files[relative]
        etag = f'"{site.etags[relative]}"'
        if relative.endswith(".html"):
            data = self._with_reload(data, site.version)
            etag = f'"{site.etags[relative]}-{site.version}"'
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.end_headers()
            return None
        encoding = self._encoding(site, relative)
        content_type = self.guess_type(relative)
        if encoding:
            name, suffix = encoding
            return self._send(site.files[relative + suffix], content_type, etag=etag, encoding=name)
        return self._send(data, content_type, etag=etag)

    def _path(self) -> str:
        return urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)

    def _encoding(self, site: DevSite, relative: str) -> tuple[str, str] | None:
        accepted = {part.split(";")[0].strip() for part in self.headers.get("Accept-Encoding", "").split(",")}
        for name, suffix in ENCODINGS:
            if name in accepted and relative + suffix in site.files and not relative.endswith(".html"):
                return name, suffix
        return None

    @staticmethod
    def _with_reload(page: bytes, version: str) -> bytes:
        tag = f'<script src="{RELOAD_SCRIPT_PATH}?version={version}"></script>\n</head>'
        return page.replace(b"</head>", tag.encode(), 1)

    def _send(
        self, data: bytes, content_type: str, status: int = 200, etag: str | None = None, encoding: str | None = None
    ):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        if etag:
            self.send_header("ETag", etag)
        if encoding:
            self.send_header("Content-Encoding", encoding)
            self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(data)

    def _stream_events(self) -> None:
        """The state now, then again after every build, until the page goes or the server stops."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        live = self.live
        try:
            self.wfile.write(f"retry: {RECONNECT_MS}\n\n".encode())
            seen = -1
            while not live.closed:
                if live.builds != seen:
                    seen = live.builds
                    self.wfile.write(f"event: state\ndata: {json.dumps(live.message())}\n\n".encode())
                else:
                    self.wfile.write(b": still here\n\n")
                self.wfile.flush()
                live.wait(lambda state, seen=seen: state.builds != seen, KEEPALIVE_SECONDS)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the page was closed or reloaded


def make_dev_server(live: LiveState, port: int, host: str = "127.0.0.1", quiet: bool = False) -> LessonServer:
    """Create (not start) an HTTP server for `live`; port 0 picks a free port. OSError when the
    port is taken."""
    handler = type("DevHandler", (DevRequestHandler,), {"live": live})
    server = LessonServer((host, port), handler)
    server.quiet = quiet
    return server
