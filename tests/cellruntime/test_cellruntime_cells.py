import linecache

import pytest

from cellruntime.cells import (
    cell_filename,
    cell_title,
    is_cell_filename,
    compile_cell,
    register_source,
    source_lines,
)


def test_cell_filename_format_and_whitespace():
    assert cell_filename("p-at-k") == "<cell p-at-k>"
    assert cell_filename("two\nlines  here") == "<cell two lines here>"


def test_a_cell_is_named_as_the_page_names_it():
    assert cell_filename("write-recall", "Code cell 6: your recall@k") == "<Code cell 6: your recall@k>"
    assert cell_filename("p-at-k", "Code cell\n2") == "<Code cell 2>"
    assert cell_filename("setup", None) == "<cell setup>"  # a hidden set-up cell has no page name
    assert cell_filename("setup", "the set-up code") == "<cell setup>"
    assert all(is_cell_filename(cell_filename("x", name)) for name in (None, "Code cell 1"))
    assert not is_cell_filename("<string>") and not is_cell_filename("/lib/rankmetrics/x.py")


def test_a_message_names_the_cell_in_words():
    assert cell_title("<Code cell 6: your recall@k>") == "Code cell 6 (your recall@k)"
    assert cell_title("<Code cell 2>") == "Code cell 2"
    assert cell_title("<cell setup>") == "<cell setup>"


def test_registered_source_survives_checkcache():
    register_source("<cell reg>", "a = 1\nb = 2")
    linecache.checkcache()
    assert linecache.getline("<cell reg>", 2) == "b = 2\n"


def test_register_replaces_earlier_source():
    register_source("<cell again>", "old\n")
    register_source("<cell again>", "new\n")
    assert linecache.getline("<cell again>", 1) == "new\n"


def test_source_lines_split_like_the_compiler():
    assert source_lines("a\r\nb\x0cc\rd") == ["a\n", "b\x0cc\n", "d"]


def test_last_expression_is_compiled_separately():
    cell = compile_cell("x = 2\nx * 21", "<cell split>")
    namespace = {}
    exec(cell.body, namespace)
    assert eval(cell.last_expression, namespace) == 42


def test_no_last_expression_for_statement_endings():
    assert compile_cell("x = 1", "<cell s>").last_expression is None
    assert compile_cell("", "<cell s>").last_expression is None
    assert compile_cell("for i in range(2):\n    i", "<cell s>").last_expression is None


@pytest.mark.parametrize("code", ["1 + 1;", "1 + 1 ;  # quiet", "(1 +\n 1);", "'é' ;"])
def test_trailing_semicolon_suppresses_display(code):
    cell = compile_cell(code, "<cell semi>")
    assert cell.last_expression is None
    exec(cell.body, {})  # still runs


def test_semicolon_between_statements_does_not_suppress():
    assert compile_cell("a = 1; a", "<cell semi2>").last_expression is not None


def test_code_uses_cell_filename():
    cell = compile_cell("def f():\n    pass\nf", "<cell fn>")
    assert cell.body.co_filename == "<cell fn>"
    assert cell.last_expression.co_filename == "<cell fn>"


def test_syntax_error_has_cell_location():
    with pytest.raises(SyntaxError) as info:
        compile_cell("x = 1\nprint(1 +)", "<cell bad>")
    assert (info.value.filename, info.value.lineno) == ("<cell bad>", 2)
    assert info.value.text.strip() == "print(1 +)"


def test_compiler_syntax_error_gets_its_text_filled_in():
    # The AST compiler reports these without the line's text.
    with pytest.raises(SyntaxError) as info:
        compile_cell("x = 1\nreturn x", "<cell ret>")
    assert info.value.lineno == 2
    assert info.value.text == "return x\n"


def test_source_is_registered_even_when_compiling_fails():
    with pytest.raises(SyntaxError):
        compile_cell("def (:", "<cell broken>")
    assert linecache.getline("<cell broken>", 1) == "def (:\n"


def test_future_flags_of_the_runtime_are_not_inherited():
    # cells.py itself uses `from __future__ import annotations`; a cell must not.
    cell = compile_cell("def f(x: int): pass\nf.__annotations__", "<cell fut>")
    namespace = {}
    exec(cell.body, namespace)
    assert eval(cell.last_expression, namespace) == {"x": int}
