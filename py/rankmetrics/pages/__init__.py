"""What the course's pages run on top of the metrics: no lesson reads or imports these modules.

    runfiles.py     RunReader, QrelsReader, read_run_text, read_qrels_text: TREC and CSV run
                    and qrels files read as trec_eval reads them, each bad line named
    trec.py         RunEvaluator, RunEvaluation: one run scored in one pass, every metric at
                    several cut-offs (the evaluate page; ``rankmetrics.evaluate`` uses it too)
    playground.py   readouts: the rank playground's values and their working
    working.py      helpers that write a metric's working as the playground shows it

They are apart so that the package's top level holds what a learner reads: the metrics, their
registry, ``evaluate`` and the significance tests the lessons teach. Every value here still
comes from those metrics' kernels (rankmetrics.registry).

This file imports none of them: the metrics import ``working`` while the registry is not
loaded yet, and ``playground`` needs the registry.
"""
