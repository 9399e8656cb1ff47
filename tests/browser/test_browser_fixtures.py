"""The browser fixtures themselves (conftest.py): what one test leaves behind never fails the next."""

from __future__ import annotations

import http.server
import threading

import pytest


@pytest.fixture
def slow_server():
    """A server whose /slow answers only once the test sets the returned event."""
    release = threading.Event()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            if self.path == "/slow":
                release.wait(30)
            self.send_response(200)
            self.send_header("content-type", "text/html")
            self.end_headers()
            self.wfile.write(b"<p>page</p>")

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/", release
    release.set()
    server.shutdown()


def test_a_request_handler_still_fetching_when_its_context_closes_fails_no_later_call(browser, slow_server):
    """A page may ask for a file again as its test ends (a restarted worker asks for worker.js);
    the test's handler, still fetching it from the server, must not raise in the next test."""
    url, release = slow_server
    context = browser.new_context()
    page = context.new_page()
    page.goto(url)
    fetching = threading.Event()

    def handler(route):
        fetching.set()
        route.fulfill(response=route.fetch())

    page.route("**/slow", handler)
    page.evaluate("() => { fetch('/slow'); }")
    page.wait_for_function("() => true")  # lets the handler start (it runs within Playwright's calls)
    while not fetching.is_set():
        page.wait_for_function("() => true")
    context.close()
    release.set()
    other = browser.new_context()  # the next test's first call
    other.new_page().goto(url)
    other.close()
