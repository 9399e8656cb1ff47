"""A WebKitGTK navigation that never finishes fails fast as EngineHang, and the next test gets a
new browser (py/browserdrive/engines/webkit.py; the rerun itself is tests/conftest.py's)."""

from __future__ import annotations

import socket
import threading

import pytest

from browserdrive.engines.base import EngineHang

pytestmark = pytest.mark.parametrize("engine_session", ["webkit"], indirect=True)


@pytest.fixture
def silent_server():
    """A server that accepts connections and never answers: a load that cannot finish."""
    listener = socket.create_server(("127.0.0.1", 0))
    accepted: list[socket.socket] = []
    stop = threading.Event()

    def accept():
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                accepted.append(listener.accept()[0])
            except TimeoutError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{listener.getsockname()[1]}/"
    stop.set()
    thread.join()
    for connection in accepted:
        connection.close()
    listener.close()


def test_a_load_that_never_finishes_is_a_hang_and_the_browser_is_replaced(engine_session, silent_server):
    browser = engine_session.browser
    browser.set_page_load_timeout(3)
    page = browser.new_page()
    with pytest.raises(EngineHang, match="did not finish loading"):
        page.goto(silent_server)
    page.close()  # no command reaches the hung browser
    assert not browser.alive()
    replacement = engine_session.browser
    assert replacement is not browser
    assert replacement.alive()
