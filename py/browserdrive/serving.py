"""Serve a folder on a free port of 127.0.0.1, for the browser tests and the benches: the
course's own server (lessonbuild.serve, COOP/COEP on or off) or a plain static one."""

from __future__ import annotations

import contextlib
import functools
import http.server
import threading
from pathlib import Path

from lessonbuild.serve import make_server

__all__ = ["serve_folder", "served", "stop_serving"]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve_folder(folder: Path, *, isolate: bool = True, plain: bool = False, handler=None):
    """Serve `folder` on a free port of 127.0.0.1 from a daemon thread.

    Args:
        folder: what to serve.
        isolate: send the cross-origin isolation headers (COOP/COEP); ignored when `plain`.
        plain: a static server with no special headers at all (like a documentation host),
            instead of the course's own server (lessonbuild.serve).
        handler: a function wrapping the request handler class (to change what is served).
    Returns:
        (server, base URL ending in "/"); stop it with `stop_serving`.
    """
    if plain:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(folder)))
    else:
        server = make_server(folder, port=0, quiet=True, isolate=isolate)
    if handler is not None:
        server.RequestHandlerClass = handler(server.RequestHandlerClass)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def stop_serving(server) -> None:
    """Stop a server from `serve_folder`: from now on its port refuses connections."""
    if not getattr(server, "stopped", False):
        server.shutdown()
        server.server_close()
        server.stopped = True


@contextlib.contextmanager
def served(folder: Path, **options):
    """`serve_folder` for the length of a with block; yields the base URL."""
    server, url = serve_folder(folder, **options)
    try:
        yield url
    finally:
        stop_serving(server)
