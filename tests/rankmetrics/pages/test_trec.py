"""rankmetrics.pages.trec: the streaming evaluator of one run, its keys and counts, and evaluate() with several k."""

import math
import random

import ir_measures
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rankmetrics as rm
from rankmetrics._inputs import Judgments, PreparedRanking, ranks_in
from rankmetrics.registry import BY_KEY
from rankmetrics.pages.runfiles import trec_eval_order
from rankmetrics.pages.trec import FULL_LIST_METRICS, MEASURE_METRICS, RunEvaluator, measure_key
from ranking_strategies import judgments, k_st, rankings

QRELS = {"q1": {"a": 2, "b": 0, "c": 1}, "q2": {"x": 1}, "q3": {"y": 0}}


def test_measures_in_display_order():
    result = RunEvaluator(QRELS, cutoffs=[10, 5, 10]).result()
    expected = [measure_key(metric, k) for metric in MEASURE_METRICS for k in (5, 10)]
    expected += [measure_key(metric, None) for metric in FULL_LIST_METRICS]  # the registry's order
    assert result.measures == expected
    assert set(result.means) == set(result.per_query) == set(expected)


def test_values_agree_with_the_single_query_functions():
    evaluator = RunEvaluator(QRELS, cutoffs=[1, 2, 5], gain="linear")
    evaluator.add("q1", ["b", "c", "d", "a"])
    evaluator.add("q2", ["z"])
    result = evaluator.result()
    ranking, grades = ["b", "c", "d", "a"], QRELS["q1"]
    for k in (1, 2, 5):
        q1 = {key: values["q1"] for key, values in result.per_query.items()}
        assert q1[f"precision@{k}"] == rm.precision_at_k(ranking, grades, k)
        assert q1[f"recall@{k}"] == rm.recall_at_k(ranking, grades, k)
        assert q1[f"hit_rate@{k}"] == rm.hit_rate_at_k(ranking, grades, k)
        assert q1[f"reciprocal_rank@{k}"] == rm.reciprocal_rank(ranking, grades, k)
        assert q1[f"average_precision@{k}"] == rm.average_precision(ranking, grades, k)
        assert q1[f"ndcg@{k}"] == rm.ndcg_at_k(ranking, grades, k, gain="linear")
    assert q1["average_precision@all"] == rm.average_precision(ranking, grades)
    assert q1["reciprocal_rank@all"] == 1 / 2


def test_judged_at_k_divides_by_k():
    evaluator = RunEvaluator(QRELS, cutoffs=[1, 2, 4, 10])
    evaluator.add("q1", ["b", "z", "c"])  # b and c judged (b with grade 0)
    values = {key: v["q1"] for key, v in evaluator.result().per_query.items() if key.startswith("judged")}
    assert values == {"judged@1": 1.0, "judged@2": 0.5, "judged@4": 0.5, "judged@10": 0.2}


def test_judged_agrees_with_ir_measures_when_the_run_fills_the_cutoff():
    # ir_measures' Judged@k divides by min(k, run length); with k <= run length that is k.
    rng = random.Random(3)
    items = [f"d{i}" for i in range(30)]
    qrels = {f"q{i}": {item: rng.randint(0, 3) for item in rng.sample(items, 10)} for i in range(50)}
    # Distinct scores: ir_measures' judged provider breaks ties by id ascending, trec_eval descending.
    run = {q: dict(zip(rng.sample(items, 20), map(float, rng.sample(range(100), 20)))) for q in qrels}
    evaluator = RunEvaluator(qrels, cutoffs=[5, 10, 20])
    for q, scores in run.items():
        evaluator.add(q, trec_eval_order(list(scores), list(scores.values())))
    ours = evaluator.result().per_query
    measures = [ir_measures.Judged @ k for k in (5, 10, 20)]
    for metric in ir_measures.iter_calc(measures, qrels, run):
        assert math.isclose(
            ours[f"judged@{metric.measure.params['cutoff']}"][metric.query_id], metric.value, abs_tol=1e-12
        )


def test_missing_queries_score_zero_or_are_left_out():
    run = {"q1": ["a"], "q9": ["a"]}
    for missing, scored, mean in (("score 0", 3, 1 / 3), ("leave out", 1, 1.0)):
        evaluator = RunEvaluator(QRELS, cutoffs=[1], missing=missing)
        for query, ranking in run.items():
            evaluator.add(query, ranking)
        result = evaluator.result()
        assert (result.scored, result.missing, result.ignored, result.shared) == (scored, 2, 1, 1)
        assert result.means["hit_rate@1"] == mean
        assert all(len(values) == scored for values in result.per_query.values())
        assert result.no_shared_query("run") is None


def test_per_query_follows_the_order_of_the_judgments():
    evaluator = RunEvaluator(QRELS, cutoffs=[1])
    evaluator.add("q3", ["y"])
    evaluator.add("q1", ["a"])
    assert list(evaluator.result().per_query["ndcg@1"]) == ["q1", "q2", "q3"]


def test_queries_without_relevant_documents_score_zero_or_are_skipped():
    evaluator = RunEvaluator(QRELS, cutoffs=[1], skip_without_relevant=True)
    evaluator.add("q1", ["a"])
    evaluator.add("q3", ["y"])  # grade 0 only
    result = evaluator.result()
    assert (result.scored, result.skipped, result.missing) == (2, 1, 1)  # q2 missing, scored 0
    assert result.per_query["precision@1"] == {"q1": 1.0, "q2": 0.0}


def test_a_missing_query_scores_as_an_empty_ranking_on_every_measure():
    evaluator = RunEvaluator(QRELS, cutoffs=[1, 5])
    evaluator.add("q1", ["a"])
    evaluator.add("q3", ["y"])
    result = evaluator.result()
    judgments = Judgments.from_relevance(QRELS["q2"], gain="exponential")
    for key in result.measures:
        name, cutoff = key.split("@")
        k = None if cutoff == "all" else int(cutoff)
        assert result.per_query[key]["q2"] == BY_KEY[name].kernel([], judgments, k), key
    # Nothing retrieved: every rank could still hold a relevant document.
    assert result.per_query["rbp_residual@5"]["q2"] == result.per_query["rbp_residual@all"]["q2"] == 1.0
    assert result.per_query["ndcg@5"]["q2"] == result.per_query["judged@5"]["q2"] == 0.0


def test_a_run_sharing_no_query_is_a_problem_and_has_no_mean():
    evaluator = RunEvaluator(QRELS, cutoffs=[5], missing="leave out")
    evaluator.add("other", ["a"])
    result = evaluator.result()
    assert (result.scored, result.ignored, result.shared) == (0, 1, 0)
    assert all(math.isnan(mean) for mean in result.means.values())
    problem = result.no_shared_query("mine.run")
    assert (problem.file, problem.line, problem.kind) == ("mine.run", 0, "no shared query")


def test_threshold_and_gain():
    evaluator = RunEvaluator({"q": {"a": 1, "b": 3}}, cutoffs=[2], threshold=2, gain="exponential")
    evaluator.add("q", ["a", "b"])
    values = {key: v["q"] for key, v in evaluator.result().per_query.items()}
    assert values["precision@2"] == 0.5 and values["reciprocal_rank@2"] == 0.5
    assert values["ndcg@2"] == rm.ndcg_at_k(["a", "b"], {"a": 1, "b": 3}, 2, gain="exponential")


@pytest.mark.parametrize(
    "options, message",
    [
        ({"cutoffs": []}, "cutoffs is empty"),
        ({"cutoffs": [0]}, "k must be a positive int, got 0"),
        ({"cutoffs": 10}, "cutoffs must be a list"),
        ({"cutoffs": [5], "missing": "drop"}, "missing must be one of"),
        ({"cutoffs": [5], "gain": "log"}, "gain must be one of"),
        ({"cutoffs": [5], "threshold": 0}, "threshold must be"),
        ({"cutoffs": [5], "metrics": ["map"]}, "unknown metric 'map'"),
    ],
)
def test_invalid_options(options, message):
    with pytest.raises(ValueError, match=message):
        RunEvaluator(QRELS, **options)


def test_invalid_judgments_and_rankings():
    with pytest.raises(ValueError, match="judgments of query 'q': grade of item 'a' must be >= 0"):
        RunEvaluator({"q": {"a": -1}}, cutoffs=[1])
    evaluator = RunEvaluator(QRELS, cutoffs=[1])
    with pytest.raises(ValueError, match="lists a document twice"):
        evaluator.add("q1", ["a", "a"])
    evaluator.add("q1", ["a"])
    with pytest.raises(ValueError, match="added twice"):
        evaluator.add("q1", ["a"])


# evaluate() with several cut-offs is the same evaluator.


def test_evaluate_with_a_list_of_cutoffs_matches_the_evaluator():
    run = {"q1": {"b": 1.0, "a": 1.0, "c": 0.5}, "q9": ["a"]}
    result = rm.evaluate(run, QRELS, list(rm.METRICS), [1, 3, None], gain="linear", ties="trec_eval")
    evaluator = RunEvaluator(QRELS, cutoffs=[1, 3], metrics=list(rm.METRICS))
    evaluator.add("q1", ["b", "a", "c"])  # trec_eval: the tie goes to b
    evaluator.add("q9", ["a"])
    assert result == evaluator.result()


def test_evaluate_with_an_int_keeps_its_evaluation():
    run = {"q1": {"a": 1.0, "b": 1.0}}
    stable = rm.evaluate(run, QRELS, ["reciprocal_rank"], 2)
    trec = rm.evaluate(run, QRELS, ["reciprocal_rank"], 2, ties="trec_eval")
    assert isinstance(stable, rm.Evaluation)
    assert stable.per_user["reciprocal_rank"]["q1"] == 1.0  # input order: a first
    assert trec.per_user["reciprocal_rank"]["q1"] == 0.5  # trec_eval: b first
    left_out = rm.evaluate(run, QRELS, ["reciprocal_rank"], 2, missing="leave out")
    assert (left_out.n_scored, left_out.n_missing) == (1, 2)
    assert left_out.means == {"reciprocal_rank": 1.0}


def test_evaluate_full_list_only():
    result = rm.evaluate({"q1": ["b", "a"]}, QRELS, ["average_precision"], [None], missing="leave out")
    assert result.measures == ["average_precision@all"]
    assert result.means == {"average_precision@all": (1 / 2) / 2}  # a (of a, c) at rank 2


def test_evaluate_errors_for_the_new_options():
    with pytest.raises(ValueError, match=r"k=\[None\] gives no cut-off"):
        rm.evaluate({}, QRELS, ["ndcg"], [None])
    with pytest.raises(ValueError, match="ties must be one of"):
        rm.evaluate({}, QRELS, ["ndcg"], 1, ties="random")
    with pytest.raises(ValueError, match="no judged user is in the run"):
        rm.evaluate({"q9": ["a"]}, QRELS, ["ndcg"], 1, missing="leave out")
    with pytest.raises(ValueError, match="give str item ids"):
        rm.evaluate({"q1": {1: 1.0}}, QRELS, ["ndcg"], 1, ties="trec_eval")


# The evaluator gives the registered kernels' values to the last bit, for every metric.


@settings(max_examples=500, deadline=None)
@given(
    ranking=rankings(min_size=0),
    grades=judgments(min_size=0),
    cutoffs=st.lists(k_st, min_size=1, max_size=4, unique=True).map(sorted),
    threshold=st.sampled_from([1, 2, 3, 0.5]),
    gain=st.sampled_from(["linear", "exponential"]),
)
def test_the_evaluator_gives_the_kernels_values(ranking, grades, cutoffs, threshold, gain):
    prepared = Judgments.from_relevance(grades, threshold=threshold, gain=gain)
    evaluator = RunEvaluator({"q": grades}, cutoffs=cutoffs, threshold=threshold, gain=gain)
    evaluator.add("q", ranking)
    values = {key: column["q"] for key, column in evaluator.result().per_query.items()}
    expected = {
        measure_key(name, k): BY_KEY[name].kernel(ranking, prepared, k) for name in MEASURE_METRICS for k in cutoffs
    }
    expected |= {measure_key(name, None): BY_KEY[name].kernel(ranking, prepared, None) for name in FULL_LIST_METRICS}
    assert values == expected
    assert all(type(value) is float for value in values.values())


@given(ranking=rankings(min_size=0), grades=judgments(min_size=0), k=k_st)
def test_a_prepared_ranking_reads_as_its_list(ranking, grades, k):
    prepared_judgments = Judgments.from_relevance(grades)
    prepared = PreparedRanking(ranking, prepared_judgments)
    top = prepared[:k]
    assert list(top) == ranking[:k] and len(top) == len(ranking[:k])
    assert [top[i] for i in range(len(top))] == ranking[:k]
    for members in (prepared_judgments.grades, prepared_judgments.relevant):
        assert ranks_in(top, members) == ranks_in(ranking[:k], members)
