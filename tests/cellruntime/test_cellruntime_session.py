import builtins
import json
import sys

import pytest

from cellruntime import Session


def _assert_plain_json(result):
    assert set(result) == {"ok", "display", "error"}
    assert json.loads(json.dumps(result)) == result


# --- output ---------------------------------------------------------------


def test_output_streams_while_the_cell_runs_then_error(session, new_recorder):
    recorder = new_recorder()
    seen_during_run = []
    session.namespace["probe"] = lambda: seen_during_run.append(list(recorder.calls))
    result = session.run('print("first")\nprobe()\nraise ValueError("boom")', "s", recorder)
    assert seen_during_run == [[("stdout", "first\n")]]  # arrived before the cell ended
    assert recorder.calls == [("stdout", "first\n")]
    assert result["ok"] is False and result["error"].endswith("ValueError: boom")


def test_slow_lines_arrive_one_by_one(session, new_recorder):
    recorder = new_recorder()
    counts = []
    session.namespace["probe"] = lambda: counts.append(len(recorder.calls))
    code = "import time\nfor i in range(3):\n    print(i)\n    probe()\n    time.sleep(0.06)"
    session.run(code, "loop", recorder)
    assert counts == [1, 2, 3]


def test_fast_lines_are_sent_in_batches_and_the_first_at_once(session, new_recorder):
    recorder = new_recorder()
    counts = []
    session.namespace["probe"] = lambda: counts.append(len(recorder.calls))
    session.run("for i in range(20_000):\n    print(i)\n    if i == 0: probe()", "fast", recorder)
    assert counts == [1]  # the first line did not wait for the loop
    assert len(recorder.calls) < 200  # 20,000 lines, far fewer messages
    assert "".join(text for _, text in recorder.calls) == "".join(f"{i}\n" for i in range(20_000))


def test_huge_output_is_cut_with_a_notice(session, new_recorder):
    recorder = new_recorder()
    result = session.run("print('x' * 300_000)\nraise ValueError('still shown')", "huge", recorder)
    sent = "".join(text for stream, text in recorder.calls if stream == "stdout")
    assert len(sent) == 200_000 + 4_000  # the first 200,000 characters, and the end
    assert (
        "notice",
        "Output cut: 96,001 characters in the middle were not shown (marked where they were); "
        "the start and the end are below.",
    ) in recorder.calls
    mark = recorder.calls.index(("cut", "[… 96,001 characters not shown …]"))
    assert len("".join(text for stream, text in recorder.calls[:mark] if stream == "stdout")) == 200_000
    assert "ValueError: still shown" in result["error"]


def test_the_end_of_a_cut_output_is_shown_from_a_line_start(session, new_recorder):
    recorder = new_recorder()
    session.run("for i in range(100_000):\n    print(i)\nprint('the result', 42)", "long", recorder)
    notice = next(index for index, (stream, _) in enumerate(recorder.calls) if stream == "notice")
    assert recorder.calls[notice + 1][0] == "cut"  # the mark, where the middle was left out
    end = "".join(text for stream, text in recorder.calls[notice + 2 :])
    assert end.endswith("99999\nthe result 42\n")
    assert end[0].isdigit() and len(end) <= 4_000 and end.split("\n")[0] in {str(i) for i in range(100_000)}
    head = "".join(text for stream, text in recorder.calls[:notice])
    assert len(head) == 200_000
    hidden = int(recorder.calls[notice][1].split()[2].replace(",", ""))
    total = sum(len(f"{i}\n") for i in range(100_000)) + len("the result 42\n")
    assert len(head) + hidden + len(end) == total


def test_stdout_and_stderr_keep_their_order(run):
    result, recorder = run(
        "import sys\nprint('a', end='')\nprint('b', file=sys.stderr)\nprint('c')\nsys.stderr.write('d')"
    )
    assert result["ok"] is True
    assert recorder.calls == [
        ("stdout", "a"),
        ("stderr", "b\n"),
        ("stdout", "c\n"),
        ("stderr", "d"),
    ]


def test_library_output_to_stderr_is_captured(run):
    result, recorder = run("import traceback\ntry:\n    1 / 0\nexcept ZeroDivisionError:\n    traceback.print_exc()")
    assert result["ok"] and "ZeroDivisionError" in recorder.text("stderr")


def test_streams_are_restored_after_every_kind_of_ending(session, new_recorder):
    before = (sys.stdout, sys.stderr, sys.stdin, builtins.input, sys.modules["__main__"])
    for code in [
        "print(1)",
        "1/0",
        "raise KeyboardInterrupt",
        "import sys; sys.exit(1)",
        "raise MemoryError",
        "print(1 +)",
        "import sys; sys.stdout = None",
    ]:
        session.run(code, "restore", new_recorder())
        after = (sys.stdout, sys.stderr, sys.stdin, builtins.input, sys.modules["__main__"])
        assert after == before, code


def test_stream_kept_from_an_earlier_cell_writes_to_the_current_cell(run):
    run("import sys\nerr = sys.stderr")
    result, recorder = run("print('late', file=err)")
    assert recorder.calls == [("stderr", "late\n")]


def test_write_failure_reaches_the_cell_as_an_error(session):
    def broken(stream, text):
        raise OSError("page closed")

    result = session.run("x = 1\nprint('hi')", "w", broken)
    assert result["ok"] is False
    assert 'File "<cell w>", line 2' in result["error"]
    assert result["error"].endswith("OSError: page closed")


def test_stop_during_final_flush_is_reported(session):
    def stop_on_partial(stream, text):
        if not text.endswith("\n"):
            raise KeyboardInterrupt

    result = session.run("print('no newline', end='')", "k", stop_on_partial)
    assert result == {
        "ok": False,
        "display": None,
        "error": "KeyboardInterrupt: stopped",
        "interrupted": True,
        "line": None,
    }  # it landed after the cell's last line


def test_code_must_be_str(session, new_recorder):
    with pytest.raises(TypeError):
        session.run(None, "x", new_recorder())


# --- display --------------------------------------------------------------


def test_final_expression_is_displayed(run):
    result, recorder = run("x = 6\nprint('side')\nx * 7")
    assert result == {"ok": True, "display": {"text/plain": "42"}, "error": None}
    assert recorder.calls == [("stdout", "side\n")]


@pytest.mark.parametrize("code", ["None", "x = 5", "print('p')", "5;", "def f():\n    return 1"])
def test_no_display_for_none_statements_and_semicolon(run, code):
    result, _ = run(code)
    assert result == {"ok": True, "display": None, "error": None}


def test_rich_display_and_plain_json(run):
    result, _ = run(
        "class Plot:\n"
        "    def __repr__(self):\n        return 'Plot()'\n"
        "    def _repr_svg_(self):\n        return '<svg/>'\n"
        "Plot()"
    )
    assert result["display"] == {"text/plain": "Plot()", "image/svg+xml": "<svg/>"}
    _assert_plain_json(result)


def test_failing_repr_shows_message(run):
    result, _ = run("class Bad:\n    def __repr__(self):\n        raise RuntimeError('oops')\nBad()")
    assert result["ok"] is True
    assert result["display"]["text/plain"] == "<repr() of Bad object failed: RuntimeError: oops>"


def test_prints_inside_repr_are_captured(run):
    result, recorder = run("class Loud:\n    def __repr__(self):\n        print('in repr')\n        return 'L'\nLoud()")
    assert result["display"] == {"text/plain": "L"}
    assert recorder.calls == [("stdout", "in repr\n")]


def test_long_display_is_capped():
    session = Session(max_display_chars=50)
    result = session.run("'x' * 1000", "cap", lambda s, t: None)
    assert len(result["display"]["text/plain"]) < 100


# --- namespace ------------------------------------------------------------


def test_namespace_is_shared_and_main(run, session):
    run("k = 10\ndef at_k(xs):\n    return xs[:k]")
    result, _ = run("at_k(list(range(20)))[-1], __name__")
    assert result["display"] == {"text/plain": "(9, '__main__')"}
    assert session.namespace["k"] == 10


def test_reset_clears_the_namespace(run, session):
    run("k = 10")
    session.reset()
    result, _ = run("k")
    assert result["error"].endswith("NameError: name 'k' is not defined")
    result, _ = run("__name__, len([1])")
    assert result["display"] == {"text/plain": "('__main__', 1)"}


def test_cell_classes_pickle_through_main(run):
    result, _ = run("import pickle\nclass Doc:\n    pass\ntype(pickle.loads(pickle.dumps(Doc()))).__name__")
    assert result == {"ok": True, "display": {"text/plain": "'Doc'"}, "error": None}


def test_sessions_are_independent(new_recorder):
    a, b = Session(), Session()
    a.run("only_in_a = 1", "a", new_recorder())
    assert "only_in_a" not in b.namespace


# --- errors ---------------------------------------------------------------


def test_traceback_points_at_learner_line_without_runtime_frames(run):
    result, _ = run("x = 1\ny = 0\nprint(x / y)", "p-at-k")
    assert result["error"] == (
        "Traceback (most recent call last):\n"
        '  File "<cell p-at-k>", line 3, in <module>\n'
        "    print(x / y)\n"
        "          ~~^~~\n"
        "ZeroDivisionError: division by zero"
    )
    assert "cellruntime" not in result["error"]


def test_traceback_through_function_from_earlier_cell_shows_its_lines(run):
    run("def mean(xs):\n    total = sum(xs)\n    return total / len(xs)", "define")
    result, _ = run("scores = []\nmean(scores)", "use")
    error = result["error"]
    assert 'File "<cell use>", line 2, in <module>\n    mean(scores)' in error
    assert 'File "<cell define>", line 3, in mean\n    return total / len(xs)' in error
    assert error.index("<cell use>") < error.index("<cell define>")


def test_errors_name_cells_as_the_page_does(session, new_recorder):
    session.run("def mean(xs):\n    return sum(xs) / len(xs)", "define", new_recorder(), "Code cell 1: a mean")
    result = session.run("mean([])", "use", new_recorder(), "Code cell 2")
    assert 'File "<Code cell 2>", line 1, in <module>\n    mean([])' in result["error"]
    assert 'File "<Code cell 1: a mean>", line 2, in mean\n    return sum(xs) / len(xs)' in result["error"]
    assert "<cell " not in result["error"]
    stopped = session.run("x = 1\nraise KeyboardInterrupt", "stop", new_recorder(), "Code cell 3")
    assert (stopped["interrupted"], stopped["line"]) == (True, 2)
    left = session.run("import sys\nsys.exit(1)", "bye", new_recorder(), "Code cell 4: leaving")
    assert left["error"] == (
        "The code called sys.exit(1) at line 2 of Code cell 4 (leaving); the cell stopped there. Python keeps running."
    )


def test_library_frames_stay(run):
    result, _ = run("import json\njson.loads('{')")
    assert "decoder.py" in result["error"]
    assert result["error"].splitlines()[-1].startswith("json.decoder.JSONDecodeError")


def test_cell_defined_exception_shows_short_name(run):
    result, _ = run("class NotRanked(Exception):\n    pass\nraise NotRanked('k too big')")
    assert result["error"].endswith("\nNotRanked: k too big")


def test_syntax_error_format(run):
    result, _ = run("x = 1\nprint(1 +)", "syn")
    assert result["ok"] is False and result["display"] is None
    lines = result["error"].splitlines()
    assert lines[0] == '  File "<cell syn>", line 2'
    assert lines[1] == "    print(1 +)"
    assert set(lines[2].strip()) == {"^"}
    assert lines[-1] == "SyntaxError: invalid syntax"
    assert "Traceback" not in result["error"] and "ast.py" not in result["error"]


def test_syntax_error_runs_nothing(run, session):
    run("before = 1\nprint(1 +)")
    assert "before" not in session.namespace


def test_indentation_error_format(run):
    result, _ = run("if True:\nprint(1)", "ind")
    assert result["error"].splitlines()[:2] == ['  File "<cell ind>", line 2', "    print(1)"]
    assert result["error"].splitlines()[-1].startswith("IndentationError: expected an indented block")


def test_compiler_syntax_error_shows_line(run):
    result, _ = run("return 5", "ret")
    assert result["error"].splitlines() == [
        '  File "<cell ret>", line 1',
        "    return 5",
        "    ^^^^^^^^",
        "SyntaxError: 'return' outside function",
    ]


def test_recursion_error_is_short_and_session_recovers(run):
    result, _ = run("def down(n):\n    return down(n - 1)\ndown(5)", "rec")
    assert result["ok"] is False
    assert "RecursionError" in result["error"] and len(result["error"]) < 1500
    result, _ = run("def up(n):\n    return n if n > 50 else up(n + 1)\nup(0)")
    assert result == {"ok": True, "display": {"text/plain": "51"}, "error": None}


def test_memory_error_fails_fast_and_session_recovers(run):
    # 2**62 list slots overflow the allocation size check: no RAM is touched.
    result, _ = run("keep = 1\nhuge = [0] * 2**62", "mem")
    assert result["ok"] is False
    assert "MemoryError" in result["error"] and "more memory than this page" in result["error"]
    result, _ = run("keep + 1")
    assert result["display"] == {"text/plain": "2"}


def test_simulated_memory_error(run):
    result, _ = run("raise MemoryError")
    assert result["error"].splitlines()[-2] == "MemoryError"
    assert run("1")[0]["ok"] is True


@pytest.mark.parametrize(
    "code, called",
    [
        ("import sys\nsys.exit(0)", "sys.exit(0) at line 3"),
        ("exit()", "sys.exit() at line 2"),
        ("quit(3)", "sys.exit(3) at line 2"),
    ],
)
def test_system_exit_is_a_message_and_python_keeps_running(run, code, called):
    result, _ = run("before = 'kept'\n" + code, "bye")
    assert result == {
        "ok": False,
        "display": None,
        "error": f"The code called {called} of <cell bye>; the cell stopped there. Python keeps running.",
    }
    assert run("before")[0]["display"] == {"text/plain": "'kept'"}


def test_keyboard_interrupt_keeps_namespace_and_session(run):
    result, recorder = run(
        "a = 1\nfor i in range(10):\n    print(i)\n    if i == 2:\n        raise KeyboardInterrupt",
        "stop",
    )
    assert result["ok"] is False
    assert 'File "<cell stop>", line 5, in <module>' in result["error"]
    assert result["error"].endswith("KeyboardInterrupt: stopped")
    assert (result["interrupted"], result["line"]) == (True, 5)
    assert recorder.text() == "0\n1\n2\n"
    assert run("a, i")[0]["display"] == {"text/plain": "(1, 2)"}


def test_a_stop_inside_a_function_of_the_cell_names_the_line_in_that_function(run):
    code = "def spin():\n    raise KeyboardInterrupt\n\nspin()"
    result, _ = run(code, "spin")
    assert (result["interrupted"], result["line"]) == (True, 2)


def test_only_a_keyboard_interrupt_is_marked_interrupted(run):
    result, _ = run("1/0", "zero")
    assert "interrupted" not in result and "line" not in result


def test_input_raises_clear_error(run):
    result, _ = run("name = input('Your name? ')", "ask")
    assert 'File "<cell ask>", line 1' in result["error"]
    assert "name = input('Your name? ')" in result["error"]
    assert (
        result["error"]
        .splitlines()[-1]
        .startswith("RuntimeError: input() can't read from the keyboard on this page yet.")
    )
    assert "inputs.py" not in result["error"]


def test_stdin_readline_raises_the_same_error(run):
    result, _ = run("import sys\nsys.stdin.readline()")
    assert "input() can't read from the keyboard" in result["error"]


def test_input_function_can_be_supplied(new_recorder):
    asked = []

    def answer(prompt):
        asked.append(prompt)
        return "3\n"

    session = Session(input_function=answer)
    recorder = new_recorder()
    result = session.run("k = int(input('k? '))\nk * 2", "in", recorder)
    assert result["display"] == {"text/plain": "6"}
    assert asked == ["k? "]  # the page gets the prompt too
    assert recorder.calls == [("stdout", "k? ")]


def test_missing_module_hint():
    session = Session(available_packages=["rankmetrics"])
    result = session.run("import no_such_module_cellruntime", "imp", lambda s, t: None)
    assert result["error"].splitlines()[-2:] == [
        "ModuleNotFoundError: No module named 'no_such_module_cellruntime'",
        "Python in this page installs nothing from the internet: it can import the standard library "
        "(but not tkinter, turtle or curses) "
        "and: rankmetrics.",
    ]


def test_available_packages_accepts_a_single_name():
    assert Session(available_packages="rankmetrics").available_packages == ("rankmetrics",)


def test_error_result_is_plain_json(run):
    result, _ = run("raise ValueError('x')")
    _assert_plain_json(result)
    assert type(result["error"]) is str
