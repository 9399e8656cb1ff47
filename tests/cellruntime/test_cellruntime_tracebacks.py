import traceback

import pytest

from cellruntime import format_exception
from cellruntime.tracebacks import (
    cap_text,
    error_hint,
    is_runtime_file,
    learner_frames,
    offline_import_hint,
    system_exit_message,
)
import cellruntime.session


def _raised(code: str, filename: str = "<cell tb>") -> BaseException:
    """Run ``code`` compiled as a cell file here (no runtime frames) and return its exception."""
    import linecache

    linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)
    try:
        exec(compile(code, filename, "exec"), {"__name__": "__main__"})
    except BaseException as exc:  # noqa: B036 - collecting it for the test
        return exc
    raise AssertionError("code did not raise")


def _frame(filename, lineno=1, name="f"):
    return traceback.FrameSummary(filename, lineno, name, lookup_line=False, line="")


def test_standard_format_with_learner_line_and_carets():
    text = format_exception(_raised("x = 0\nprint(1 / x)\n"))
    assert text == (
        "Traceback (most recent call last):\n"
        '  File "<cell tb>", line 2, in <module>\n'
        "    print(1 / x)\n"
        "          ~~^~~\n"
        "ZeroDivisionError: division by zero"
    )


def test_host_frames_above_the_cell_are_dropped():
    # The exception passes through this test function (a host frame) first.
    text = format_exception(_raised("1 / 0"))
    assert __file__ not in text and "_raised" not in text


def test_exception_without_cell_or_runtime_frames_keeps_all_frames():
    def library_code():
        raise ValueError("from a library")

    with pytest.raises(ValueError) as info:
        library_code()
    text = format_exception(info.value)
    assert "in library_code" in text and __file__ in text


def test_learner_frames_rules():
    runtime = cellruntime.session.__file__
    cell, lib, host = _frame("<cell a>"), _frame("/lib/rankmetrics/x.py"), _frame("/host.py")
    rt = _frame(runtime)
    assert learner_frames([host, rt, cell, rt, lib, rt]) == [cell, lib]
    assert learner_frames([rt, lib]) == []  # e.g. ast.parse called by the runtime
    assert learner_frames([host, lib]) == [host, lib]


def test_is_runtime_file():
    assert is_runtime_file(cellruntime.session.__file__)
    assert not is_runtime_file(traceback.__file__)
    assert not is_runtime_file("<cell x>")
    assert not is_runtime_file("")


def test_hide_runtime_frames_false_shows_everything():
    session = cellruntime.session.Session()
    with pytest.raises(ZeroDivisionError) as info:
        session._execute("1 / 0", "<cell raw>")
    assert "session.py" in format_exception(info.value, hide_runtime_frames=False)
    assert "session.py" not in format_exception(info.value)


def test_chained_exceptions_keep_both_parts():
    text = format_exception(_raised("try:\n    {}['k']\nexcept KeyError as e:\n    raise ValueError('bad') from e\n"))
    assert "KeyError: 'k'" in text
    assert "The above exception was the direct cause" in text
    assert text.endswith("ValueError: bad")
    assert text.count('File "<cell tb>"') == 2


def test_syntax_error_format_has_line_and_caret_no_traceback_header():
    with pytest.raises(SyntaxError) as info:
        compile("x = (1 +\n", "<cell syn>", "exec")
    text = format_exception(info.value)
    assert 'File "<cell syn>", line 1' in text
    assert "^" in text and "SyntaxError" in text


def test_keyboard_interrupt_says_stopped():
    text = format_exception(_raised("a = 1\nraise KeyboardInterrupt\n"))
    assert "line 2, in <module>" in text
    assert text.endswith("KeyboardInterrupt: stopped")


def test_keyboard_interrupt_with_message_keeps_it():
    assert format_exception(_raised("raise KeyboardInterrupt('why')")).endswith("KeyboardInterrupt: why")


@pytest.mark.parametrize(
    "code, expected",
    [
        ("import sys\nsys.exit(0)", "sys.exit(0) at line 2 of <cell tb>"),
        ("import sys\nsys.exit()", "sys.exit() at line 2 of <cell tb>"),
        ("raise SystemExit('bye')", "sys.exit('bye') at line 1 of <cell tb>"),
    ],
)
def test_system_exit_message(code, expected):
    text = format_exception(_raised(code))
    assert text == (f"The code called {expected}; the cell stopped there. Python keeps running.")


def test_system_exit_without_traceback():
    assert system_exit_message(SystemExit(3)) == (
        "The code called sys.exit(3); the cell stopped there. Python keeps running."
    )


def test_simple_recursion_collapses_repeated_frames():
    text = format_exception(_raised("def f(n):\n    return f(n + 1)\nf(0)\n"))
    assert "more times]" in text  # Python's "[Previous line repeated N more times]"
    assert text.count('File "<cell tb>", line 2, in f') == 3
    assert "RecursionError" in text and "Hint:" in text
    assert len(text) < 1500


def test_mutual_recursion_is_cut_in_the_middle():
    text = format_exception(_raised("def g(n):\n    return h(n)\ndef h(n):\n    return g(n)\ng(0)\n"))
    assert "more frames not shown" in text
    assert text.count("File ") <= 20
    assert "line 5, in <module>" in text  # the start survives
    assert "RecursionError: maximum recursion depth exceeded" in text  # and the end
    assert len(text) < 3000


def test_error_text_is_capped():
    text = format_exception(_raised("raise ValueError('ab' * 50000)"), max_chars=2000)
    assert len(text) < 2100
    assert "ValueError: abab" in text and "characters not shown" in text


def test_cap_text_drops_middle_lines():
    text = "".join(f"line {i}\n" for i in range(1000))
    capped = cap_text(text, 500)
    assert len(capped) <= 500
    assert capped.startswith("line 0\n") and capped.endswith("line 999\n")
    assert "lines not shown" in capped
    assert cap_text("short\n", 500) == "short\n"


def test_memory_error_hint():
    text = format_exception(_raised("raise MemoryError"))
    assert text.splitlines()[-2:] == [
        "MemoryError",
        "Hint: the cell asked for more memory than this page can give. "
        "Try smaller sizes; everything defined before is still there.",
    ]


def test_module_not_found_hint_names_available_packages():
    exc = _raised("import no_such_module_for_cellruntime_tests")
    text = format_exception(exc, available_packages=["rankmetrics", "abc_pkg"])
    assert text.endswith(
        "ModuleNotFoundError: No module named 'no_such_module_for_cellruntime_tests'\n"
        "Python in this page installs nothing from the internet: it can import the standard library "
        "(but not tkinter, turtle or curses) "
        "and: abc_pkg, rankmetrics."
    )
    assert format_exception(exc).endswith(
        "Python in this page installs nothing from the internet: it can import only the standard library "
        "(but not tkinter, turtle or curses)."
    )


def test_module_not_found_while_the_stdlib_is_incomplete_says_so():
    exc = _raised("import no_such_module_for_cellruntime_tests")
    text = format_exception(exc, available_packages=["rankmetrics"], stdlib_incomplete=True)
    assert text.endswith(
        "Part of Python's standard library could not be downloaded (is the network down?). "
        "Reload the page to try again."
    )


@pytest.mark.parametrize(
    "code",
    [
        "import urllib.request\nurllib.request.urlopen('http://127.0.0.1:9/')",  # nothing listens on port 9
        "import http.client\nraise http.client.RemoteDisconnected('Remote end closed connection without response')",
        "import socket\nraise socket.gaierror('no such host')",
        "raise ConnectionResetError('reset')",
    ],
)
def test_network_errors_in_the_page_say_it_has_no_network(code):
    exc = _raised(code)
    hint = error_hint(exc, platform="emscripten")
    assert hint is not None and "cannot reach the network" in hint
    assert error_hint(exc, platform="linux") is None  # under CPython a network error is just that


@pytest.mark.parametrize(
    "code", ["open('/no/such/file/for/cellruntime')", "raise OSError('disk')", "raise TimeoutError"]
)
def test_other_os_errors_in_the_page_get_no_network_hint(code):
    assert error_hint(_raised(code), platform="emscripten") is None


def test_other_import_errors_get_no_hint():
    exc = _raised("from math import no_such_name")
    assert isinstance(exc, ImportError)
    assert error_hint(exc, ["rankmetrics"]) is None
    assert "offline" not in format_exception(exc)


def test_offline_hint_sorts_and_dedupes():
    assert offline_import_hint(["b", "a", "b"]).endswith("curses) and: a, b.")


def test_exception_with_failing_str_still_formats():
    class Odd(Exception):
        def __str__(self):
            raise RuntimeError("no str")

    text = format_exception(Odd())
    assert text.endswith("<locals>.Odd: <exception str() failed>")


def test_exception_group_is_formatted():
    text = format_exception(_raised("raise ExceptionGroup('many', [ValueError('one'), TypeError('two')])"))
    assert "ValueError: one" in text and "TypeError: two" in text
    assert 'File "<cell tb>", line 1' in text


def test_a_size_too_large_for_32_bit_python_gets_the_memory_hint():
    text = format_exception(OverflowError("cannot fit 'int' into an index-sized integer"))
    assert "Hint: the cell asked for more memory than this page can give." in text


@pytest.mark.parametrize(
    "code, character, plain",
    [
        ("print(\u201clike this\u201d)", "\u201c", 'the plain "'),
        ("print(\u2018like this\u2019)", "\u2018", "the plain '"),
        ("x = 3 \u2013 1", "\u2013", "the plain -"),
        ("x = 3 \u00d7 2", "\u00d7", "the plain *"),
        ("x =\u00a01", "a no-break space", "a plain space"),
    ],
)
def test_typographic_punctuation_gets_a_hint_that_names_the_plain_character(code, character, plain):
    text = format_exception(_raised(code))
    assert "SyntaxError" in text
    hint = text.splitlines()[-1]
    assert hint.startswith("Hint: the line holds ") and character in hint
    assert hint.endswith(f"Python needs {plain}: retype it here.")


@pytest.mark.parametrize("code", ["x = (", "x = \u20ac", "print('a' 'b' 1)"])
def test_other_syntax_errors_get_no_typographic_hint(code):
    assert "Hint:" not in format_exception(_raised(code))
