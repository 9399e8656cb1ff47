"""The worker's playground readouts (site/js/worker/playground.py), under CPython."""

from __future__ import annotations

import json

import pytest

from lessonbuild.paths import SITE

SOURCE = SITE / "js" / "worker" / "playground.py"
STATE = {
    "ranking": ["d", "a", "b", "c", "e"],
    "grades": {"a": 1, "d": 1},
    "k": 5,
    "gain": "exponential",
    "threshold": 1,
}


@pytest.fixture
def worker_namespace():
    """playground.py run in a namespace of its own, as the worker runs it at boot."""
    namespace: dict = {}
    exec(compile(SOURCE.read_text(encoding="utf-8"), str(SOURCE), "exec"), namespace)
    return namespace


def test_readouts_are_rankmetrics_with_each_value_s_repr(worker_namespace):
    import rankmetrics.pages.playground

    answer = json.loads(worker_namespace["readouts_json"](json.dumps(STATE)))
    expected = rankmetrics.pages.playground.readouts(STATE)
    assert answer["ideal"] == expected["ideal"] and answer["relevant"] == expected["relevant"]
    for name, metric in expected["metrics"].items():
        assert answer["metrics"][name]["value"] == metric["value"]
        assert answer["metrics"][name]["repr"] == repr(metric["value"])


def test_a_learner_rebinding_rankmetrics_does_not_change_the_readouts(worker_namespace, monkeypatch):
    import rankmetrics
    import rankmetrics.pages.playground

    before = worker_namespace["readouts_json"](json.dumps(STATE))
    monkeypatch.setattr(rankmetrics.pages.playground, "readouts", lambda state: {"metrics": {}})
    monkeypatch.setattr(rankmetrics, "ndcg_at_k", lambda *args, **kwargs: 0.5)
    monkeypatch.setattr(json, "loads", lambda text: {})
    assert worker_namespace["readouts_json"](json.dumps(STATE)) == before


def test_a_bad_state_raises_rankmetrics_error(worker_namespace):
    with pytest.raises(ValueError):
        worker_namespace["readouts_json"](json.dumps({**STATE, "k": 0}))
