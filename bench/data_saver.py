"""What a lesson downloads on a slow phone link, as usual and when the browser asks to save data.

Run on demand (not a test):
    .venv/bin/python bench/data_saver.py [--lesson SLUG] [--after 60] [--mbit 1.6] [--latency-ms 150]
                                         [--dist DIR]

It builds the site into a temporary folder (or serves `--dist`, a site already built) with the
course's own server, and opens one lesson in headless Chromium, each run in a fresh context (an
empty cache, no service worker) on a server of its own, with the network emulated by the DevTools
protocol (`Network.emulateNetworkConditions`: `--mbit` down, `--latency-ms` round trips) for the
page, its Python worker and any service worker. Two runs:

  as usual   navigator.connection as Chromium reports it under the emulation.
  Save-Data  the same, with navigator.connection.saveData forced true in the page by an init
             script (the page decides and tells its Python worker; a browser with its data
             saver on sends `Save-Data: on` as well, which the page cannot read).

For each it prints the bytes received until the status says "Python ready", the time to Python
ready (from the navigation's start), and the bytes received in the `--after` seconds after that
(the background: the service worker's copy of the course, the snapshot for the next page, the
full standard library). With Save-Data it then presses the offer ("Save every lesson for offline
use (N MB)") and prints what saving the course downloaded until the page says it works offline.
Bytes are counted in the browser, as encoded on the wire (headers and bodies, CDP
`Network.dataReceived`/`loadingFinished`), in the page and in every worker alike.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import tempfile
import threading
from pathlib import Path
from urllib.parse import urlsplit

from lib import ROOT  # first: the repository's import roots

import build
from browserdrive.find_chromium import LAUNCH_ARGS, find_chromium
from browserdrive.serving import served
from lessonbuild.lessonformat import course_slugs
from lessonbuild.snapshot import SNAPSHOT_PATH
from lib.conditions import print_end, print_start
from lib.pagejs import as_script, page_function

READY_TIMEOUT_MS = 300_000  # a cold boot at 1.6 Mbit/s takes tens of seconds
SAVE_DATA = as_script("save_data")  # an init script: navigator.connection.saveData is true
READY_RECORDER = as_script("ready_recorder")  # an init script: window.__readyAt, Python ready
READY_AT_JS = page_function("ready_at")
CONNECTION_JS = page_function("connection")
EPOCH_NOW_JS = page_function("epoch_now")


class Received:
    """Bytes the browser received, per request, with when (CDP events of the page and of every
    worker and service worker it starts, attached paused, throttled, then let go)."""

    def __init__(self, page, conditions: dict) -> None:
        self.lock = threading.Lock()
        self.chunks: list[tuple[float, int, str]] = []  # (browser monotonic s, bytes, requestId)
        self.urls: dict[str, str] = {}  # requestId → URL
        self.finished: dict[str, int] = {}  # requestId → encodedDataLength, headers included
        self.counted: dict[str, int] = {}  # requestId → bytes of it in chunks
        self.clock: tuple[float, float] | None = None  # (monotonic s, wall s) of one request
        self.conditions = conditions
        self.ids = itertools.count(1)
        self.session = page.context.new_cdp_session(page)
        self.session.on("Network.requestWillBeSent", self.sent)
        self.session.on("Network.dataReceived", self.data)
        self.session.on("Network.loadingFinished", self.done)
        self.session.on("Target.attachedToTarget", self.attached)
        self.session.on("Target.receivedMessageFromTarget", self.relayed)
        self.session.send("Network.enable")
        self.session.send("Network.emulateNetworkConditions", conditions)
        self.session.send(
            "Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": False}
        )

    def attached(self, event: dict) -> None:
        for method, params in (
            ("Network.enable", {}),
            ("Network.emulateNetworkConditions", self.conditions),
            ("Runtime.runIfWaitingForDebugger", {}),
        ):
            message = json.dumps({"id": next(self.ids), "method": method, "params": params})
            with contextlib.suppress(Exception):  # a worker already gone
                self.session.send("Target.sendMessageToTarget", {"sessionId": event["sessionId"], "message": message})

    def relayed(self, event: dict) -> None:
        message = json.loads(event["message"])
        handler = {
            "Network.requestWillBeSent": self.sent,
            "Network.dataReceived": self.data,
            "Network.loadingFinished": self.done,
        }.get(message.get("method"))
        if handler:
            handler(message["params"], prefix=event["sessionId"])

    def sent(self, params: dict, prefix: str = "") -> None:
        with self.lock:
            self.urls[prefix + params["requestId"]] = params["request"]["url"]
            if self.clock is None and "wallTime" in params:
                self.clock = (params["timestamp"], params["wallTime"])

    def data(self, params: dict, prefix: str = "") -> None:
        key = prefix + params["requestId"]
        size = params.get("encodedDataLength", 0)
        with self.lock:
            self.chunks.append((params["timestamp"], size, key))
            self.counted[key] = self.counted.get(key, 0) + size

    def done(self, params: dict, prefix: str = "") -> None:
        key = prefix + params["requestId"]
        with self.lock:
            # Headers (and bodies that came with no dataReceived), at the request's end.
            rest = params.get("encodedDataLength", 0) - self.counted.get(key, 0)
            if rest > 0:
                self.chunks.append((params["timestamp"], rest, key))

    def between(self, start_ms: float, end_ms: float) -> int:
        """Bytes received between two wall-clock times (epoch ms)."""
        return sum(self.by_path(start_ms, end_ms).values())

    def by_path(self, start_ms: float, end_ms: float) -> dict[str, int]:
        """Bytes received between two wall-clock times (epoch ms), per path of the site."""
        with self.lock:
            monotonic, wall = self.clock
            offset = wall - monotonic
            paths: dict[str, int] = {}
            for at, size, key in self.chunks:
                if start_ms < (at + offset) * 1000 <= end_ms:
                    path = urlsplit(self.urls.get(key, "?")).path
                    paths[path] = paths.get(path, 0) + size
            return paths


def megabytes(size: int) -> str:
    return f"{size / 1e6:.2f} MB"


def visit(browser, base_url: str, slug: str, conditions: dict, save_data: bool, after_s: float) -> dict:
    """One cold visit of `slug`: its figures, as a dict."""
    from playwright.sync_api import expect

    context = browser.new_context()
    context.add_init_script(READY_RECORDER)
    if save_data:
        context.add_init_script(SAVE_DATA)
    page = context.new_page()
    received = Received(page, conditions)
    page.goto(f"{base_url}{slug}.html")
    status = page.locator("[data-runtime-status]")
    expect(status).to_have_attribute("data-runtime-status", "ready", timeout=READY_TIMEOUT_MS)
    origin, ready = page.evaluate(READY_AT_JS)
    connection = page.evaluate(CONNECTION_JS)
    page.wait_for_timeout(after_s * 1000)  # a bench: what arrives in this window is the figure
    figures = {
        "connection": connection,
        "ready_s": (ready - origin) / 1000,
        "until_ready": received.between(0, ready),
        "background": received.between(ready, ready + after_s * 1000),
        "largest": sorted(received.by_path(ready, ready + after_s * 1000).items(), key=lambda item: -item[1])[:3],
        "offer": None,
    }
    offer = page.locator("[data-offline-offer] button")
    if save_data and offer.count():
        figures["offer"] = offer.inner_text()
        pressed = page.evaluate(EPOCH_NOW_JS)
        offer.click()
        expect(page.locator("[data-offline-ready]")).to_be_visible(timeout=READY_TIMEOUT_MS)
        saved = page.evaluate(EPOCH_NOW_JS)
        saving = received.by_path(pressed, saved)
        figures["saving"] = sum(saving.values())
        figures["saving_snapshot"] = saving.get(f"/{SNAPSHOT_PATH}", 0)
        figures["saving_s"] = (saved - pressed) / 1000
    context.close()
    return figures


def main() -> None:
    slugs = course_slugs(ROOT / "lessons")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lesson", default=slugs[0], help=f"the lesson opened (default {slugs[0]})")
    parser.add_argument("--after", type=float, default=60.0, help="seconds watched after ready (default 60)")
    parser.add_argument("--mbit", type=float, default=1.6, help="download speed, Mbit/s (default 1.6)")
    parser.add_argument("--latency-ms", type=float, default=150.0, help="added round-trip time (default 150)")
    parser.add_argument("--dist", type=Path, help="serve this built site instead of building one")
    args = parser.parse_args()
    conditions = {
        "offline": False,
        "latency": args.latency_ms,
        "downloadThroughput": args.mbit * 1e6 / 8,
        "uploadThroughput": args.mbit * 1e6 / 8,
    }
    started = print_start()
    print(f"network: {args.mbit:g} Mbit/s, {args.latency_ms:g} ms (Chromium's emulation); lesson {args.lesson}")
    from playwright.sync_api import sync_playwright

    with contextlib.ExitStack() as stack:
        out = args.dist
        if out is None:
            out = Path(stack.enter_context(tempfile.TemporaryDirectory())) / "dist"
            build.build(ROOT / "lessons", out)
        playwright = stack.enter_context(sync_playwright())
        browser = playwright.chromium.launch(executable_path=find_chromium(), args=LAUNCH_ARGS)
        stack.callback(browser.close)
        rows = []
        for label, save_data in (("as usual", False), ("Save-Data", True)):
            with served(out) as base_url:
                figures = visit(browser, base_url, args.lesson, conditions, save_data, args.after)
            rows.append((label, figures))
            effective, save = figures["connection"] or ("none", None)
            print(f"\n{label}: the page saw effectiveType {effective}, saveData {save}")
            print(f"  until Python ready: {megabytes(figures['until_ready'])}")
            print(f"  time to Python ready: {figures['ready_s']:.1f} s")
            print(f"  in the {args.after:g} s after: {megabytes(figures['background'])}")
            if figures["largest"]:
                print("    largest: " + ", ".join(f"{path} {megabytes(size)}" for path, size in figures["largest"]))
            if figures["offer"]:
                print(f"  the offer: {figures['offer']!r}; pressed, it downloaded {megabytes(figures['saving'])}")
                print(f"  until the page said it works offline ({figures['saving_s']:.1f} s), of which the snapshot")
                print(f"  {megabytes(figures['saving_snapshot'])} (the service worker reads saveData itself: here it")
                print("  was forced in the page only, so it stored the snapshot too)")
    print_end(started)


if __name__ == "__main__":
    main()
