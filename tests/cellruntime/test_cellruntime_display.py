import pytest

from cellruntime.display import display_data, safe_repr, truncate


def test_none_shows_nothing():
    assert display_data(None) is None


def test_plain_value_gives_repr_only():
    assert display_data([1, "a"]) == {"text/plain": "[1, 'a']"}


def test_falsy_values_are_still_shown():
    assert display_data(0) == {"text/plain": "0"}
    assert display_data("") == {"text/plain": "''"}


def test_failing_repr_gives_message_not_crash():
    class Broken:
        def __repr__(self):
            raise ValueError("nope")

    text = display_data(Broken())["text/plain"]
    assert (
        text == "<repr() of test_failing_repr_gives_message_not_crash.<locals>.Broken object failed: ValueError: nope>"
    )


def test_repr_that_returns_non_str_is_reported():
    class Weird:
        def __repr__(self):
            return 42

    assert "repr() of" in safe_repr(Weird()) and "TypeError" in safe_repr(Weird())


def test_keyboard_interrupt_in_repr_propagates():
    class Slow:
        def __repr__(self):
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        display_data(Slow())


def test_rich_reprs_are_included():
    class Chart:
        def __repr__(self):
            return "Chart()"

        def _repr_svg_(self):
            return "<svg></svg>"

        def _repr_html_(self):
            return "<b>chart</b>"

    assert display_data(Chart()) == {
        "text/plain": "Chart()",
        "image/svg+xml": "<svg></svg>",
        "text/html": "<b>chart</b>",
    }


def test_failing_or_non_str_rich_reprs_are_ignored():
    class Flaky:
        def _repr_svg_(self):
            raise RuntimeError("no svg")

        def _repr_html_(self):
            return None

    assert set(display_data(Flaky())) == {"text/plain"}


def test_objects_answering_every_attribute_are_not_asked():
    class Anything:
        def __getattr__(self, name):
            return lambda: "<p>surprise</p>"

    assert set(display_data(Anything())) == {"text/plain"}


def test_classes_are_shown_by_repr_only():
    class HasHtml:
        def _repr_html_(self):
            return "<i>x</i>"

    assert set(display_data(HasHtml)) == {"text/plain"}


def test_long_repr_is_truncated_with_note():
    data = display_data("x" * 500, max_chars=100)
    assert data["text/plain"].startswith("'" + "x" * 99)
    assert data["text/plain"].endswith("[402 more characters not shown]")
    assert truncate("short", 100) == "short"


def test_display_values_are_exact_str():
    class Sub(str):
        pass

    class Odd:
        def __repr__(self):
            return Sub("odd")

        def _repr_html_(self):
            return Sub("<i>odd</i>")

    data = display_data(Odd())
    assert [type(v) for v in data.values()] == [str, str]
