"""Evaluating one run as trec_eval does: several cut-offs at once, one query at a time.

A RunEvaluator takes each query's ranking as the run file is read (see runfiles.RunReader),
so memory holds the judgments and the per-query values, never the whole run.

The measures are rankmetrics.registry's metrics, each at every cut-off ("ndcg@10"), and those
with a full-list value once more ("average_precision@all": trec_eval's map). Each query's values
come from the metrics' kernels, the functions the lessons teach; the registry gives each one's
trec_eval and ir_measures names. judged@k is 1 - trec_eval's unj_k when the run has k documents.

Missing queries (judged, absent from the run): missing="score 0" scores each as an empty
ranking with the same kernels, as trec_eval -c does: 0 on every measure but RBP's residual,
which is 1 (nothing is known of any rank). "leave out" leaves them out of the means, as
trec_eval without -c (and pytrec_eval, which has no -c) does. Queries in the run with no
judgments are ignored, as in trec_eval. The relevance threshold is trec_eval's -l (relevance_level, default 1); it
does not change ndcg, whose gain is the grade (trec_eval ndcg_cut ignores -l too).

>>> evaluator = RunEvaluator({"q1": {"d1": 1, "d2": 2}, "q2": {"d9": 1}}, cutoffs=[1, 5])
>>> evaluator.add("q1", ["d2", "d3", "d1"])
>>> result = evaluator.result()
>>> result.means["precision@1"], result.per_query["precision@1"]
(0.5, {'q1': 1.0, 'q2': 0.0})
>>> (result.scored, result.missing), result.measures[:3]
((2, 1), ['precision@1', 'precision@5', 'recall@1'])
"""

import math
from dataclasses import dataclass, field

from .._inputs import Judgments, PreparedRanking, check_gain, check_k, check_threshold
from ..registry import BY_KEY, METRICS
from .runfiles import Problem


def measures_of_query(ranking, judgments, kernels):
    """The values of one query's measures: each metric's kernel, the one the lessons teach.

    The kernels share one PreparedRanking of the query, so the ranks of its judged and relevant
    documents are found once, not once per measure.

    Args:
        ranking: list of docids, best first, each once.
        judgments: a Judgments (grades, the relevant set, the gain).
        kernels: list of (kernel, k): a metric's kernel (rankmetrics.registry) and its cut-off,
            a positive int or None (the full list).

    Returns:
        tuple of the values, in the order of `kernels`.

    >>> kernels = [(BY_KEY["precision"].kernel, 2), (BY_KEY["reciprocal_rank"].kernel, None)]
    >>> measures_of_query(["b", "a"], Judgments.from_relevance({"a": 1}), kernels)
    (0.5, 0.5)
    """
    prepared = PreparedRanking(ranking, judgments)
    return tuple([kernel(prepared, judgments, k) for kernel, k in kernels])


# The evaluator's metrics, in display order (rankmetrics.registry declares them).
MEASURE_METRICS = tuple(metric.key for metric in METRICS)
# The metrics that also have a full-list value (k = None), e.g. trec_eval's map and recip_rank.
FULL_LIST_METRICS = tuple(metric.key for metric in METRICS if metric.full_list)
MISSING_CHOICES = ("score 0", "leave out")
ALL = "all"  # the cut-off name of a full-list measure


def prepared_judgments(judgments, *, threshold=1, gain="linear"):
    """Every query's judgments checked and prepared for the kernels, once: RunEvaluator takes
    them as they are, so the runs scored against one judgments file share them.

    Args:
        judgments: mapping qid -> a mapping docid -> grade (int or float >= 0), a set/list/tuple
            of relevant docids (grade 1), or a Judgments already prepared (kept as it is).
        threshold: a document is relevant when its grade >= threshold (a number > 0).
        gain: NDCG's gain, "linear" (trec_eval's) or "exponential".

    Returns:
        dict qid -> Judgments, in the order of `judgments`.

    Raises:
        ValueError: threshold or gain invalid; a query's judgments invalid (the message names
            the query).

    >>> prepared = prepared_judgments({"q1": {"a": 2, "b": 0}})
    >>> sorted(prepared["q1"].relevant), prepared["q1"].gain(2)
    (['a'], 2)
    """
    check_threshold(threshold)
    check_gain(gain)
    prepared = {}
    for query, relevance in judgments.items():
        if isinstance(relevance, Judgments):
            prepared[query] = relevance
            continue
        try:
            prepared[query] = Judgments.from_relevance(relevance, threshold=threshold, gain=gain)
        except ValueError as error:
            raise ValueError(f"judgments of query {query!r}: {error}") from None
    return prepared


def measure_key(metric, k):
    """The key of a metric at a cut-off: "ndcg@10"; k "all" (or None) for the full list.

    >>> measure_key("ndcg", 10), measure_key("average_precision", "all")
    ('ndcg@10', 'average_precision@all')
    """
    return f"{metric}@{ALL if k is None else k}"


def check_cutoffs(cutoffs):
    """Return the cut-offs as a sorted list of distinct positive ints; reject anything else."""
    if isinstance(cutoffs, (str, bytes)) or not hasattr(cutoffs, "__iter__"):
        raise ValueError(f"cutoffs must be a list of positive ints, got {cutoffs!r}")
    checked = sorted({check_k(k) for k in cutoffs})
    if not checked:
        raise ValueError("cutoffs is empty: give at least one positive int, such as [10]")
    return checked


@dataclass
class RunEvaluation:
    """What RunEvaluator.result() returns.

    measures:  the keys in display order: every metric at every cut-off (metric by metric,
               cut-offs ascending, in the registry's order), then the full-list values of
               FULL_LIST_METRICS ("reciprocal_rank@all", "average_precision@all", ...).
    means:     key -> mean over the scored queries (nan when no query was scored).
    per_query: key -> {qid: value} for the scored queries, the same qids for every key, in
               the order of the judgments.
    scored:    queries averaged (with missing="score 0", the missing queries too).
    skipped:   queries left out because they have no relevant document (only with
               skip_without_relevant=True; otherwise 0).
    missing:   judged queries absent from the run (scored as an empty ranking, or left out).
    ignored:   queries in the run with no judgments (not scored, as in trec_eval).
    shared:    queries both in the run and in the judgments.
    """

    measures: list
    means: dict
    per_query: dict = field(repr=False)
    scored: int = 0
    skipped: int = 0
    missing: int = 0
    ignored: int = 0
    shared: int = 0

    def no_shared_query(self, file):
        """A Problem (kind "no shared query") for the run file `file` if it shares no query
        with the judgments, else None.

        >>> RunEvaluation([], {}, {}).no_shared_query("run.txt").kind
        'no shared query'
        """
        if self.shared:
            return None
        return Problem(
            file,
            0,
            "no shared query",
            "no query of this run is in the judgments, so nothing of it can be scored: check that "
            "the run and the judgments are for the same topics (query ids must match exactly).",
        )


class RunEvaluator:
    """Scores a run query by query against judgments; result() gives means and per-query values.

    Args:
        judgments: mapping qid -> judgments, each a mapping docid -> grade (int or float >= 0)
            or a set/list/tuple of relevant docids (grade 1), as Qrels.judgments holds them,
            or a Judgments (prepared_judgments gives them: several runs share them).
        cutoffs: list of positive ints, the k of every metric@k (repeats dropped, sorted).
        threshold: a document is relevant for the binary metrics when its grade >= threshold
            (default 1, trec_eval's -l 1).
        gain: NDCG's gain, "linear" (default, trec_eval ndcg_cut: the grade) or "exponential"
            (2^grade - 1).
        missing: "score 0" (default, trec_eval -c) scores judged queries absent from the run
            as an empty ranking (0 on every measure but rbp_residual, which is 1); "leave out"
            leaves them out of the means (trec_eval 9 without -c).
        metrics: the metric names to compute (default MEASURE_METRICS, all of them).
        full_list: True (default) adds the full-list value ("average_precision@all": trec_eval's
            map) of each metric of FULL_LIST_METRICS that is computed.
        skip_without_relevant: False (default, as trec_eval) scores a query with no relevant
            document 0; True leaves it out and counts it in skipped.

    add(query, ranking) takes one query's full ranking (a list of docids, best first, each
    once). A query with no judgments is counted in ignored.

    Raises:
        ValueError: cutoffs, threshold, gain, missing or a metric name invalid; a query's
            judgments invalid (the message names the query); add() called twice for one
            query, or with a docid twice.

    judged@k = (documents in the top k with a judgment, any grade) / k: trec_eval's P-style
    denominator k, so missing slots of a short run count as unjudged. trec_eval's unj_k
    (m_unjudged.c) counts the unjudged share with the same denominator but fills a short
    run with judged documents, so judged@k = 1 - unj_k only when the run has k documents;
    ir_measures' Judged@k divides by min(k, run length) instead.

    >>> evaluator = RunEvaluator({"q1": {"a": 1, "b": 0}}, cutoffs=[2], missing="leave out")
    >>> evaluator.add("q1", ["b", "a", "c"])
    >>> result = evaluator.result()
    >>> result.means["judged@2"], result.means["reciprocal_rank@all"]
    (1.0, 0.5)
    """

    def __init__(
        self,
        judgments,
        *,
        cutoffs,
        threshold=1,
        gain="linear",
        missing="score 0",
        metrics=MEASURE_METRICS,
        full_list=True,
        skip_without_relevant=False,
    ):
        self.cutoffs = check_cutoffs(cutoffs)
        self.threshold = check_threshold(threshold)
        check_gain(gain)
        self.gain = gain
        if missing not in MISSING_CHOICES:
            raise ValueError(f"missing must be one of {list(MISSING_CHOICES)}, got {missing!r}")
        self.missing = missing
        names = (metrics,) if isinstance(metrics, str) else tuple(dict.fromkeys(metrics))
        for name in names:
            if name not in BY_KEY:
                raise ValueError(f"unknown metric {name!r}; choose from {list(MEASURE_METRICS)}")
        if not names:
            raise ValueError(f"metrics is empty; choose from {list(MEASURE_METRICS)}")
        self.skip_without_relevant = skip_without_relevant
        # (metric, k) for every measure, in display order; k None for the full list.
        self._measures = [(name, k) for name in names for k in self.cutoffs]
        if full_list:
            self._measures += [(name, None) for name in FULL_LIST_METRICS if name in names]
        self._kernels = [(BY_KEY[name].kernel, k) for name, k in self._measures]
        # qid -> Judgments, checked once, in the judgments' order (those of prepared_judgments,
        # or of evaluate, are taken as they are)
        self._judgments = prepared_judgments(judgments, threshold=threshold, gain=gain)
        self._values = {}  # qid -> tuple of values in measure order (None: skipped)
        self.ignored = 0

    def add(self, query, ranking):
        """Score one query's full ranking (list of docids, best first, each at most once)."""
        judgments = self._judgments.get(query)
        if judgments is None:
            self.ignored += 1
            return
        if query in self._values:
            raise ValueError(f"query {query!r} was added twice: give each query's whole ranking once")
        if len(set(ranking)) != len(ranking):
            raise ValueError(f"the ranking of query {query!r} lists a document twice")
        if self.skip_without_relevant and not judgments.relevant:
            self._values[query] = None
            return
        self._values[query] = measures_of_query(ranking, judgments, self._kernels)

    def result(self):
        """The RunEvaluation of the queries added so far (and of the missing ones)."""
        keys = [measure_key(name, k) for name, k in self._measures]
        per_query = {key: {} for key in keys}
        columns = [per_query[key] for key in keys]
        skipped = missing = 0
        for query, judgments in self._judgments.items():
            values = self._values.get(query, ())
            if values is None or (self.skip_without_relevant and not judgments.relevant):
                skipped += 1
                continue
            if values == ():  # judged, not in the run
                missing += 1
                if self.missing == "leave out":
                    continue
                values = measures_of_query([], judgments, self._kernels)  # nothing retrieved
            for column, value in zip(columns, values):
                column[query] = value
        scored = len(columns[0]) if columns else 0
        means = {key: math.fsum(per_query[key].values()) / scored if scored else math.nan for key in keys}
        shared = len(self._values)
        return RunEvaluation(keys, means, per_query, scored, skipped, missing, self.ignored, shared)
