"""The evaluate page's Python (site/pages/evaluate.md), driven by the worker's "evaluate" message
(site/js/worker/evaluate.js): the page's files are read in JavaScript, chunk by chunk, and each
chunk of text is fed to the readers of ``rankmetrics.pages.runfiles``; each run is scored by
``rankmetrics.pages.trec.RunEvaluator`` and compared with the baseline by ``rankmetrics.significance``.

Run once per interpreter, at boot, in a namespace of its own: nothing here is in the learner's
globals, and the modules are the check runtime's private copies
(:func:`cellruntime.sealed.private_module`), so a learner's cell that rebinds a ``rankmetrics``
name does not change what this page reports. Plain CPython runs it too (tests/site/js/worker/).

Every number goes back to the page as Python's ``repr`` of the float (the page's ``data-value``),
so the page shows exactly what CPython computes.
"""

import json
import math

from cellruntime.sealed import private_module

# Bound now, at boot: what a learner's cell rebinds later does not reach them.
_loads = json.loads
_dumps = json.dumps
_repr = repr
_sorted = sorted
_len = len
_ceil = math.ceil

PERMUTATIONS = 10_000  # the randomization test's sign flips
RESAMPLES = 10_000  # the bootstrap's resamples of the per-query differences
SEED = 0  # both are seeded, so the page gives the same p-values and intervals every time
CONFIDENCE = 0.95  # the bootstrap interval's coverage
EXAMPLES_PER_KIND = 3  # line numbers given for each kind of problem (runfiles keeps them)
PLAYGROUND_ITEMS = 30  # a query's top documents the rank playground opens with (its list's limit)
PLAYGROUND_UNRETRIEVED = 10  # and at most this many judged relevant documents the run missed


def _module(name):
    return private_module(f"rankmetrics.{name}")


def _problem(problem):
    return {"file": problem.file, "line": problem.line, "kind": problem.kind, "message": problem.message}


def _groups(problems, counts):
    """The problems of one file by kind, in the order each kind first occurs: a list of
    {kind, count, lines, message}, lines the first EXAMPLES_PER_KIND line numbers of that kind
    and message the first one's (the readers keep those for every kind)."""
    examples = {}
    for problem in problems:
        examples.setdefault(problem.kind, []).append(problem)
    return [
        {
            "kind": kind,
            "count": count,
            "lines": [problem.line for problem in examples.get(kind, ())][:EXAMPLES_PER_KIND],
            "message": examples[kind][0].message if kind in examples else "",
        }
        for kind, count in counts.items()
    ]


def _summary(reader_or_qrels, fmt, notes=()):
    """What the page says about one file: its format, lines read, notes and problems."""
    return {
        "format": fmt,
        "lines": reader_or_qrels.lines,
        "notes": list(notes),
        "problems": [_problem(problem) for problem in reader_or_qrels.problems],
        "problemCounts": dict(reader_or_qrels.problem_counts),
        "problemGroups": _groups(reader_or_qrels.problems, reader_or_qrels.problem_counts),
    }


def _nothing_read(summary, file, role):
    """Why nothing in `file` could be read, for the page's status, or None when something was.
    `role`: "the judgments file" (evaluate.js stops there) or 'the run file of "NAME"' (that
    run is left out, the others are evaluated)."""
    if summary["queries"]:
        return None
    if summary["problemCounts"].get("empty file"):
        return f"{file}, {role}, is empty (or holds only blank and comment lines): choose the right file."
    return (
        f"{file}, {role}, has no line this page can read: every line has a problem (listed below). "
        "Fix them, or choose the right file."
    )


class Evaluation:
    """One press of Evaluate: the judgments, then each run in turn, then the comparison.

    Args:
        options_json: JSON text of {"cutoffs": [int, ...] (at least one, each >= 1),
            "threshold": number (grade at which a document counts as relevant), "gain":
            "linear"|"exponential", "missing": "score 0"|"leave out", "useRank": bool,
            "permutations": int, "resamples": int, "seed": int} (the last three optional).
    The page calls, in order: ``start_qrels``/``feed_qrels``/``finish_qrels`` once, then per run
    ``start_run``/``feed_run``/``finish_run`` (``start_run`` again with ``grouped=False`` when
    ``feed_run`` returns False), then ``compare``.
    """

    def __init__(self, options_json: str) -> None:
        options = _loads(options_json)
        self.cutoffs = [int(k) for k in options["cutoffs"]]
        self.threshold = options["threshold"]
        self.gain = options["gain"]
        self.missing = options["missing"]
        self.use_rank = bool(options.get("useRank", False))
        self.permutations = int(options.get("permutations", PERMUTATIONS))
        self.resamples = int(options.get("resamples", RESAMPLES))
        self.seed = int(options.get("seed", SEED))
        self.qrels = None
        self._judgments = None  # qid -> Judgments, prepared once for every run
        self.runs = {}  # name -> (RunEvaluation, summary)
        self._reader = None
        self._evaluator = None
        self._run_name = None
        self._file = None
        self._queries_seen = set()
        self._top = {}  # run name -> {query: its top PLAYGROUND_ITEMS documents}

    # --- the judgments ------------------------------------------------------------------

    def start_qrels(self, file: str) -> None:
        """Start reading the judgments file named `file` (its name, for the problems)."""
        self._reader = _module("pages.runfiles").QrelsReader(file)

    def feed_qrels(self, text: str) -> None:
        """The next chunk of the judgments file's text (a line may span chunks)."""
        self._reader.feed(text)

    def finish_qrels(self) -> str:
        """End the judgments; JSON text of {format, lines, notes, problems, problemCounts,
        problemGroups (see ``_groups``), queries, nothingRead}: notes are what was read in a way
        worth saying (negative grades); nothingRead (text, or null) says why no judgment could be
        read, and then there is nothing to evaluate."""
        self.qrels = self._reader.finish()
        file = self._reader.file
        self._reader = None
        summary = _summary(self.qrels, self.qrels.format, self.qrels.notes)
        summary["queries"] = _len(self.qrels.judgments)
        summary["nothingRead"] = _nothing_read(summary, file, "the judgments file")
        return _dumps(summary)

    # --- one run ------------------------------------------------------------------------

    def start_run(self, name: str, file: str, grouped: bool = True) -> None:
        """Start reading run `name` from the file named `file`; `grouped`: whether its queries
        are taken to come one after another (False after ``feed_run`` returned False)."""
        self._reader = _module("pages.runfiles").RunReader(file, use_rank=self.use_rank, grouped=grouped)
        trec = _module("pages.trec")
        if self._judgments is None:
            self._judgments = trec.prepared_judgments(self.qrels.judgments, threshold=self.threshold, gain=self.gain)
        self._evaluator = trec.RunEvaluator(
            self._judgments,
            cutoffs=self.cutoffs,
            threshold=self.threshold,
            gain=self.gain,
            missing=self.missing,
        )
        self._run_name = name
        self._file = file
        self._queries_seen = set()
        self._top[name] = {}

    def _add(self, completed) -> None:
        top = self._top[self._run_name]
        for query, ranking in completed:
            self._queries_seen.add(query)
            top[query] = ranking[:PLAYGROUND_ITEMS]
            self._evaluator.add(query, ranking)

    def feed_run(self, text: str) -> bool:
        """The next chunk of the run's text. False: a query came back after another one (the
        run is not grouped by query), so read the file again from ``start_run(grouped=False)``."""
        try:
            self._add(self._reader.feed(text))
        except _module("pages.runfiles").NotGrouped:
            return False
        return True

    def finish_run(self) -> str:
        """End the run; JSON text of {format, lines, notes, problems, problemCounts,
        problemGroups, queries, sharedQueries, nothingRead} (nothingRead as finish_qrels gives
        it). A run with nothing readable is left out of ``compare``."""
        self._add(self._reader.finish())
        reader = self._reader
        summary = _summary(reader, reader.format)
        shared = _len(self._queries_seen & self.qrels.judgments.keys())
        summary["queries"] = _len(self._queries_seen)
        summary["nothingRead"] = _nothing_read(summary, self._file, f'the run file of "{self._run_name}"')
        summary["sharedQueries"] = shared
        if self._queries_seen and shared == 0:
            summary["noSharedQuery"] = True
        if summary["nothingRead"] is None:
            self.runs[self._run_name] = (self._evaluator.result(), summary)
        else:
            self._top.pop(self._run_name, None)
        self._reader = self._evaluator = None
        return _dumps(summary)

    def query_list(self, run: str, query: str, k: int | None = None) -> str:
        """The rank playground's config (lessons/README.md, "Rank playground") for `query` as `run`
        ranked it, as JSON text: its top 30 documents with their grades (whole, as the playground
        takes them), the judged relevant documents it missed (at most 10, highest grade first),
        this evaluation's gain and threshold, and the cut-off `k` the page shows (default: the
        first cut-off), whatever the list's length (precision@k divides by k, as the results
        table's does), at most the playground's max_items."""
        judged = self.qrels.judgments.get(query, {})
        ranking = self._top.get(run, {}).get(query, [])
        retrieved = set(ranking)
        unretrieved = _sorted(
            (doc for doc, value in judged.items() if value >= self.threshold and doc not in retrieved),
            key=lambda doc: (-judged[doc], doc),
        )[:PLAYGROUND_UNRETRIEVED]

        def grade(doc):
            return max(0, int(judged.get(doc, 0)))

        return _dumps(
            {
                "id": "evaluate-query",
                "title": f"{query} in {run}",
                "items": [{"id": doc, "grade": grade(doc)} for doc in ranking],
                "unretrieved": [{"id": doc, "grade": grade(doc)} for doc in unretrieved],
                "k": max(1, min(int(k or self.cutoffs[0]), PLAYGROUND_ITEMS + PLAYGROUND_UNRETRIEVED)),
                "gain": self.gain,
                # The playground's grades are whole: a threshold between grades counts from the
                # next grade up, as the results do (a document of grade 1 is not relevant at 1.5).
                "threshold": max(1, _ceil(self.threshold)),
                "max_grade": max([1, *(grade(doc) for doc in [*ranking, *unretrieved])]),
                "readouts": [],
                "max_items": PLAYGROUND_ITEMS + PLAYGROUND_UNRETRIEVED,
                "prediction": None,
            }
        )

    # --- the results --------------------------------------------------------------------

    def compare(self, baseline: str, progress=None) -> str:
        """Every run's means, per-query values and counts, and every other run against
        `baseline` (the first run read when `baseline` could not be read); JSON text (see
        ``_result``). `progress(step, done, total)` (optional) is told how the randomization
        test ("randomization") and the bootstrap ("bootstrap") go."""
        significance = _module("significance")
        if baseline not in self.runs:
            baseline = next(iter(self.runs))
        comparisons = []
        for name, (evaluation, _) in self.runs.items():
            if name == baseline:
                continue
            base = self.runs[baseline][0]
            # Not compared: the registry's measures of the judgments' coverage (judged@k, RBP's
            # residual), which say how far to trust the others.
            uncompared = {metric.key for metric in _module("registry").METRICS if not metric.compared}
            measures = [key for key in base.measures if key.rsplit("@", 1)[0] not in uncompared]
            queries = _sorted(set(base.per_query[measures[0]]) & set(evaluation.per_query[measures[0]]))
            differences = {}
            rows = {}
            for key in measures:
                a = [base.per_query[key][query] for query in queries]
                b = [evaluation.per_query[key][query] for query in queries]
                differences[key] = [y - x for x, y in zip(a, b)]
                if _len(queries) >= 2:
                    test = significance.paired_t_test(a, b)
                    p_t = test.p_value
                else:
                    p_t = float("nan")
                rows[key] = {
                    "delta": sum(differences[key]) / _len(queries) if queries else float("nan"),
                    "pT": p_t,
                    "wins": sum(1 for d in differences[key] if d > 0),
                    "ties": sum(1 for d in differences[key] if d == 0),
                    "losses": sum(1 for d in differences[key] if d < 0),
                }
            if _len(queries) >= 2:  # a paired test needs two queries scored by both runs

                def told(step):
                    return None if progress is None else (lambda done, total: progress(step, done, total))

                randomization = significance.randomization_test(
                    differences, permutations=self.permutations, seed=self.seed, progress=told("randomization")
                )
                intervals = significance.bootstrap_interval(
                    differences,
                    resamples=self.resamples,
                    seed=self.seed,
                    confidence=CONFIDENCE,
                    progress=told("bootstrap"),
                )
            else:
                randomization, intervals = {}, {}
            for key in measures:
                rows[key]["pRandomization"] = randomization.get(key, float("nan"))
                rows[key]["ciLow"], rows[key]["ciHigh"] = intervals.get(key, (float("nan"), float("nan")))
            comparisons.append({"run": name, "queries": _len(queries), "rows": rows})
        self._holm(comparisons, significance)
        return _dumps(self._result(baseline, comparisons))

    @staticmethod
    def _holm(comparisons, significance) -> None:
        """Holm's correction over every comparison on the page (runs x measures), done apart
        for each test; a comparison without a p-value (too few queries) is left out of it."""
        for test in ("pT", "pRandomization"):
            cells = [row for comparison in comparisons for row in comparison["rows"].values() if row[test] == row[test]]
            adjusted = significance.holm([row[test] for row in cells]) if cells else []
            for row, value in zip(cells, adjusted):
                row[test + "Holm"] = value
            for comparison in comparisons:
                for row in comparison["rows"].values():
                    row.setdefault(test + "Holm", float("nan"))

    def _result(self, baseline, comparisons) -> dict:
        """The page's results: numbers as Python reprs (text), so nothing is rounded on the way.

        Each run's per-query values are ``queries`` (its scored queries, in the judgments'
        order) and ``perQuery``: measure key -> list of the values, the i-th for queries[i]
        (RunEvaluation.per_query holds the same queries, in that order, for every key)."""
        runs = []
        for name, (evaluation, summary) in self.runs.items():
            runs.append(
                {
                    "name": name,
                    "measures": list(evaluation.measures),
                    "means": {key: _repr(value) for key, value in evaluation.means.items()},
                    # Arrays by position, not objects keyed by query: thousands of queries
                    # cross to the page and are drawn quickly that way.
                    "queries": list(evaluation.per_query[evaluation.measures[0]]) if evaluation.measures else [],
                    "perQuery": {
                        key: [_repr(value) for value in values.values()] for key, values in evaluation.per_query.items()
                    },
                    "counts": {
                        "scored": evaluation.scored,
                        "skipped": evaluation.skipped,
                        "missing": evaluation.missing,
                        "ignored": evaluation.ignored,
                    },
                    "file": summary,
                }
            )
        compared = 0
        for comparison in comparisons:
            for row in comparison["rows"].values():
                compared += row["pT"] == row["pT"]
                for field in ("delta", "pT", "pRandomization", "pTHolm", "pRandomizationHolm", "ciLow", "ciHigh"):
                    row[field] = _repr(row[field])
        return {
            "baseline": baseline,
            "runs": runs,
            "comparisons": comparisons,
            "holmComparisons": compared,
            "permutations": self.permutations,
            "resamples": self.resamples,
            "seed": self.seed,
            "confidence": CONFIDENCE,
        }


def new_evaluation(options_json: str) -> Evaluation:
    """A new :class:`Evaluation` for one press of Evaluate (the worker calls this)."""
    return Evaluation(options_json)
