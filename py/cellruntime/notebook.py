"""Exercise checks in a downloaded notebook or script: the page's Check button, as a function.

A lesson downloaded from its page carries this package (see site/takeaway/setup-cell.py), and
each exercise is followed by a cell that calls :func:`check`, which runs the very checker the
page runs (:data:`cellruntime.sealed.CHECK_RUNTIME`, the private copies of the checks and of
rankmetrics), so the download checks the same cases and says the same thing.
"""

from __future__ import annotations

from .sealed import CHECK_RUNTIME

#: What a verdict's message starts with, by outcome.
VERDICT_OPENINGS = {True: "Correct.", False: "Not yet."}


def check(name: str, namespace: dict) -> None:
    """Check the function ``namespace`` defines (a notebook's or script's ``globals()``) with
    the exercise check ``name``, and print the verdict, as the page's Check button shows it.

    Prints rather than raises, so a notebook or script whose exercise is not solved yet still
    runs to its end. ``ValueError`` for an unknown check name.
    """
    verdict = CHECK_RUNTIME.check_function(namespace, name)
    print(f"{VERDICT_OPENINGS[verdict['ok']]} {verdict['message']}")
