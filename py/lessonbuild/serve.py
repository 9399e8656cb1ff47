"""A small static server for dist/ with the headers the lessons want.

- Cross-origin isolation (COOP + COEP) lets the Stop button interrupt Python through a shared
  interrupt buffer; without it the page falls back to restarting the worker.
- A Content-Security-Policy: pages run no eval; only the Python worker's script, which hosts
  Pyodide, may evaluate strings and compile WebAssembly.
- `.mjs` and `.wasm` get their proper MIME types so Chromium streams and compiles WebAssembly.
- Precompressed `.br` / `.gz` files written by the build are served when the browser accepts
  them, with the original file's type.
- `/slug` is served as `/slug.html` (as static hosts such as GitHub Pages do). Any other address
  that is not in the folder gets the site's own page for it, `404.html`, with status 404.
"""

from __future__ import annotations

import email.utils
import functools
import http.server
import io
import os
import sys
from pathlib import Path

EXTRA_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".json": "application/json",
    ".woff2": "font/woff2",
    ".bin": "application/octet-stream",
}
ISOLATION_HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
}
# Pages and assets may be embedded and loaded by documentation on other origins.
SHARING_HEADERS = {
    "Cross-Origin-Resource-Policy": "cross-origin",
    "Access-Control-Allow-Origin": "*",
}
# KaTeX and CodeMirror set inline styles, so styles may be inline; scripts may not.
PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; worker-src 'self'; "
    "object-src 'none'; base-uri 'self'; form-action 'self'"
)
# Pyodide evaluates strings as JavaScript and compiles WebAssembly: only its worker may.
WORKER_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'; connect-src 'self'; object-src 'none'"
)
WORKER_SCRIPTS = ("/assets/worker.js",)  # paths.WORKER_SCRIPT; this file is copied alone into handouts
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))  # preferred first
NOT_FOUND_PAGE = "404.html"  # paths.NOT_FOUND_PAGE, spelled here for the same reason


def with_base(page: bytes, base: str) -> bytes:
    """`page` (HTML) with `<base href="base">` first in its head, so that its relative links
    lead where they do from the site's root whatever the address it is served for."""
    return page.replace(b"<head>", f'<head>\n<base href="{base}">'.encode(), 1)


class LessonRequestHandler(http.server.SimpleHTTPRequestHandler):
    """Serves files from a folder with isolation and security headers; revalidates every load."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **EXTRA_TYPES}

    isolate = True  # send COOP/COEP; a host that cannot is simulated with False

    def end_headers(self) -> None:
        if self.isolate:
            for name, value in ISOLATION_HEADERS.items():
                self.send_header(name, value)
        for name, value in SHARING_HEADERS.items():
            self.send_header(name, value)
        path = self.path.split("?", 1)[0]
        self.send_header("Content-Security-Policy", WORKER_POLICY if path in WORKER_SCRIPTS else PAGE_POLICY)
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def send_head(self):
        """Serve FILE.br or FILE.gz in place of FILE when it exists and the browser accepts it;
        /slug as /slug.html; the site's 404 page for any other address not in the folder."""
        path = self.translate_path(self.path)
        if not os.path.exists(path):
            if not os.path.isfile(path + ".html"):
                return self._send_not_found()
            address, query_mark, query = self.path.partition("?")
            self.path = f"{address}.html{query_mark}{query}"
            path += ".html"
        if os.path.isdir(path):
            return super().send_head()
        accepted = {part.split(";")[0].strip() for part in self.headers.get("Accept-Encoding", "").split(",")}
        for encoding, suffix in ENCODINGS:
            if encoding in accepted and os.path.isfile(path + suffix) and os.path.isfile(path):
                return self._send_encoded(path, path + suffix, encoding)
        return super().send_head()

    def _send_not_found(self):
        page = os.path.join(self.directory, NOT_FOUND_PAGE)
        if not os.path.isfile(page):
            self.send_error(http.HTTPStatus.NOT_FOUND, "File not found")
            return None
        with open(page, "rb") as file:
            body = with_base(file.read(), "/")  # served at the root of this server
        self.send_response(http.HTTPStatus.NOT_FOUND)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def _send_encoded(self, original: str, encoded: str, encoding: str):
        stat = os.stat(original)
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                if int(stat.st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(http.HTTPStatus.NOT_MODIFIED)
                    self.send_header("Vary", "Accept-Encoding")
                    self.end_headers()
                    return None
            except (TypeError, ValueError):
                pass
        file = open(encoded, "rb")  # noqa: SIM115 - the base class closes it after copying
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(original))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(os.fstat(file.fileno()).st_size))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return file

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - stdlib signature
        if not getattr(self.server, "quiet", False):
            super().log_message(format, *args)


class LessonServer(http.server.ThreadingHTTPServer):
    """The dev server. A browser that stops a download (the page gives up on the snapshot on a
    slow link, or the tab closes) is not an error worth a traceback."""

    def handle_error(self, request, client_address) -> None:
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)


def make_server(
    folder: Path, port: int, host: str = "127.0.0.1", quiet: bool = False, isolate: bool = True
) -> http.server.ThreadingHTTPServer:
    """Create (not start) a server for `folder`; port 0 picks a free port.

    `isolate=False` leaves out COOP/COEP, like a static host that cannot set headers.
    """
    handler_class = type("Handler", (LessonRequestHandler,), {"isolate": isolate})
    handler = functools.partial(handler_class, directory=str(folder))
    server = LessonServer((host, port), handler)
    server.quiet = quiet
    return server


def serve(folder: Path, port: int, host: str = "127.0.0.1") -> None:
    """Serve until Ctrl+C. Exits with a message when the port is taken."""
    try:
        server = make_server(folder, port, host)
    except OSError as error:
        raise SystemExit(
            f"Cannot serve on port {port}: {error.strerror}. Choose another port, e.g. make serve PORT={port + 1}."
        ) from None
    print(f"Serving {folder} at http://{host}:{server.server_address[1]}/  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nStopped.")
    finally:
        server.server_close()
