"""Every module's docstring examples run and pass (they are the lessons' worked examples)."""

import doctest
import importlib
import pkgutil

import pytest

import rankmetrics

MODULES = ["rankmetrics"] + [info.name for info in pkgutil.walk_packages(rankmetrics.__path__, "rankmetrics.")]
# Modules whose public functions are documented with examples; _inputs is internal, and pages'
# __init__ is a map of its modules.
WITHOUT_EXAMPLES = {"rankmetrics._inputs", "rankmetrics.pages"}


def test_modules_found():
    assert {"rankmetrics.set_metrics", "rankmetrics.ndcg", "rankmetrics.evaluation"} <= set(MODULES)
    assert {"rankmetrics.pages.runfiles", "rankmetrics.pages.trec", "rankmetrics.pages.playground"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    if name not in WITHOUT_EXAMPLES:
        assert result.attempted > 0, f"{name} has no doctest examples"


def test_every_public_function_has_an_example():
    for name in rankmetrics.__all__:
        obj = getattr(rankmetrics, name)
        if callable(obj) and not isinstance(obj, type):
            assert ">>>" in (obj.__doc__ or ""), f"{name} has no worked example"
