"""What the bench's server sent: one entry per request (its path and bytes, headers included, as
encoded on the wire), and those bytes split into Pyodide's core files and the course's own."""

from __future__ import annotations

import threading
import time

from lessonbuild.paths import PYODIDE_CORE_FILES, PYODIDE_DIR

PYODIDE_CORE = {f"/{PYODIDE_DIR}{name}" for name in PYODIDE_CORE_FILES}


class Traffic:
    """What the server sent: one entry per request, [path, bytes], plus when it last wrote."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.entries: list[list] = []
        self.active = 0
        self.last = time.monotonic()

    def mark(self) -> int:
        with self.lock:
            return len(self.entries)

    def since(self, mark: int) -> list[tuple[str, int]]:
        with self.lock:
            return [(path, size) for path, size in self.entries[mark:]]

    def settle(self, quiet: float = 1.0, limit: float = 30.0) -> bool:
        """Wait until no request is open and nothing was sent for `quiet` seconds."""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            with self.lock:
                idle = self.active == 0 and time.monotonic() - self.last >= quiet
            if idle:
                return True
            time.sleep(0.1)
        return False


def split_bytes(entries: list[tuple[str, int]]) -> dict[str, int]:
    """Bytes of (path, bytes) `entries`: {"core": Pyodide's core files, "own": the rest, "total"}."""
    core = sum(size for path, size in entries if path in PYODIDE_CORE)
    total = sum(size for _, size in entries)
    return {"core": core, "own": total - core, "total": total}
