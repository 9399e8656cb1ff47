"""Exercise checks: the page's **Check** button runs a learner's function against a reference.

An exercise cell asks the learner to write a function, e.g.
``precision_at_k(ranking, relevant, k)``.  :func:`check_function` calls that
function and the reference implementation on the same inputs -- first a few
fixed, readable edge cases, then seeded random cases -- and reports the
first input where they disagree::

    >>> check_function(session.namespace, "precision_at_k")   # doctest: +SKIP
    {'ok': False, 'passed': 1, 'total': 208, 'message':
     "precision_at_k(['m1', 'x1', 'm2'], {'m1', 'm2'}, 5) returned 0.6667; expected 0.4. "
     "You divided by the number of items retrieved, not by k. ..."}

When a known wrong variant (or another tool's convention) reproduces the
learner's function -- on the failing case and on (nearly) every other case it
fails -- the message ends with what that variant misunderstands
(:mod:`.misconceptions`); otherwise it says what failed and stops there.  A
failing random case says which one it is and its seed.

:data:`CHECKS` is the registry, the single source of truth for check names
(the build validates a cell's ``check=NAME`` option with :func:`check_names`).
To add a check, add one :class:`Checker` entry to it: name the learner's
function, its parameters (the call order lessons teach), the reference
(``"rankmetrics.NAME"``, imported only when a check runs, or a plain
function such as :func:`average_precision_min_k` below), and its cases.
Expected values always come from calling the reference, never typed by hand.

Cases are deterministic (fixed cases, then ``random.Random(seed)``), so the
same learner code always gets the same verdict.  Each side gets its own deep
copy of every case, so neither can change what the other (or the message)
sees.  ``KeyboardInterrupt`` (the page's Stop button) is never caught here.
Importing this module does not import ``rankmetrics``.
"""

from __future__ import annotations

import base64
import contextlib
import copy
import dataclasses
import difflib
import importlib
import inspect
import io
import json
import math
import random
import re
import traceback
import zlib
from numbers import Real
from typing import Any, Callable, Optional, Union

from .cells import cell_title, is_cell_filename
from .misconceptions import MISCONCEPTIONS, Misconception, misconception_note

#: Cases compare as equal when ``math.isclose(actual, expected, rel_tol=REL_TOL, abs_tol=ABS_TOL)``.
REL_TOL = 1e-9
ABS_TOL = 1e-9

#: Random cases per checker, after its fixed cases.
DEFAULT_RANDOM_CASES = 200

#: Seed of every checker's random cases (any fixed number: the point is that it never changes).
DEFAULT_SEED = 20240601

#: Item ids of the random cases: "d1" .. "d15".
ITEM_POOL = tuple(f"d{i}" for i in range(1, 16))

# A single argument's repr is shortened beyond about this many characters.
_MAX_ARG_CHARS = 200
# An exception's message in a verdict is cut beyond this many characters.
_MAX_ERROR_CHARS = 200

Case = tuple  # the positional arguments of one call


# --- a reference that is not in rankmetrics ------------------------------------


def average_precision_min_k(ranking, relevant, k):
    """AP@k divided by min(k, |R|): the "MAP@k" convention of RecBole and recent Microsoft recommenders.

    The sum is the one of ``rankmetrics.average_precision(ranking, relevant, k)``:
    precision@i at every rank i <= k that holds a relevant item.  The
    denominator is min(k, |R|) instead of |R|, so a top k full of relevant
    items scores 1.0 even when there are more than k relevant items (trec_eval's
    ``map_cut_k`` would give k / |R| there).

        AP@k (min) = (1 / min(k, |R|)) * sum of P@i over ranks i <= k holding a relevant item

    Args:
        ranking: sequence of item ids, best first, each at most once.
        relevant: a set (or list, tuple) of relevant item ids.
        k: positive int, the cutoff; it may exceed len(ranking).

    Returns:
        float in [0, 1]; 0.0 when |R| = 0.

    Sources: RecBole ``MAP`` ("normalization factor 1/min(|R(u)|, K)");
    Microsoft recommenders ``python_evaluation.map_at_k`` in recent versions
    (divides by ``min(actual, k)``; its ``map``, and ``map_at_k`` in older
    versions, divide by |R|).

    >>> average_precision_min_k(["m1", "m2", "x1"], {"m1", "m2", "m3", "m4"}, 2)
    1.0
    >>> average_precision_min_k(["x1", "m1"], {"m1", "m2"}, 2)  # (1/2) / min(2, 2)
    0.25
    """
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ValueError(f"k must be a positive int, got {k!r}")
    relevant = set(relevant)
    if not relevant:
        return 0.0
    hits = 0
    precision_sum = 0.0
    for rank, item in enumerate(list(ranking)[:k], start=1):
        if item in relevant:
            hits += 1
            precision_sum += hits / rank
    return precision_sum / min(k, len(relevant))


# --- case generators ------------------------------------------------------------


def _natural_key(text: str) -> list:
    """Sort key that puts "d2" before "d10"."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text)]


def _random_ranking(rng: random.Random) -> list:
    return rng.sample(ITEM_POOL, rng.randint(0, 10))


def _random_relevant(rng: random.Random, ranking: list) -> set:
    """0-6 relevant ids; some from the ranking, some never retrieved."""
    size = rng.randint(0, 6)
    retrieved = rng.sample(ranking, min(len(ranking), rng.randint(0, size)))
    others = [item for item in ITEM_POOL if item not in retrieved]
    return set(retrieved) | set(rng.sample(others, size - len(retrieved)))


def _random_grades(rng: random.Random, ranking: list) -> dict:
    """Grades 0-3 for 0-8 judged ids (retrieved or not), keys in natural order."""
    judged = set(_random_relevant(rng, ranking)) | set(rng.sample(ITEM_POOL, rng.randint(0, 3)))
    return {item: rng.randint(0, 3) for item in sorted(judged, key=_natural_key)}


def _random_k(rng: random.Random, ranking: list) -> int:
    return rng.randint(1, len(ranking) + 3)


def random_binary_case(rng: random.Random) -> Case:
    """(ranking, relevant, k)."""
    ranking = _random_ranking(rng)
    return (ranking, _random_relevant(rng, ranking), _random_k(rng, ranking))


def random_binary_case_no_k(rng: random.Random) -> Case:
    """(ranking, relevant)."""
    ranking = _random_ranking(rng)
    return (ranking, _random_relevant(rng, ranking))


def random_binary_case_optional_k(rng: random.Random) -> Case:
    """(ranking, relevant, k) with k None (the whole ranking) about one time in four."""
    ranking = _random_ranking(rng)
    relevant = _random_relevant(rng, ranking)
    return (ranking, relevant, None if rng.random() < 0.25 else _random_k(rng, ranking))


def random_graded_case(rng: random.Random) -> Case:
    """(ranking, relevance, k) with grades 0-3."""
    ranking = _random_ranking(rng)
    return (ranking, _random_grades(rng, ranking), _random_k(rng, ranking))


def random_scores_case(rng: random.Random) -> Case:
    """(scores,) with 0-10 items and many ties; the dict's order is the tie order."""
    items = rng.sample(ITEM_POOL, rng.randint(0, 10))
    return ({item: rng.choice((0, 1, 2, 0.5, 0.25, -0.5, 0.9)) for item in items},)


M_RANKING = ["m1", "x1", "m2", "x2", "m3"]
M_RELEVANT = {"m1", "m2", "m3", "m4", "m5"}

#: (ranking, relevant, k): the edge cases of precision, recall, hit rate (and AP@k).
BINARY_AT_K_CASES: tuple[Case, ...] = (
    (M_RANKING, M_RELEVANT, 5),  # the lessons' example: 3 of 5 relevant in the top 5
    (["m1", "x1", "m2"], {"m1", "m2"}, 5),  # k larger than the ranking
    (["x1", "x2", "x3"], set(), 3),  # no relevant item: |R| = 0
    ([], {"m1"}, 3),  # empty ranking
    (["x1", "x2", "m1"], {"m1", "m2"}, 2),  # relevant items not in the top k / never retrieved
    (["m1", "m2", "m3"], {"m1", "m2", "m3"}, 2),  # more hits in the ranking than k
    (["x1", "m1", "m2", "x2"], {"m1", "m2", "m3", "m4"}, 3),
    (M_RANKING, M_RELEVANT, 1),
)

#: (ranking, relevant, k): reciprocal rank with a cutoff, or k=None for the whole ranking.
RANKED_CUTOFF_CASES: tuple[Case, ...] = (
    (M_RANKING, M_RELEVANT, None),  # first hit at rank 1
    (["x1", "x2", "m1"], {"m1"}, None),  # first hit at rank 3
    (["x1", "x2", "m1"], {"m1"}, 2),  # ... which is below a cutoff of 2
    (["x1", "m1", "m2", "x2"], {"m1", "m2"}, 2),  # the first hit is within k; the second does not count
    (["x1", "x2", "x3"], set(), 3),  # no relevant item
    (["x1", "x2"], {"m1"}, None),  # the relevant item is never retrieved
    ([], {"m1"}, 3),  # empty ranking
    (["d1", "d2", "d3", "d4", "d5"], {"d3", "d6"}, 5),
    (["m1"], {"m1"}, 10),  # k larger than the ranking
)

#: (ranking, relevant): average precision without a cutoff.
BINARY_CASES: tuple[Case, ...] = (
    (M_RANKING, M_RELEVANT),  # relevant at ranks 1, 3, 5; two never retrieved
    (["x1", "x2", "m1"], {"m1"}),  # first hit at rank 3
    (["x1", "x2", "x3"], set()),  # no relevant item
    (["x1", "x2"], {"m1"}),  # the relevant item is never retrieved
    ([], {"m1"}),  # empty ranking
    (["d1", "d2", "d3", "d4", "d5"], {"d1", "d3", "d6"}),  # d6 never retrieved
    (["m1"], {"m1"}),
    (["x1", "m1", "m2", "x2"], {"m1", "m2"}),
)

#: (ranking, relevance, k) with grades 0-3: DCG and NDCG.
GRADED_CASES: tuple[Case, ...] = (
    (["x1", "d1"], {"d1": 1}, 2),  # an unjudged item first adds nothing: gain 2^0 - 1 = 0, not 2^0
    (["d1", "d2", "d3"], {"d1": 2, "d2": 1}, 3),  # exponential and linear gain differ
    (["d1", "d2"], {"d1": 1, "d9": 3}, 2),  # the ideal order needs d9, never retrieved
    (["d1", "d2", "d3"], {"d1": 1, "d2": 3, "d3": 2}, 3),  # all retrieved, wrong order
    (["c", "a", "b"], {"a": 2, "b": 2, "c": 1}, 3),  # graded ties
    (["x1", "x2"], {}, 2),  # nothing judged
    (["d1", "d2", "d3"], {"d1": 0, "d2": 0}, 3),  # judged, but all grade 0
    (["d1"], {"d1": 3, "d2": 2}, 5),  # k larger than the ranking
    (["a", "b", "c", "d"], {"a": 1, "b": 1, "c": 2, "d": 3}, 2),  # the ideal top 2 is d, c
    ([], {"d1": 1}, 3),  # empty ranking
)

#: (scores,): ranking_from_scores.
SCORES_CASES: tuple[Case, ...] = (
    ({"a": 0.1, "b": 0.5, "c": 0.5, "d": 0.9},),  # b and c tie: input order
    ({"b": 1.0, "a": 1.0, "c": 2.0},),  # tie order is input order, not alphabetical
    ({},),
    ({"x": -1.0, "y": -0.5, "z": 0},),
    ({"a": 1, "b": 2.5, "c": 2},),
    ({"only": 3.0},),
)

#: (ranking, relevant, k): AP@k / min(k, |R|), where min(k, |R|) matters.
MIN_K_CASES: tuple[Case, ...] = BINARY_AT_K_CASES + (
    (["m1", "m2", "x1"], {"m1", "m2", "m3", "m4"}, 2),  # more relevant items than k
    (["x1", "m1"], {"m1", "m2"}, 2),
)


# --- the registry ---------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Checker:
    """How to check one exercise.

    ``function`` -- the name the learner's function must have.
    ``parameters`` -- its parameter names, in the order lessons teach; the
    check calls both functions positionally with that many arguments.
    ``reference`` -- ``"module.function"`` (imported when a check runs) or
    a plain function.
    ``fixed_cases`` -- readable argument tuples, tried first, in order.
    ``random_case`` -- ``random_case(rng)`` returns one argument tuple.
    ``random_count`` / ``seed`` -- how many random cases, and their seed.
    ``result`` -- ``"number"`` (compared with a tolerance), ``"list"``
    (a list or tuple, compared item by item), ``"value"`` (compared with ==)
    or ``"auto"`` (a number with a tolerance, anything else with ==: a
    lesson's own check, whose results are whatever its solution returns).
    ``about`` -- one line for lesson authors.
    ``reference_label`` -- how verdicts name the reference, when not by its name.
    ``misconceptions`` -- the known wrong variants a failed check may name: the registry's,
    :data:`.misconceptions.MISCONCEPTIONS` ``[name]``, or a lesson's own, from its check
    block's ``mistakes()``.
    """

    function: str
    parameters: tuple[str, ...]
    reference: Union[str, Callable[..., Any]]
    fixed_cases: tuple[Case, ...]
    random_case: Callable[[random.Random], Case]
    random_count: int = DEFAULT_RANDOM_CASES
    seed: int = DEFAULT_SEED
    result: str = "number"
    about: str = ""
    reference_label: str = ""
    misconceptions: tuple[Misconception, ...] = ()

    def reference_function(self) -> Callable[..., Any]:
        if callable(self.reference):
            return self.reference
        module, _, name = self.reference.rpartition(".")
        return getattr(importlib.import_module(module), name)

    @property
    def reference_name(self) -> str:
        """How verdicts name the reference: "rankmetrics.precision_at_k"."""
        if self.reference_label:
            return self.reference_label
        if callable(self.reference):
            return getattr(self.reference, "__name__", repr(self.reference))
        return self.reference

    @property
    def call_signature(self) -> str:
        """``precision_at_k(ranking, relevant, k)``."""
        return f"{self.function}({', '.join(self.parameters)})"

    def cases(self) -> list[Case]:
        """Fixed cases, then ``random_count`` cases from ``random.Random(seed)``: always the same."""
        rng = random.Random(self.seed)
        randoms = [self.random_case(rng) for _ in range(self.random_count)]
        return [copy.deepcopy(case) for case in self.fixed_cases] + randoms


def _rankmetrics(name: str, parameters: tuple[str, ...], fixed, random_case, **options) -> Checker:
    return Checker(name, parameters, f"rankmetrics.{name}", fixed, random_case, **options)


def _with_misconceptions(checks: dict[str, Checker]) -> dict[str, Checker]:
    """Each registry check with its known wrong variants (MISCONCEPTIONS, by check name)."""
    return {name: dataclasses.replace(checker, misconceptions=MISCONCEPTIONS[name]) for name, checker in checks.items()}


_AT_K = ("ranking", "relevant", "k")
_NO_K = ("ranking", "relevant")
_GRADED = ("ranking", "relevance", "k")

#: Check name -> :class:`Checker`.  The one list of exercises the page can check.
CHECKS: dict[str, Checker] = _with_misconceptions(
    {
        "precision_at_k": _rankmetrics(
            "precision_at_k", _AT_K, BINARY_AT_K_CASES, random_binary_case, about="hits in the top k / k"
        ),
        "recall_at_k": _rankmetrics(
            "recall_at_k",
            _AT_K,
            BINARY_AT_K_CASES,
            random_binary_case,
            about="hits in the top k / |R|; 0.0 when |R| = 0",
        ),
        "hit_rate_at_k": _rankmetrics(
            "hit_rate_at_k",
            _AT_K,
            BINARY_AT_K_CASES,
            random_binary_case,
            about="1.0 if a relevant item is in the top k, else 0.0",
        ),
        "reciprocal_rank": _rankmetrics(
            "reciprocal_rank",
            _AT_K,
            RANKED_CUTOFF_CASES,
            random_binary_case_optional_k,
            about="1 / rank of the first relevant item in the top k (k=None: the whole ranking), else 0.0",
        ),
        "average_precision": _rankmetrics(
            "average_precision",
            _NO_K,
            BINARY_CASES,
            random_binary_case_no_k,
            about="sum of P@i at relevant ranks / |R| (no cutoff)",
        ),
        "dcg_at_k": _rankmetrics(
            "dcg_at_k",
            _GRADED,
            GRADED_CASES,
            random_graded_case,
            about="sum of (2^grade - 1) / log2(rank + 1) over the top k",
        ),
        "ndcg_at_k": _rankmetrics(
            "ndcg_at_k", _GRADED, GRADED_CASES, random_graded_case, about="DCG@k / IDCG@k, IDCG from all judged grades"
        ),
        "ranking_from_scores": _rankmetrics(
            "ranking_from_scores",
            ("scores",),
            SCORES_CASES,
            random_scores_case,
            result="list",
            about="items by score, highest first; ties keep input order",
        ),
        "average_precision_min_k": Checker(
            "average_precision_min_k",
            _AT_K,
            average_precision_min_k,
            MIN_K_CASES,
            random_binary_case,
            about="AP@k / min(k, |R|) (RecBole, recent Microsoft recommenders)",
        ),
    }
)


def check_names() -> tuple[str, ...]:
    """The names a lesson's ``check=`` option may use (no import of rankmetrics)."""
    return tuple(CHECKS)


def get_checker(name: str) -> Checker:
    """The :class:`Checker` called ``name``, or the lesson's own check that ``name`` declares
    (:func:`declared_check_name`); ``ValueError`` if there is none."""
    if isinstance(name, str) and name.startswith(DECLARED_PREFIX):
        return declared_checker(name)
    try:
        return CHECKS[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown check {name!r}; known checks: {', '.join(CHECKS)}") from None


# --- a lesson's own check ---------------------------------------------------------

#: What starts the check name of a lesson's own check; its packed JSON follows (:func:`declared_check_name`).
DECLARED_PREFIX = "lesson-check:"

#: The names a lesson's ```check block defines: fixed cases, and a random case from a
#: ``random.Random`` (seeded with :data:`DEFAULT_SEED`, called :data:`DEFAULT_RANDOM_CASES` times),
#: and optionally the known wrong versions a failed check may name: ``mistakes()`` returns
#: ``(function, message)`` pairs (or a dict function -> message), and ``conventions()`` the same
#: for other tools' definitions, named only when they match on every case.
DECLARED_CASES = "cases"
DECLARED_RANDOM_CASE = "random_case"
DECLARED_MISTAKES = "mistakes"
DECLARED_CONVENTIONS = "conventions"

#: How verdicts of a lesson's own check name its reference.
DECLARED_REFERENCE = "the lesson's solution"

# Checkers already made from a declared check, by name: the page checks one exercise many times.
_declared: dict[str, Checker] = {}


def declared_check_name(function: str, solution: str, check: str) -> str:
    """The check name of a lesson's own check: the function compared (``function``), the
    solution's code (the reference) and the ```check block's code (``cases()`` and/or
    ``random_case(rng)``), as one string the page passes like any check name.

    The JSON is compressed and base64-encoded: a downloaded notebook's check cell carries the
    name, and should not show the solution at a glance (hints and solutions stay on the page).
    """
    text = json.dumps({"function": function, "solution": solution, "check": check}, sort_keys=True)
    return DECLARED_PREFIX + base64.b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii")


def declared_checker(name: str) -> Checker:
    """The :class:`Checker` of a lesson's own check (``name`` from :func:`declared_check_name`).

    The solution's function is the reference; each case is a tuple of arguments (any other
    value is the one argument). Solution and check run in namespaces of their own, with this
    module's builtins and imports (the check runtime's private ones, cellruntime.sealed).
    ``ValueError`` when ``name`` cannot be read, the solution does not define the function, or
    the check defines no cases; an error in the lesson's code itself propagates.
    """
    found = _declared.get(name)
    if found is not None:
        return found
    try:
        packed = base64.b64decode(name[len(DECLARED_PREFIX) :].encode("ascii"), validate=True)
        spec = json.loads(zlib.decompress(packed).decode("utf-8"))
        function, solution, check = spec["function"], spec["solution"], spec["check"]
    except (ValueError, KeyError, TypeError, zlib.error):
        raise ValueError(f"not a lesson's own check: {_short_text(name, 80)!r}") from None
    reference = _run_lesson_code(solution, "<lesson solution>").get(function)
    if not callable(reference):
        raise ValueError(f"the lesson's solution defines no function {function}")
    defined = _run_lesson_code(check, "<lesson check>")
    fixed = tuple(_as_case(case) for case in defined[DECLARED_CASES]()) if DECLARED_CASES in defined else ()
    random_case = defined.get(DECLARED_RANDOM_CASE)
    if not fixed and random_case is None:
        raise ValueError(f"the lesson's check defines neither {DECLARED_CASES}() nor {DECLARED_RANDOM_CASE}(rng)")
    mistakes = _declared_mistakes(defined, DECLARED_MISTAKES) + _declared_mistakes(defined, DECLARED_CONVENTIONS)
    checker = Checker(
        function,
        _positional_parameters(reference),
        reference,
        fixed,
        (lambda rng: _as_case(random_case(rng))) if random_case else _no_random_case,
        random_count=DEFAULT_RANDOM_CASES if random_case else 0,
        result="auto",
        about="the lesson's own check",
        reference_label=DECLARED_REFERENCE,
        misconceptions=mistakes,
    )
    _declared[name] = checker
    return checker


def _run_lesson_code(code: str, filename: str) -> dict:
    """Run a lesson's solution or check code in a namespace of its own; return that namespace."""
    namespace = {"__name__": filename, "__builtins__": __builtins__}
    exec(compile(code, filename, "exec"), namespace)
    return namespace


def _declared_mistakes(defined: dict, kind: str) -> tuple[Misconception, ...]:
    """A check block's ``mistakes()`` or ``conventions()`` (``kind``), as variants, or () when
    the block does not define it: ``ValueError`` unless each is a function with a message (a
    non-empty string). A convention is another tool's definition (:class:`.Misconception`)."""
    if kind not in defined:
        return ()
    declared = defined[kind]()
    pairs = list(declared.items() if isinstance(declared, dict) else declared)
    mistakes = []
    for pair in pairs:
        try:
            variant, message = pair
        except (TypeError, ValueError):
            raise ValueError(f"{kind}() must give (function, message) pairs, not {pair!r}") from None
        if not callable(variant) or not isinstance(message, str) or not message.strip():
            raise ValueError(f"{kind}() must give (function, message) pairs, not {pair!r}")
        mistakes.append(Misconception(variant, message.strip(), convention=kind == DECLARED_CONVENTIONS))
    return tuple(mistakes)


def _as_case(case: Any) -> Case:
    return case if isinstance(case, tuple) else (case,)


def _no_random_case(rng: random.Random) -> Case:
    raise AssertionError("a check without random_case has no random cases")


def _positional_parameters(function: Callable) -> tuple[str, ...]:
    """The names of the parameters ``function`` takes by position (its call order)."""
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return ()
    return tuple(p.name for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD))


# --- running a check ------------------------------------------------------------


#: How a learner checks again on the page; a message that asks for it says "..., then press Check again."
RERUN_ON_PAGE = "press Check"


def check_function(namespace: dict, name: str, rerun: str = RERUN_ON_PAGE) -> dict:
    """Check the function the learner defined in ``namespace`` against check ``name``.

    ``rerun`` says how the learner checks again, where the check runs: "press Check" on the
    page (RERUN_ON_PAGE), "run this file" in a downloaded script (cellruntime.notebook).

    Returns plain JSON-able data ``{"ok", "message", "passed", "total"}``:
    ``ok`` is True when every case matches; ``message`` is one or two
    sentences for the learner; ``passed`` counts the cases that matched
    before the first failing one (the check stops there); ``total`` is the
    number of cases (0 when the function is missing or has the wrong
    signature, as no case ran).

    Raises ``ValueError`` for an unknown check name (a bug in the page, not
    the learner's).  ``KeyboardInterrupt`` propagates; any other exception
    from the learner's function becomes a failing verdict.  An exception
    from the reference propagates (a bug in the checker's cases).
    """
    checker = get_checker(name)
    function = namespace.get(checker.function)
    problem = _definition_problem(checker, function, namespace, rerun)
    if problem is not None:
        return _verdict(False, problem, 0, 0)
    reference = checker.reference_function()
    cases = checker.cases()
    for passed, case in enumerate(cases):
        problem = _run_case(checker, function, reference, case, rerun)
        if problem is not None:
            return _verdict(
                False, _failure_message(checker, function, reference, cases, passed, problem), passed, len(cases)
            )
    message = f"All {len(cases)} cases match {checker.reference_name}."
    if _same_function(function, reference):
        message += (
            f" (Your {checker.function} is {checker.reference_name} itself; "
            f"write your own def {checker.call_signature}: to practise.)"
        )
    return _verdict(True, message, len(cases), len(cases))


def _failure_message(
    checker: Checker, function: Callable, reference: Callable, cases: list, index: int, problem: str
) -> str:
    """``problem``, the misconception the learner's function shows (when one known variant
    reproduces it: :func:`.misconceptions.identify`), and for a random case its number and
    seed, so the learner can tell it comes back the same every time."""
    known = checker.misconceptions
    if known:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            failing = [index] + [
                later
                for later in range(index + 1, len(cases))
                if _run_case(checker, function, reference, cases[later]) is not None
            ]
        note = misconception_note(known, function, cases, failing)
    else:
        note = ""
    if note:
        problem += (" " if problem.endswith((".", "?", "!")) else " — ") + note
    fixed = len(checker.fixed_cases)
    if index >= fixed:
        problem = (
            f"Random case {index - fixed + 1} of {checker.random_count} "
            f"(seed {checker.seed}, the same every time): {problem}"
        )
    return problem


def _same_function(function: Any, reference: Callable) -> bool:
    """Whether ``function`` is the reference, or the public twin of the check runtime's private
    copy of it (cellruntime.sealed): the same module and name."""
    if function is reference:
        return True
    return getattr(function, "__module__", None) == getattr(reference, "__module__", "") and getattr(
        function, "__qualname__", None
    ) == getattr(reference, "__qualname__", "")


def not_defined_in_cell(checker: Checker) -> dict:
    """The verdict when the exercise's cell did not define the function this time: the one
    Python has came from a lesson cell above, or from an earlier run of the exercise."""
    return _verdict(
        False,
        (
            f"This cell does not define {checker.function}: the one Python knows comes from another cell "
            f"or an earlier run. Write your {checker.function} here (def {checker.call_signature}:), "
            f"then {RERUN_ON_PAGE} again."
        ),
        0,
        0,
    )


def _verdict(ok: bool, message: str, passed: int, total: int) -> dict:
    return {"ok": ok, "message": message, "passed": passed, "total": total}


def _definition_problem(checker: Checker, function: Any, namespace: dict, rerun: str) -> Optional[str]:
    """Why ``function`` can't be checked at all (missing, not callable, wrong signature), or None."""
    name = checker.function
    define = f"def {checker.call_signature}:"
    if function is None and name not in namespace:
        message = f"Define a function named {name}, then {rerun} again."
        similar = _similar_name(name, namespace)
        if similar is not None:
            message += f" (Your code defines {similar}: rename it to {name}?)"
        return message
    if not callable(function):
        what = "None" if function is None else (f"{_a(type(function).__name__)} ({_short_repr(function, 60)})")
        return f"{name} is {what}, not a function. Define it with {define} and {rerun} again."
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return None  # e.g. some builtins: just call it
    try:
        signature.bind(*checker.parameters)
    except TypeError:
        count = len(checker.parameters)
        message = (
            f"{name} should take {count} argument{'s' if count != 1 else ''}, "
            f"({', '.join(checker.parameters)}); yours takes {_short_text(str(signature), 120)}."
        )
        required = [
            p
            for p in signature.parameters.values()
            if p.default is p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
        ]
        if len(required) > count:
            message += " Give any extra parameter a default value (e.g. k=None)."
        return message
    return None


def _similar_name(name: str, namespace: dict) -> Optional[str]:
    """A name in the namespace that looks like a misspelling of ``name``, or None."""
    other_checks = {checker.function for checker in CHECKS.values()}
    candidates = [
        key
        for key, value in namespace.items()
        if isinstance(key, str)
        and not key.startswith("_")
        and key not in other_checks
        and callable(value)
        and not inspect.isclass(value)
        and not inspect.ismodule(value)
    ]
    for key in candidates:
        if key.lower() == name.lower():
            return key
    matches = difflib.get_close_matches(name, candidates, n=1, cutoff=0.75)
    return matches[0] if matches else None


def _run_case(
    checker: Checker, function: Callable, reference: Callable, case: Case, rerun: str = RERUN_ON_PAGE
) -> Optional[str]:
    """Call both sides on their own copies of ``case``; what went wrong, or None."""
    call = f"{checker.function}({', '.join(_short_repr(arg) for arg in case)})"
    try:
        actual = function(*copy.deepcopy(case))
    except KeyboardInterrupt:
        raise
    except (Exception, SystemExit) as exc:
        return _raised_message(call, exc, rerun)
    expected = reference(*copy.deepcopy(case))
    try:
        if checker.result == "list":
            return _compare_list(call, actual, expected)
        if checker.result == "auto" and _is_number_list(expected):
            return _compare_number_list(call, actual, expected)
        if checker.result == "value" or (checker.result == "auto" and not _is_number(expected)):
            return _compare_value(call, actual, expected)
        return _compare_number(call, actual, expected)
    except KeyboardInterrupt:
        raise
    except Exception as exc:  # e.g. a returned object whose __eq__ or __float__ raises
        return f"{call} returned {_short_repr(actual, 80)}, which can't be compared: {_exception_text(exc)}."


def _is_number(value: Any) -> bool:
    return isinstance(value, Real) and not isinstance(value, bool)


def _compare_number(call: str, actual: Any, expected: float) -> Optional[str]:
    if actual is None:
        return f"{call} returned None — did you forget `return`?"
    if isinstance(actual, bool):
        return (
            f"{call} returned {actual}; expected {_number(expected)}. "
            "Return a number (e.g. 1.0 or 0.0), not True or False."
        )
    if not isinstance(actual, Real):
        return (
            f"{call} returned {_short_repr(actual, 80)}, {_a(type(actual).__name__)}, "
            f"not a number; expected {_number(expected)}."
        )
    try:
        close = math.isclose(float(actual), expected, rel_tol=REL_TOL, abs_tol=ABS_TOL)
    except OverflowError:
        close = False
    if close:
        return None
    shown_actual, shown_expected = _number_pair(actual, expected)
    return f"{call} returned {shown_actual}; expected {shown_expected}."


def _is_number_list(value: Any) -> bool:
    return isinstance(value, (list, tuple)) and bool(value) and all(_is_number(item) for item in value)


def _compare_number_list(call: str, actual: Any, expected: Union[list, tuple]) -> Optional[str]:
    """A lesson's own check whose solution returns a list of numbers: compared item by item with
    the numbers' tolerance, and shown with as few decimals as tell the two lists apart."""
    if actual is None:
        return f"{call} returned None — did you forget `return`?"
    if not isinstance(actual, (list, tuple)):
        return (
            f"{call} returned {_short_repr(actual, 80)}, {_a(type(actual).__name__)}, "
            f"not a list; expected {_short_repr(expected)}."
        )
    if len(actual) == len(expected) and all(
        _is_number(mine) and math.isclose(float(mine), float(theirs), rel_tol=REL_TOL, abs_tol=ABS_TOL)
        for mine, theirs in zip(actual, expected)
    ):
        return None
    for digits in (4, 6, 9, 12):
        shown = [_rounded_list(actual, digits), _rounded_list(expected, digits)]
        if shown[0] != shown[1]:
            break
    return f"{call} returned {shown[0]}; expected {shown[1]}."


def _rounded_list(values: Union[list, tuple], digits: int) -> str:
    items = [_rounded(value, digits) if _is_number(value) else _safe_repr(value) for value in values]
    return _short_text("[" + ", ".join(items) + "]", _MAX_ARG_CHARS)


def _compare_list(call: str, actual: Any, expected: list) -> Optional[str]:
    if actual is None:
        return f"{call} returned None — did you forget `return`?"
    if isinstance(actual, (list, tuple)):
        if list(actual) == expected:
            return None
        return f"{call} returned {_short_repr(actual)}; expected {_short_repr(expected)}."
    hint = ""
    if hasattr(actual, "__iter__") and not isinstance(actual, (str, bytes, dict)):
        hint = " Turn it into a list, e.g. with list(...)."
    return (
        f"{call} returned {_short_repr(actual, 80)}, {_a(type(actual).__name__)}, "
        f"not a list; expected {_short_repr(expected)}.{hint}"
    )


def _compare_value(call: str, actual: Any, expected: Any) -> Optional[str]:
    if actual is None and expected is not None:
        return f"{call} returned None — did you forget `return`?"
    if type(actual) is type(expected) and actual == expected:
        return None
    return f"{call} returned {_short_repr(actual, 80)}; expected {_short_repr(expected, 80)}."


def _raised_message(call: str, exc: BaseException, rerun: str) -> str:
    if type(exc) is NotImplementedError:
        return (
            f"{call} raised NotImplementedError: the function is not written yet. Replace "
            f"`raise NotImplementedError` with your code, then {rerun} again."
        )
    message = f"{call} raised {_exception_text(exc)}"
    if not message.endswith((".", "!", "?")):
        message += "."
    line = _learner_line(exc)
    if line is not None:
        message += f" {line}"
    return message


def _exception_text(exc: BaseException) -> str:
    """``ZeroDivisionError: division by zero`` (just the type when there is no message)."""
    try:
        text = str(exc)
    except Exception:
        text = ""
    if isinstance(exc, KeyError) and exc.args:
        text = _short_repr(exc.args[0], 80)  # str(KeyError) is already a repr
    text = _short_text(" ".join(text.split()), _MAX_ERROR_CHARS)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _learner_line(exc: BaseException) -> Optional[str]:
    """'Line 4 of Code cell 6 (your recall@k): return hits / k' for the innermost cell frame
    (cells.cell_title), or None."""
    try:
        frames = traceback.extract_tb(exc.__traceback__)
    except Exception:
        return None
    cell_frames = [f for f in frames if is_cell_filename(f.filename)]
    if not cell_frames:
        return None
    frame = cell_frames[-1]
    source = (frame.line or "").strip()
    where = f"Line {frame.lineno} of {cell_title(frame.filename)}"
    return f"{where}: {_short_text(source, 120)}" if source else f"{where}."


# --- showing values -------------------------------------------------------------


def _a(noun: str) -> str:
    return f"an {noun}" if noun[:1].lower() in "aeiou" else f"a {noun}"


def _short_text(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


_ADDRESS = re.compile(r" at 0x[0-9A-Fa-f]+>")


def _safe_repr(value: Any) -> str:
    """repr(value), without memory addresses (so the same code gets the same message)."""
    try:
        text = repr(value)
    except Exception:
        return f"<{type(value).__name__} object>"
    return _ADDRESS.sub(">", text) if isinstance(text, str) else f"<{type(value).__name__} object>"


def _short_repr(value: Any, limit: int = _MAX_ARG_CHARS) -> str:
    """repr for a message: sets sorted (stable across runs), long containers cut with "... N more"."""
    if isinstance(value, (set, frozenset)):
        parts = sorted((_safe_repr(item) for item in value), key=_natural_key)
        if not parts:
            return "set()" if isinstance(value, set) else "frozenset()"
        opening, closing = ("{", "}") if isinstance(value, set) else ("frozenset({", "})")
    elif isinstance(value, dict):
        # A value that is a set is shown sorted too (a test set's qrels: user -> relevant ids).
        parts = [
            f"{_safe_repr(key)}: {_short_repr(item) if isinstance(item, (set, frozenset)) else _safe_repr(item)}"
            for key, item in value.items()
        ]
        opening, closing = "{", "}"
    elif isinstance(value, list):
        parts = [_safe_repr(item) for item in value]
        opening, closing = "[", "]"
    elif isinstance(value, tuple) and len(value) != 1:
        parts = [_safe_repr(item) for item in value]
        opening, closing = "(", ")"
    else:
        return _short_text(_safe_repr(value), limit)
    shown: list[str] = []
    size = len(opening) + len(closing)
    for part in parts:
        if size + len(part) + 2 > limit and shown:
            shown.append(f"... {len(parts) - len(shown)} more")
            break
        shown.append(_short_text(part, limit))
        size += len(part) + 2
    return opening + ", ".join(shown) + closing


def _number(value: Any) -> str:
    if isinstance(value, float) and math.isfinite(value):
        return repr(round(value, 4)) if round(value, 4) != 0 or value == 0 else f"{value:.4g}"
    return _safe_repr(value)


def _number_pair(actual: Any, expected: Any) -> tuple[str, str]:
    """Both numbers rounded to as few decimals (4, 6, 9, 12) as tell them apart."""
    for digits in (4, 6, 9, 12):
        shown = (_rounded(actual, digits), _rounded(expected, digits))
        if shown[0] != shown[1]:
            return shown
    return _safe_repr(actual), _safe_repr(expected)


def _rounded(value: Any, digits: int) -> str:
    if isinstance(value, int):
        return str(value)
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        return _safe_repr(value)
    if not math.isfinite(number):
        return repr(number)
    return repr(round(number, digits))
