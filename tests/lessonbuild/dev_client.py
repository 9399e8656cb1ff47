"""A client for the dev server's HTTP side in tests: plain GETs and its event stream."""

from __future__ import annotations

import json
import urllib.request

WAIT = 10  # seconds: a state wait's limit, not a pause


def get(url, headers=None):
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=WAIT) as response:
        return response.headers, response.read()


class EventStream:
    """/__dev/events, read one `state` event at a time."""

    def __init__(self, base_url):
        self.response = urllib.request.urlopen(base_url + "__dev/events", timeout=WAIT)

    def next_state(self) -> dict:
        event = None
        for raw in self.response:
            line = raw.decode().rstrip("\n")
            if line.startswith("event: "):
                event = line[len("event: ") :]
            elif line.startswith("data: ") and event == "state":
                return json.loads(line[len("data: ") :])
        raise AssertionError("the event stream ended")

    def close(self):
        self.response.close()
