"""The course's server (lessonbuild.serve) for one bench scenario, on a port of its own, counting
what it sends per request path (lib.traffic) and, when asked, sending it through a slow link
(lib.network). The pages the bench opens get a Content-Security-Policy that allows its recorder;
the naive page gets none. `plain_serving` counts the same way on a plain static server (as a
documentation host), with a Cache-Control header of the bench's choosing."""

from __future__ import annotations

import contextlib
import functools
import http.server
import sys
import threading
import time
from pathlib import Path

from lessonbuild.serve import PAGE_POLICY, make_server

from .network import ThrottledLink
from .recorder import RECORDER_HASH
from .traffic import Traffic


class CountingWriter:
    """Wraps a handler's wfile: adds every byte written to the handler's traffic entry, and
    sends it through the server's throttled link when there is one."""

    def __init__(self, wfile, handler) -> None:
        self._wfile, self._handler = wfile, handler

    def write(self, data) -> int:
        link = self._handler.link
        if link is None:
            self._wfile.write(data)
        else:
            link.send(self._wfile.write, data, self._handler.requested_at)
        self._handler.count(len(data))
        return len(data)

    def __getattr__(self, name):
        return getattr(self._wfile, name)


class CountingHandler:
    """Mixed into a request handler class (first): counts what each request is sent into the
    class's `traffic` (lib.traffic), through its `link` (lib.network) when that is not None."""

    traffic: Traffic
    link: ThrottledLink | None = None
    entry = None
    requested_at = 0.0

    def setup(self) -> None:
        super().setup()
        self.wfile = CountingWriter(self.wfile, self)

    def handle_one_request(self) -> None:
        traffic = self.traffic
        self.entry, self.requested_at = None, time.monotonic()
        with traffic.lock:
            traffic.active += 1
        try:
            super().handle_one_request()
        finally:
            with traffic.lock:
                traffic.active -= 1
                traffic.last = time.monotonic()

    def count(self, size: int) -> None:
        traffic = self.traffic
        with traffic.lock:
            if self.entry is None:
                self.entry = [getattr(self, "path", "?").split("?", 1)[0], 0]
                traffic.entries.append(self.entry)
            self.entry[1] += size
            traffic.last = time.monotonic()


def counting_server(folder: Path, traffic: Traffic, link: ThrottledLink | None = None):
    """`lessonbuild.serve.make_server`, counting bytes sent per request path, throttled through
    `link` when given. The naive page gets no Content-Security-Policy (the site's forbids inline
    scripts and eval, which it needs); the others' allows the recorder (lib.recorder)."""
    server = make_server(folder, 0, quiet=True)
    factory = server.RequestHandlerClass  # functools.partial(handler class, directory=...)

    class Handler(CountingHandler, getattr(factory, "func", factory)):
        def send_header(self, keyword: str, value: str) -> None:
            if keyword == "Content-Security-Policy" and getattr(self, "path", "").startswith("/naive"):
                return
            if keyword == "Content-Security-Policy" and value == PAGE_POLICY:
                value = value.replace("script-src 'self'", f"script-src 'self' '{RECORDER_HASH}'")
            super().send_header(keyword, value)

    def handle_error(request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a closed context's dropped request
            type(server).handle_error(server, request, client_address)

    Handler.traffic, Handler.link = traffic, link
    server.handle_error = handle_error
    server.RequestHandlerClass = functools.partial(
        Handler, *getattr(factory, "args", ()), **getattr(factory, "keywords", {})
    )
    return server


@contextlib.contextmanager
def serving(folder: Path, traffic: Traffic, throttled: bool = False):
    """A counting server of its own for one scenario (a new port: a new origin, so nothing the
    browser kept for another scenario applies); yields its base address."""
    server = counting_server(folder, traffic, ThrottledLink() if throttled else None)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        traffic.settle()  # let the closed page's last requests end before the next scenario
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def plain_serving(folder: Path, traffic: Traffic, cache_control: str | None = None):
    """A plain static server (no isolation headers, no policy) of its own for `folder`, counting
    what it sends into `traffic`, and sending `Cache-Control: CACHE_CONTROL` when given (as some
    documentation hosts do; without it, only Last-Modified); yields its base address."""

    class Handler(CountingHandler, http.server.SimpleHTTPRequestHandler):
        def end_headers(self) -> None:
            if cache_control:
                self.send_header("Cache-Control", cache_control)
            super().end_headers()

        def log_message(self, *args) -> None:
            pass

    Handler.traffic = traffic
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        traffic.settle()
        server.shutdown()
        server.server_close()
