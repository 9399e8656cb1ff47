"""Every metric, declared once: its key, names for people, formula, names in other tools, kernel.

The run evaluator (pages/trec.py), ``evaluate``, the rank playground (pages/playground.py) and
the pages (through the build: lessonbuild.scriptconstants hands ``page_facts()`` to every
script) all read their metrics from ``METRICS`` here, in this order, which is the order the
pages show.

Adding a metric: write its module (a kernel and a public function), add one ``Metric`` below.

>>> [metric.key for metric in METRICS][:3]
['precision', 'recall', 'hit_rate']
>>> BY_KEY["ndcg"].label(10), BY_KEY["average_precision"].label(None)
('NDCG@10', 'AP (full list)')
"""

from collections.abc import Callable
from dataclasses import dataclass, field

from .ap import average_precision_kernel
from .err import MAX_GRADE, err_kernel, err_working
from .ndcg import ndcg_kernel
from .rbp import PERSISTENCE, rbp_kernel, rbp_residual_kernel, rbp_working
from .rr import reciprocal_rank_kernel
from .set_metrics import hit_rate_kernel, judged_kernel, precision_kernel, recall_kernel


@dataclass(frozen=True)
class Metric:
    """One metric's facts.

    key:         its name in code, measure keys ("ndcg@10") and the pages' data-metric hooks.
    title:       its name for people ("NDCG"); labels add "@k".
    short:       its name on the phone's compact readout line ("P").
    formula:     the formula in one line of plain text, for people.
    kernel:      kernel(ranking: list, judgments: _inputs.Judgments, k: int | None) -> float,
                 inputs already checked (the function the public one calls); the ranking may
                 also be an _inputs.PreparedRanking of the same list (the run evaluator's).
    trec_eval:   trec_eval's measure at a cut-off ("P": -m P.5,10), or None.
    trec_eval_full: trec_eval's full-list measure ("map"), or None.
    ir_measures: ir_measures' name, {threshold} for the relevance threshold and {k} for the
                 cut-off ("nDCG@{k}"; without {k}: the full-list value only), or None.
    graded:      True when it uses the grades themselves (the threshold does not apply).
    params:      {name: value} of its parameters beyond k, as the pages use them.
    full_list:   True when it also has a value over the whole list (key "@all").
    playground:  True when the rank playground shows it.
    compared:    True when the evaluate page compares runs on it.
    working:     working(ranking, judgments, k) -> {"terms", "lines", "why", ...} for the
                 playground, or None when pages/playground.py writes it (the first six).
    """

    key: str
    title: str
    short: str
    formula: str
    kernel: Callable
    trec_eval: str | None = None
    trec_eval_full: str | None = None
    ir_measures: str | None = None
    graded: bool = False
    params: dict = field(default_factory=dict)
    full_list: bool = False
    playground: bool = True
    compared: bool = True
    working: Callable | None = None

    def __post_init__(self):
        for name in ("key", "title", "short", "formula"):
            if not isinstance(getattr(self, name), str) or not getattr(self, name).strip():
                raise ValueError(f"metric {self.key!r} has no {name}: every metric needs one")

    def label(self, k):
        """Its name at cut-off k for people: "NDCG@10"; k None (or "all") for the full list."""
        return f"{self.title} (full list)" if k in (None, "all") else f"{self.title}@{k}"


METRICS = (
    Metric(
        "precision",
        "Precision",
        "P",
        "hits in the top k / k",
        precision_kernel,
        trec_eval="P",
        ir_measures="P(rel={threshold})@{k}",
    ),
    Metric(
        "recall",
        "Recall",
        "R",
        "hits in the top k / |R|",
        recall_kernel,
        trec_eval="recall",
        ir_measures="R(rel={threshold})@{k}",
    ),
    Metric(
        "hit_rate",
        "Hit rate",
        "HR",
        "1 if a relevant item is in the top k, else 0",
        hit_rate_kernel,
        trec_eval="success",
        ir_measures="Success(rel={threshold})@{k}",
    ),
    Metric(
        "reciprocal_rank",
        "Reciprocal rank",
        "RR",
        "1 / rank of the first relevant item in the top k",
        reciprocal_rank_kernel,
        trec_eval_full="recip_rank",
        ir_measures="RR(rel={threshold})@{k}",
        full_list=True,
    ),
    Metric(
        "average_precision",
        "AP",
        "AP",
        "sum of precision at each relevant rank in the top k / |R|",
        average_precision_kernel,
        trec_eval="map_cut",
        trec_eval_full="map",
        ir_measures="AP(rel={threshold})@{k}",
        full_list=True,
    ),
    Metric(
        "ndcg",
        "NDCG",
        "NDCG",
        "DCG@k / IDCG@k, DCG@k = sum of gain(grade) / log2(rank + 1)",
        ndcg_kernel,
        trec_eval="ndcg_cut",
        ir_measures="nDCG@{k}",
        graded=True,
    ),
    Metric(
        "err",
        "ERR",
        "ERR",
        f"sum over ranks r of (1/r) R_r prod_(i<r) (1 - R_i), R = (2^grade - 1) / 2^{MAX_GRADE}",
        err_kernel,
        ir_measures="ERR@{k}",
        graded=True,
        params={"max_grade": MAX_GRADE},
        working=err_working,
    ),
    Metric(
        "rbp",
        "RBP",
        "RBP",
        f"(1 - p) × sum of p^(rank - 1) over relevant ranks in the top k, p = {PERSISTENCE}",
        rbp_kernel,
        ir_measures=f"RBP(rel={{threshold}},p={PERSISTENCE})",  # cwl_eval, its provider, reads no cut-off
        params={"p": PERSISTENCE},
        full_list=True,
        working=rbp_working,
    ),
    Metric(
        "rbp_residual",
        "RBP residual",
        "RBP±",
        f"(1 - p) × sum of p^(rank - 1) over unjudged ranks in the top k, + p^depth, p = {PERSISTENCE}",
        rbp_residual_kernel,
        params={"p": PERSISTENCE},
        full_list=True,
        playground=False,
        compared=False,
    ),
    Metric(
        "judged",
        "Judged",
        "J",
        "judged items in the top k / k",
        judged_kernel,
        playground=False,
        compared=False,
    ),
)
BY_KEY = {metric.key: metric for metric in METRICS}
PLAYGROUND_METRICS = tuple(metric.key for metric in METRICS if metric.playground)


def page_facts():
    """What the pages need of each metric, as JSON-able dicts in display order (the build hands
    them to every script: site/js/shared/metrics.js reads them)."""
    return [
        {
            "key": metric.key,
            "title": metric.title,
            "short": metric.short,
            "formula": metric.formula,
            "trecEval": metric.trec_eval,
            "trecEvalFull": metric.trec_eval_full,
            "irMeasures": metric.ir_measures,
            "graded": metric.graded,
            "params": dict(metric.params),
            "fullList": metric.full_list,
            "playground": metric.playground,
            "compared": metric.compared,
        }
        for metric in METRICS
    ]
