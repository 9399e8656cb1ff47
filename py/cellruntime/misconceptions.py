"""Choosing whether a failed check may name a known wrong version of the learner's function.

When a learner's function fails a check, :func:`identify` runs each known
variant of that exercise on every case of the check, fixed and random.  A
variant is named only when it reproduces the learner's function: the same
answer (number, list, value, or the same kind of exception) on the case the
verdict shows and on (nearly) every other case the learner fails, and no
other disagreement beyond that slack.  Otherwise the verdict names the
failing input and what was expected, and stops there: a wrong name sends a
learner to fix what is not broken.

A variant that is another library's convention (linear gain, AP divided by
min(k, |R|)) is named as that convention, not as a mistake, and only when it
matches the learner on every case.

The variants themselves, and the sentences learners read, belong to the
exercises: each check lists them beside its lesson (``mistakes()`` and
``conventions()``, lessons/README.md).  Standard library only; importing this
module imports nothing else.
"""

from __future__ import annotations

import contextlib
import copy
import io
import math
from dataclasses import dataclass
from numbers import Real
from typing import Any, Callable, Optional, Sequence


@dataclass(frozen=True)
class Misconception:
    """One wrong (or other-convention) version of an exercise's function.

    ``variant`` -- the function, with the exercise's parameters.
    ``message`` -- what the learner's answer shows, in one or two sentences.
    ``convention`` -- True when the variant is another tool's convention,
    not a mistake (its message names that tool).
    """

    variant: Callable[..., Any]
    message: str
    convention: bool = False

    @property
    def name(self) -> str:
        return self.variant.__name__


# --- naming the misconception ----------------------------------------------------------------

#: A variant is named only when it gives the learner's answer on all but this share of the cases
#: the learner fails (rounded down: under 20 failing cases it must agree on every one), and its
#: answers on the cases the learner passes count against it the same way.
SLACK = 0.05


def _outcome(function: Callable, case: tuple) -> tuple[str, Any]:
    """("value", result) or ("raised", exception type) for one call on a private copy of ``case``."""
    try:
        return "value", function(*copy.deepcopy(case))
    except KeyboardInterrupt:
        raise
    except (Exception, SystemExit) as exc:
        return "raised", type(exc)


def _same(first: tuple[str, Any], second: tuple[str, Any]) -> bool:
    (kind, value), (other_kind, other) = first, second
    if kind != other_kind:
        return False
    if kind == "raised":
        return issubclass(value, other) or issubclass(other, value)
    if isinstance(value, bool) or isinstance(other, bool):
        return value is other
    if isinstance(value, Real) and isinstance(other, Real):
        try:
            return math.isclose(float(value), float(other), rel_tol=1e-9, abs_tol=1e-9)
        except (OverflowError, TypeError, ValueError):
            return False
    if isinstance(value, (list, tuple)) and isinstance(other, (list, tuple)):
        return len(value) == len(other) and all(_same(("value", a), ("value", b)) for a, b in zip(value, other))
    try:
        return bool(value == other)
    except Exception:
        return False


def identify(
    known: Sequence[Misconception], function: Callable, cases: Sequence[tuple], failing: Sequence[int]
) -> Optional[Misconception]:
    """The known variant that *is* ``function``'s mistake, or None when none clearly is.

    Args:
        known: the check's variants (its ``mistakes()`` and ``conventions()``).
        function: the learner's function.
        cases: every case of the check, fixed then random, as argument tuples.
        failing: the indices (into ``cases``) where ``function`` disagrees with the reference,
            in order; the first is the case the verdict shows. Not empty.

    A variant qualifies when it gives the learner's answer on the shown case, and disagrees with
    the learner on at most ``SLACK`` of the failing cases, counting every case (failing or
    passing) where the two differ; a convention (another tool's definition) must agree on every
    case. Among those that qualify, the one with the fewest disagreements is named; a tie
    between different messages names none. So a verdict never names a variant the learner's
    answers only brush against on one case.
    """
    if not failing:
        return None
    learner = [_outcome(function, case) for case in cases]
    allowed = int(SLACK * len(failing))
    best: list[tuple[int, Misconception]] = []
    for candidate in known:
        answers = [_outcome(candidate.variant, case) for case in cases]
        if not _same(learner[failing[0]], answers[failing[0]]):
            continue
        differ = sum(not _same(mine, theirs) for mine, theirs in zip(learner, answers))
        if differ > (0 if candidate.convention else allowed):
            continue
        best.append((differ, candidate))
    if not best:
        return None
    fewest = min(differ for differ, _ in best)
    closest = {candidate.message: candidate for differ, candidate in best if differ == fewest}
    return next(iter(closest.values())) if len(closest) == 1 else None


def misconception_note(
    known: Sequence[Misconception], function: Callable, cases: Sequence[tuple], failing: Sequence[int]
) -> str:
    """The sentence that names the learner's misconception (:func:`identify`), or "".

    What the learner's function prints while it is compared is dropped: the
    learner already saw its output from the check's own call."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        found = identify(known, function, cases, failing)
    return found.message if found else ""
