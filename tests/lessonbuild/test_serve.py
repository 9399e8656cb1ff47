"""The static server: isolation and CSP headers, MIME types, precompressed files, /slug as
/slug.html and the site's 404 page."""

from __future__ import annotations

import gzip
import threading
import urllib.error
import urllib.request

import brotli
import pytest

from lessonbuild import paths
from lessonbuild.paths import WORKER_SCRIPT
from lessonbuild.serve import NOT_FOUND_PAGE, PAGE_POLICY, WORKER_POLICY, WORKER_SCRIPTS, make_server


@pytest.fixture
def served(served_folder):
    tmp_path, url = served_folder
    (tmp_path / "assets").mkdir()
    (tmp_path / "page.html").write_text("<p>hello</p>" * 100)
    (tmp_path / "page.html.br").write_bytes(brotli.compress(b"<p>hello</p>" * 100))
    (tmp_path / "page.html.gz").write_bytes(gzip.compress(b"<p>hello</p>" * 100))
    (tmp_path / "assets" / "worker.js").write_text("self.onmessage = () => {};")
    (tmp_path / "python.wasm").write_bytes(b"\0asm")
    (tmp_path / "module.mjs").write_text("export {};")
    return url


@pytest.fixture
def served_folder(tmp_path):
    """A folder served on a free port; yields (folder, base URL)."""
    server = make_server(tmp_path, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield tmp_path, f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def get(url, encoding=None):
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding} if encoding else {})
    with urllib.request.urlopen(request) as response:
        return response.headers, response.read()


def test_pages_are_isolated_and_have_a_strict_policy(served):
    headers, _ = get(served + "page.html")
    assert headers["Cross-Origin-Opener-Policy"] == "same-origin"
    assert headers["Cross-Origin-Embedder-Policy"] == "require-corp"
    assert headers["Content-Security-Policy"] == PAGE_POLICY
    assert "unsafe-eval" not in PAGE_POLICY


def test_only_the_worker_script_may_eval(served):
    headers, _ = get(served + "assets/worker.js?v=1")
    assert headers["Content-Security-Policy"] == WORKER_POLICY
    assert "'unsafe-eval' 'wasm-unsafe-eval'" in WORKER_POLICY


@pytest.mark.parametrize("path, mime", [("python.wasm", "application/wasm"), ("module.mjs", "text/javascript")])
def test_mime_types(served, path, mime):
    headers, _ = get(served + path)
    assert headers["Content-Type"].startswith(mime)


@pytest.mark.parametrize(
    "accept, encoding, decode",
    [
        ("br, gzip", "br", brotli.decompress),
        ("gzip", "gzip", gzip.decompress),
    ],
)
def test_precompressed_files_when_accepted(served, accept, encoding, decode):
    headers, body = get(served + "page.html", accept)
    assert headers["Content-Encoding"] == encoding
    assert headers["Content-Type"].startswith("text/html")
    assert decode(body) == b"<p>hello</p>" * 100


def test_plain_file_when_no_encoding_is_accepted(served):
    headers, body = get(served + "page.html")
    assert headers["Content-Encoding"] is None and body == b"<p>hello</p>" * 100


def test_a_browser_that_stops_a_download_is_not_reported_as_an_error(tmp_path, capsys):
    server = make_server(tmp_path, 0, quiet=True)
    try:
        for gone in (ConnectionResetError(104, "Connection reset by peer"), BrokenPipeError(32, "Broken pipe")):
            try:
                raise gone
            except OSError:
                server.handle_error(None, ("127.0.0.1", 1))
        assert capsys.readouterr().err == ""
        try:
            raise ValueError("a bug in the server")
        except ValueError:
            server.handle_error(None, ("127.0.0.1", 1))
        assert "ValueError: a bug in the server" in capsys.readouterr().err
    finally:
        server.server_close()


def test_the_worker_policy_names_the_worker_the_build_writes():
    """serve.py stands alone in handouts, so it spells the worker's path itself: the same one."""
    assert WORKER_SCRIPTS == (f"/{WORKER_SCRIPT}",)


NOT_FOUND = (
    b'<!doctype html>\n<html lang="en">\n<head>\n<title>Page not found</title>\n</head>\n<body></body>\n</html>\n'
)


def get_status(url):
    """(status, headers, body) of a GET, errors included."""
    try:
        with urllib.request.urlopen(url) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def test_an_address_without_html_is_served_as_its_html_page(served):
    status, headers, body = get_status(served + "page?v=1")
    assert status == 200 and body == b"<p>hello</p>" * 100
    assert headers["Content-Type"].startswith("text/html")
    assert headers["Content-Security-Policy"] == PAGE_POLICY


@pytest.mark.parametrize("path", ["nonexistent.html", "nonexistent", "some/deeper/address", "page/"])
def test_an_unknown_address_gets_the_sites_404_page(served_folder, path):
    folder, url = served_folder
    (folder / "404.html").write_bytes(NOT_FOUND)
    status, headers, body = get_status(url + path)
    assert status == 404
    assert headers["Content-Type"] == "text/html; charset=utf-8"
    assert headers["Cross-Origin-Embedder-Policy"] == "require-corp"
    # Its relative links lead from the site's root, whatever the address.
    assert body == NOT_FOUND.replace(b"<head>", b'<head>\n<base href="/">')


def test_without_a_404_page_an_unknown_address_is_a_plain_404(served_folder):
    _, url = served_folder
    status, _, _ = get_status(url + "nonexistent")
    assert status == 404


def test_the_404_page_has_the_name_the_build_gives_it():
    """serve.py stands alone in handouts, so it spells the page's name itself: the same one."""
    assert NOT_FOUND_PAGE == paths.NOT_FOUND_PAGE == "404.html"  # the name static hosts look for
