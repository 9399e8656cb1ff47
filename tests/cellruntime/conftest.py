"""Shared helpers for the cellruntime tests."""

from __future__ import annotations

import pytest

from cellruntime import Session


class Recorder:
    """A ``write(stream, text)`` callback that remembers every call."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, str]] = []

    def __call__(self, stream: str, text: str) -> None:
        self.calls.append((stream, text))

    def text(self, stream: str | None = None) -> str:
        return "".join(t for s, t in self.calls if stream is None or s == stream)


@pytest.fixture
def new_recorder():
    """Factory for :class:`Recorder` (test modules can't import conftest)."""
    return Recorder


@pytest.fixture
def session() -> Session:
    return Session()


@pytest.fixture
def run(session):
    """``run(code, cell_id="t") -> (result, recorder)`` in the test's session."""

    def _run(code: str, cell_id: str = "t"):
        recorder = Recorder()
        return session.run(code, cell_id, recorder), recorder

    return _run
