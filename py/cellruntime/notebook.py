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

#: How the learner checks again, where there is no Check button: "..., then run this file again."
RERUN_IN_NOTEBOOK = "run the check cell"
RERUN_IN_SCRIPT = "run this file"


def check(name: str, namespace: dict) -> None:
    """Check the function ``namespace`` defines (a notebook's or script's ``globals()``) with
    the exercise check ``name``, and print the verdict, as the page's Check button shows it.

    Prints rather than raises, so a notebook or script whose exercise is not solved yet still
    runs to its end. Advice to check again says to run the check cell again under Jupyter (or
    any IPython, such as an editor's "# %%" cells), and to run the file again otherwise.
    ``ValueError`` for an unknown check name.
    """
    rerun = RERUN_IN_NOTEBOOK if in_ipython(namespace) else RERUN_IN_SCRIPT
    verdict = CHECK_RUNTIME.check_function(namespace, name, rerun)
    print(f"{VERDICT_OPENINGS[verdict['ok']]} {verdict['message']}")


def in_ipython(namespace: dict) -> bool:
    """True when ``namespace`` (a ``globals()``) belongs to an IPython shell, such as a Jupyter
    kernel: IPython puts its ``get_ipython`` there."""
    get_ipython = namespace.get("get_ipython")
    try:
        return callable(get_ipython) and get_ipython() is not None
    except Exception:
        return False
