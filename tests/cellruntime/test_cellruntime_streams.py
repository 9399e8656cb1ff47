import io
import sys

import pytest

from cellruntime.streams import LineInputStream, OutputRouter, WriteThroughStream


@pytest.fixture
def attached(new_recorder):
    router, recorder = OutputRouter(max_pending=10), new_recorder()
    router.attach(recorder)
    return router, recorder


def test_router_passes_text_on_at_newline(attached):
    router, recorder = attached
    router.write("stdout", "abc")
    assert recorder.calls == []  # a partial line waits ...
    router.write("stdout", "d\n")
    assert recorder.calls == [("stdout", "abcd\n")]  # ... and goes with its newline


def test_router_passes_text_on_at_carriage_return(attached):
    router, recorder = attached
    router.write("stdout", "50%\r")
    assert recorder.calls == [("stdout", "50%\r")]


def test_router_flushes_before_switching_stream_keeping_order(attached):
    router, recorder = attached
    router.write("stdout", "a")
    router.write("stderr", "b")
    router.write("stdout", "c")
    router.flush()
    assert recorder.calls == [("stdout", "a"), ("stderr", "b"), ("stdout", "c")]


def test_router_flushes_after_max_pending_characters(attached):
    router, recorder = attached
    for _ in range(4):
        router.write("stdout", "xyz")  # 12 characters, limit 10
    assert recorder.calls == [("stdout", "xyzxyzxyzxyz")]


def test_router_detach_flushes_and_lets_go(attached, capfd):
    router, recorder = attached
    router.write("stdout", "tail")
    router.detach()
    assert recorder.calls == [("stdout", "tail")]
    router.write("stdout", "between runs\n")
    assert recorder.calls == [("stdout", "tail")]
    assert "between runs" in capfd.readouterr().out


def test_router_does_not_resend_text_after_a_failing_callback():
    router = OutputRouter()
    calls = []

    def failing(stream, text):
        calls.append(text)
        raise OSError("page gone")

    router.attach(failing)
    with pytest.raises(OSError):
        router.write("stdout", "once\n")
    router.flush()
    assert calls == ["once\n"]


def test_text_printed_by_the_callback_goes_to_the_process_not_back_in(capfd):
    router = OutputRouter()
    seen = []

    def printing(stream, text):
        seen.append(text)
        router.write("stdout", f"echo {text}")  # would recurse without the guard

    router.attach(printing)
    router.write("stdout", "hi\n")
    assert seen == ["hi\n"]
    assert "echo hi" in capfd.readouterr().out


def test_callback_receives_exact_str_for_str_subclasses(attached):
    class Fancy(str):
        pass

    router, recorder = attached
    WriteThroughStream(router, "stdout").write(Fancy("x\n"))
    assert [type(t) for _, t in recorder.calls] == [str]
    assert [type(s) for s, _ in recorder.calls] == [str]


def test_stream_write_returns_length_and_rejects_bytes(attached):
    router, recorder = attached
    stream = WriteThroughStream(router, "stderr")
    assert stream.write("é\n") == 2
    with pytest.raises(TypeError, match="must be str, not bytes"):
        stream.write(b"x")
    assert recorder.calls == [("stderr", "é\n")]


def test_stream_looks_like_a_text_file(attached):
    stream = WriteThroughStream(attached[0], "stdout")
    assert stream.name == "<stdout>"
    assert stream.encoding == "utf-8"
    assert stream.writable() and not stream.isatty() and not stream.readable()
    with pytest.raises(io.UnsupportedOperation):
        stream.fileno()


def test_print_with_flush_true_sends_partial_line(attached):
    router, recorder = attached
    print("no newline", end="", file=WriteThroughStream(router, "stdout"), flush=True)
    assert recorder.calls == [("stdout", "no newline")]


def test_closed_stream_refuses_writes(attached):
    stream = WriteThroughStream(attached[0], "stdout")
    stream.close()
    with pytest.raises(ValueError, match="closed file"):
        stream.write("x")


def test_line_input_stream_reads_lines_and_ends_on_eof():
    answers = iter(["first", "second"])

    def read_line():
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    stream = LineInputStream(read_line)
    assert stream.readline() == "first\n"
    assert list(stream) == ["second\n"]
    with pytest.raises(io.UnsupportedOperation):
        stream.read()


def test_line_input_stream_lets_read_line_errors_through():
    def unsupported():
        raise RuntimeError("no input here")

    with pytest.raises(RuntimeError, match="no input here"):
        LineInputStream(unsupported).readline()
    assert sys.stdin is not None  # nothing global was touched
