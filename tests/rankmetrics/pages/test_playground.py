"""rankmetrics.pages.playground.readouts: the rank playground's values and their working."""

import json
import math
import random
from pathlib import Path

import pytest

from rankmetrics.registry import BY_KEY

import rankmetrics
import rankmetrics.set_metrics
from rankmetrics import (
    average_precision,
    dcg_at_k,
    hit_rate_at_k,
    ndcg_at_k,
    precision_at_k,
    recall_at_k,
    reciprocal_rank,
)
from rankmetrics.pages.playground import METRIC_NAMES, readouts

TOLERANCE = 1e-12
CASES = json.loads((Path(__file__).parents[1] / "ranking_cases.json").read_text(encoding="utf-8"))["cases"]


def random_state(rng):
    """A playground state as the page sends it: up to 30 items, some judged but not retrieved."""
    items = [f"d{number}" for number in range(1, 31)]
    judged = rng.sample(items, rng.randint(0, 30))
    ranked = rng.sample(items, rng.randint(0, 30))
    max_grade = rng.choice([1, 3, 5])
    return {
        "ranking": ranked,
        "grades": {item: rng.randint(0, max_grade) for item in judged},
        "k": rng.randint(1, 35),
        "gain": rng.choice(["exponential", "linear"]),
        "threshold": rng.randint(1, max_grade),
    }


def expected_values(state):
    ranking, grades, k, threshold = state["ranking"], state["grades"], state["k"], state["threshold"]
    return {
        "precision": precision_at_k(ranking, grades, k, threshold=threshold),
        "recall": recall_at_k(ranking, grades, k, threshold=threshold),
        "hit_rate": hit_rate_at_k(ranking, grades, k, threshold=threshold),
        "reciprocal_rank": reciprocal_rank(ranking, grades, k, threshold=threshold),
        "average_precision": average_precision(ranking, grades, k, threshold=threshold),
        "ndcg": ndcg_at_k(ranking, grades, k, gain=state["gain"]),
    }


RANDOM_STATES = [random_state(random.Random(seed)) for seed in range(300)]


@pytest.mark.parametrize("state", RANDOM_STATES)
def test_values_agree_with_rankmetrics(state):
    result = readouts(state)
    assert list(result["metrics"]) == list(METRIC_NAMES)
    for name, value in expected_values(state).items():
        assert abs(result["metrics"][name]["value"] - value) <= TOLERANCE, name


@pytest.mark.parametrize("state", RANDOM_STATES)
def test_terms_recombine_to_the_values(state):
    result = readouts(state)
    metrics, k, relevant = result["metrics"], state["k"], result["relevant"]
    assert relevant == sum(1 for grade in state["grades"].values() if grade >= state["threshold"])
    hits = metrics["precision"]["terms"]
    assert all(state["ranking"][term["rank"] - 1] == term["item"] for term in hits)
    assert math.isclose(metrics["precision"]["value"], len(hits) / k, abs_tol=TOLERANCE)
    assert metrics["recall"]["relevant"] == relevant
    assert math.isclose(metrics["recall"]["value"], len(hits) / relevant if relevant else 0.0, abs_tol=TOLERANCE)
    assert metrics["hit_rate"]["terms"] == hits[:1]
    rr_terms = metrics["reciprocal_rank"]["terms"]
    assert math.isclose(metrics["reciprocal_rank"]["value"], rr_terms[0]["value"] if rr_terms else 0.0)

    ap = metrics["average_precision"]
    assert [(term["item"], term["rank"]) for term in ap["terms"]] == [(hit["item"], hit["rank"]) for hit in hits]
    for n, term in enumerate(ap["terms"], start=1):
        assert term["precision"] == n / term["rank"]
    assert ap["denominator"] == relevant
    ap_value = sum(term["precision"] for term in ap["terms"]) / relevant if relevant else 0.0
    assert abs(ap["value"] - ap_value) <= TOLERANCE

    ndcg = metrics["ndcg"]
    assert len(ndcg["dcg_terms"]) == min(k, len(state["ranking"]))
    assert len(ndcg["idcg_terms"]) == min(k, len(result["ideal"]))
    for term in ndcg["dcg_terms"] + ndcg["idcg_terms"]:
        assert term["discount"] == math.log2(term["rank"] + 1)
        assert abs(term["value"] - term["gain"] / term["discount"]) <= TOLERANCE
    assert abs(sum(term["value"] for term in ndcg["dcg_terms"]) - ndcg["dcg"]) <= TOLERANCE
    assert abs(sum(term["value"] for term in ndcg["idcg_terms"]) - ndcg["idcg"]) <= TOLERANCE
    assert abs(ndcg["dcg"] - dcg_at_k(state["ranking"], state["grades"], k, gain=state["gain"])) <= TOLERANCE
    assert abs(ndcg["value"] - (ndcg["dcg"] / ndcg["idcg"] if ndcg["idcg"] else 0.0)) <= TOLERANCE
    json.dumps(result)  # the worker sends it as JSON


def test_ideal_order_holds_every_positive_grade_and_keeps_ties_in_view_order():
    state = {
        "ranking": ["a", "b", "c", "d"],
        "grades": {"z": 2, "d": 2, "b": 3, "a": 0, "y": 1},
        "k": 3,
        "gain": "linear",
        "threshold": 1,
    }
    # Grade 3, then the two 2s (d is retrieved, so before z, which is not), then y; a (grade 0)
    # and c (unjudged) are left out.
    assert readouts(state)["ideal"] == ["b", "d", "z", "y"]


def test_unretrieved_items_change_recall_and_idcg_not_dcg():
    base = {"ranking": ["a", "b", "c"], "grades": {"a": 2, "c": 1}, "k": 3, "gain": "exponential", "threshold": 1}
    more = dict(base, grades={"a": 2, "c": 1, "x": 3})
    before, after = readouts(base)["metrics"], readouts(more)["metrics"]
    assert after["ndcg"]["dcg"] == before["ndcg"]["dcg"]
    assert after["ndcg"]["idcg"] > before["ndcg"]["idcg"]
    assert after["recall"]["value"] < before["recall"]["value"]
    assert after["precision"]["value"] == before["precision"]["value"]


def test_no_relevant_item_says_why():
    state = {"ranking": ["a", "b"], "grades": {"a": 1}, "k": 2, "gain": "linear", "threshold": 2}
    metrics = readouts(state)["metrics"]
    assert readouts(state)["relevant"] == 0
    for name in ("precision", "recall", "hit_rate", "reciprocal_rank", "average_precision"):
        assert metrics[name]["value"] == 0.0
        assert "|R| = 0" in metrics[name]["why"]
    # NDCG uses the grades, not the threshold: a's grade 1 still counts.
    assert metrics["ndcg"]["value"] == 1.0
    assert metrics["ndcg"]["why"] is None


def test_no_judged_grade_above_zero_says_why_for_ndcg():
    state = {"ranking": ["a", "b"], "grades": {"a": 0}, "k": 2, "gain": "exponential", "threshold": 1}
    result = readouts(state)
    assert result["ideal"] == []
    assert result["metrics"]["ndcg"]["value"] == 0.0
    assert "IDCG is 0" in result["metrics"]["ndcg"]["why"]
    assert all("|R| = 0" in result["metrics"][name]["why"] for name in METRIC_NAMES if not BY_KEY[name].graded)
    assert "grade above 0" in result["metrics"]["err"]["why"]


def test_nothing_relevant_in_the_top_k_says_why():
    state = {"ranking": ["x", "y", "a"], "grades": {"a": 2}, "k": 2, "gain": "linear", "threshold": 1}
    metrics = readouts(state)["metrics"]
    for name in METRIC_NAMES:
        assert metrics[name]["value"] == 0.0
        assert "top 2" in metrics[name]["why"]
        assert metrics[name]["terms"] == [] or name == "ndcg"


def test_nonzero_values_have_no_why():
    state = {"ranking": ["a", "b"], "grades": {"a": 1, "b": 0}, "k": 2, "gain": "linear", "threshold": 1}
    assert all(metric["why"] is None for metric in readouts(state)["metrics"].values())


def test_rebinding_rankmetrics_functions_does_not_change_readouts(monkeypatch):
    state = RANDOM_STATES[7]
    before = readouts(state)

    def broken(*args, **kwargs):
        return 42.0

    for name in ("precision_at_k", "recall_at_k", "hit_rate_at_k", "reciprocal_rank", "average_precision"):
        monkeypatch.setattr(rankmetrics, name, broken)
    monkeypatch.setattr(rankmetrics, "ndcg_at_k", broken)
    monkeypatch.setattr(rankmetrics, "dcg_at_k", broken)
    monkeypatch.setattr(rankmetrics.set_metrics, "precision_at_k", broken)
    monkeypatch.setattr(rankmetrics.ndcg, "ndcg_at_k", broken)
    monkeypatch.setattr(rankmetrics.ndcg, "dcg_at_k", broken)
    assert readouts(state) == before


def test_bad_state_raises_the_rankmetrics_error():
    state = {"ranking": ["a", "a"], "grades": {}, "k": 1, "gain": "linear", "threshold": 1}
    with pytest.raises(ValueError, match="'a'"):
        readouts(state)
    with pytest.raises(ValueError, match="k must be"):
        readouts(dict(state, ranking=["a"], k=0))


# The shared vectors whose keys are cut at the case's k (reciprocal_rank and average_precision
# without a cutoff differ from the playground's @k readouts, so they are not compared).
VECTOR_KEYS = {
    "precision_at_k": "precision",
    "recall_at_k": "recall",
    "hit_rate_at_k": "hit_rate",
    "reciprocal_rank_at_k": "reciprocal_rank",
    "average_precision_at_k": "average_precision",
}
VECTOR_CASES = [case for case in CASES if isinstance(case["relevance"], dict) and "threshold" not in case]


@pytest.mark.parametrize("case", VECTOR_CASES, ids=lambda case: case["id"])
@pytest.mark.parametrize("gain", ["linear", "exponential"])
def test_shared_vectors(case, gain):
    state = {"ranking": case["ranking"], "grades": case["relevance"], "k": case["k"], "gain": gain, "threshold": 1}
    metrics = readouts(state)["metrics"]
    expected = case["expected"]
    for key, name in VECTOR_KEYS.items():
        if key in expected:
            assert abs(metrics[name]["value"] - expected[key]) < 1e-10, key
    if f"ndcg_at_k_{gain}" in expected:
        assert abs(metrics["ndcg"]["value"] - expected[f"ndcg_at_k_{gain}"]) < 1e-10


def test_the_seed_move_from_rank_4_to_rank_1():
    # Vectors move-4-to-1-before/after: precision@5 stays, AP@5 and NDCG@5 rise.
    before = {
        "ranking": ["a", "b", "c", "d", "e"],
        "grades": {"a": 1, "d": 1},
        "k": 5,
        "gain": "linear",
        "threshold": 1,
    }
    after = dict(before, ranking=["d", "a", "b", "c", "e"])
    one, two = readouts(before)["metrics"], readouts(after)["metrics"]
    assert one["precision"]["value"] == two["precision"]["value"]
    assert two["average_precision"]["value"] > one["average_precision"]["value"]
    assert two["ndcg"]["value"] > one["ndcg"]["value"]


def test_err_stops_on_the_playground_s_own_grade_scale():
    """ERR's g_max is the top of the scale the grades come from (Chapelle et al. 2009): a
    playground graded 0-3 stops at its best grade with chance (2^3 - 1) / 2^3; without a scale
    named, the metric's default (gdeval's 4) holds."""
    state = {"ranking": ["a", "b"], "grades": {"a": 3}, "k": 2, "gain": "exponential", "threshold": 1}
    scaled = readouts(dict(state, max_grade=3))["metrics"]["err"]
    assert scaled["value"] == pytest.approx(7 / 8, abs=1e-15)
    assert scaled["value"] == pytest.approx(rankmetrics.expected_reciprocal_rank(["a", "b"], {"a": 3}, 2, max_grade=3))
    assert "2^3" in json.dumps(scaled["lines"])  # the working names the scale it used
    assert readouts(state)["metrics"]["err"]["value"] == pytest.approx(7 / 16, abs=1e-15)
