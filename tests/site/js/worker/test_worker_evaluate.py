"""The evaluate page's Python (site/js/worker/evaluate.py), under CPython: what it reports is
what rankmetrics' readers, RunEvaluator and significance module give for the same files."""

from __future__ import annotations

import json

import pytest

from lessonbuild.paths import SITE
from rankmetrics.pages.playground import readouts
from rankmetrics.registry import METRICS as REGISTERED

SOURCE = SITE / "js" / "worker" / "evaluate.py"
QRELS = "q1 0 d1 1\nq1 0 d2 2\nq1 0 d3 0\nq2 0 d4 1\nq2 0 d5 1\nq3 0 d6 3\nq4 0 d7 1\n"
RUN_A = "".join(
    f"{q} Q0 {d} {r} {s} a\n"
    for q, d, r, s in [
        ("q1", "d3", 1, 3.0),
        ("q1", "d1", 2, 2.0),
        ("q1", "d2", 3, 1.0),
        ("q2", "d4", 1, 2.0),
        ("q2", "d9", 2, 1.0),
        ("q3", "d8", 1, 1.0),
        ("q4", "d7", 1, 1.0),
    ]
)
RUN_B = "q1 Q0 d2 1 3 b\nq1 Q0 d1 2 2 b\nq2 Q0 d5 1 2 b\nq2 Q0 d4 2 1 b\nq3 Q0 d6 1 1 b\nq9 Q0 d1 1 1 b\n"
OPTIONS = {
    "cutoffs": [1, 3],
    "threshold": 1,
    "gain": "linear",
    "missing": "score 0",
    "permutations": 200,
    "resamples": 200,
}


@pytest.fixture
def worker_namespace():
    """evaluate.py run in a namespace of its own, as the worker runs it at boot."""
    namespace: dict = {}
    exec(compile(SOURCE.read_text(encoding="utf-8"), str(SOURCE), "exec"), namespace)
    return namespace


def read(namespace, runs: dict[str, str], qrels: str = QRELS, options=OPTIONS, chunk: int = 5):
    """Read the files as worker/evaluate.js does: chunks of text, a run read again ungrouped.
    Returns the evaluation and each file's summary."""
    evaluation = namespace["new_evaluation"](json.dumps(options))
    evaluation.start_qrels("qrels.txt")
    for start in range(0, len(qrels), chunk):
        evaluation.feed_qrels(qrels[start : start + chunk])
    files = {"qrels.txt": json.loads(evaluation.finish_qrels())}
    for name, text in runs.items():
        evaluation.start_run(name, f"{name}.txt", True)
        if not all(evaluation.feed_run(text[start : start + chunk]) for start in range(0, len(text), chunk)):
            evaluation.start_run(name, f"{name}.txt", False)
            for start in range(0, len(text), chunk):
                assert evaluation.feed_run(text[start : start + chunk])
        files[name] = json.loads(evaluation.finish_run())
    return evaluation, files


def evaluate(namespace, runs: dict[str, str], qrels: str = QRELS, options=OPTIONS, chunk: int = 5, baseline="A"):
    """The files read (read()) and compared against `baseline`: (summaries, comparison)."""
    evaluation, files = read(namespace, runs, qrels, options, chunk)
    return files, json.loads(evaluation.compare(baseline))


def expected_evaluation(text: str, options=OPTIONS):
    from rankmetrics.pages.runfiles import read_qrels_text, read_run_text
    from rankmetrics.pages.trec import RunEvaluator

    qrels = read_qrels_text(QRELS, "qrels.txt")
    evaluator = RunEvaluator(
        qrels.judgments,
        cutoffs=options["cutoffs"],
        threshold=options["threshold"],
        gain=options["gain"],
        missing=options["missing"],
    )
    run = read_run_text(text, "run.txt")
    for query, ranking in run.rankings.items():
        evaluator.add(query, ranking)
    return evaluator.result()


def test_the_means_and_per_query_values_are_run_evaluators_as_reprs(worker_namespace):
    files, result = evaluate(worker_namespace, {"A": RUN_A, "B": RUN_B})
    assert files["qrels.txt"]["format"] == "TREC qrels" and files["A"]["format"] == "TREC run"
    for name, text in (("A", RUN_A), ("B", RUN_B)):
        expected = expected_evaluation(text)
        run = next(run for run in result["runs"] if run["name"] == name)
        assert run["measures"] == list(expected.measures)
        assert run["means"] == {key: repr(value) for key, value in expected.means.items()}
        queries = run["queries"]
        assert {key: dict(zip(queries, values, strict=True)) for key, values in run["perQuery"].items()} == {
            key: {query: repr(value) for query, value in values.items()} for key, values in expected.per_query.items()
        }
        assert queries == list(expected.per_query[expected.measures[0]])
        assert run["counts"] == {
            "scored": expected.scored,
            "skipped": expected.skipped,
            "missing": expected.missing,
            "ignored": expected.ignored,
        }


def test_the_comparison_is_significance_s_paired_tests_with_holm_over_every_comparison(worker_namespace):
    from rankmetrics import significance

    _, result = evaluate(worker_namespace, {"A": RUN_A, "B": RUN_B})
    a, b = expected_evaluation(RUN_A), expected_evaluation(RUN_B)
    (comparison,) = result["comparisons"]
    assert comparison["run"] == "B" and result["baseline"] == "A"
    uncompared = tuple(f"{metric.key}@" for metric in REGISTERED if not metric.compared)
    assert uncompared == ("rbp_residual@", "judged@")
    measures = [key for key in a.measures if not key.startswith(uncompared)]
    assert list(comparison["rows"]) == measures
    queries = sorted(a.per_query[measures[0]])
    differences = {key: [b.per_query[key][q] - a.per_query[key][q] for q in queries] for key in measures}
    randomization = significance.randomization_test(differences, permutations=200, seed=0)
    intervals = significance.bootstrap_interval(differences, resamples=200, seed=0)
    p_t = []
    for key in measures:
        row = comparison["rows"][key]
        test = significance.paired_t_test(
            [a.per_query[key][q] for q in queries], [b.per_query[key][q] for q in queries]
        )
        p_t.append(test.p_value)
        assert row["pT"] == repr(test.p_value)
        assert row["pRandomization"] == repr(randomization[key])
        assert (row["ciLow"], row["ciHigh"]) == tuple(map(repr, intervals[key]))
        assert row["wins"] + row["ties"] + row["losses"] == len(queries)
    finite = [p for p in p_t if p == p]
    assert result["holmComparisons"] == len(finite)
    adjusted = iter(significance.holm(finite))
    for key, p in zip(measures, p_t):
        if p == p:
            assert comparison["rows"][key]["pTHolm"] == repr(next(adjusted))


def test_a_run_not_grouped_by_query_is_read_again_and_gives_the_same_numbers(worker_namespace):
    lines = RUN_A.splitlines(keepends=True)
    shuffled = "".join(lines[::2] + lines[1::2])
    _, grouped = evaluate(worker_namespace, {"A": RUN_A})
    _, ungrouped = evaluate(worker_namespace, {"A": shuffled})
    assert grouped["runs"][0]["means"] == ungrouped["runs"][0]["means"]


def test_problems_name_the_file_and_line_and_a_run_sharing_no_query_says_so(worker_namespace):
    files, result = evaluate(worker_namespace, {"A": RUN_A + "q1 Q0 d5 x\n", "C": "z1 Q0 d1 1 1 c\n"})
    (problem,) = files["A"]["problems"]
    assert problem["file"] == "A.txt" and problem["line"] == len(RUN_A.splitlines()) + 1
    assert files["C"].get("noSharedQuery") is True and files["C"]["sharedQueries"] == 0
    assert [run["name"] for run in result["runs"]] == ["A", "C"]


def test_problems_are_grouped_by_kind_with_a_count_and_the_first_lines(worker_namespace):
    first = len(RUN_A.splitlines()) + 1
    bad = RUN_A + "q1 Q0 d5 x\n" * 150 + "q1 Q0 d6 1 high a\n" * 4
    files, _ = evaluate(worker_namespace, {"A": bad}, chunk=64)
    assert files["A"]["problemGroups"] == [
        {
            "kind": "columns",
            "count": 150,
            "lines": [first, first + 1, first + 2],
            "message": files["A"]["problems"][0]["message"],
        },
        {
            "kind": "score",
            "count": 4,
            "lines": [first + 150, first + 151, first + 152],
            "message": "the score 'high' is not a finite number: write a number such as 12.5 in the score column.",
        },
    ]


def test_negative_grades_are_a_note_of_the_judgments_not_a_problem(worker_namespace):
    files, result = evaluate(worker_namespace, {"A": RUN_A}, qrels=QRELS + "q2 0 d9 -2\nq3 0 d8 -1\n")
    assert files["qrels.txt"]["problemGroups"] == [] and files["qrels.txt"]["notes"] == [
        "2 judgments below 0 were read as judged, not relevant: no gain in any measure, as trec_eval gives none."
    ]
    assert result["runs"][0]["perQuery"]["judged@3"][result["runs"][0]["queries"].index("q2")] == repr(2 / 3)


@pytest.mark.parametrize("baseline", ["A", "B"])
def test_a_run_with_nothing_readable_is_left_out_and_the_others_are_compared(worker_namespace, baseline):
    files, result = evaluate(worker_namespace, {"A": RUN_A, "B": "q1;d1;3,4\n", "C": RUN_B}, baseline=baseline)
    assert files["B"]["nothingRead"].startswith('B.txt, the run file of "B", has no line this page can read')
    assert "(listed below)" in files["B"]["nothingRead"]
    assert [run["name"] for run in result["runs"]] == ["A", "C"]
    assert result["baseline"] == "A" and [c["run"] for c in result["comparisons"]] == ["C"]
    _, alone = evaluate(worker_namespace, {"A": RUN_A, "C": RUN_B})
    assert result["runs"] == alone["runs"]


def test_the_judgments_are_prepared_once_for_every_run(worker_namespace, monkeypatch):
    from cellruntime.sealed import private_module

    judgments = private_module("rankmetrics._inputs").Judgments
    prepared = []
    from_relevance = judgments.from_relevance

    def counted(relevance, **options):
        prepared.append(relevance)
        return from_relevance(relevance, **options)

    monkeypatch.setattr(judgments, "from_relevance", counted)
    _, result = evaluate(worker_namespace, {"A": RUN_A, "B": RUN_B, "C": RUN_A})
    assert len(result["runs"]) == 3
    assert len(prepared) == 4  # q1 to q4, once


def test_a_learner_rebinding_rankmetrics_does_not_change_the_results(worker_namespace, monkeypatch):
    import rankmetrics.pages.trec

    _, before = evaluate(worker_namespace, {"A": RUN_A, "B": RUN_B})
    monkeypatch.setattr(rankmetrics.pages.trec, "RunEvaluator", None)
    _, after = evaluate(worker_namespace, {"A": RUN_A, "B": RUN_B})
    assert before == after


def test_a_query_s_list_for_the_rank_playground_is_its_top_documents_with_grades_and_the_relevant_it_missed(
    worker_namespace,
):
    evaluation, _ = read(worker_namespace, {"A": RUN_A})
    config = json.loads(evaluation.query_list("A", "q2"))
    assert config["items"] == [{"id": "d4", "grade": 1}, {"id": "d9", "grade": 0}]
    assert config["unretrieved"] == [{"id": "d5", "grade": 1}]
    assert (config["k"], config["gain"], config["threshold"]) == (1, "linear", 1)


def test_a_query_s_list_opens_at_the_page_s_cut_off_not_the_list_s_length(worker_namespace):
    evaluation, _ = read(worker_namespace, {"A": RUN_A}, options={**OPTIONS, "cutoffs": [10, 20]})
    # q2 has 2 documents: precision@10 divides by 10 in the results, so the playground's k is 10.
    assert json.loads(evaluation.query_list("A", "q2"))["k"] == 10
    assert json.loads(evaluation.query_list("A", "q2", 20))["k"] == 20
    config = json.loads(evaluation.query_list("A", "q2", 100))
    assert config["k"] == config["max_items"]  # the playground's largest k


@pytest.mark.parametrize("threshold", [1, 1.5, 2])
def test_a_query_s_list_in_the_playground_scores_as_the_results_table_at_a_threshold_between_grades(
    worker_namespace, threshold
):
    evaluation = worker_namespace["new_evaluation"](json.dumps({**OPTIONS, "threshold": threshold}))
    evaluation.start_qrels("qrels.txt")
    evaluation.feed_qrels(QRELS)
    evaluation.finish_qrels()
    evaluation.start_run("A", "A.txt", True)
    evaluation.feed_run(RUN_A)
    evaluation.finish_run()
    run = json.loads(evaluation.compare("A"))["runs"][0]
    config = json.loads(evaluation.query_list("A", "q1", 3))
    items = config["items"] + config["unretrieved"]
    shown = readouts(
        {
            "ranking": [item["id"] for item in config["items"]],
            "grades": {item["id"]: item["grade"] for item in items},
            "k": config["k"],
            "gain": config["gain"],
            "threshold": config["threshold"],
        }
    )["metrics"]
    position = run["queries"].index("q1")
    for metric in ("precision", "recall", "hit_rate", "reciprocal_rank", "average_precision", "ndcg"):
        assert shown[metric]["value"] == float(run["perQuery"][f"{metric}@3"][position]), metric


@pytest.mark.parametrize(
    ("qrels", "run", "blamed", "reason"),
    [
        ("", RUN_A, "qrels.txt, the judgments file, is empty", "empty"),
        ("q1 0 d1\nq2 0 d4 high\n", RUN_A, "qrels.txt, the judgments file, has no line", "malformed"),
        (QRELS, "", 'A.txt, the run file of "A", is empty', "empty"),
        (QRELS, "q1 d1 3\nq1 Q0 d2 2 x A\n", 'A.txt, the run file of "A", has no line', "malformed"),
    ],
)
def test_a_file_with_nothing_readable_says_so_and_blames_that_file(worker_namespace, qrels, run, blamed, reason):
    evaluation = worker_namespace["new_evaluation"](json.dumps(OPTIONS))
    evaluation.start_qrels("qrels.txt")
    evaluation.feed_qrels(qrels)
    summary = json.loads(evaluation.finish_qrels())
    if qrels == QRELS:
        assert summary["nothingRead"] is None
        evaluation.start_run("A", "A.txt", True)
        evaluation.feed_run(run)
        summary = json.loads(evaluation.finish_run())
    assert summary["nothingRead"].startswith(blamed)
    assert summary["queries"] == 0 and sum(summary["problemCounts"].values()) >= 1
    assert ("every line has a problem" in summary["nothingRead"]) == (reason == "malformed")


def test_two_runs_judged_on_one_query_are_compared_without_a_paired_test(worker_namespace):
    """A paired test needs two queries scored by both runs: with one, the means and the
    difference are shown, and every p-value and interval is left out (NaN), not an error."""
    one_query = "q1 0 d1 1\nq1 0 d2 2\nq1 0 d3 0\n"
    _, result = evaluate(worker_namespace, {"A": RUN_A, "B": RUN_B}, qrels=one_query)
    (comparison,) = result["comparisons"]
    assert comparison["queries"] == 1
    for row in comparison["rows"].values():
        assert row["delta"] != "nan"
        for key in ("pT", "pRandomization", "ciLow", "ciHigh", "pTHolm", "pRandomizationHolm"):
            assert row[key] == "nan", key
    assert result["holmComparisons"] == 0
