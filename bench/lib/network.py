"""The slow network of the throttled runs: 20 Mbit/s and 40 ms round trips, emulated by Chromium
itself (the DevTools protocol) or, for engines that cannot, by the bench's server."""

from __future__ import annotations

import itertools
import json
import threading
import time

# The throttled network: Chromium's emulation and the server's throttle use the same figures.
THROTTLE_BITS_PER_S, THROTTLE_LATENCY_S = 20e6, 0.040
THROTTLE = {
    "offline": False,
    "latency": THROTTLE_LATENCY_S * 1000,
    "downloadThroughput": THROTTLE_BITS_PER_S / 8,
    "uploadThroughput": THROTTLE_BITS_PER_S / 8,
}
THROTTLE_LABEL = f"{THROTTLE_BITS_PER_S / 1e6:.0f} Mbit/s, {THROTTLE_LATENCY_S * 1000:.0f} ms"


class ThrottledLink:
    """A slow network in the server, for engines that cannot emulate one: every response's first
    byte leaves `latency` seconds after its request came in, and all responses share one link
    of `bits_per_s`, sent in small chunks (a fast response cannot run ahead of a slow one)."""

    CHUNK = 16 * 1024

    def __init__(self, bits_per_s: float = THROTTLE_BITS_PER_S, latency: float = THROTTLE_LATENCY_S) -> None:
        self.bytes_per_s, self.latency = bits_per_s / 8, latency
        self.lock = threading.Lock()
        self.free_at = 0.0  # when the link has sent everything queued so far (monotonic time)

    def send(self, write, data, requested_at: float) -> None:
        """Write `data` through `write` at the link's pace, not before `requested_at + latency`."""
        view = memoryview(data)
        for start in range(0, len(view), self.CHUNK):
            chunk = view[start : start + self.CHUNK]
            with self.lock:
                self.free_at = (
                    max(self.free_at, time.monotonic(), requested_at + self.latency) + len(chunk) / self.bytes_per_s
                )
                due = self.free_at
            time.sleep(max(0.0, due - time.monotonic()))
            write(chunk)


def emulate_slow_network(page, warnings: list[str]) -> None:
    """Chromium only (Playwright and the DevTools protocol, under the engine interface's page):
    emulate a 20 Mbit/s, 40 ms network for the page and every worker it starts, service
    workers included: those are targets of their own, which the page's emulation misses. They
    are attached paused, throttled, then let go."""
    playwright_page = page.page
    session = playwright_page.context.new_cdp_session(playwright_page)
    session.send("Network.emulateNetworkConditions", THROTTLE)
    ids = itertools.count(1)

    def attached(event) -> None:
        for method, params in (("Network.emulateNetworkConditions", THROTTLE), ("Runtime.runIfWaitingForDebugger", {})):
            message = json.dumps({"id": next(ids), "method": method, "params": params})
            try:
                session.send("Target.sendMessageToTarget", {"sessionId": event["sessionId"], "message": message})
            except Exception as error:  # noqa: BLE001 - report and go on unthrottled
                warnings.append(f"could not throttle a {event['targetInfo']['type']}: {error}")

    session.on("Target.attachedToTarget", attached)
    session.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": False})
