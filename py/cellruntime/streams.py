"""Stand-ins for ``sys.stdout``, ``sys.stderr`` and ``sys.stdin`` during a cell run.

The page receives output through a plain callback ``write(stream, text)``
(in the browser a JS function proxy that posts a message), so everything
here hands over plain ``str`` values only.
"""

from __future__ import annotations

import collections
import io
import sys
import time
from typing import Callable, Optional

WriteCallback = Callable[[str, str], None]

#: Pending text is passed on once it reaches this many characters, even
#: without a newline (e.g. ``print(".", end="")`` in a long loop).
DEFAULT_MAX_PENDING = 4096

#: Lines that come faster than this (seconds) are sent together: a loop printing 200,000 lines
#: then costs the page a few hundred messages, not 200,000.
DEFAULT_MIN_INTERVAL = 0.05

#: Past this many characters in one run, output is dropped and counted; the page is told how
#: much was cut.  Errors are reported separately and never cut.
DEFAULT_MAX_CHARS = 200_000

#: Of the cut output, the end (at most this many characters, from a line start) is sent when
#: the run ends: a result printed last is not lost.
DEFAULT_TAIL_CHARS = 4_000

#: The stream names of a cell's output (the page's `[data-stream]`).
STDOUT_STREAM = "stdout"
STDERR_STREAM = "stderr"

#: The stream name of the runtime's own notes to the page (not the learner's output).
NOTICE_STREAM = "notice"

#: The stream name of the mark put where cut output was left out (between the start and the end).
CUT_MARK_STREAM = "cut"


class OutputRouter:
    """Collects text from the cell's stdout and stderr and passes it to a callback.

    One router lives as long as its :class:`~cellruntime.session.Session`;
    :meth:`attach` points it at the current run's callback and
    :meth:`detach` flushes and lets go of it.  Text waits in a small buffer
    only until a newline or carriage return, an explicit :meth:`flush`, a
    switch to the other stream, or ``max_pending`` characters, so output
    reaches the page while the cell is still running and stdout/stderr keep
    their relative order.  While detached (between runs), text goes to the
    process's original ``sys.__stdout__`` / ``sys.__stderr__``, and so does
    anything the callback itself prints.
    """

    def __init__(
        self,
        max_pending: int = DEFAULT_MAX_PENDING,
        min_interval: float = DEFAULT_MIN_INTERVAL,
        max_chars: int = DEFAULT_MAX_CHARS,
        tail_chars: int = DEFAULT_TAIL_CHARS,
    ) -> None:
        self._callback: Optional[WriteCallback] = None
        self._stream: Optional[str] = None
        self._parts: list[str] = []
        self._size = 0
        self._max_pending = max_pending
        self._min_interval = min_interval
        self._max_chars = max_chars
        self._sent = 0  # characters passed on during this run
        self._cut = 0  # characters dropped during this run
        self._tail_chars = tail_chars
        self._tail: collections.deque[list[str]] = collections.deque()  # [stream, text] of the cut end
        self._tail_size = 0
        self._last_flush = float("-inf")
        self._in_callback = False

    def attach(self, callback: WriteCallback) -> None:
        """Send output to ``callback(stream, text)`` from now on (a new run: limits restart)."""
        self.flush()
        self._callback = callback
        self._sent = self._cut = 0
        self._tail.clear()
        self._tail_size = 0
        self._last_flush = float("-inf")  # the run's first line goes out at once

    def detach(self) -> None:
        """Flush what is pending and stop using the current callback.

        Raises whatever the callback raises while flushing; the callback is
        let go of either way.
        """
        try:
            self.flush()
            if self._cut and self._callback is not None:
                tail = self._tail_from_a_line_start()
                hidden = self._cut - sum(len(text) for _, text in tail)
                if tail:
                    self._callback(
                        NOTICE_STREAM,
                        f"Output cut: {hidden:,} characters in the middle were not shown "
                        "(marked where they were); the start and the end are below.",
                    )
                    self._callback(CUT_MARK_STREAM, f"[… {hidden:,} characters not shown …]")
                    for stream, text in tail:
                        self._callback(stream, text)
                else:
                    self._callback(NOTICE_STREAM, f"Output cut: {hidden:,} more characters were not shown.")
        finally:
            self._callback = None
            self._tail.clear()
            self._tail_size = 0

    def write(self, stream: str, text: str) -> None:
        """Queue ``text`` for ``stream`` (STDOUT_STREAM or STDERR_STREAM); may flush."""
        if not text:
            return
        if self._in_callback:
            _write_to_process(stream, text)  # the callback itself printed: don't loop back
            return
        if self._callback is not None:
            room = self._max_chars - self._sent - self._size
            if room <= 0:
                self._cut += len(text)
                self._keep_tail(stream, text)
                return
            if len(text) > room:
                self._cut += len(text) - room
                self._keep_tail(stream, text[room:])
                text = text[:room]
        if stream != self._stream:
            self.flush()
            self._stream = stream
        self._parts.append(text)
        self._size += len(text)
        line_done = "\n" in text or "\r" in text
        if self._size >= self._max_pending or (line_done and time.monotonic() - self._last_flush >= self._min_interval):
            self.flush()

    def _keep_tail(self, stream: str, text: str) -> None:
        """Remember the last ``tail_chars`` of the cut output."""
        if self._tail_chars <= 0:
            return
        text = text[-self._tail_chars :]
        if self._tail and self._tail[-1][0] == stream:
            self._tail[-1][1] += text
        else:
            self._tail.append([stream, text])
        self._tail_size += len(text)
        while self._tail_size > self._tail_chars:
            extra = self._tail_size - self._tail_chars
            first = self._tail[0]
            if len(first[1]) <= extra:
                self._tail.popleft()
                self._tail_size -= len(first[1])
            else:
                first[1] = first[1][extra:]
                self._tail_size -= extra

    def _tail_from_a_line_start(self) -> list[tuple[str, str]]:
        """The kept end of the cut output, without the part line it starts with (when it has
        more than one line); empty when nothing was kept."""
        pieces = [(stream, text) for stream, text in self._tail]
        if pieces:
            stream, text = pieces[0]
            newline = text.find("\n")
            if 0 <= newline < len(text) - 1 or len(pieces) > 1:
                pieces[0] = (stream, text[newline + 1 :])
        return [(stream, text) for stream, text in pieces if text]

    def flush(self) -> None:
        """Pass all pending text on now (one callback call at most)."""
        if not self._parts:
            return
        stream, text = self._stream, "".join(self._parts)  # join gives an exact str
        # Clear first: if the callback fails, the text is not sent twice.
        self._parts, self._size = [], 0
        self._last_flush = time.monotonic()
        if self._callback is None or self._in_callback:
            # Between runs, or the callback itself printed: don't recurse.
            _write_to_process(stream, text)
            return
        self._sent += len(text)
        self._in_callback = True
        try:
            self._callback(str(stream), text)
        finally:
            self._in_callback = False


def _write_to_process(stream: Optional[str], text: str) -> None:
    """Fallback between runs: the interpreter's own stream, if it has one."""
    target = sys.__stderr__ if stream == STDERR_STREAM else sys.__stdout__
    if target is not None:
        try:
            target.write(text)
            target.flush()
        except (OSError, ValueError):
            pass  # no usable process stream (closed, or none in this host)


class WriteThroughStream(io.TextIOBase):
    """A text stream whose writes go to an :class:`OutputRouter` as ``stream_name``.

    Behaves like a non-interactive text file opened for writing:
    ``write(s)`` takes only ``str`` (else raises ``TypeError``) and returns
    ``len(s)``; ``fileno()`` raises ``io.UnsupportedOperation``.
    """

    encoding = "utf-8"
    errors = "strict"

    def __init__(self, router: OutputRouter, stream_name: str) -> None:
        super().__init__()
        self._router = router
        self._stream_name = stream_name

    @property
    def name(self) -> str:
        return f"<{self._stream_name}>"

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return False

    def write(self, s: str) -> int:
        if not isinstance(s, str):
            raise TypeError(f"write() argument must be str, not {type(s).__name__}")
        if self.closed:
            raise ValueError("I/O operation on closed file.")
        self._router.write(self._stream_name, s)
        return len(s)

    def flush(self) -> None:
        if not self.closed:
            self._router.flush()


class LineInputStream(io.TextIOBase):
    """``sys.stdin`` for a cell: each ``readline()`` asks ``read_line()`` for one line.

    ``read_line`` is the session's ``input`` replacement called without a
    prompt; it raises when the page cannot supply input, and that error
    reaches the learner's code unchanged.  ``read()`` of everything up to
    end of file is not possible in the page and raises ``io.UnsupportedOperation``.
    """

    encoding = "utf-8"
    errors = "strict"

    def __init__(self, read_line: Callable[[], str]) -> None:
        super().__init__()
        self._read_line = read_line

    @property
    def name(self) -> str:
        return "<stdin>"

    def readable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return False

    def readline(self, size: Optional[int] = -1) -> str:  # type: ignore[override]
        try:
            return self._read_line() + "\n"
        except EOFError:
            return ""  # end of input, as a file reports it

    def read(self, size: Optional[int] = -1) -> str:
        raise io.UnsupportedOperation(
            "sys.stdin.read() can't wait for the end of input in this page; use input() to read one line"
        )
