"""The dev server's HTTP side, on a hand-made site: pages carry the reload script of their
version, assets come precompressed and revalidate, /sw.js removes itself, the event stream
sends each publication, and before any good build a page says so."""

from __future__ import annotations

import hashlib
import threading
import urllib.error
import urllib.request

import brotli
import pytest

from lessonbuild.devbuild import DevSite
from lessonbuild.devhttp import RELOAD_SCRIPT_PATH, LiveState, make_dev_server
from lessonbuild.serve import PAGE_POLICY

from dev_client import EventStream, get

PAGE = b"<!doctype html>\n<html><head><title>A</title></head><body><p>Some prose</p></body></html>"
SCRIPT = b"console.log('lesson');" * 50


def site_of(files: dict[str, bytes], version: str) -> DevSite:
    etags = {path: hashlib.sha256(data).hexdigest()[:16] for path, data in files.items()}
    return DevSite(files, etags, version, tuple(path for path in files if path.endswith(".html")))


@pytest.fixture
def live():
    """A LiveState served on a free port; yields (state, base URL)."""
    state = LiveState()
    server = make_dev_server(state, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield state, f"http://127.0.0.1:{server.server_address[1]}/"
    state.close()
    server.shutdown()
    server.server_close()


@pytest.fixture
def served(live):
    state, url = live
    state.publish(
        site_of(
            {
                "index.html": PAGE,
                "sample.html": PAGE,
                "assets/lesson.js": SCRIPT,
                "assets/lesson.js.br": brotli.compress(SCRIPT),
            },
            "v1",
        ),
        [],
    )
    return state, url


def test_pages_carry_the_reload_script_of_their_version(served):
    _, url = served
    headers, page = get(url + "sample.html")
    tag = f'<script src="{RELOAD_SCRIPT_PATH}?version=v1"></script>'.encode()
    assert page == PAGE.replace(b"</head>", tag + b"\n</head>")
    assert headers["Content-Security-Policy"] == PAGE_POLICY  # the tag is a file of this origin
    assert headers["Cross-Origin-Embedder-Policy"] == "require-corp"
    assert get(url)[1].count(tag) == 1  # / is index.html
    script_headers, script = get(url + RELOAD_SCRIPT_PATH.lstrip("/"))
    assert script_headers["Content-Type"].startswith("text/javascript") and b"EventSource" in script
    assert get(url + "assets/lesson.js")[1] == SCRIPT


def test_assets_come_precompressed_and_revalidate(served):
    _, url = served
    headers, body = get(url + "assets/lesson.js", {"Accept-Encoding": "gzip, br"})
    assert headers["Content-Encoding"] == "br" and brotli.decompress(body) == SCRIPT
    with pytest.raises(urllib.error.HTTPError) as caught:
        get(url + "assets/lesson.js", {"If-None-Match": headers["ETag"]})
    assert caught.value.code == 304


def test_a_page_revalidates_until_the_version_changes(served):
    state, url = served
    headers, _ = get(url + "sample.html")
    with pytest.raises(urllib.error.HTTPError) as caught:
        get(url + "sample.html", {"If-None-Match": headers["ETag"]})
    assert caught.value.code == 304
    state.publish(site_of({"sample.html": PAGE}, "v2"), [])
    _, page = get(url + "sample.html", {"If-None-Match": headers["ETag"]})
    assert b"?version=v2" in page


def test_the_service_worker_is_one_that_removes_itself(served):
    _, url = served
    _, worker = get(url + "sw.js")
    assert b"unregister()" in worker and b"self.BUILD" not in worker


def test_a_file_not_in_the_build_is_not_found(served):
    _, url = served
    with pytest.raises(urllib.error.HTTPError) as caught:
        get(url + "missing.html")
    assert caught.value.code == 404


def test_an_address_without_html_is_served_as_its_html_page(served):
    _, url = served
    headers, page = get(url + "sample")
    assert page == get(url + "sample.html")[1] and b"?version=v1" in page
    assert headers["Content-Type"].startswith("text/html")


@pytest.mark.parametrize("path", ["missing.html", "missing", "some/deeper/address"])
def test_an_unknown_address_gets_the_builds_404_page(live, path):
    state, url = live
    state.publish(site_of({"index.html": PAGE, "404.html": PAGE.replace(b"<p>Some prose", b"<p>Not here")}, "v1"), [])
    with pytest.raises(urllib.error.HTTPError) as caught:
        get(url + path)
    assert caught.value.code == 404
    assert caught.value.headers["Content-Type"] == "text/html; charset=utf-8"
    page = caught.value.read()
    assert page.startswith(b'<!doctype html>\n<html><head>\n<base href="/"><title>A</title>')
    assert b"<p>Not here</p>" in page and f"{RELOAD_SCRIPT_PATH}?version=v1".encode() in page


def test_the_stream_sends_the_state_then_each_publication(served):
    state, url = served
    stream = EventStream(url)
    try:
        assert stream.next_state() == {"version": "v1", "problems": []}
        state.publish(None, ["lessons/a.md:3: Something is wrong. Change it."])
        assert stream.next_state() == {"version": "v1", "problems": ["lessons/a.md:3: Something is wrong. Change it."]}
        assert b"Some prose" in get(url + "sample.html")[1]  # still the last good site
        state.publish(site_of({"sample.html": PAGE}, "v2"), [])
        assert stream.next_state() == {"version": "v2", "problems": []}
    finally:
        stream.close()


def test_before_any_good_build_a_page_says_so_with_the_reload_script(live):
    state, url = live
    state.publish(None, ["lessons/a.md:3: Something is wrong. Change it."])
    with pytest.raises(urllib.error.HTTPError) as caught:
        get(url + "sample.html")
    assert caught.value.code == 503
    assert f'{RELOAD_SCRIPT_PATH}?version="'.encode() in caught.value.read()
    assert state.message() == {"version": "", "problems": ["lessons/a.md:3: Something is wrong. Change it."]}
