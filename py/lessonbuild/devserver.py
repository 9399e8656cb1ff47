"""The dev server behind `make serve`: it rebuilds on save and reloads the open pages.

How it works:
- Build: `DevBuild` (devbuild.py) builds once at start, then again for each batch of changed
  files under the lessons folder, site/ and py/ (watch.py); a lesson edit re-renders the pages
  against the assets kept from the last build.
- Serving from memory (devhttp.py): each good build is a `DevSite` ({path: bytes}) that replaces
  the previous one in a single assignment, so every response comes whole from one build, never from a folder
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

import sys
import threading
import time
import traceback
from pathlib import Path

from .devbuild import Changes, DevBuild
from .devhttp import LiveState, make_dev_server
from .paths import PY, SITE
from .problems import BuildError
from .watch import watch_changes


class DevServer:
    """Builds `lessons_dir`, serves it, and rebuilds and reloads on every change.

    Args:
        lessons_dir: the lesson folder to build and watch (with site/ and py/).
        port: 0 picks a free one. host: the address to listen on.
        snapshot, snapshot_use: as build.py's --no-snapshot and --snapshot-use.
        quiet: no request log (the build's lines are still printed).

    `start()` watches, builds once and serves, in background threads; `stop()` ends them.
    Raises OSError when the port is taken.
    """

    def __init__(
        self,
        lessons_dir: Path,
        port: int = 8000,
        host: str = "127.0.0.1",
        snapshot: bool = True,
        snapshot_use: str = "auto",
        quiet: bool = False,
    ):
        self.lessons_dir = lessons_dir.resolve()
        self.builder = DevBuild(self.lessons_dir, snapshot=snapshot, snapshot_use=snapshot_use)
        self.live = LiveState()
        self.server = make_dev_server(self.live, port, host, quiet=quiet)
        self.url = f"http://{host}:{self.server.server_address[1]}/"
        self._stop = threading.Event()
        self._watcher: threading.Thread | None = None
        self._serving: threading.Thread | None = None  # serve_forever's thread, once started
        self._building = threading.Lock()  # one build at a time: the first one, then the watcher's
        self._watch_error: BaseException | None = None

    def start(self) -> None:
        """Watch, build once, then serve, in background threads. Raises what the watcher raised
        when it could not start (FileNotFoundError for a missing folder)."""
        watching = threading.Event()
        self._watcher = threading.Thread(target=self._watch, args=(watching,), daemon=True)
        self._watcher.start()
        watching.wait()  # a save during the first build is seen, and built after it
        if self._watch_error is not None:
            raise self._watch_error
        self.rebuild(None)
        self._serving = threading.Thread(target=self.server.serve_forever, daemon=True)
        self._serving.start()

    def stop(self) -> None:
        """Stop watching and serving; open event streams end."""
        self._stop.set()
        self.live.close()
        if self._serving:  # (shutdown() waits for serve_forever to end: only once it runs)
            self.server.shutdown()
            self._serving.join()
        self.server.server_close()
        if self._watcher:
            self._watcher.join()

    def rebuild(self, changes: Changes | None) -> bool:
        """Build after `changes` (None: everything) and publish the result; return whether it built."""
        with self._building:
            return self._rebuild(changes)

    def _rebuild(self, changes: Changes | None) -> bool:
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
        try:
            for paths in watch_changes([self.lessons_dir, SITE, PY], self._stop, ready=watching.set):
                changes = Changes.of(paths, self.lessons_dir)
                if changes.pages:
                    self.rebuild(changes)
        except Exception as error:  # noqa: BLE001 - start() raises it, or the terminal says so
            self._watch_error = error
            if watching.is_set():
                print(
                    f"[dev] Watching stopped ({type(error).__name__}: {error}): saves are no longer "
                    f"seen. Restart make serve.",
                    file=sys.stderr,
                    flush=True,
                )
        finally:
            watching.set()


def serve_live(
    lessons_dir: Path, port: int, host: str = "127.0.0.1", snapshot: bool = True, snapshot_use: str = "auto"
) -> None:
    """`make serve`: serve and rebuild until Ctrl+C. Exits with a message when the port is taken."""
    try:
        dev = DevServer(lessons_dir, port, host, snapshot=snapshot, snapshot_use=snapshot_use)
    except OSError as error:
        raise SystemExit(
            f"Cannot serve on port {port}: {error.strerror}. Choose another port, e.g. make serve PORT={port + 1}."
        ) from None
    try:
        dev.start()
    except FileNotFoundError as error:
        dev.stop()
        raise SystemExit(f"Cannot watch {error.filename or lessons_dir}: no such folder.") from None
    print(
        f"Serving {lessons_dir} at {dev.url}  (Ctrl+C stops). Saving a lesson, or a file under "
        f"site/ or py/, rebuilds and reloads the open pages.",
        flush=True,
    )
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        print("\nStopped.")
    finally:
        dev.stop()
