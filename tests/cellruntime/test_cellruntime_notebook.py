"""A downloaded lesson's check cells: the page's checker and words, except that a script or a
notebook has no Check button, so advice to check again names what to run instead."""

from __future__ import annotations

import pytest

from cellruntime.notebook import check, in_ipython
from course_checks import CHECK

UNSOLVED = "def precision_at_k(ranking, relevant, k):\n    raise NotImplementedError\n"


class _Shell:
    """Stands for IPython's shell object."""


def _printed(capsys, namespace: dict) -> str:
    check(CHECK["precision_at_k"], namespace)
    return capsys.readouterr().out


def _defined(code: str, **names) -> dict:
    namespace: dict = dict(names)
    exec(code, namespace)
    return namespace


def test_a_script_says_to_run_the_file_again(capsys):
    out = _printed(capsys, _defined(UNSOLVED))
    assert out.startswith("Not yet. ")
    assert out.endswith("Replace `raise NotImplementedError` with your code, then run this file again.\n")
    assert "Check" not in out


def test_a_notebook_says_to_run_the_check_cell_again(capsys):
    out = _printed(capsys, _defined(UNSOLVED, get_ipython=_Shell))
    assert out.endswith("Replace `raise NotImplementedError` with your code, then run the check cell again.\n")
    assert "Check" not in out


@pytest.mark.parametrize(
    "namespace, advice",
    [
        ({}, "Define a function named precision_at_k, then run this file again."),
        (
            {"precision_at_k": 0.5},
            "precision_at_k is a float (0.5), not a function. "
            "Define it with def precision_at_k(ranking, relevant, k): and run this file again.",
        ),
    ],
)
def test_a_missing_function_gets_the_same_advice(capsys, namespace, advice):
    assert _printed(capsys, namespace) == f"Not yet. {advice}\n"


def test_only_a_working_ipython_counts():
    assert in_ipython({"get_ipython": _Shell})
    assert not in_ipython({})
    assert not in_ipython({"get_ipython": lambda: None})  # IPython installed, no shell running
    assert not in_ipython({"get_ipython": "not callable"})
