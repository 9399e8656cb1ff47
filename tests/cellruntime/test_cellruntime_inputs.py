import pytest

from cellruntime.inputs import INPUT_UNSUPPORTED_MESSAGE, make_input


def test_input_without_function_raises_clear_error():
    prompts = []
    fake_input = make_input(None, prompts.append)
    with pytest.raises(RuntimeError) as info:
        fake_input("name? ")
    assert str(info.value) == INPUT_UNSUPPORTED_MESSAGE
    assert "input()" in INPUT_UNSUPPORTED_MESSAGE and "page" in INPUT_UNSUPPORTED_MESSAGE


def test_input_with_function_writes_prompt_and_strips_newline():
    prompts, asked = [], []

    def answer(prompt):
        asked.append(prompt)
        return "Ada\n"

    fake_input = make_input(answer, prompts.append)
    assert fake_input("name? ") == "Ada"
    assert prompts == ["name? "] and asked == ["name? "]


def test_input_converts_prompt_and_skips_empty_prompt():
    prompts = []
    fake_input = make_input(lambda p: p, prompts.append)
    assert fake_input(42) == "42"
    assert fake_input() == ""
    assert prompts == ["42"]


def test_input_lets_eof_through():
    def at_end(prompt):
        raise EOFError

    with pytest.raises(EOFError):
        make_input(at_end, lambda text: None)()
