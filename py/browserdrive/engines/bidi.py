"""A minimal WebDriver BiDi client (W3C): commands and events over one WebSocket, plus the
conversion of script values between Python and BiDi's serialized form."""

from __future__ import annotations

import itertools
import json
import math
import threading
from concurrent.futures import Future

import websocket

from .base import EngineError, EngineGone

CONNECTION_CLOSED = "connection closed"  # what pending commands are answered when the socket ends
COMMAND_TIMEOUT_S = 120.0  # a navigation that waits for its load event may take this long under load


class RemoteNode:
    """A DOM node living in the page, known to the driver by its shared id."""

    def __init__(self, shared_id: str):
        self.shared_id = shared_id

    def __repr__(self) -> str:
        return f"RemoteNode({self.shared_id!r})"


class BidiConnection:
    """Sends commands, waits for their answers, and passes events to subscribers."""

    def __init__(self, url: str):
        self._socket = websocket.create_connection(url, suppress_origin=True)
        self._ids = itertools.count(1)
        self._pending: dict[int, Future] = {}
        self._listeners: list = []
        self._lock = threading.Lock()
        self._closed = False  # the socket ended: every later command fails at once
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def command(self, method: str, timeout: float = COMMAND_TIMEOUT_S, **params) -> dict:
        """Send one command; its result, or EngineError with the driver's error and message."""
        future: Future = Future()
        with self._lock:
            if self._closed:
                raise EngineGone(f"{method}: Firefox's WebDriver BiDi connection is closed (the browser ended)")
            command_id = next(self._ids)
            self._pending[command_id] = future
        self._socket.send(json.dumps({"id": command_id, "method": method, "params": params}))
        answer = future.result(timeout)
        if answer.get("error") == CONNECTION_CLOSED:
            raise EngineGone(f"{method}: Firefox's WebDriver BiDi connection closed (the browser ended)")
        if answer.get("type") == "error":
            raise EngineError(f"{method}: {answer.get('error')}: {answer.get('message')}")
        return answer["result"]

    def on_event(self, listener) -> None:
        """Call `listener(method, params)` for every event the session subscribed to."""
        self._listeners.append(listener)

    def close(self) -> None:
        self._socket.close()

    def _read(self) -> None:
        while True:
            try:
                message = json.loads(self._socket.recv())
            except (websocket.WebSocketException, OSError, ValueError):
                break
            if "id" in message and message["id"] in self._pending:
                with self._lock:
                    future = self._pending.pop(message["id"])
                future.set_result(message)
            elif message.get("type") == "event":
                for listener in self._listeners:
                    listener(message["method"], message["params"])
        with self._lock:
            self._closed = True
            for future in self._pending.values():
                future.set_result({"type": "error", "error": CONNECTION_CLOSED, "message": ""})
            self._pending.clear()


def to_local_value(value) -> dict:
    """A Python value as a BiDi LocalValue (script arguments)."""
    if isinstance(value, RemoteNode):
        return {"sharedId": value.shared_id}
    if value is None:
        return {"type": "null"}
    if isinstance(value, bool):
        return {"type": "boolean", "value": value}
    if isinstance(value, (int, float)):
        return {"type": "number", "value": value}
    if isinstance(value, str):
        return {"type": "string", "value": value}
    if isinstance(value, (list, tuple)):
        return {"type": "array", "value": [to_local_value(item) for item in value]}
    if isinstance(value, dict):
        return {"type": "object", "value": [[str(key), to_local_value(item)] for key, item in value.items()]}
    raise TypeError(f"cannot pass {type(value).__name__} to the page")


SPECIAL_NUMBERS = {"NaN": math.nan, "-0": -0.0, "Infinity": math.inf, "-Infinity": -math.inf}


def from_remote_value(remote: dict):
    """A BiDi RemoteValue as a Python value; DOM nodes become RemoteNode."""
    kind = remote["type"]
    if kind in ("undefined", "null"):
        return None
    if kind == "number":
        value = remote["value"]
        return SPECIAL_NUMBERS.get(value, value) if isinstance(value, str) else value
    if kind in ("string", "boolean"):
        return remote["value"]
    if kind == "bigint":
        return int(remote["value"])
    if kind in ("array", "set", "nodelist", "htmlcollection"):
        return [from_remote_value(item) for item in remote.get("value", [])]
    if kind in ("object", "map"):
        return {
            key if isinstance(key, str) else str(from_remote_value(key)): from_remote_value(item)
            for key, item in remote.get("value", [])
        }
    if kind == "node":
        return RemoteNode(remote["sharedId"])
    return {"type": kind}
