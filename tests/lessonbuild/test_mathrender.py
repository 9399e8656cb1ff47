"""KaTeX under Node: HTML for each expression, kept for the process so rebuilds render only new
expressions, and bad TeX named."""

from __future__ import annotations

import pytest

from lessonbuild import mathrender
from lessonbuild.mathrender import MathError, forget_rendered, render_math


@pytest.fixture
def katex_runs(monkeypatch):
    """The batches sent to KaTeX, in order (each is one Node run)."""
    forget_rendered()
    runs = []
    run_katex = mathrender._run_katex

    def counted(requests):
        runs.append(list(requests))
        return run_katex(requests)

    monkeypatch.setattr(mathrender, "_run_katex", counted)
    yield runs
    forget_rendered()


def test_only_new_expressions_go_to_katex(katex_runs):
    first = render_math({("x^2", False), (r"\frac{3}{5}", True)})
    assert "katex" in first[("x^2", False)] and "katex-display" in first[(r"\frac{3}{5}", True)]
    second = render_math({("x^2", False), ("k", False)})
    assert second[("x^2", False)] == first[("x^2", False)]
    assert katex_runs == [[("\\frac{3}{5}", True), ("x^2", False)], [("k", False)]]
    assert render_math({("k", False)}) == {("k", False): second[("k", False)]}
    assert len(katex_runs) == 2  # all kept: no Node run


def test_bad_tex_is_named_and_not_kept(katex_runs):
    with pytest.raises(MathError) as caught:
        render_math({(r"\frac{1}", False), ("y", False)})
    assert list(caught.value.errors) == [(r"\frac{1}", False)]
    with pytest.raises(MathError):
        render_math({(r"\frac{1}", False)})
    assert len(katex_runs) == 2


def test_forgetting_sends_everything_again(katex_runs):
    render_math({("z", False)})
    forget_rendered()
    render_math({("z", False)})
    assert katex_runs == [[("z", False)], [("z", False)]]
