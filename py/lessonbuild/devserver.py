"""The dev server behind `make serve`: it rebuilds on save and reloads the open pages.

How it works:
- Build: `DevBuild` (devbuild.py) builds once at start, then again for each batch of changed
  files under the lessons folder, site/ and py/ (watch.py); a lesson edit re-renders the pages
  against the assets kept from the last build.
- Serving from memory: each good build is a `DevSite` ({path: bytes}) that replaces the previous
  one in a single assignment, so every response comes whole from one build, never from a folder
  half written. dist/ is not touched (it stays the one-shot build's, `make build`).
- Reload: every HTML response gets `<script src="/__dev/reload.js?version=V">` (site/dev/
  reload.js; a file of this origin, as the pages' `script-src 'self'` wants), V being the
  version of the build served. That script listens to `/__dev/events` (Server-Sent Events, same
  origin: `connect-src 'self'`), which sends the current version and problems on connecting and
  after every build; a page of another version reloads.
- Mistakes: a build that fails keeps the last good site served and sends its problems
  (`FILE:LINE: what is wrong. What to change.`), which the page shows over itself; the terminal
  prints them too. The next good build clears them (the pages reload).
- Service worker: pages served here never register one (reload.js), and `/sw.js` is a worker
  that removes itself and its caches (site/dev/sw.js), so no page comes from a cache of an
  earlier build, also on an origin where a built site installed one.
The headers (isolation, CSP, MIME types, precompressed assets) are serve.py's.
"""

from __future__ import annotations

import io
import json
import sys
import threading
import time
import traceback
import urllib.parse
from pathlib import Path
from typing import Callable

from .devbuild import PY, SITE, Changes, DevBuild, DevSite
from .problems import BuildError
from .serve import ENCODINGS, LessonRequestHandler, LessonServer
from .watch import watch_changes

DEV_PREFIX = "/__dev/"
EVENTS_PATH = DEV_PREFIX + "events"
RELOAD_SCRIPT_PATH = DEV_PREFIX + "reload.js"
DEV_FILES = {RELOAD_SCRIPT_PATH: SITE / "dev" / "reload.js", "/sw.js": SITE / "dev" / "sw.js"}
KEEPALIVE_SECONDS = 15  # a comment on a quiet event stream, so a closed tab's thread ends
RECONNECT_MS = 300  # how soon a page reconnects to a restarted server
# Served for a page while no build has succeeded yet: the reload script shows the problems.
NO_BUILD_PAGE = ("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                 "<title>The lessons do not build</title>\n</head>\n<body>\n"
                 "<p>The lessons have not built yet. This page reloads once they do.</p>\n"
                 "</body>\n</html>\n")


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

    def wait(self, ready: Callable[["LiveState"], bool], timeout: float) -> bool:
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
        if site is None or relative not in site.files:
            if site is None and relative.endswith(".html"):
                return self._send(self._with_reload(NO_BUILD_PAGE.encode(), ""), "text/html; charset=utf-8",
                                  status=503)
            self.send_error(404, "Not in this build")
            return None
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

    def _send(self, data: bytes, content_type: str, status: int = 200, etag: str | None = None,
              encoding: str | None = None):
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


class DevServer:
    """Builds `lessons_dir`, serves it, and rebuilds and reloads on every change.

    Args:
        lessons_dir: the lesson folder to build and watch (with site/ and py/).
        port: 0 picks a free one. host: the address to listen on.
        snapshot, snapshot_use: as build.py's --no-snapshot and --snapshot-use.
        quiet: no request log (the build's lines are still printed).

    `start()` builds once and serves in background threads; `stop()` ends them. Raises OSError
    when the port is taken.
    """

    def __init__(self, lessons_dir: Path, port: int = 8000, host: str = "127.0.0.1", snapshot: bool = True,
                 snapshot_use: str = "auto", quiet: bool = False):
        self.lessons_dir = lessons_dir.resolve()
        self.builder = DevBuild(self.lessons_dir, snapshot=snapshot, snapshot_use=snapshot_use)
        self.live = LiveState()
        self.server = make_dev_server(self.live, port, host, quiet=quiet)
        self.url = f"http://{host}:{self.server.server_address[1]}/"
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []

    def start(self) -> None:
        """Build once, then serve and watch in background threads."""
        self.rebuild(None)
        watching = threading.Event()
        self._threads = [threading.Thread(target=self.server.serve_forever, daemon=True),
                         threading.Thread(target=self._watch, args=(watching,), daemon=True)]
        for thread in self._threads:
            thread.start()
        watching.wait()

    def stop(self) -> None:
        """Stop watching and serving; open event streams end."""
        self._stop.set()
        self.live.close()
        self.server.shutdown()
        self.server.server_close()
        for thread in self._threads:
            thread.join()

    def rebuild(self, changes: Changes | None) -> bool:
        """Build after `changes` (None: everything) and publish the result; return whether it built."""
        started = time.perf_counter()
        collections = self.builder.asset_collections
        try:
            site = self.builder.build(changes)
        except Exception as error:  # noqa: BLE001 - any failed build keeps the server and the last good site
            if isinstance(error, BuildError):
                problems = [str(problem) for problem in error.problems]
            elif isinstance(error, RuntimeError):  # a tool failed (esbuild on a script's syntax error, Node)
                problems = [str(error)]
            else:  # a bug in the build: its traceback, for whoever fixes it
                traceback.print_exc()
                problems = [f"The build failed: {type(error).__name__}: {error}"]
            self.live.publish(None, problems)
            kept = "the last good build is still served" if self.live.site else "nothing to serve yet"
            print(f"[dev] The build stopped ({kept}). {len(problems)} problem(s):", file=sys.stderr)
            for problem in problems:
                print(f"  {problem}", file=sys.stderr, flush=True)
            return False
        self.live.publish(site, [])
        what = "assets and pages" if self.builder.asset_collections > collections else "pages (assets kept)"
        print(f"[dev] Built {what} in {time.perf_counter() - started:.2f} s.", flush=True)
        return True

    def _watch(self, watching: threading.Event) -> None:
        folders = [self.lessons_dir, SITE, PY]
        batches = watch_changes(folders, self._stop, ready=watching.set)
        for paths in batches:
            changes = Changes.of(paths, self.lessons_dir)
            if changes.pages:
                self.rebuild(changes)


def serve_live(lessons_dir: Path, port: int, host: str = "127.0.0.1", snapshot: bool = True,
               snapshot_use: str = "auto") -> None:
    """`make serve`: serve and rebuild until Ctrl+C. Exits with a message when the port is taken."""
    try:
        dev = DevServer(lessons_dir, port, host, snapshot=snapshot, snapshot_use=snapshot_use)
    except OSError as error:
        raise SystemExit(f"Cannot serve on port {port}: {error.strerror}. "
                         f"Choose another port, e.g. make serve PORT={port + 1}.") from None
    dev.start()
    print(f"Serving {lessons_dir} at {dev.url}  (Ctrl+C stops). Saving a lesson, or a file under "
          f"site/ or py/, rebuilds and reloads the open pages.", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        print("\nStopped.")
    finally:
        dev.stop()
