"""rankmetrics.registry: every metric declared once, and everything else reading it."""

import pytest

import rankmetrics as rm
from lessonbuild.scriptconstants import script_constants
from rankmetrics.pages import playground, trec
from rankmetrics.registry import BY_KEY, METRICS, Metric, page_facts


def test_a_metric_without_a_label_is_refused_when_declared():
    for missing in ("title", "short", "formula"):
        fields = {"key": "x", "title": "X", "short": "X", "formula": "x", "kernel": len} | {missing: " "}
        with pytest.raises(ValueError, match=f"metric 'x' has no {missing}"):
            Metric(**fields)


def test_keys_are_unique_and_each_kernel_is_the_public_functions():
    assert len(BY_KEY) == len(METRICS)
    assert BY_KEY["err"].kernel is rm.err.err_kernel
    assert BY_KEY["rbp"].kernel is rm.rbp.rbp_kernel


def test_the_evaluator_the_playground_and_the_pages_read_the_registry():
    assert trec.MEASURE_METRICS == tuple(BY_KEY)
    assert trec.FULL_LIST_METRICS == tuple(metric.key for metric in METRICS if metric.full_list)
    assert {"reciprocal_rank", "average_precision", "rbp"} <= set(trec.FULL_LIST_METRICS)
    assert playground.METRIC_NAMES == tuple(metric.key for metric in METRICS if metric.playground)
    assert set(rm.METRICS) == {metric.key for metric in METRICS if metric.compared}
    assert script_constants()["metrics"] == page_facts()
    assert [facts["key"] for facts in page_facts()] == list(BY_KEY)


def test_labels():
    assert BY_KEY["err"].label(10) == "ERR@10"
    assert BY_KEY["rbp"].label("all") == "RBP (full list)"
