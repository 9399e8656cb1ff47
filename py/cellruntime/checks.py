"""Exercise checks: the page's **Check** button runs a learner's function against a reference.

An exercise cell asks the learner to write a function, e.g.
``precision_at_k(ranking, relevant, k)``.  :func:`check_function` calls that
function and the reference implementation on the same inputs -- first a few
fixed, readable edge cases, then seeded random cases -- and reports the
first input where they disagree::

    >>> check_function(session.namespace, name)   # doctest: +SKIP
    {'ok': False, 'passed': 1, 'total': 208, 'message':
     "precision_at_k(['m1', 'x1', 'm2'], {'m1', 'm2'}, 5) returned 0.6667; expected 0.4. "
     "You divided by the number of items in the top k, ..."}

When a known wrong variant (or another tool's convention) reproduces the
learner's function -- on the failing case and on (nearly) every other case it
fails -- the message ends with what that variant misunderstands
(:mod:`.misconceptions`); otherwise it says what failed and stops there.  A
failing random case says which one it is and its seed.

This module holds the machinery only.  What one exercise checks -- its cases,
its random case generator, its reference and its known wrong versions with
their sentences -- lives beside the lesson that asks it (``lessons/checks/``,
or the lesson's ```check block: lessons/README.md), and reaches the page as a
check name (:func:`declared_check_name`) that :func:`declared_checker` reads.
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
import types
import zlib
from numbers import Real
from typing import Any, Callable, Optional, Union

from .cells import cell_title, is_cell_filename
from .misconceptions import Misconception, misconception_note

#: Cases compare as equal when ``math.isclose(actual, expected, rel_tol=REL_TOL, abs_tol=ABS_TOL)``.
REL_TOL = 1e-9
ABS_TOL = 1e-9

#: Random cases per checker, after its fixed cases.
DEFAULT_RANDOM_CASES = 200

#: Seed of every checker's random cases (any fixed number: the point is that it never changes).
DEFAULT_SEED = 20240601

# A single argument's repr is shortened beyond about this many characters.
_MAX_ARG_CHARS = 200
# An exception's message in a verdict is cut beyond this many characters.
_MAX_ERROR_CHARS = 200

Case = tuple  # the positional arguments of one call


# --- a check ----------------------------------------------------------------------


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
    ``other_functions`` -- the functions other exercises of the lesson ask for: never
    suggested as a misspelling of ``function``.
    ``misconceptions`` -- the known wrong variants a failed check may name: the check's
    ``mistakes()`` and ``conventions()``.
    ``returns`` -- what a function that returns several numbers returns, in words ("RBP and
    its residual"): a result of another length or shape is told what is expected by it.
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
    other_functions: tuple[str, ...] = ()
    returns: str = ""

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


def get_checker(name: str) -> Checker:
    """The :class:`Checker` of the lesson's own check that ``name`` declares
    (:func:`declared_check_name`); ``ValueError`` if ``name`` declares none."""
    if isinstance(name, str) and name.startswith(DECLARED_PREFIX):
        return declared_checker(name)
    raise ValueError(f"unknown check {_short_text(repr(name), 80)}: a check name comes from declared_check_name()")


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

#: Optional names a check may set: ``REFERENCE``, the dotted name of the function its learner's
#: function is compared with instead of the solution's (``"rankmetrics.precision_at_k"``: imported
#: when the check runs, and named in verdicts); ``RESULT``, how results compare (``"auto"``, the
#: default, or one of :data:`RESULTS`: :class:`Checker`'s ``result``); and ``RETURNS``, what a
#: function that returns several numbers returns, in words (:class:`Checker`'s ``returns``).
DECLARED_REFERENCE_NAME = "REFERENCE"
DECLARED_RESULT = "RESULT"
DECLARED_RETURNS = "RETURNS"
RESULTS = ("auto", "number", "list", "value")

#: How verdicts of a lesson's own check name its reference.
DECLARED_REFERENCE = "the lesson's solution"

# Checkers already made from a declared check, by name: the page checks one exercise many times.
_declared: dict[str, Checker] = {}


def declared_check_name(
    function: str, solution: str, check: str, others: tuple[str, ...] = (), modules: dict[str, str] | None = None
) -> str:
    """The check name of a lesson's own check: the function compared (``function``), the
    solution's code (the reference) and the ```check block's code (``cases()`` and/or
    ``random_case(rng)``), as one string the page passes like any check name. ``others`` are the
    functions the lesson's other exercises ask for: a learner's namespace that lacks ``function``
    is never told to rename one of them. ``modules`` maps a module name to its source: the
    modules the check imports by that name (the course's shared lessons/checks/common.py), which
    travel with it, so the page and a download need no file of the course.

    The JSON is compressed and base64-encoded: a downloaded notebook's check cell carries the
    name, and should not show the solution at a glance (hints and solutions stay on the page).
    """
    spec = {"function": function, "solution": solution, "check": check}
    if others:
        spec["others"] = list(others)
    if modules:
        spec["modules"] = dict(modules)
    text = json.dumps(spec, sort_keys=True)
    return DECLARED_PREFIX + base64.b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii")


def declared_checker(name: str) -> Checker:
    """The :class:`Checker` of a lesson's own check (``name`` from :func:`declared_check_name`).

    The solution's function is the reference, unless the check names another (``REFERENCE``);
    each case is a tuple of arguments (any other value is the one argument). Solution and check run in namespaces of their own, with this
    module's builtins and imports (the check runtime's private ones, cellruntime.sealed).
    ``ValueError`` when ``name`` cannot be read, the solution does not define the function, the
    check defines no cases or an unknown ``RESULT``; an error in the lesson's code itself
    propagates.
    """
    found = _declared.get(name)
    if found is not None:
        return found
    try:
        packed = base64.b64decode(name[len(DECLARED_PREFIX) :].encode("ascii"), validate=True)
        spec = json.loads(zlib.decompress(packed).decode("utf-8"))
        function, solution, check = spec["function"], spec["solution"], spec["check"]
        others = tuple(spec.get("others", ()))
        modules = dict(spec.get("modules", {}))
    except (ValueError, KeyError, TypeError, zlib.error):
        raise ValueError(f"not a lesson's own check: {_short_text(name, 80)!r}") from None
    reference = _run_lesson_code(solution, "<lesson solution>").get(function)
    if not callable(reference):
        raise ValueError(f"the lesson's solution defines no function {function}")
    defined = _run_lesson_code(check, "<lesson check>", _builtins_importing(modules))
    fixed = tuple(_as_case(case) for case in defined[DECLARED_CASES]()) if DECLARED_CASES in defined else ()
    random_case = defined.get(DECLARED_RANDOM_CASE)
    if not fixed and random_case is None:
        raise ValueError(f"the lesson's check defines neither {DECLARED_CASES}() nor {DECLARED_RANDOM_CASE}(rng)")
    mistakes = _declared_mistakes(defined, DECLARED_MISTAKES) + _declared_mistakes(defined, DECLARED_CONVENTIONS)
    result = defined.get(DECLARED_RESULT, "auto")
    if result not in RESULTS:
        raise ValueError(f"the lesson's check sets {DECLARED_RESULT} to {result!r}; use one of {', '.join(RESULTS)}")
    named_reference = defined.get(DECLARED_REFERENCE_NAME)
    returns = defined.get(DECLARED_RETURNS, "")
    if not isinstance(returns, str):
        raise ValueError(f"the lesson's check sets {DECLARED_RETURNS} to {returns!r}; use a string")
    checker = Checker(
        function,
        _positional_parameters(reference),
        named_reference if isinstance(named_reference, str) else reference,
        fixed,
        (lambda rng: _as_case(random_case(rng))) if random_case else _no_random_case,
        random_count=DEFAULT_RANDOM_CASES if random_case else 0,
        result=result,
        about="the lesson's own check",
        reference_label="" if isinstance(named_reference, str) else DECLARED_REFERENCE,
        misconceptions=mistakes,
        other_functions=others,
        returns=returns.strip(),
    )
    _declared[name] = checker
    return checker


def _run_lesson_code(code: str, filename: str, builtins: Any = None) -> dict:
    """Run a lesson's solution or check code in a namespace of its own (with this module's
    builtins unless ``builtins`` is given); return that namespace."""
    namespace = {"__name__": filename, "__builtins__": __builtins__ if builtins is None else builtins}
    exec(compile(code, filename, "exec"), namespace)
    return namespace


def _builtins_importing(sources: dict[str, str]) -> Any:
    """This module's builtins, except that ``import NAME`` of a name in ``sources`` (name ->
    Python source) gives a module made from that source, run once, with these same builtins:
    the modules a check carries (:func:`declared_check_name`). Every other import is this
    module's own (the check runtime's private copies)."""
    if not sources:
        return __builtins__
    own = dict(__builtins__ if isinstance(__builtins__, dict) else vars(__builtins__))
    base_import = own["__import__"]
    made: dict[str, types.ModuleType] = {}

    def import_(name, globals=None, locals=None, fromlist=(), level=0):
        if level == 0 and name in sources:
            if name not in made:
                module = types.ModuleType(name)
                module.__dict__["__builtins__"] = own
                exec(compile(sources[name], f"<lesson {name}>", "exec"), module.__dict__)
                made[name] = module
            return made[name]
        return base_import(name, globals, locals, fromlist, level)

    own["__import__"] = import_
    return own


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
    if note and problem.endswith(_FORGOT_RETURN):
        # A known variant returns None here too: the learner chose None, they did not forget return.
        problem = problem[: -len(_FORGOT_RETURN)] + "."
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
        similar = _similar_name(name, namespace, checker.other_functions)
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


def _similar_name(name: str, namespace: dict, others: tuple[str, ...] = ()) -> Optional[str]:
    """A name in the namespace that looks like a misspelling of ``name``, or None: never a
    function another exercise asks for (``others``)."""
    other_checks = set(others)
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
            return _compare_number_list(call, actual, expected, checker.returns)
        if checker.result == "value" or (checker.result == "auto" and not _is_number(expected)):
            return _compare_value(call, actual, expected)
        return _compare_number(call, actual, expected)
    except KeyboardInterrupt:
        raise
    except Exception as exc:  # e.g. a returned object whose __eq__ or __float__ raises
        return f"{call} returned {_short_repr(actual, 80)}, which can't be compared: {_exception_text(exc)}."


#: What a None result is told, unless a known variant returns None on the same cases.
_FORGOT_RETURN = " — did you forget `return`?"


def _is_number(value: Any) -> bool:
    return isinstance(value, Real) and not isinstance(value, bool)


def _compare_number(call: str, actual: Any, expected: float) -> Optional[str]:
    if actual is None:
        return f"{call} returned None{_FORGOT_RETURN}"
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


def _compare_number_list(call: str, actual: Any, expected: Union[list, tuple], returns: str = "") -> Optional[str]:
    """A lesson's own check whose solution returns a list (or a tuple) of numbers: a list or a
    tuple compared item by item with the numbers' tolerance, and shown with as few decimals as
    tell the two apart. When the solution returns a tuple or ``returns`` names its numbers
    ("RBP and its residual"), a result of another shape is told how many numbers it holds and
    how many are expected."""
    if actual is None:
        return f"{call} returned None{_FORGOT_RETURN}"
    several = isinstance(expected, tuple) or bool(returns)
    wanted = f"{len(expected)}: {returns or _rounded_list(expected, 4)}"
    if not isinstance(actual, (list, tuple)):
        if several and _is_number(actual):
            return f"{call} returned 1 value, {_rounded(actual, 4)}; expected {wanted}."
        if several:
            return (
                f"{call} returned {_short_repr(actual, 80)}, {_a(type(actual).__name__)}; "
                f"expected {wanted}, as a tuple or a list."
            )
        return (
            f"{call} returned {_short_repr(actual, 80)}, {_a(type(actual).__name__)}, "
            f"not a list; expected {_short_repr(expected)}."
        )
    if several and len(actual) != len(expected):
        count = f"{len(actual)} value" if len(actual) == 1 else f"{len(actual)} values"
        return f"{call} returned {count}; expected {wanted}."
    if len(actual) == len(expected) and all(
        _is_number(mine) and math.isclose(float(mine), float(theirs), rel_tol=REL_TOL, abs_tol=ABS_TOL)
        for mine, theirs in zip(actual, expected)
    ):
        return None
    for digits in (4, 6, 9, 12):
        shown = [_rounded_list(actual, digits), _rounded_list(expected, digits)]
        if shown[0] != shown[1]:
            break
    not_numbers = [item for item in actual if not _is_number(item)]
    kind = ""
    if not_numbers:
        first = not_numbers[0]
        kind = (
            " None is not a number."
            if first is None
            else f" {_short_repr(first, 40)} is {_a(type(first).__name__)}, not a number."
        )
    return f"{call} returned {shown[0]}; expected {shown[1]}.{kind}"


def _rounded_list(values: Union[list, tuple], digits: int) -> str:
    """`values` as Python writes them (a tuple in parentheses), numbers rounded to `digits`."""
    items = [_rounded(value, digits) if _is_number(value) else _safe_repr(value) for value in values]
    if isinstance(values, tuple):
        return _short_text("(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")", _MAX_ARG_CHARS)
    return _short_text("[" + ", ".join(items) + "]", _MAX_ARG_CHARS)


def _compare_list(call: str, actual: Any, expected: list) -> Optional[str]:
    if actual is None:
        return f"{call} returned None{_FORGOT_RETURN}"
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
        return f"{call} returned None{_FORGOT_RETURN}"
    if type(actual) is type(expected) and actual == expected:
        return None
    several = _differing_value(call, actual, expected)
    if several is not None:
        return several
    return f"{call} returned {_short_repr(actual, 80)}; expected {_short_repr(expected, 80)}."


_ORDINALS = ("first", "second", "third", "fourth", "fifth")


def _value_name(index: int) -> str:
    """The name of the value at `index`: first value ... fifth value, then value 6."""
    return f"{_ORDINALS[index]} value" if index < len(_ORDINALS) else f"value {index + 1}"


def _differing_value(call: str, actual: Any, expected: Any) -> Optional[str]:
    """For a solution that returns several values (a tuple, e.g. train and test lists), the
    first value that differs, shown on its own: two tuples cut short can read the same."""
    if not (isinstance(actual, tuple) and isinstance(expected, tuple) and len(actual) == len(expected) >= 2):
        return None
    differ = [
        index
        for index, (mine, theirs) in enumerate(zip(actual, expected))
        if not (type(mine) is type(theirs) and mine == theirs)
    ]
    if not differ:
        return None
    first, count = differ[0], len(expected)
    message = (
        f"{call} returned a different {_value_name(first)} (of {count}): {_short_repr(actual[first])}; "
        f"expected {_short_repr(expected[first])}."
    )
    others = [index for index in range(count) if index != first]
    if count == 2:
        other = others[0]
        message += f" Its {_value_name(other)} {'differs too' if other in differ else 'matches'}."
    elif len(differ) == 1:
        message += " Its other values match."
    else:
        more = len(differ) - 1
        message += f" {more} more {'value differs' if more == 1 else 'values differ'} too."
    return message


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


def _natural_key(text: str) -> list:
    """Sort key that puts "d2" before "d10"."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text)]


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
