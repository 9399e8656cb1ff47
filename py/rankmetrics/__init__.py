"""rankmetrics: top-k ranking metrics, written from scratch to be read and learned from.

Standard library only; runs unchanged in CPython 3.11+ and in Pyodide.
The definitions follow trec_eval unless noted (see each docstring). The metrics:

    precision_at_k, recall_at_k, hit_rate_at_k   set_metrics.py
    reciprocal_rank (mean: MRR)                  rr.py
    average_precision (mean: MAP)                ap.py
    dcg_at_k, ndcg_at_k                          ndcg.py
    expected_reciprocal_rank (ERR@k)             err.py
    rank_biased_precision, rbp_residual (RBP)    rbp.py
    ranking_from_scores                          scores.py
    the metrics' facts, one home each            registry.py
    the input checks every metric shares         _inputs.py
    evaluate, Evaluation (many users at once)    evaluation.py
    paired_t_test and other paired tests         significance.py

What the site's pages run on top of them, and no lesson reads, is in pages/ (see its
__init__.py): the run and qrels file readers, the evaluate page's one-pass run evaluator and
the rank playground's readouts.

>>> from rankmetrics import precision_at_k, ndcg_at_k
>>> precision_at_k(["d1", "d2", "d3"], {"d1", "d3"}, k=2)
0.5
>>> ndcg_at_k(["d1", "d2", "d3"], {"d1": 2, "d2": 1}, k=3)
1.0
"""

from .ap import average_precision
from .err import expected_reciprocal_rank
from .evaluation import METRICS, Evaluation, evaluate
from .ndcg import dcg_at_k, ndcg_at_k
from .rbp import rank_biased_precision, rbp_residual
from .rr import reciprocal_rank
from .scores import ranking_from_scores
from .set_metrics import hit_rate_at_k, precision_at_k, recall_at_k

# Loaded with the package like every other module, so cellruntime.sealed's private copy and the
# public package share one compiled copy of each (its CompiledOnce finder is then all used).
# The pages' modules are then reached as rankmetrics.pages.NAME only.
from . import significance  # noqa: E402, F401
from .pages import playground, runfiles, trec, working  # noqa: E402

del playground, runfiles, trec, working

__version__ = "0.1.0"

__all__ = [
    "precision_at_k",
    "recall_at_k",
    "hit_rate_at_k",
    "reciprocal_rank",
    "average_precision",
    "dcg_at_k",
    "ndcg_at_k",
    "expected_reciprocal_rank",
    "rank_biased_precision",
    "rbp_residual",
    "ranking_from_scores",
    "evaluate",
    "Evaluation",
    "METRICS",
]
