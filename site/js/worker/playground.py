"""The rank playground's readouts, asked for by the page (site/js/playground/) through the
worker's "readouts" message (site/js/worker/playground.js).

Run once per interpreter, at boot, in a namespace of its own: nothing here is in the learner's
globals. The metrics come from the check runtime's private copy of ``rankmetrics``
(:func:`cellruntime.sealed.private_module`), so a learner who rebinds a ``rankmetrics`` function
in a cell does not change the readouts. Plain CPython runs it too (tests/site/js/worker/).
"""

import json

from cellruntime.sealed import private_module

# Bound now, at boot: what a learner's cell rebinds later does not reach them.
_loads = json.loads
_dumps = json.dumps
_repr = repr
PLAYGROUND_MODULE = "rankmetrics.pages.playground"


def readouts_json(state_json: str) -> str:
    """The readouts of one playground state, as JSON text.

    Args:
        state_json: JSON text of the state {"ranking": [ids in rank order], "grades": {id: int},
            "k": int, "gain": "exponential"|"linear", "threshold": int}.
    Returns:
        JSON text of ``rankmetrics.pages.playground.readouts(state)``, with ``"repr"`` (Python's repr of
        the float, the page's ``data-value``) added beside each metric's ``"value"``.
    Raises:
        Whatever ``readouts`` raises for a state it rejects (the worker answers with the error).
    """
    result = private_module(PLAYGROUND_MODULE).readouts(_loads(state_json))
    for metric in result["metrics"].values():
        metric["repr"] = _repr(metric["value"])
    return _dumps(result)
