"""Differential tests: files read by pages.runfiles and scored by pages.trec.RunEvaluator, against pytrec_eval.

pytrec_eval is trec_eval's own C code. Unlike test_vs_pytrec_eval.py, the runs here carry ties
in score (also ties only in single precision), the rank column disagrees with the scores, the
second column varies ("Q0", "0", anything), and queries are missing from the run or only in the
run: the reading must follow trec_eval for the numbers to agree.

What pytrec_eval does (checked in test_vs_pytrec_eval.py): it drops judged queries missing from
the run, so it matches missing="leave out"; relevance_level is our threshold for the binary
measures; ndcg_cut uses the grade as gain (linear) whatever relevance_level is. It has no
reciprocal rank with a cut-off: reciprocal_rank@k is compared with recip_rank of the run cut
to its top k (ties already broken, so the cut run keeps its order).
"""

import math
import random
import struct

import pytest
import pytrec_eval

from rankmetrics.pages.runfiles import QrelsReader, RunReader, read_qrels_text, read_run_text
from rankmetrics.pages.trec import RunEvaluator

TOLERANCE = 1e-9
CUTOFFS = [1, 3, 5, 10, 20]

# Our key -> pytrec_eval's measure name.
TREC_NAMES = {
    f"{metric}@{k}": f"{name}_{k}"
    for k in CUTOFFS
    for metric, name in [
        ("precision", "P"),
        ("recall", "recall"),
        ("hit_rate", "success"),
        ("average_precision", "map_cut"),
        ("ndcg", "ndcg_cut"),
    ]
}
TREC_NAMES |= {"average_precision@all": "map", "reciprocal_rank@all": "recip_rank"}

# Ids of several lengths and cases, so strcmp order differs from numeric order.
DOCS = [f"d{i}" for i in range(25)] + ["D1", "doc-7", "a", "Z9", "é"]
# Few distinct scores, so ties are common; 1.0 + 1e-9 ties with 1.0 in single precision.
SCORES = [0.0, 0.5, 1.0, 1.0 + 1e-9, 2.0, -1.5, 1e3]


def random_files(seed, grades=(0, 1, 2, 3)):
    """(qrels text, run text) with missing and extra queries, ties, and a useless rank column;
    each judgment's grade is one of `grades`."""
    rng = random.Random(seed)
    queries = [f"q{i}" for i in range(rng.randint(5, 40))]
    judged = [q for q in queries if rng.random() < 0.8]
    ranked = [q for q in queries if rng.random() < 0.8]
    # Each query has a grade >= 0: pytrec_eval crashes (a segmentation fault) on a query whose
    # every grade is negative when it evaluates other queries with it.
    first = [grade for grade in grades if grade >= 0]
    qrels_lines = [
        f"{q} 0 {doc} {rng.choice(grades if i else first)}\n"
        for q in judged
        for i, doc in enumerate(rng.sample(DOCS, rng.randint(1, 12)))
    ]
    run_lines = []
    for q in ranked:
        docs = rng.sample(DOCS, rng.randint(1, 25))
        scores = [rng.choice(SCORES) if rng.random() < 0.7 else rng.uniform(-5, 5) for _ in docs]
        query_lines = [
            f"{q} {rng.choice(['Q0', '0', 'iter'])} {doc}{rng.choice([' ', chr(9)])}{rng.randint(1, 99)} {score!r} run\n"
            for doc, score in zip(docs, scores)
        ]
        rng.shuffle(query_lines)  # within a query, any order: trec_eval sorts
        run_lines += query_lines
    return "".join(qrels_lines), "".join(run_lines)


def run_dict(run_text):
    """qid -> {docid: score} from the run text (pytrec_eval's input; read independently of runfiles)."""
    run = {}
    for line in run_text.splitlines():
        qid, _, doc, _, score, _ = line.split()
        run.setdefault(qid, {})[doc] = float(score)
    return run


def qrels_dict(qrels_text):
    qrels = {}
    for line in qrels_text.splitlines():
        qid, _, doc, grade = line.split()
        qrels.setdefault(qid, {})[doc] = int(grade)
    return qrels


def evaluate_files(qrels_text, run_text, threshold, missing, chunk=97):
    reader = QrelsReader("qrels")
    for start in range(0, len(qrels_text), chunk):
        reader.feed(qrels_text[start : start + chunk])
    qrels = reader.finish()
    assert qrels.problems == []  # negative grades too: a note, no problem
    evaluator = RunEvaluator(qrels.judgments, cutoffs=CUTOFFS, threshold=threshold, missing=missing)
    run = RunReader("run")
    rankings = {}
    for start in range(0, len(run_text), chunk):
        for query, ranking in run.feed(run_text[start : start + chunk]):
            evaluator.add(query, ranking)
            rankings[query] = ranking
    for query, ranking in run.finish():
        evaluator.add(query, ranking)
        rankings[query] = ranking
    assert run.problems == []
    return evaluator.result(), rankings


def assert_agrees(seed, threshold, grades=(0, 1, 2, 3)):
    qrels_text, run_text = random_files(seed, grades)
    qrels, run = qrels_dict(qrels_text), run_dict(run_text)
    ours, rankings = evaluate_files(qrels_text, run_text, threshold, "leave out")
    measures = set(TREC_NAMES.values())
    theirs = pytrec_eval.RelevanceEvaluator(qrels, measures, relevance_level=threshold).evaluate(run)
    shared = sorted(set(qrels) & set(run))
    assert sorted(theirs) == shared
    assert (ours.scored, ours.missing, ours.ignored) == (
        len(shared),
        len(set(qrels) - set(run)),
        len(set(run) - set(qrels)),
    )
    for key, name in TREC_NAMES.items():
        for query in shared:
            assert math.isclose(ours.per_query[key][query], theirs[query][name], abs_tol=TOLERANCE), (key, query)
        if shared:
            mean = math.fsum(theirs[q][name] for q in shared) / len(shared)
            assert math.isclose(ours.means[key], mean, abs_tol=TOLERANCE), key
    # reciprocal_rank@k: recip_rank of the run cut to its top k.
    for k in CUTOFFS:
        cut = {q: {doc: run[q][doc] for doc in rankings[q][:k]} for q in shared}
        rr = pytrec_eval.RelevanceEvaluator(qrels, {"recip_rank"}, relevance_level=threshold).evaluate(cut)
        for query in shared:
            assert math.isclose(
                ours.per_query[f"reciprocal_rank@{k}"][query], rr[query]["recip_rank"], abs_tol=TOLERANCE
            )

    # missing="score 0" (trec_eval -c): the same values, and 0 for every missing query.
    complete, _ = evaluate_files(qrels_text, run_text, threshold, "score 0")
    assert complete.scored == len(qrels)
    for key, name in TREC_NAMES.items():
        assert all(complete.per_query[key][q] == 0.0 for q in set(qrels) - set(run))
        mean = math.fsum(theirs[q][name] for q in shared) / len(qrels)
        assert math.isclose(complete.means[key], mean, abs_tol=TOLERANCE), key


@pytest.mark.parametrize("seed", range(60))
def test_agrees_with_pytrec_eval_on_random_files(seed):
    assert_agrees(seed, threshold=[1, 2, 3][seed % 3])


NEGATIVE_GRADES = (-2, -1, 0, 1, 2, 3)  # the Web track's spam label, trec_eval's test data's -1


@pytest.mark.parametrize("seed", range(20))
def test_negative_grades_give_trec_eval_s_numbers(seed):
    assert_agrees(seed, threshold=[1, 2, 3][seed % 3], grades=NEGATIVE_GRADES)


def single(score):
    """The score as trec_eval keeps it: a C float."""
    return struct.unpack("f", struct.pack("f", score))[0]


@pytest.mark.parametrize("seed", range(20))
def test_negative_grades_count_as_judged_in_judged_at_k(seed):
    # pytrec_eval has no judged@k; from its definition: the share of the top k (ordered as
    # trec_eval orders a run: score as a C float descending, ties by docid descending) whose
    # document has a line in the judgments, whatever its grade.
    qrels_text, run_text = random_files(seed, NEGATIVE_GRADES)
    qrels, run = qrels_dict(qrels_text), run_dict(run_text)
    result, _ = evaluate_files(qrels_text, run_text, 1, "leave out")
    for query in sorted(set(qrels) & set(run)):
        ordered = sorted(run[query], key=lambda doc: (single(run[query][doc]), doc), reverse=True)
        for k in CUTOFFS:
            judged = sum(1 for doc in ordered[:k] if doc in qrels[query]) / k
            assert result.per_query[f"judged@{k}"][query] == judged, (query, k)


def test_negative_grades_are_one_note_and_no_problem():
    qrels_text, _ = random_files(3, NEGATIVE_GRADES)
    below = sum(1 for line in qrels_text.splitlines() if line.split()[3].startswith("-"))
    qrels = read_qrels_text(qrels_text, "qrels.txt")
    assert below > 1 and qrels.problems == [] and qrels.problem_counts == {}
    assert qrels.notes == [
        f"{below} judgments below 0 were read as judged, not relevant: no gain in any measure, as trec_eval gives none."
    ]
    assert read_qrels_text("q1 0 a -2\nq1 0 b 1\n").notes[0].startswith("1 judgment below 0 was read")


def test_the_random_files_hold_the_awkward_cases():
    qrels_text, run_text = random_files(0)
    run = run_dict(run_text)
    assert set(qrels_dict(qrels_text)) - set(run) and set(run) - set(qrels_dict(qrels_text))
    assert any(len(set(scores.values())) < len(scores) for scores in run.values())  # ties


# The awkward cases, one at a time.


def trec_values(qrels, run, measures, threshold=1):
    return pytrec_eval.RelevanceEvaluator(qrels, measures, relevance_level=threshold).evaluate(run)


def ours(qrels_text, run_text, **options):
    evaluator = RunEvaluator(read_qrels_text(qrels_text).judgments, cutoffs=[1, 2], missing="leave out", **options)
    for query, ranking in read_run_text(run_text).rankings.items():
        evaluator.add(query, ranking)
    return evaluator.result()


def test_q0_or_0_or_anything_in_the_second_column():
    qrels = "q1 0 a 1\n"
    for column in ("Q0", "0", "x"):
        run = f"q1 {column} b 1 2 r\nq1 {column} a 2 1 r\n"
        assert ours(qrels, run).per_query["reciprocal_rank@all"] == {"q1": 0.5}
    assert trec_values({"q1": {"a": 1}}, {"q1": {"b": 2.0, "a": 1.0}}, {"recip_rank"})["q1"]["recip_rank"] == 0.5


def test_ties_and_the_ignored_rank_column():
    # a and b tie: trec_eval puts b first, whatever the rank column says.
    qrels, run = "q1 0 a 1\n", "q1 Q0 a 1 1.0 r\nq1 Q0 b 2 1.0 r\n"
    theirs = trec_values({"q1": {"a": 1}}, {"q1": {"a": 1.0, "b": 1.0}}, {"recip_rank", "P_1"})["q1"]
    result = ours(qrels, run)
    assert result.per_query["reciprocal_rank@all"]["q1"] == theirs["recip_rank"] == 0.5
    assert result.per_query["precision@1"]["q1"] == theirs["P_1"] == 0.0
    # With the rank column, a is first.
    evaluator = RunEvaluator({"q1": {"a": 1}}, cutoffs=[1])
    evaluator.add(*read_run_text(run, use_rank=True).rankings.popitem())
    assert evaluator.result().per_query["reciprocal_rank@all"]["q1"] == 1.0


def test_scores_tied_in_single_precision():
    qrels, run = "q1 0 a 1\n", "q1 Q0 a 1 1.000000001 r\nq1 Q0 b 2 1.0 r\n"
    theirs = trec_values({"q1": {"a": 1}}, {"q1": {"a": 1.000000001, "b": 1.0}}, {"recip_rank"})["q1"]
    assert ours(qrels, run).per_query["reciprocal_rank@all"]["q1"] == theirs["recip_rank"] == 0.5


def test_queries_not_shared():
    qrels, run = "q1 0 a 1\nq2 0 a 1\n", "q1 Q0 a 1 1 r\nq3 Q0 a 1 1 r\n"
    theirs = trec_values({"q1": {"a": 1}, "q2": {"a": 1}}, {"q1": {"a": 1.0}, "q3": {"a": 1.0}}, {"map"})
    result = ours(qrels, run)
    assert set(theirs) == set(result.per_query["average_precision@all"]) == {"q1"}
    assert (result.scored, result.missing, result.ignored) == (1, 1, 1)


def test_relevance_level_and_linear_gain_of_ndcg():
    qrels, run = "q1 0 a 1\nq1 0 b 3\n", "q1 Q0 a 1 2 r\nq1 Q0 b 2 1 r\n"
    for level in (1, 2, 3):
        theirs = trec_values({"q1": {"a": 1, "b": 3}}, {"q1": {"a": 2.0, "b": 1.0}}, {"ndcg_cut_2", "P_1"}, level)
        result = ours(qrels, run, threshold=level)
        assert math.isclose(result.per_query["ndcg@2"]["q1"], theirs["q1"]["ndcg_cut_2"], abs_tol=TOLERANCE)
        assert result.per_query["precision@1"]["q1"] == theirs["q1"]["P_1"]
