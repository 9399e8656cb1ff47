"""Known wrong variants (cellruntime.misconceptions): each one, written as a learner's function,
fails its check and the verdict names it."""

from __future__ import annotations

import math

import pytest

import rankmetrics
from cellruntime import CHECKS, Session, check_function
from cellruntime.checks import better_list, mean_recall_at_k
from cellruntime.misconceptions import MISCONCEPTIONS, identify

VARIANTS = [
    pytest.param(check, known, id=f"{check}:{known.name}")
    for check, variants in MISCONCEPTIONS.items()
    for known in variants
]


def test_every_variant_belongs_to_a_check():
    assert set(MISCONCEPTIONS) <= set(CHECKS)
    assert set(MISCONCEPTIONS) == set(CHECKS), "every check names its known variants"
    names = [known.name for variants in MISCONCEPTIONS.values() for known in variants]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("check, known", VARIANTS)
def test_the_check_names_the_variant(check, known):
    verdict = check_function({CHECKS[check].function: known.variant}, check)
    assert verdict["ok"] is False, f"{known.name} passes the check: no case tells it apart"
    assert verdict["message"].endswith(known.message), verdict["message"]


@pytest.mark.parametrize("check, known", VARIANTS)
def test_a_convention_is_named_as_one(check, known):
    mistake_words = ("mistake", "wrong", "bug")
    assert not any(word in known.message.lower() for word in mistake_words)
    if known.convention:
        assert "this exercise" in known.message.lower(), "a convention says what the exercise asks instead"


def test_an_unknown_mistake_gets_no_note():
    verdict = check_function({"precision_at_k": lambda ranking, relevant, k: 0.5}, "precision_at_k")
    assert verdict["message"] == (
        "precision_at_k(['m1', 'x1', 'm2', 'x2', 'm3'], {'m1', 'm2', 'm3', 'm4', 'm5'}, 5) returned 0.5; expected 0.6."
    )


def test_the_variant_that_agrees_most_wins():
    # On this case "whole ranking" and "÷ |R|" give the same answer; over the other cases only
    # one of them keeps agreeing with the learner.
    case = (["m1", "m2", "x1"], {"m1", "m2", "m3"}, 1)
    cases = CHECKS["precision_at_k"].cases()

    def learner(ranking, relevant, k):
        return sum(1 for item in ranking if item in relevant) / k

    assert identify("precision_at_k", learner, case, cases).name == "precision_whole_ranking"


def test_the_learners_output_is_not_repeated_while_comparing(new_recorder):
    session = Session()
    session.run(
        "def reciprocal_rank(ranking, relevant):\n    print('called')\n    return len(ranking)\n",
        "write",
        lambda stream, text: None,
    )
    recorder = new_recorder()
    session.check("reciprocal_rank", recorder)
    assert recorder.calls == [("stdout", "called\n")]


def test_a_random_failure_says_which_random_case():
    def precision_at_k(ranking, relevant, k):
        return sum(1 for item in ranking[:k] if item in relevant) / min(k, 8)

    verdict = check_function({"precision_at_k": precision_at_k}, "precision_at_k")
    checker = CHECKS["precision_at_k"]
    number = verdict["passed"] - len(checker.fixed_cases) + 1
    assert verdict["message"].startswith(
        f"Random case {number} of 200 (seed {checker.seed}, the same every time): precision_at_k(["
    )


def test_an_unwritten_function_says_so():
    def recall_at_k(ranking, relevant, k):
        raise NotImplementedError

    verdict = check_function({"recall_at_k": recall_at_k}, "recall_at_k")
    assert verdict["message"] == (
        "recall_at_k(['m1', 'x1', 'm2', 'x2', 'm3'], {'m1', 'm2', 'm3', 'm4', 'm5'}, 5) raised "
        "NotImplementedError: the function is not written yet. Replace `raise NotImplementedError` "
        "with your code, then press Check again."
    )


def test_a_value_check_wants_the_exact_value():
    verdict = check_function({"better_list": lambda a, b, relevant, keep_going: "a"}, "better_list")
    assert verdict["message"] == (
        "better_list(['good', 'x1', 'x2'], ['x1', 'x2', 'good'], {'good'}, 0.8) returned 'a'; expected 'A'."
    )


def test_better_list_follows_the_model_user():
    for list_a, list_b, relevant, keep_going in CHECKS["better_list"].cases():

        def seen(ranking, relevant=relevant, keep_going=keep_going):
            return sum(keep_going ** (rank - 1) for rank, item in enumerate(ranking, start=1) if item in relevant)

        a, b = seen(list_a), seen(list_b)
        expected = "same" if math.isclose(a, b, abs_tol=1e-9) else ("A" if a > b else "B")
        assert better_list(list_a, list_b, relevant, keep_going) == expected
    verdicts = {better_list(*case) for case in CHECKS["better_list"].cases()}
    assert verdicts == {"A", "B", "same"}


def test_mean_recall_matches_rankmetrics_evaluate():
    for run, qrels, k in CHECKS["mean_recall_at_k"].cases():
        expected = rankmetrics.evaluate(run, qrels, ["recall"], k).means["recall"]
        assert math.isclose(mean_recall_at_k(run, qrels, k), expected, abs_tol=1e-12)
    cases = CHECKS["mean_recall_at_k"].cases()
    assert any(set(qrels) - set(run) for run, qrels, _ in cases)  # a judged user missing from the run
    assert any(not relevant for _, qrels, _ in cases for relevant in qrels.values())
    assert any(set(run) - set(qrels) for run, qrels, _ in cases)  # a ranked user nobody judged
