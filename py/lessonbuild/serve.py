"""A small static server for dist/ with the headers the lessons want.

Cross-origin isolation (COOP + COEP) lets the Stop button interrupt Python through a shared
interrupt buffer; without it the page falls back to restarting the worker. `.mjs` and `.wasm`
get their proper MIME types so Chromium streams and compiles WebAssembly.
"""

from __future__ import annotations

import functools
import http.server
from pathlib import Path

EXTRA_TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
               ".whl": "application/zip", ".json": "application/json", ".woff2": "font/woff2"}
ISOLATION_HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
    "Cross-Origin-Resource-Policy": "same-origin",
}


class LessonRequestHandler(http.server.SimpleHTTPRequestHandler):
    """Serves files from a folder with isolation headers; revalidates on every load."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **EXTRA_TYPES}

    isolate = True  # send COOP/COEP; a host that cannot is simulated with False

    def end_headers(self) -> None:
        if self.isolate:
            for name, value in ISOLATION_HEADERS.items():
                self.send_header(name, value)
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - stdlib signature
        if not getattr(self.server, "quiet", False):
            super().log_message(format, *args)


def make_server(folder: Path, port: int, host: str = "127.0.0.1", quiet: bool = False,
                isolate: bool = True) -> http.server.ThreadingHTTPServer:
    """Create (not start) a server for `folder`; port 0 picks a free port.

    `isolate=False` leaves out COOP/COEP, like a static host that cannot set headers.
    """
    handler_class = type("Handler", (LessonRequestHandler,), {"isolate": isolate})
    handler = functools.partial(handler_class, directory=str(folder))
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.quiet = quiet
    return server


def serve(folder: Path, port: int, host: str = "127.0.0.1") -> None:
    """Serve until Ctrl+C. Exits with a message when the port is taken."""
    try:
        server = make_server(folder, port, host)
    except OSError as error:
        raise SystemExit(f"Cannot serve on port {port}: {error.strerror}. "
                         f"Choose another port, e.g. make serve PORT={port + 1}.") from None
    print(f"Serving {folder} at http://{host}:{server.server_address[1]}/  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nStopped.")
    finally:
        server.server_close()
