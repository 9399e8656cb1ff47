"""The evaluate page (UI contract, "Evaluate your own run"), driven only through its hooks: run and
judgments files made here, uploaded, scored in the page's Python, and checked against what
rankmetrics computes under CPython for the same files; and no request carries any part of them.

Booting Python takes seconds of CPU, so the tests share one evaluate page (`page` here), brought
back to a blank form between tests as a learner would (`blank_form`). A test whose page cannot be
brought back so (routes or init scripts set before the page opens, a reload, a Stop that restarts
Python, a worker made to fail, an empty output asserted) is marked `own_page`: its `page` is one
of its own, which it opens."""

from __future__ import annotations

import functools
import gzip
import math
import os
import random
import re
import threading

import pytest
from helpers import (
    PYTHON_READY_TIMEOUT,
    HeldRequests,
    mark_document,
    open_evaluate,
    recording_page,
    same_document,
    served,
    set_scheme,
)
from playwright.sync_api import expect

from rankmetrics import significance
from rankmetrics.pages.runfiles import read_qrels_text, read_run_text
from rankmetrics.pages.trec import RunEvaluator

TOLERANCE = 1e-12  # as test_rank_playground.py
MARKER = "zq7marker"  # in every docid and query id of the files: no request may carry it
EVALUATE_TIMEOUT = 120_000
OPTIONS = {"cutoffs": [5, 10], "threshold": 1, "gain": "linear", "missing": "score 0"}


def qrels_text(queries=range(1, 9)) -> str:
    lines = []
    for q in queries:
        for d in range(1, 13):
            grade = (q * 7 + d * 3) % 4 if (q + d) % 3 else 0
            lines.append(f"{MARKER}q{q} 0 {MARKER}d{d} {grade}")
    return "\n".join(lines) + "\n"


def run_text(seed: int, queries=range(1, 8)) -> str:
    lines = []
    for q in queries:
        for rank, d in enumerate(sorted(range(1, 16), key=lambda d: (d * (seed + q)) % 17), start=1):
            lines.append(f"{MARKER}q{q} Q0 {MARKER}d{d} {rank} {20 - rank + (d % 2) * 0.5} run{seed}")
    return "\n".join(lines) + "\n"


def expected(run: str, qrels: str, options=OPTIONS, names=("run.txt", "qrels.txt")):
    """What rankmetrics gives for these files (their text, and their names) under CPython."""
    evaluator = RunEvaluator(read_qrels_text(qrels, names[1]).judgments, **options)
    for query, ranking in read_run_text(run, names[0]).rankings.items():
        evaluator.add(query, ranking)
    return evaluator.result()


def agrees(shown: str, value: float) -> bool:
    """`shown` is a float's repr, and the value CPython computes, but for the last bits: Pyodide's
    libm (log2, in NDCG's discount) may round differently from the machine's."""
    return repr(float(shown)) == shown and math.isclose(float(shown), value, rel_tol=0, abs_tol=TOLERANCE)


def key_parts(key: str) -> tuple[str, str]:
    metric, _, k = key.rpartition("@")
    return metric, k


@pytest.fixture
def files(tmp_path):
    paths = {"qrels": tmp_path / "qrels.txt", "A": tmp_path / "A.txt", "B": tmp_path / "B.txt"}
    paths["qrels"].write_text(qrels_text())
    paths["A"].write_text(run_text(1))
    paths["B"].write_text(run_text(4, queries=range(1, 9)))
    return paths


@pytest.fixture(scope="module")
def shared_page(browser, base_url):
    """The evaluate page the module's tests share (`page`), opened once in a profile of its own
    (`recording_page`)."""
    with recording_page(browser) as page:
        open_evaluate(page, base_url)
        yield page


# The form's options as the page first shows them (UI contract), by label.
DEFAULT_FIELDS = {"Cut-offs": "10", "Relevance threshold": "1"}
DEFAULT_CHOICES = {"Gain": "linear", "Queries missing from a run": "score 0"}


def blank_form(page) -> None:
    """Bring the shared page back to a blank form the way a learner would: the playground closed,
    every run removed and the judgments unchosen, the options at their defaults, the reading
    rules folded, a laptop's screen in the light scheme, scrolled to the top. The last results
    stay below the form (nothing clears them but the next evaluation, which does), so a test reads
    only what its own evaluation drew, or what its form shows."""
    page.set_viewport_size({"width": 1280, "height": 720})  # Playwright's default
    set_scheme(page, "light")
    close = page.get_by_role("button", name="Close the playground")
    if close.count():
        close.click()
    expect(page.locator("[data-eval-playground] [data-playground]")).to_have_count(0)
    remove = page.locator("[data-eval-names]").get_by_role("button", name=re.compile("^Remove "))
    for _ in range(remove.count()):  # each Remove leaves an Undo in its row
        remove.first.click()
    form = page.locator("[data-eval-form]")  # its labels, not the results' ("Gain" is in "against")
    form.get_by_label("Run files", exact=True).set_input_files([])  # new files take the removed rows' places
    form.get_by_label("Judgments file", exact=True).set_input_files([])
    for label, value in DEFAULT_FIELDS.items():
        form.get_by_label(label, exact=True).fill(value)
        form.get_by_label(label, exact=True).dispatch_event("change")
    for label, value in DEFAULT_CHOICES.items():
        form.get_by_label(label, exact=True).select_option(value)
    form.get_by_label("Use the rank column", exact=True).set_checked(False)
    rules = page.locator("details", has=page.get_by_text("What the page reads", exact=True))
    if rules.get_attribute("open") is not None:
        rules.locator("summary").click()
    expect(rules).not_to_have_attribute("open", re.compile(".*"))
    page.evaluate("scrollTo(0, 0)")
    expect(page.locator("[data-eval-names]").get_by_role("button")).to_have_count(0)
    expect(page.locator("[data-eval-qrels-dropped]")).to_have_text("")
    expect(page.locator("[data-eval-status]")).not_to_have_attribute(
        "data-eval-status", re.compile("waiting|reading|evaluating")
    )


@pytest.fixture
def page(request):
    """The shared evaluate page with a blank form (`blank_form`), or for a test marked `own_page`
    a new page of its own (not opened yet); the test fails on uncaught errors in the page while
    it ran."""
    if request.node.get_closest_marker("own_page"):
        yield request.getfixturevalue("fresh_page")
        return
    shared_page = request.getfixturevalue("shared_page")
    errors = len(shared_page.js_errors)
    blank_form(shared_page)
    yield shared_page
    new = shared_page.js_errors[errors:]
    del shared_page.js_errors[errors:]  # failed here, not again in the next test
    assert new == [], f"uncaught errors in the page: {new}"


@pytest.fixture(scope="module")
def evaluated(browser, base_url, tmp_path_factory):
    """One evaluate page that has scored runs A and B (the `files` fixture's) with the default
    options, shared by the tests that only look at how its results are laid out: each sets its
    width and scheme, and the page lays itself out again without a new evaluation."""
    folder = tmp_path_factory.mktemp("evaluated")
    paths = {"qrels": folder / "qrels.txt", "A": folder / "A.txt", "B": folder / "B.txt"}
    paths["qrels"].write_text(qrels_text())
    paths["A"].write_text(run_text(1))
    paths["B"].write_text(run_text(4, queries=range(1, 9)))
    with recording_page(browser) as page:
        open_evaluate(page, base_url)
        choose(page, [paths["A"], paths["B"]], paths["qrels"])
        evaluate(page)
        yield page


def evaluated_at(page, width: int, height: int, scheme: str = "light"):
    """The shared evaluated page at this viewport and scheme, scrolled back to its start, once a
    frame has been drawn at the new size: the charts and the tables' label column are drawn again
    by ResizeObservers, whose callbacks run in the frame after the change."""
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate(
        """() => {
          for (const box of document.querySelectorAll(".evaluate-table")) box.scrollTo(0, 0);
          scrollTo(0, 0);
        }"""
    )
    set_scheme(page, scheme)  # and waits for the frames
    return page


class RecordingServer:
    """The built site served with every request's line, headers and body kept (the service
    worker's requests too: whatever reaches the network reaches this server)."""

    def __init__(self):
        self.requests: list[str] = []
        self.lock = threading.Lock()

    def handler(self, base):
        """Wrap the server's handler (a functools.partial of its class) with the recording."""
        recorder = self

        class Recording(base.func):
            def parse_request(self):
                ok = super().parse_request()
                if ok:
                    length = int(self.headers.get("Content-Length") or 0)
                    body = self.rfile.read(length).decode("latin-1") if length else ""
                    with recorder.lock:
                        recorder.requests.append(f"{self.requestline}\n{self.headers}\n{body}")
                return ok

        return functools.partial(Recording, *base.args, **base.keywords)


def choose(page, runs, qrels) -> None:
    page.get_by_label("Run files").set_input_files([str(path) for path in runs])
    page.get_by_label("Judgments file").set_input_files(str(qrels))


# Counts each time the status is given a state from now on (the same state again too), so that an
# evaluation's end is told from the state an earlier one left.
WATCH_STATUS_STATE = """() => {
  const status = document.querySelector("[data-eval-status]");
  window.__statusWatch?.disconnect();
  window.__statusSets = 0;
  window.__statusWatch = new MutationObserver((records) => { window.__statusSets += records.length; });
  window.__statusWatch.observe(status, { attributes: true, attributeFilter: ["data-eval-status"] });
}"""
STATUS_SET_TO = """(state) => window.__statusSets > 0
  && document.querySelector("[data-eval-status]").dataset.evalStatus === state"""


def evaluate(page, state: str = "done") -> None:
    """Press Evaluate and wait until this evaluation (not an earlier one) has left the status in `state`."""
    page.evaluate(WATCH_STATUS_STATE)
    page.get_by_role("button", name="Evaluate", exact=True).click()
    page.wait_for_function(STATUS_SET_TO, arg=state, timeout=EVALUATE_TIMEOUT)
    expect(page.locator("[data-eval-status]")).to_have_attribute("data-eval-status", state)


def cell_value(page, scope: str, run: str, key: str, attribute: str = "data-value") -> str:
    metric, k = key_parts(key)
    cell = page.locator(f'{scope} [data-run="{run}"][data-metric="{metric}"][data-k="{k}"]')
    expect(cell).to_have_count(1)
    return cell.get_attribute(attribute)


def test_means_and_per_query_values_are_rankmetrics_and_nothing_leaves_the_machine(site_dir, browser, files):
    server = RecordingServer()
    with served(site_dir, handler=server.handler) as url:
        context = browser.new_context()
        seen: list[str] = []
        context.on("request", lambda request: seen.append(f"{request.url}\n{request.post_data or ''}"))
        page = context.new_page()
        open_evaluate(page, url)
        page.get_by_label("Cut-offs").fill("5, 10")
        page.get_by_label("Cut-offs").dispatch_event("change")
        choose(page, [files["A"], files["B"]], files["qrels"])
        evaluate(page)
        qrels = files["qrels"].read_text()
        for name in ("A", "B"):
            result = expected(files[name].read_text(), qrels)
            for key in result.measures:
                assert agrees(cell_value(page, "[data-results]", name, key), result.means[key]), (name, key)
            for query in ("zq7markerq1", "zq7markerq3"):
                metric, k = key_parts("ndcg@10")
                cell = page.locator(
                    f'[data-per-query] [data-query="{query}"] [data-run="{name}"][data-metric="{metric}"][data-k="{k}"]'
                )
                assert agrees(cell.get_attribute("data-value"), result.per_query["ndcg@10"][query])
            for count in ("scored", "skipped", "missing", "ignored"):
                cell = page.locator(f'[data-count="{count}"][data-run="{name}"]')
                assert cell.get_attribute("data-value") == str(getattr(result, count))
        # B against the baseline A: the paired t-test's p-value is rankmetrics'.
        a, b = expected(files["A"].read_text(), qrels), expected(files["B"].read_text(), qrels)
        queries = sorted(a.per_query["ndcg@10"])
        test = significance.paired_t_test(
            [a.per_query["ndcg@10"][q] for q in queries], [b.per_query["ndcg@10"][q] for q in queries]
        )
        assert agrees(cell_value(page, "[data-comparison]", "B", "ndcg@10", "data-p-t"), test.p_value)
        assert float(cell_value(page, "[data-comparison]", "B", "ndcg@10", "data-delta")) == pytest.approx(
            test.mean_difference, abs=1e-12
        )
        for attribute in ("data-p-randomization", "data-p-t-holm", "data-p-randomization-holm"):
            assert 0 < float(cell_value(page, "[data-comparison]", "B", "ndcg@10", attribute)) <= 1
        low = float(cell_value(page, "[data-comparison]", "B", "ndcg@10", "data-ci-low"))
        high = float(cell_value(page, "[data-comparison]", "B", "ndcg@10", "data-ci-high"))
        assert low <= test.mean_difference <= high
        expect(page.locator("[data-eval-method]")).to_contain_text("10000 permutations")
        context.close()
    assert any("evaluate.html" in request for request in seen) and server.requests  # both were recording
    leaked = [request for request in seen + server.requests if MARKER in request or "run1" in request]
    assert leaked == [], leaked[:3]


def test_malformed_lines_are_listed_with_file_and_line_and_the_page_stays_usable(page, files, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text(run_text(1) + f"{MARKER}q1 Q0 {MARKER}d99 1 not-a-score x\n{MARKER}q2 Q0 onlyfour 1\n")
    choose(page, [bad], files["qrels"])
    evaluate(page)
    lines = len(run_text(1).splitlines())
    problems = page.locator("[data-eval-problems] > li")
    expect(problems).to_have_count(2)
    expect(problems.nth(0)).to_contain_text(f"bad.txt, line {lines + 1}")
    expect(problems.nth(1)).to_contain_text(f"bad.txt, line {lines + 2}")
    # Still usable: the run removed, another chosen (runs join those chosen), evaluated again.
    page.get_by_role("button", name="Remove bad", exact=True).click()
    choose(page, [files["A"]], files["qrels"])
    evaluate(page)
    expect(page.locator("[data-eval-problems] > li")).to_have_count(0)


def test_a_gzip_run_is_read_as_it_is(page, files, tmp_path):
    packed = tmp_path / "A.txt.gz"
    packed.write_bytes(gzip.compress(files["A"].read_bytes()))
    choose(page, [packed], files["qrels"])
    evaluate(page)
    result = expected(files["A"].read_text(), files["qrels"].read_text(), {**OPTIONS, "cutoffs": [10]})
    assert agrees(cell_value(page, "[data-results]", "A", "ndcg@10"), result.means["ndcg@10"])


@pytest.mark.own_page
def test_the_form_waits_for_its_script_and_then_answers(page, base_url, files):
    """The form's script comes after the page: while it loads, the status says `loading` and
    Evaluate is disabled, so a press (or Enter in a field) cannot submit the form natively and
    reload the page, losing the chosen files; once the script has wired the form, `idle`."""
    chunks = HeldRequests(page, "**/assets/chunks/main-*.js")
    page.goto(f"{base_url}evaluate.html")
    expect(page.locator("[data-eval-status]")).to_have_attribute("data-eval-status", "loading")
    start = page.get_by_role("button", name="Evaluate", exact=True)
    expect(start).to_be_disabled()
    mark_document(page)
    page.get_by_label("Cut-offs").press("Enter")  # a form's implicit submission
    expect(page.locator("[data-eval-status]")).to_have_attribute("data-eval-status", "loading")
    chunks.release()
    expect(page.locator("[data-eval-status]")).to_have_attribute("data-eval-status", "idle")
    expect(start).to_be_enabled()
    assert same_document(page), "the page was submitted and reloaded while its script loaded"
    choose(page, [files["A"]], files["qrels"])
    evaluate(page)


@pytest.mark.own_page
def test_evaluate_pressed_before_python_is_ready_waits_and_says_so(page, base_url, files):
    worker_script = HeldRequests(page, "**/assets/worker.js*")
    open_evaluate(page, base_url)
    choose(page, [files["A"]], files["qrels"])
    page.get_by_role("button", name="Evaluate", exact=True).click()
    status = page.locator("[data-eval-status]")
    expect(status).to_have_attribute("data-eval-status", "waiting")
    expect(status).to_contain_text("Waiting for Python")
    assert worker_script.routes, "the worker's script was not asked for"
    worker_script.release()
    expect(status).to_have_attribute("data-eval-status", "done", timeout=PYTHON_READY_TIMEOUT + EVALUATE_TIMEOUT)


@pytest.mark.own_page
def test_the_options_are_remembered_after_a_reload_and_shown_as_a_trec_eval_command(page, base_url):
    open_evaluate(page, base_url)
    page.get_by_label("Cut-offs").fill("5, 20")
    page.get_by_label("Cut-offs").dispatch_event("change")
    page.get_by_label("Gain").select_option("exponential")
    page.get_by_label("Queries missing from a run").select_option("leave out")
    command = page.locator("[data-eval-command]")
    expect(command).to_contain_text("-m ndcg_cut.5,20")
    expect(command).not_to_contain_text(" -c ")
    expect(page.locator("[data-eval-command-note]")).to_contain_text("Exponential gain has no trec_eval equivalent")
    page.reload()
    expect(page.get_by_label("Cut-offs")).to_have_value("5, 20")
    expect(page.get_by_label("Gain")).to_have_value("exponential")
    expect(page.get_by_label("Queries missing from a run")).to_have_value("leave out")


def test_runs_are_named_by_the_learner_and_the_baseline_is_chosen(page, files):
    choose(page, [files["A"], files["B"]], files["qrels"])
    # Each field is labelled "Name of RUN" by the run's default name (UI contract), which the
    # learner's typing leaves as it is.
    page.get_by_label("Name of A", exact=True).fill("bm25")
    page.get_by_label("Name of B", exact=True).fill("dense")
    expect(page.get_by_label("Name of A", exact=True)).to_have_value("bm25")
    page.get_by_label("Baseline", exact=True).select_option(label="dense")
    evaluate(page)
    expect(page.locator('[data-comparison] [data-run="bm25"]').first).to_be_attached()
    expect(page.locator('[data-comparison] [data-run="dense"]')).to_have_count(0)
    expect(page.get_by_role("heading", name="Against the baseline, dense")).to_be_visible()
    # The charts: the distribution over queries, and bm25 − dense per query, sorted.
    expect(page.locator('[data-chart="distribution"]')).to_have_count(1)
    expect(page.locator('[data-chart="difference"]')).to_have_count(1)
    expect(page.locator('[data-chart="difference"]')).to_have_attribute(
        "aria-label", re.compile(r"^bm25 − dense in NDCG@10")
    )


def test_a_run_is_removed_in_place_undone_and_left_out_of_the_evaluation(page, files, tmp_path):
    (tmp_path / "C.txt").write_text(run_text(7))
    choose(page, [files["A"], files["B"], tmp_path / "C.txt"], files["qrels"])
    page.get_by_label("Baseline", exact=True).select_option(label="C")
    below = page.get_by_label("Name of C", exact=True)
    in_page = "(element) => element.getBoundingClientRect().top + scrollY"  # the click scrolls
    top = below.evaluate(in_page)
    page.get_by_role("button", name="Remove B", exact=True).click()
    # The removed run keeps its row, with Undo in it and the focus on it: nothing slides up.
    expect(page.get_by_label("Name of B", exact=True)).to_have_count(0)
    expect(page.get_by_role("button", name="Undo removing B", exact=True)).to_be_focused()
    assert below.evaluate(in_page) == top
    options = page.get_by_label("Baseline", exact=True).locator("option").all_text_contents()
    assert options == ["A", "C"], options
    expect(page.get_by_label("Baseline", exact=True)).to_have_value("1")  # still C
    evaluate(page)
    expect(page.locator('[data-results] [data-run="B"]')).to_have_count(0)
    expect(page.locator('[data-results] [data-run="A"][data-metric="ndcg"][data-k="10"]')).to_have_count(1)
    expect(page.get_by_role("heading", name="Against the baseline, C")).to_be_visible()
    # Undo puts it back in its place, and the results say they are out of date.
    page.get_by_role("button", name="Undo removing B", exact=True).click()
    expect(page.get_by_role("button", name="Remove B", exact=True)).to_be_focused()
    assert page.get_by_label("Baseline", exact=True).locator("option").all_text_contents() == ["A", "B", "C"]
    expect(page.get_by_label("Baseline", exact=True)).to_have_value("2")
    expect(page.locator("[data-eval-stale]")).to_have_count(1)
    # Choosing files again clears the removed rows.
    page.get_by_role("button", name="Remove A", exact=True).click()
    page.get_by_label("Run files").set_input_files([str(files["B"])])
    expect(page.get_by_role("button", name=re.compile("^Undo"))).to_have_count(0)
    expect(page.get_by_label("Name of B", exact=True)).to_have_value("B")


def test_two_files_of_one_name_get_fields_named_apart(page, files, tmp_path):
    other = tmp_path / "other"
    other.mkdir()
    (other / "A.txt").write_text(run_text(4))
    choose(page, [files["A"], other / "A.txt"], files["qrels"])
    expect(page.get_by_label("Name of A", exact=True)).to_have_value("A")
    expect(page.get_by_label("Name of A (2)", exact=True)).to_have_value("A (2)")


# A File of this many bytes, made in the page of references to one 1 MiB Blob (nothing that large
# is written or held): more than wasm32 lets Python's memory reach (4 GiB), so no browser's page
# can hold it, whatever it says of the device's memory.
HUGE_FILE = """([name, mebibytes]) => {
  const chunk = new Blob([new Uint8Array(1024 * 1024).fill(0x20)]);
  const file = new File(new Array(mebibytes).fill(chunk), name, { type: "text/plain" });
  const transfer = new DataTransfer();
  transfer.items.add(file);
  const input = document.querySelector("[data-eval-qrels]");
  input.files = transfer.files;
  input.dispatchEvent(new Event("change", { bubbles: true }));
  return file.size;
}"""
WASM32_MEBIBYTES = 4096


@pytest.mark.parametrize("device_memory", ["said", "unsaid"])
@pytest.mark.own_page
def test_a_judgments_file_larger_than_the_page_can_hold_is_refused_up_front(page, base_url, files, device_memory):
    if device_memory == "unsaid":  # as in Firefox and Safari
        page.add_init_script("delete Navigator.prototype.deviceMemory;")
    open_evaluate(page, base_url)
    said = page.evaluate("navigator.deviceMemory")
    assert (said is None) == (device_memory == "unsaid")
    choose(page, [files["A"]], files["qrels"])
    size = page.evaluate(HUGE_FILE, ["huge-qrels.txt", WASM32_MEBIBYTES + 100])
    assert size > 4 * 1024**3
    page.get_by_role("button", name="Evaluate", exact=True).click()
    status = page.locator("[data-eval-status]")
    expect(status).to_have_attribute("data-eval-status", "error")
    expect(status).to_contain_text("huge-qrels.txt")
    expect(status).to_contain_text("is too large for this page")
    if said is None:
        expect(status).to_contain_text("this browser does not say how much memory the device has")
    else:
        expect(status).to_contain_text(f"this browser says the device has {said:g} GB of memory")
    expect(status).to_contain_text("Keep only the queries your runs rank")
    expect(page.get_by_role("button", name="Stop")).to_be_disabled()
    expect(page.locator("[data-eval-output]")).to_be_empty()
    # Still usable: the right judgments, evaluated.
    choose(page, [files["A"]], files["qrels"])
    evaluate(page)
    expect(page.locator('[data-results] [data-run="A"][data-metric="ndcg"][data-k="10"]')).to_have_count(1)


@pytest.mark.own_page
def test_without_device_memory_a_file_a_phone_cannot_hold_is_refused_before_it_is_read(page, base_url, files):
    """Every Safari (so every iPhone) says nothing of the device's memory: the bound is then one
    a phone's tab holds, and 200 MiB of judgments is past it."""
    page.add_init_script("delete Navigator.prototype.deviceMemory;")
    open_evaluate(page, base_url)
    assert page.evaluate("navigator.deviceMemory") is None
    choose(page, [files["A"]], files["qrels"])
    page.evaluate(HUGE_FILE, ["phone-qrels.txt", 200])
    page.evaluate(WATCH_STATUS_TEXT)
    page.get_by_role("button", name="Evaluate", exact=True).click()
    status = page.locator("[data-eval-status]")
    expect(status).to_have_attribute("data-eval-status", "error")
    expect(status).to_contain_text("phone-qrels.txt (200 MB) is too large for this page")
    expect(status).to_contain_text("this browser does not say how much memory the device has")
    assert not any(text.startswith("Reading") for text in page.evaluate("window.__statusTexts"))


# The worker fails as a browser out of memory fails it: an error it does not catch, on the
# evaluation's message (which its own handler then never sees).
WORKER_OUT_OF_MEMORY = """self.addEventListener("message", (event) => {
  if (event.data?.type !== "evaluate") return;
  event.stopImmediatePropagation();
  throw new RangeError("out of memory");
});"""


@pytest.mark.own_page
def test_a_worker_that_runs_out_of_memory_mid_evaluation_ends_in_a_message(page, base_url, files):
    def patched(route):
        response = route.fetch()
        route.fulfill(response=response, body=WORKER_OUT_OF_MEMORY + "\n" + response.text())

    page.route("**/assets/worker.js*", patched)
    open_evaluate(page, base_url)
    choose(page, [files["A"]], files["qrels"])
    evaluate(page, "error")
    expect(page.locator("[data-eval-status]")).to_contain_text("Python ran out of memory reading these files")
    expect(page.get_by_role("button", name="Evaluate", exact=True)).to_be_enabled()
    expect(page.get_by_role("button", name="Stop")).to_be_disabled()


def test_gzip_judgments_that_unpack_past_the_bound_are_refused_by_their_trailer(page, files, tmp_path):
    # A small gzip file whose trailer says it unpacks to almost 4 GiB (gzip shrinks sorted qrels
    # 10 times and more: its own size cannot tell); no browser's page holds that much text.
    packed = tmp_path / "qrels.txt.gz"
    member = bytearray(gzip.compress(files["qrels"].read_bytes()))
    said = 2**32 - 1  # the trailer's ISIZE, in bytes
    member[-4:] = said.to_bytes(4, "little")
    packed.write_bytes(member)
    choose(page, [files["A"]], packed)
    page.get_by_role("button", name="Evaluate", exact=True).click()
    status = page.locator("[data-eval-status]")
    expect(status).to_have_attribute("data-eval-status", "error")
    expect(status).to_contain_text("qrels.txt.gz")
    expect(status).to_contain_text("is too large for this page")
    expect(status).to_contain_text(f"it unpacks to about {round(said / 2**20)} MB")


def test_a_gzip_run_not_grouped_by_query_is_refused_by_its_trailer(page, files, tmp_path):
    # A run whose queries come back (so it is read again and held whole) in a gzip file whose
    # trailer says it unpacks to almost 4 GiB: no page holds that, though 6 times its size would
    # fit. Random docids keep it several of File.stream()'s chunks long, so the query's coming
    # back shows in the first chunks, before the end (and its false trailer) is read.
    rng = random.Random(7)
    lines = [f"{MARKER}q{1 + i % 2} Q0 {MARKER}d{rng.getrandbits(64):x} {i} {-i} mixed" for i in range(20_000)]
    packed = tmp_path / "mixed.txt.gz"
    member = bytearray(gzip.compress(("\n".join(lines) + "\n").encode()))
    assert len(member) > 4 * 65536
    said = 2**32 - 1  # the trailer's ISIZE, in bytes
    member[-4:] = said.to_bytes(4, "little")
    packed.write_bytes(member)
    choose(page, [packed], files["qrels"])
    page.get_by_role("button", name="Evaluate", exact=True).click()
    status = page.locator("[data-eval-status]")
    expect(status).to_have_attribute("data-eval-status", "error", timeout=EVALUATE_TIMEOUT)
    expect(status).to_contain_text("mixed.txt.gz")
    expect(status).to_contain_text("a run not grouped by query is held whole")
    expect(status).to_contain_text(f"it unpacks to about {round(said / 2**20)} MB")
    expect(status).to_contain_text("Sort the run by query")


def test_a_broken_gzip_run_is_named_with_what_the_browser_said(page, files, tmp_path):
    packed = tmp_path / "A.txt.gz"
    member = bytearray(gzip.compress(files["A"].read_bytes()))
    member[-4:] = (5).to_bytes(4, "little")  # a trailer that does not match the unpacked length
    packed.write_bytes(member)
    choose(page, [packed], files["qrels"])
    page.get_by_role("button", name="Evaluate", exact=True).click()
    status = page.locator("[data-eval-status]")
    expect(status).to_have_attribute("data-eval-status", "error", timeout=EVALUATE_TIMEOUT)
    expect(status).to_contain_text("A.txt.gz could not be read as gzip: ")
    # Still usable: the same run unpacked takes its place, evaluated.
    choose(page, [files["A"]], files["qrels"])
    expect(page.locator("[data-eval-names] [data-eval-name]")).to_have_count(1)
    evaluate(page)
    expect(page.locator('[data-results] [data-run="A"][data-metric="ndcg"][data-k="10"]')).to_have_count(1)


@pytest.mark.own_page
def test_a_gzip_file_without_decompression_stream_says_to_unpack_it_first(page, base_url, files, tmp_path):
    # A browser without DecompressionStream, from before the page's scripts run.
    page.add_init_script("delete globalThis.DecompressionStream;")
    packed = tmp_path / "A.txt.gz"
    packed.write_bytes(gzip.compress(files["A"].read_bytes()))
    open_evaluate(page, base_url)
    assert page.evaluate("typeof DecompressionStream") == "undefined"
    choose(page, [packed], files["qrels"])
    page.get_by_role("button", name="Evaluate", exact=True).click()
    status = page.locator("[data-eval-status]")
    expect(status).to_have_attribute("data-eval-status", "error")
    expect(status).to_contain_text("A.txt.gz is gzip-compressed, and this browser cannot read gzip")
    expect(status).to_contain_text("gunzip A.txt.gz")
    # Still usable: the unpacked run takes the packed one's place, evaluated.
    choose(page, [files["A"]], files["qrels"])
    expect(page.locator("[data-eval-names] [data-eval-name]")).to_have_count(1)
    evaluate(page)
    expect(page.locator('[data-results] [data-run="A"][data-metric="ndcg"][data-k="10"]')).to_have_count(1)


@pytest.mark.own_page
def test_stop_ends_the_evaluation_and_the_next_one_runs(page, base_url, files, tmp_path):
    big = tmp_path / "big.txt"
    with big.open("w") as out:
        for q in range(4000):
            out.writelines(f"q{q} Q0 d{d} {d} {100 - d} big\n" for d in range(1, 101))
    open_evaluate(page, base_url)
    expect(page.locator("[data-runtime-status]")).to_have_attribute(
        "data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT
    )
    choose(page, [big], files["qrels"])
    page.get_by_role("button", name="Evaluate", exact=True).click()
    status = page.locator("[data-eval-status]")
    expect(status).to_contain_text("Reading big.txt")
    page.get_by_role("button", name="Stop").click()
    expect(status).to_have_attribute("data-eval-status", "idle", timeout=EVALUATE_TIMEOUT)
    expect(status).to_contain_text("Stopped")
    expect(page.get_by_role("button", name="Stop")).to_be_disabled()
    page.get_by_role("button", name="Remove big", exact=True).click()
    choose(page, [files["A"]], files["qrels"])
    evaluate(page)


def test_a_query_opens_in_the_rank_playground_without_ids_in_the_address_or_history(page, files):
    choose(page, [files["A"]], files["qrels"])
    evaluate(page)
    address, history = page.url, page.evaluate("history.length")
    query = f"{MARKER}q2"
    page.get_by_role("button", name=f"Open query {query} in the rank playground").click()
    playground = page.locator("[data-eval-playground] [data-playground]")
    expect(playground).to_have_attribute("data-state", "ready", timeout=PYTHON_READY_TIMEOUT)
    ranking = read_run_text(files["A"].read_text(), "A.txt").rankings[query][:30]
    items = playground.get_by_role("list", name="Ranked list").get_by_role("listitem")
    expect(items).to_have_count(len(ranking))
    assert items.evaluate_all("items => items.map((item) => item.dataset.item)") == ranking
    expect(page.locator("[data-results]")).to_be_visible()  # the results stay
    assert page.url == address and page.evaluate("history.length") == history
    page.get_by_role("button", name="Close the playground").click()
    expect(playground).to_have_count(0)
    assert MARKER not in page.evaluate("JSON.stringify(Object.entries(localStorage))")


def test_csv_and_tsv_files_with_a_header_are_detected_and_said_so(page, files, tmp_path):
    run_csv = tmp_path / "run.csv"
    run_csv.write_text("query,doc,score\n" + "".join(f"q{q},d{d},{d / 10}\n" for q in (1, 2) for d in range(5)))
    qrels_tsv = tmp_path / "qrels.tsv"
    qrels_tsv.write_text("topic\titem\trelevance\nq1\td3\t1\nq2\td4\t2\n")
    choose(page, [run_csv], qrels_tsv)
    evaluate(page)
    expect(page.locator('[data-eval-file="run.csv"]')).to_have_attribute("data-format", "CSV")
    expect(page.locator('[data-eval-file="qrels.tsv"]')).to_have_attribute("data-format", "TSV")
    result = expected(
        run_csv.read_text(), qrels_tsv.read_text(), {**OPTIONS, "cutoffs": [10]}, ("run.csv", "qrels.tsv")
    )
    assert agrees(cell_value(page, "[data-results]", "run", "ndcg@10"), result.means["ndcg@10"])


def test_the_per_query_table_sorts_by_a_column_and_filters_by_query(page, files):
    choose(page, [files["A"]], files["qrels"])
    evaluate(page)
    table = page.locator("[data-per-query]")
    cells = '[data-per-query] [data-query] [data-metric="ndcg"][data-k="10"]'
    table.get_by_role("button", name="NDCG@10", exact=True).click()
    expect(table.get_by_role("columnheader", name="NDCG@10", exact=True)).to_have_attribute("aria-sort", "descending")
    values = [float(v) for v in page.locator(cells).evaluate_all("cells => cells.map((c) => c.dataset.value)")]
    assert values == sorted(values, reverse=True) and len(values) == 8
    page.get_by_label("Filter queries").fill(f"{MARKER}q3")
    expect(table.locator("[data-query]")).to_have_count(1)
    expect(table.locator(f'[data-query="{MARKER}q3"]')).to_have_count(1)


def test_a_query_opens_at_the_results_cut_off_and_its_last_row_has_its_border(page, files):
    page.get_by_label("Cut-offs").fill("20")
    choose(page, [files["A"]], files["qrels"])
    evaluate(page)
    page.get_by_role("button", name=f"Open query {MARKER}q2 in the rank playground").click()
    playground = page.locator("[data-eval-playground] [data-playground]")
    expect(playground).to_have_attribute("data-state", "ready", timeout=PYTHON_READY_TIMEOUT)
    # Its list has 15 documents; precision@20 in the results divides by 20: so does the playground.
    assert len(read_run_text(files["A"].read_text(), "A.txt").rankings[f"{MARKER}q2"]) < 20
    expect(playground.get_by_label("k", exact=True)).to_have_value("20")
    last = playground.get_by_role("list", name="Ranked list").get_by_role("listitem").last
    border = last.evaluate(
        "(item) => [getComputedStyle(item).borderBottomWidth, getComputedStyle(item).borderBottomColor]"
    )
    top = last.evaluate("(item) => getComputedStyle(item).borderTopColor")
    assert float(border[0].removesuffix("px")) >= 1 and border[1] == top, border


@pytest.mark.parametrize(
    ("judgments", "run", "blamed"),
    [
        ("", None, "qrels.txt, the judgments file, is empty"),
        ("q1 0 d1\nq2 0 d2 high\n", None, "qrels.txt, the judgments file, has no line this page can read"),
        (None, "q1 d1 3.0\nq1 Q0 d2 2 x A\n", 'bad.txt, the run file of "bad", has no line this page can read'),
    ],
)
def test_a_file_with_nothing_readable_is_blamed_and_no_table_of_zeros_is_shown(
    page, files, tmp_path, judgments, run, blamed
):
    qrels, runs = files["qrels"], [files["A"]]
    if judgments is not None:
        qrels = tmp_path / "qrels.txt"
        qrels.write_text(judgments)
    if run is not None:
        runs = [tmp_path / "bad.txt"]
        runs[0].write_text(run)
    choose(page, runs, qrels)
    evaluate(page, "error")
    expect(page.locator("[data-eval-status]")).to_contain_text(blamed)
    expect(page.locator("[data-results]")).to_have_count(0)
    expect(page.locator("[data-eval-problems] > li").first).to_be_visible()
    expect(page.locator("[data-eval-problems]")).not_to_contain_text("shares no query")


def test_results_keep_the_page_s_column_and_wide_tables_scroll_in_their_own_box(evaluated):
    page = evaluated_at(evaluated, 1280, 900)
    column = page.locator("[data-eval-form]").evaluate(
        "(form) => { const r = form.getBoundingClientRect(); return [r.left, r.right]; }"
    )
    output = page.locator("[data-eval-output]").evaluate(
        "(output) => { const r = output.getBoundingClientRect(); return [r.left, r.right]; }"
    )
    assert abs(output[0] - column[0]) <= 1 and abs(output[1] - column[1]) <= 1, (output, column)
    boxes = page.locator(".evaluate-table").evaluate_all(
        """(boxes) => boxes.map((box) => {
          const rect = box.getBoundingClientRect();
          return { table: box.firstElementChild.dataset, left: rect.left, right: rect.right, width: box.clientWidth,
                   scroll: box.scrollWidth, overflow: getComputedStyle(box).overflowX };
        })"""
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280  # the page itself does not scroll sideways
    for box in boxes:
        assert box["left"] >= column[0] - 1 and box["right"] <= column[1] + 1 and box["overflow"] == "auto", box
    per_query = next(box for box in boxes if "perQuery" in box["table"])
    assert per_query["scroll"] > per_query["width"], per_query
    # Its last column is reached by scrolling its box.
    box = page.locator(".evaluate-table:has([data-per-query])")
    box.evaluate("(box) => { box.scrollLeft = box.scrollWidth; }")
    last = page.locator("[data-per-query] thead th").last
    inside = box.evaluate(
        "(box, th) => { const b = box.getBoundingClientRect(), r = th.getBoundingClientRect();"
        " return r.left >= b.left - 1 && r.right <= b.right + 1; }",
        last.element_handle(),
    )
    assert inside
    # The results start close under the status's text: no screenful of blank between them.
    gap = page.evaluate(
        """() => {
          const range = document.createRange();
          range.selectNodeContents(document.querySelector("[data-eval-status]"));
          const text = [...range.getClientRects()].at(-1).bottom;
          return document.querySelector("[data-eval-output] h2").getBoundingClientRect().top - text;
        }"""
    )
    assert 0 < gap <= 56, gap


# Scrolled to its far right, each results table still shows its first row's labels at its left
# edge, on a background of their own, and its last value inside the box, uncovered.
ROW_LABELS = """(box) => {
  box.scrollLeft = box.scrollWidth;
  const frame = box.getBoundingClientRect();
  const row = box.querySelector("tbody tr");
  const hit = (cell) => {
    const r = cell.getBoundingClientRect();
    const at = document.elementFromPoint(r.left + Math.min(r.width / 2, 8), r.top + r.height / 2);
    return cell.contains(at);
  };
  const labels = [...row.querySelectorAll("th[scope='row'], td.evaluate-label")];
  const last = row.lastElementChild;
  const r = last.getBoundingClientRect();
  return {
    table: Object.keys(box.firstElementChild.dataset)[0],
    scrolled: box.scrollLeft > 0,
    labels: labels.map((cell) => ({
      text: cell.textContent,
      left: Math.round(cell.getBoundingClientRect().left - frame.left),
      seen: hit(cell),
      background: getComputedStyle(cell).backgroundColor,
    })),
    lastSeen: r.left >= frame.left - 1 && r.right <= frame.right + 1 && hit(last),
  };
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_on_a_phone_each_table_keeps_its_row_labels_in_view_while_its_numbers_scroll(evaluated, scheme):
    page = evaluated_at(evaluated, 390, 844, scheme)
    page_background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    seen = set()
    for box in page.locator(".evaluate-table").all():
        box.scroll_into_view_if_needed()
        found = box.evaluate(ROW_LABELS)
        seen.add(found["table"])
        assert found["lastSeen"], found
        assert found["labels"], found
        for label in found["labels"]:
            assert label["seen"], found
            assert label["background"] == page_background, found  # opaque: no number shows through
        if found["table"] == "results":
            assert not found["scrolled"], found  # the measure names wrap: both runs fit beside them
        if found["table"] == "comparison":
            assert found["scrolled"], found  # too wide for the phone, and it scrolled
            run, measure = found["labels"]
            assert run["left"] <= 1 and measure["left"] > run["left"], found  # Run, then Measure, at the left
    assert {"results", "comparison", "perQuery"} <= seen, seen


# Each chart text's size on the screen (CSS px) and whether it lies within its chart (a label past
# the edge is cut: "+1.00" cut at its left read "-1.00").
CHART_TEXT = """() => [...document.querySelectorAll('[data-eval-charts] text')].map((text) => {
  const matrix = text.getScreenCTM(), box = text.getBoundingClientRect();
  const chart = text.ownerSVGElement.getBoundingClientRect();
  return { text: text.textContent, axis: text.dataset.axisTitle ?? text.dataset.axisLabel ?? null,
           px: parseFloat(getComputedStyle(text).fontSize) * Math.hypot(matrix.a, matrix.b),
           inside: box.left >= chart.left && box.right <= chart.right && box.top >= chart.top
             && box.bottom <= chart.bottom };
})"""


@pytest.mark.parametrize("width", [390, 1280])
def test_chart_text_stays_readable_signed_and_inside_the_chart_with_axis_titles(evaluated, width):
    page = evaluated_at(evaluated, width, 900)
    texts = page.evaluate(CHART_TEXT)
    assert texts and all(text["px"] >= 12 - 1e-6 for text in texts), texts
    assert all(text["inside"] for text in texts), [text for text in texts if not text["inside"]]
    axes = {text["axis"]: text["text"] for text in texts if text["axis"]}
    assert axes["top"].startswith("+") and axes["bottom"].startswith("\u2212"), axes
    histogram = page.locator('[data-chart="distribution"] [data-axis-title]')
    expect(histogram).to_have_count(2)
    expect(histogram.nth(0)).to_have_text("NDCG@10 of a query")
    expect(histogram.nth(1)).to_have_text("Queries")


def test_an_empty_run_name_says_the_run_needs_one_and_keeps_the_results(page, files):
    choose(page, [files["A"]], files["qrels"])
    evaluate(page)
    page.get_by_label("Name of A", exact=True).fill("")
    page.get_by_role("button", name="Evaluate", exact=True).click()
    status = page.locator("[data-eval-status]")
    expect(status).to_have_attribute("data-eval-status", "error")
    expect(status).to_have_text('The run from A.txt needs a name: type one in "Name of A" (its file\'s name will do).')
    expect(page.get_by_label("Name of A", exact=True)).to_be_focused()
    expect(page.locator('[data-results] [data-run="A"]').first).to_be_visible()  # nothing lost


def test_a_seven_column_line_is_listed_once_by_line_and_scored_as_trec_eval_scores_it(page, files, tmp_path):
    text = run_text(1) + f"{MARKER}q8 Q0 {MARKER}d3 1 9.5 run1 extra\n{MARKER}q8 Q0 {MARKER}d4 2\n"
    seven = tmp_path / "seven.txt"
    seven.write_text(text)
    tiny = tmp_path / "tiny.txt"
    tiny.write_text(f"{MARKER}q1 Q0 {MARKER}d1 1 1 tiny\n")
    choose(page, [tiny], files["qrels"])  # under 1 kB: its size in bytes
    expect(page.locator(".evaluate-name .evaluate-hint")).to_have_text(f"tiny.txt, {tiny.stat().st_size} bytes")
    choose(page, [seven], files["qrels"])
    evaluate(page)
    lines = len(run_text(1).splitlines())
    problems = page.locator("[data-eval-problems] > li")
    expect(problems).to_have_count(2)
    expect(problems.nth(0)).to_have_attribute("data-kind", "extra columns")
    first, second = problems.nth(0).text_content(), problems.nth(1).text_content()
    assert first.startswith(f"seven.txt, line {lines + 1}: the line has 7 columns") and "scored" in first, first
    assert second.startswith(f"seven.txt, line {lines + 2}: the line has 4 columns"), second
    assert first.count(f"line {lines + 1}") == 1 and second.count(f"line {lines + 2}") == 1  # "line N" once
    result = expected(text, files["qrels"].read_text(), {**OPTIONS, "cutoffs": [10]}, ("seven.txt", "qrels.txt"))
    assert result.per_query["ndcg@10"][f"{MARKER}q8"] > 0  # the 7-column line is scored
    assert agrees(cell_value(page, "[data-results]", "seven", "ndcg@10"), result.means["ndcg@10"])


def test_each_difference_chart_is_named_by_its_run_and_the_baseline_in_words(page, files, tmp_path):
    third = tmp_path / "C.txt"
    third.write_text(run_text(7))
    choose(page, [files["A"], files["B"], third], files["qrels"])
    evaluate(page)
    captions = page.locator('[data-chart="difference"]').evaluate_all(
        "charts => charts.map((chart) => chart.closest('figure')?.querySelector('figcaption')?.innerText)"
    )
    assert captions == ["B \u2212 A, NDCG@10 per query", "C \u2212 A, NDCG@10 per query"], captions
    page.locator("[data-eval-chart-measure]").select_option(label="Precision@10")
    expect(page.locator("[data-eval-charts] figcaption").first).to_have_text("B \u2212 A, Precision@10 per query")


def test_numbers_line_up_on_the_right_and_names_on_the_left_in_every_table(evaluated):
    page = evaluated_at(evaluated, 1280, 720)
    numbers = page.locator("[data-results] td[data-value], [data-per-query] td[data-value]").evaluate_all(
        "cells => [...new Set(cells.map((cell) => getComputedStyle(cell).textAlign))]"
    )
    assert numbers == ["right"], numbers
    row = page.locator('[data-comparison] tr[data-run="B"]').first
    aligns = row.locator("td").evaluate_all("cells => cells.map((cell) => getComputedStyle(cell).textAlign)")
    assert aligns[0] == "left" and set(aligns[1:]) == {"right"}, aligns
    # each table's header over a column of names lines up with them
    for scope, header in (
        ("[data-results]", "Measure"),
        ("[data-comparison]", "Run"),
        ("[data-comparison]", "Measure"),
    ):
        cell = page.locator(scope).get_by_role("columnheader", name=header, exact=True)
        assert cell.evaluate("cell => getComputedStyle(cell).textAlign") == "left", (scope, header)


@pytest.mark.parametrize("width", [390, 1280])
def test_the_comparison_s_headers_wrap_between_words_never_at_t_test_s_hyphen(evaluated, width):
    page = evaluated_at(evaluated, width, 900)
    for name in ("p, t-test", "p, t-test, Holm"):
        header = page.locator("[data-comparison]").get_by_role("columnheader", name=name, exact=True)
        # The term's text lies on one line: one box per line it takes.
        lines = header.evaluate(
            """(cell) => {
              const text = [...cell.querySelectorAll("*"), cell].flatMap((node) => [...node.childNodes])
                .find((node) => node.nodeType === Node.TEXT_NODE && node.textContent.includes("t-test"));
              const range = document.createRange();
              range.selectNodeContents(text);
              return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
            }"""
        )
        assert lines == 1, (name, lines)


def test_the_per_query_table_keeps_its_query_column_in_view_while_it_scrolls_sideways(page, files):
    page.set_viewport_size({"width": 390, "height": 844})
    many = range(1, 41)  # more rows than the phone's screen holds
    files["qrels"].write_text(qrels_text(many))
    files["A"].write_text(run_text(1, queries=many))
    choose(page, [files["A"], files["B"]], files["qrels"])
    evaluate(page)
    box = page.locator("[data-per-query]").locator("xpath=ancestor::*[@tabindex][1]")
    assert box.evaluate("(box) => box.scrollWidth > box.clientWidth")
    query = page.get_by_role("button", name=re.compile("^Open query ")).first
    query.scroll_into_view_if_needed()  # before the sideways scroll, which it would undo
    box.evaluate("(box) => { box.scrollLeft = box.scrollWidth; }")
    assert box.evaluate("(box) => box.scrollLeft") > 0
    # Scrolled to its far right, the box still shows each query at its left edge, clickable.
    hit = query.evaluate(
        """(button) => {
          const box = button.closest("[tabindex]").getBoundingClientRect();
          const at = button.getBoundingClientRect();
          const x = at.left + at.width / 2, y = at.top + at.height / 2;
          return [Math.round(at.left - box.left), document.elementFromPoint(x, y) === button];
        }"""
    )
    assert hit[1] and 0 <= hit[0] <= 16, hit
    # Scrolled down in its box, the column names stay at its top, above the numbers.
    header = box.evaluate(
        """(box) => {
          box.scrollTop = box.scrollHeight;
          const frame = box.getBoundingClientRect();
          const last = box.querySelector("thead tr:last-child th:last-child").getBoundingClientRect();
          const at = document.elementFromPoint(last.left + 8, last.top + last.height / 2);
          return { scrolled: box.scrollTop > 0, top: Math.round(last.top - frame.top),
                   named: at?.closest("thead") !== null };
        }"""
    )
    assert header == {"scrolled": True, "top": 0, "named": True}, header
    box.evaluate("(box) => { box.scrollTop = 0; }")
    query.click(position={"x": 2, "y": 2})  # where it is (a click elsewhere would scroll it back)
    expect(page.get_by_role("heading", name=re.compile(r"^Query .* as A ranked it$"))).to_be_focused()


def test_with_several_runs_the_trec_eval_note_names_the_runs_the_command_leaves_out(page, files):
    choose(page, [files["A"], files["B"]], files["qrels"])
    expect(page.locator("[data-eval-command]")).to_contain_text(" qrels.txt A.txt")
    expect(page.locator("[data-eval-command-note]")).to_contain_text(
        "trec_eval takes one run at a time: run it again with B.txt in place of A.txt."
    )


def test_results_say_they_are_out_of_date_once_the_form_changes_until_evaluate_is_pressed(page, files):
    choose(page, [files["A"], files["B"]], files["qrels"])
    evaluate(page)
    stale = page.locator("[data-eval-stale]")
    expect(stale).to_have_count(0)
    page.locator("[data-eval-chart-measure]").select_option(label="Precision@10")  # the results' own controls
    page.get_by_label("Filter queries").fill("q")
    expect(stale).to_have_count(0)
    page.get_by_label("Baseline", exact=True).select_option(label="B")
    expect(stale).to_be_visible()
    expect(stale).to_contain_text("press Evaluate to update them")
    # Downloaded now, each export says first that it is out of date for the form.
    for name, comment in [("means.csv", "# "), ("per-query.csv", "# "), ("means.md", "<!-- "), ("means.tex", "% ")]:
        with page.expect_download() as info:
            page.locator(f'[data-eval-export="{name}"]').click()
        first = open(info.value.path(), encoding="utf-8").readline()
        assert first.startswith(f"{comment}Out of date: "), (name, first)
    page.get_by_label("Relevance threshold").fill("2")
    expect(stale).to_have_count(1)
    evaluate(page)
    expect(stale).to_have_count(0)
    expect(page.get_by_role("heading", name="Against the baseline, B")).to_be_visible()
    with page.expect_download() as info:
        page.locator('[data-eval-export="means.csv"]').click()
    assert open(info.value.path(), encoding="utf-8").readline().startswith("run,")


DROP = """([files]) => {
  const transfer = new DataTransfer();
  for (const [name, text] of files) transfer.items.add(new File([text], name));
  document.querySelector("main").dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
}"""


def test_dropped_judgments_are_named_beside_their_emptied_file_input(page, files):
    dropped = [["A.txt", files["A"].read_text()], ["my-qrels.txt", files["qrels"].read_text()]]
    page.evaluate(DROP, [dropped])
    hint = page.locator("[data-eval-qrels-dropped]")
    expect(hint).to_contain_text("In use: my-qrels.txt")
    assert page.get_by_label("Judgments file").evaluate("input => input.files.length") == 0
    evaluate(page)
    expect(page.locator('[data-results] [data-run="A"]').first).to_be_visible()
    page.get_by_label("Judgments file").set_input_files(str(files["qrels"]))
    expect(hint).to_have_text(re.compile(r"^In use: qrels\.txt, \d+ (bytes|kB)$"))  # chosen, not dropped


def test_two_run_files_of_one_name_are_each_listed_with_their_own_problems(page, files, tmp_path):
    other = tmp_path / "other"
    other.mkdir()
    (other / "A.txt").write_text(run_text(4) + f"{MARKER}q1 Q0 onlyfour 1\n")
    choose(page, [files["A"], other / "A.txt"], files["qrels"])
    evaluate(page)
    listed = page.locator("[data-eval-files] > li")
    expect(listed).to_have_count(3)
    expect(listed.nth(1)).to_have_text(f'A.txt (run "A"): detected TREC run, {len(run_text(1).splitlines())} lines.')
    expect(listed.nth(2)).to_have_text(
        f'A.txt (2) (run "A (2)"): detected TREC run, {len(run_text(4).splitlines()) + 1} lines.'
    )
    problems = page.locator("[data-eval-problems] > li")
    expect(problems).to_have_count(1)
    expect(problems.nth(0)).to_contain_text(f"A.txt (2), line {len(run_text(4).splitlines()) + 1}: the line has 4")


def test_closing_the_playground_by_keyboard_puts_the_focus_back_on_the_query_that_opened_it(page, files):
    choose(page, [files["A"]], files["qrels"])
    evaluate(page)
    opener = page.get_by_role("button", name=f"Open query {MARKER}q5 in the rank playground")
    opener.focus()
    page.keyboard.press("Enter")
    playground = page.locator("[data-eval-playground] [data-playground]")
    expect(playground).to_have_attribute("data-state", "ready", timeout=PYTHON_READY_TIMEOUT)
    expect(page.get_by_role("heading", name=f"Query {MARKER}q5 as A ranked it")).to_be_focused()
    page.get_by_role("button", name="Close the playground").focus()
    page.keyboard.press("Enter")
    expect(playground).to_have_count(0)
    expect(opener).to_be_focused()
    # Filtered out of the table meanwhile: the focus goes to the table's box, not to the page's top.
    opener.click()
    expect(playground).to_have_attribute("data-state", "ready", timeout=PYTHON_READY_TIMEOUT)
    page.get_by_label("Filter queries").fill(f"{MARKER}q1")
    page.get_by_role("button", name="Close the playground").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("region", name="Each query's values")).to_be_focused()


def test_with_five_runs_of_long_names_the_legend_wraps_inside_the_chart_and_each_run_has_its_colour(
    page, files, tmp_path
):
    page.set_viewport_size({"width": 390, "height": 900})
    names = ["bm25_rm3_tuned", "splade_pp_ed", "colbertv2_plaid", "monot5_rerank", "hybrid_rrf"]
    runs = []
    for seed, name in enumerate(names, start=1):
        runs.append(tmp_path / f"{name}.txt")
        runs[-1].write_text(run_text(seed))
    choose(page, runs, files["qrels"])
    evaluate(page)
    texts = page.evaluate(CHART_TEXT)
    assert all(text["inside"] for text in texts), [text for text in texts if not text["inside"]]
    legend = page.locator('[data-chart="distribution"] [data-legend]')
    assert legend.evaluate_all("texts => texts.map((text) => text.dataset.legend)") == names
    fills = page.locator('[data-chart="distribution"] rect:not(.evaluate-bar)').evaluate_all(
        "swatches => swatches.map((swatch) => getComputedStyle(swatch).fill)"
    )
    assert len(fills) == len(names) and len(set(fills)) == len(names), fills


def test_a_run_sharing_no_query_with_the_judgments_is_counted_among_the_problems(page, files, tmp_path):
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text(run_text(1).replace(f"{MARKER}q", f"{MARKER}other"))
    choose(page, [files["A"], elsewhere], files["qrels"])
    evaluate(page)
    problems = page.locator("[data-eval-problems] > li")
    expect(problems).to_have_count(1)
    expect(problems.nth(0)).to_contain_text("elsewhere.txt: shares no query with the judgments")
    expect(page.get_by_role("heading", name=re.compile(r"^Problems"))).to_have_text("Problems (1)")


@pytest.mark.own_page
def test_evaluate_pressed_before_python_fails_to_load_says_so_instead_of_waiting(page, base_url, files):
    held = []
    page.route("**/assets/worker.js*", lambda route: held.append(route))
    open_evaluate(page, base_url)
    choose(page, [files["A"]], files["qrels"])
    page.get_by_role("button", name="Evaluate", exact=True).click()
    status = page.locator("[data-eval-status]")
    expect(status).to_have_attribute("data-eval-status", "waiting")
    assert held, "the worker's script was not asked for"
    for route in held:
        route.fulfill(status=404, body="")
    expect(page.locator("[data-runtime-status]")).to_have_attribute("data-runtime-status", "error")
    expect(status).to_have_attribute("data-eval-status", "error")
    expect(status).to_contain_text("Python could not load")
    expect(page.get_by_role("button", name="Evaluate", exact=True)).to_be_enabled()


@pytest.mark.parametrize("threshold", ["0", "-1"])
def test_a_threshold_of_zero_or_less_is_refused_before_anything_is_read(page, files, threshold):
    field = page.get_by_label("Relevance threshold")
    field.fill(threshold)
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(page.locator("[data-eval-command]")).to_be_hidden()
    choose(page, [files["A"]], files["qrels"])
    page.get_by_role("button", name="Evaluate", exact=True).click()
    status = page.locator("[data-eval-status]")
    expect(status).to_have_attribute("data-eval-status", "error")
    expect(status).to_have_text(
        "The relevance threshold must be a number above 0 (a document nobody judged has grade 0), e.g. 1."
    )
    expect(field).to_be_focused()


@pytest.mark.parametrize("width", [390, 1280])
def test_the_file_pickers_come_first_with_the_reading_rules_folded_below_them(page, files, width):
    page.set_viewport_size({"width": width, "height": 844})
    for label in ("Run files", "Judgments file"):
        bottom = page.get_by_label(label).evaluate("(input) => input.getBoundingClientRect().bottom")
        assert bottom < 844, (label, bottom)  # in the first screen
    rules = page.locator("details", has=page.get_by_text("What the page reads", exact=True))
    expect(rules).to_have_count(1)
    expect(rules).not_to_have_attribute("open", re.compile(".*"))
    expect(rules.get_by_text("TREC run", exact=True)).to_be_hidden()
    after = page.locator("[data-eval-form]").evaluate(
        "(form, rules) => Boolean(form.compareDocumentPosition(rules) & Node.DOCUMENT_POSITION_FOLLOWING)",
        rules.element_handle(),
    )
    assert after
    rules.locator("summary").click()
    expect(rules.get_by_text("TREC run", exact=True)).to_be_visible()
    # No Baseline drop-down until there is a run to choose.
    expect(page.get_by_label("Baseline", exact=True)).to_be_hidden()
    page.get_by_label("Run files").set_input_files([str(files["A"])])
    expect(page.get_by_label("Baseline", exact=True)).to_be_visible()
    page.get_by_role("button", name="Remove A", exact=True).click()
    expect(page.get_by_label("Baseline", exact=True)).to_be_hidden()


WATCH_STATUS_TEXT = """() => {
  const status = document.querySelector('[data-eval-status]');
  window.__statusTexts = [];
  new MutationObserver(() => window.__statusTexts.push(status.textContent))
    .observe(status, { subtree: true, childList: true, characterData: true });
}"""


def test_a_run_not_grouped_by_query_says_it_is_sorted_after_it_is_read(page, files, tmp_path):
    shuffled = tmp_path / "shuffled.txt"
    lines = run_text(1).splitlines()
    random.Random(7).shuffle(lines)
    shuffled.write_text("\n".join(lines) + "\n")
    choose(page, [shuffled], files["qrels"])
    page.evaluate(WATCH_STATUS_TEXT)
    evaluate(page)
    texts = page.evaluate("window.__statusTexts")
    sorting = texts.index("Sorting shuffled.txt by query…")
    assert any(text.startswith("Reading shuffled.txt: ") for text in texts[:sorting]), texts
    assert texts[-1].startswith("Done: "), texts
    value = cell_value(page, "[data-results]", "shuffled", "ndcg@10")
    assert agrees(value, expected(run_text(1), qrels_text()).means["ndcg@10"])


def edit_on_disk(path, text: str) -> None:
    """Write `text` to `path`, its modification time a minute later: a change the browser sees."""
    later = path.stat().st_mtime + 60
    path.write_text(text)
    os.utime(path, (later, later))


def test_a_file_edited_on_disk_is_asked_for_again_and_once_chosen_again_it_is_evaluated(page, files):
    """Chromium refuses to read a chosen file changed on disk since (a real change here, no
    simulation); each file input is emptied once its files are taken, so the same file can be
    chosen again."""
    choose(page, [files["A"], files["B"]], files["qrels"])
    for label in ("Run files", "Judgments file"):
        assert page.get_by_label(label).evaluate("(input) => input.value") == ""
    qrels_hint = page.locator("[data-eval-qrels-dropped]")
    expect(qrels_hint).to_have_text(re.compile(r"^In use: qrels\.txt, \d+ (bytes|kB)$"))
    evaluate(page)
    edit_on_disk(files["A"], run_text(6))
    page.get_by_role("button", name="Evaluate", exact=True).click()
    status = page.locator("[data-eval-status]")
    expect(status).to_have_attribute("data-eval-status", "error")
    expect(status).to_have_text("A.txt changed on disk since you chose it: choose it again.")
    row = page.get_by_label("Name of A", exact=True).locator("xpath=..")
    expect(row.locator("[data-eval-changed]")).to_have_text(
        "A.txt changed on disk since you chose it: choose it again."
    )
    expect(page.locator("[data-eval-changed]")).to_have_count(1)  # B is read as before
    stale = page.locator("[data-eval-stale]")  # the results shown are the earlier file's
    expect(stale).to_have_text(re.compile(r"^A file has changed on disk since these results: choose it again"))
    # Chosen again: the same run, read as it is now.
    page.get_by_label("Run files").set_input_files([str(files["A"])])
    expect(page.locator("[data-eval-changed]")).to_have_count(0)
    expect(page.get_by_label("Name of B", exact=True)).to_have_value("B")
    expect(page.locator("[data-eval-names] [data-eval-name]")).to_have_count(2)
    evaluate(page)
    assert agrees(
        cell_value(page, "[data-results]", "A", "ndcg@10"),
        expected(run_text(6), qrels_text(), names=("A.txt", "qrels.txt")).means["ndcg@10"],
    )
    # Removed, edited, then chosen again: back, and read as it is now.
    page.get_by_role("button", name="Remove A", exact=True).click()
    edit_on_disk(files["A"], run_text(9))
    page.get_by_label("Run files").set_input_files([str(files["A"])])
    expect(page.get_by_label("Name of A", exact=True)).to_have_value("A")
    expect(stale).to_have_count(1)  # the results before, until the next evaluation starts
    page.get_by_role("button", name="Evaluate", exact=True).click()
    expect(stale).to_have_count(0)
    expect(status).to_have_attribute("data-eval-status", "done", timeout=EVALUATE_TIMEOUT)
    assert agrees(
        cell_value(page, "[data-results]", "A", "ndcg@10"),
        expected(run_text(9), qrels_text(), names=("A.txt", "qrels.txt")).means["ndcg@10"],
    )
    # The judgments too.
    edit_on_disk(files["qrels"], qrels_text().replace(" 0\n", " 1\n"))
    page.get_by_role("button", name="Evaluate", exact=True).click()
    expect(status).to_have_text("qrels.txt changed on disk since you chose it: choose it again.")
    expect(qrels_hint).to_have_text("qrels.txt changed on disk since you chose it: choose it again.")
    page.get_by_label("Judgments file").set_input_files(str(files["qrels"]))
    expect(qrels_hint).to_have_text(re.compile(r"^In use: qrels\.txt, "))
    evaluate(page)


def test_an_invalid_cut_off_hides_the_trec_eval_line_and_a_valid_one_brings_it_back(page):
    line = page.get_by_text("The same numbers from trec_eval:")
    expect(line).to_be_visible()
    page.get_by_label("Cut-offs").fill("abc")
    expect(page.locator("[data-eval-command-note]")).to_have_text(
        'Cut-off "abc" is not a whole number from 1 to 10000.'
    )
    expect(line).to_be_hidden()
    expect(page.locator("[data-eval-command]")).to_be_hidden()
    page.get_by_label("Cut-offs").fill("5")
    expect(line).to_be_visible()
    expect(page.locator("[data-eval-command]")).to_contain_text("-m ndcg_cut.5 ")


def test_queries_without_a_value_sort_last_in_both_directions(page, files):
    page.get_by_label("Queries missing from a run").select_option("leave out")
    choose(page, [files["A"], files["B"]], files["qrels"])  # A has no line for q8
    evaluate(page)
    table = page.locator("[data-per-query]")
    header = table.get_by_role("button", name="A: NDCG@10", exact=True)
    order = table.locator("tbody [data-query]")
    for direction in ("descending", "ascending"):
        header.click()
        expect(table.get_by_role("columnheader", name="A: NDCG@10", exact=True)).to_have_attribute(
            "aria-sort", direction
        )
        queries = order.evaluate_all("rows => rows.map((row) => row.dataset.query)")
        assert queries[-1] == f"{MARKER}q8" and len(queries) == 8, (direction, queries)


# Records the status box's height at every change of its text or of the progress bar, from now on.
WATCH_STATUS_HEIGHT = """() => {
  const box = document.querySelector('[data-eval-status]').parentElement;
  window.__statusHeights = [box.getBoundingClientRect().height];
  new MutationObserver(() => window.__statusHeights.push(box.getBoundingClientRect().height))
    .observe(box, { subtree: true, childList: true, characterData: true, attributes: true });
}"""


@pytest.mark.parametrize("width", [390, 1280])
def test_the_status_keeps_its_height_while_an_evaluation_reads_compares_and_ends(page, files, width):
    page.set_viewport_size({"width": width, "height": 900})
    choose(page, [files["A"], files["B"]], files["qrels"])
    page.evaluate(WATCH_STATUS_HEIGHT)
    evaluate(page)
    heights = page.evaluate("window.__statusHeights")
    assert len(heights) > 3 and len(set(heights)) == 1, heights  # nothing below it moves


def test_negative_grades_are_read_as_judged_not_relevant_with_one_note_and_no_problem(page, files, tmp_path):
    # The Web track's -2 (spam) and trec_eval's test data's -1, on documents the run ranks.
    negative = f"{MARKER}q1 0 {MARKER}d13 -2\n{MARKER}q2 0 {MARKER}d14 -1\n{MARKER}q3 0 {MARKER}d15 -2\n"
    qrels = tmp_path / "qrels.txt"
    qrels.write_text(qrels_text() + negative)
    choose(page, [files["A"]], qrels)
    evaluate(page)
    expect(page.locator("[data-eval-problems] > li")).to_have_count(0)
    expect(page.locator('[data-eval-note="qrels.txt"]')).to_have_text(
        "qrels.txt: 3 judgments below 0 were read as judged, not relevant: no gain in any measure, as trec_eval gives none."
    )
    result = expected(files["A"].read_text(), qrels.read_text())
    baseline = expected(files["A"].read_text(), qrels_text())
    assert result.means["judged@10"] > baseline.means["judged@10"]  # they count as judged
    for key in ("judged@10", "ndcg@10", "precision@10"):
        assert agrees(cell_value(page, "[data-results]", "A", key), result.means[key]), key
    assert result.means["ndcg@10"] == baseline.means["ndcg@10"]  # and give no gain


def test_a_semicolon_file_with_decimal_commas_is_read_as_a_comma_decimal_spreadsheet_saves_it(page, files, tmp_path):
    rows = [line.split() for line in run_text(1).splitlines()]
    spreadsheet = tmp_path / "sheet.csv"
    spreadsheet.write_text(
        "query;doc;score\n" + "".join(f"{q};{d};{s.replace('.', ',')}\n" for q, _, d, _, s, _ in rows)
    )
    assert ",5\n" in spreadsheet.read_text()
    choose(page, [spreadsheet], files["qrels"])
    command = page.locator("[data-eval-command]")
    expect(command).to_contain_text(" -q qrels.txt sheet.csv")  # its format is known once it is read
    evaluate(page)
    expect(page.locator('[data-eval-file="sheet.csv"]')).to_have_attribute("data-format", "CSV (semicolons)")
    # trec_eval cannot read it: no command that would fail, and the note says why.
    expect(command).to_be_hidden()
    expect(page.locator("[data-eval-command-note]")).to_have_text(
        "trec_eval reads only whitespace-separated TREC files: sheet.csv is CSV (semicolons)."
    )
    expect(page.locator("[data-eval-problems] > li")).to_have_count(0)
    result = expected(files["A"].read_text(), files["qrels"].read_text())
    assert agrees(cell_value(page, "[data-results]", "sheet", "ndcg@10"), result.means["ndcg@10"])


def test_an_unreadable_run_is_named_first_and_the_other_runs_are_still_evaluated(page, files, tmp_path):
    thousands = tmp_path / "thousands.csv"  # every score with a thousands separator: nothing readable
    thousands.write_text(f"query;doc;score\n{MARKER}q1;{MARKER}d1;1.234,5\n{MARKER}q1;{MARKER}d2;2.345,5\n")
    binary = tmp_path / "binary.txt"
    binary.write_bytes(bytes(random.Random(7).randrange(256) for _ in range(5000)) + b"\0")
    qrels = tmp_path / "qrels.txt"
    qrels.write_text(qrels_text() + f"{MARKER}q1 0 {MARKER}d99 high\n")  # a problem in a file that was read
    choose(page, [thousands, files["A"], binary, files["B"]], qrels)  # the baseline, first, is unreadable
    choices = page.get_by_label("Baseline", exact=True).locator("option")
    expect(choices).to_have_text(["thousands", "A", "binary", "B"])
    evaluate(page)
    status = page.locator("[data-eval-status]")
    expect(status).to_have_text(
        "Done: 2 runs, 8 queries. Not evaluated: thousands.csv, binary.txt, whose problems are listed below. "
        "The baseline is A instead."
    )
    # The runs not read are no longer offered as the baseline, which shows the one used.
    expect(choices).to_have_text(["A", "B"])
    expect(page.get_by_label("Baseline", exact=True).locator("option:checked")).to_have_text("A")
    expect(page.locator("[data-eval-stale]")).to_have_count(0)
    expect(page.locator("[data-results] thead th")).to_have_text(["Measure", "A", "B"])
    expect(page.locator('[data-eval-file="binary.txt"]')).to_contain_text("Not evaluated: nothing in it could be read.")
    problems = page.locator("[data-eval-problems] > li")
    expect(problems).to_have_count(3)
    expect(problems.nth(0)).to_have_text(
        "thousands.csv: 2 lines with this problem, e.g. lines 2, 3. Line 2: the score '1.234,5' is not a finite "
        "number: write a number with one decimal comma and no thousands separator, such as 12,5 in the score column."
    )
    expect(problems.nth(1)).to_have_text(
        "binary.txt: this is not a text file (it holds NUL bytes): choose the run file."
    )
    expect(problems.nth(2)).to_have_attribute("data-file", "qrels.txt")
    expect(problems.nth(0)).to_be_visible()  # open, whatever the other files' problems
    result = expected(run_text(4, queries=range(1, 9)), qrels.read_text(), names=("B.txt", "qrels.txt"))
    assert agrees(cell_value(page, "[data-results]", "B", "ndcg@10"), result.means["ndcg@10"])


def test_a_file_that_is_not_text_is_named_before_it_is_read_and_latin_1_text_is_read(page, files, tmp_path):
    binary = tmp_path / "binary.txt"
    binary.write_bytes(gzip.compress(bytes(random.Random(3).randrange(256) for _ in range(5000)) + b"\0"))
    choose(page, [files["A"]], binary)
    evaluate(page, "error")
    expect(page.locator("[data-eval-status]")).to_have_text(
        "The evaluation failed: binary.txt is not a text file (it holds NUL bytes): choose the judgments file."
    )
    expect(page.locator("[data-results]")).to_have_count(0)
    page.get_by_role("button", name="Remove A", exact=True).click()  # chosen runs join those listed
    choose(page, [binary], files["qrels"])  # the only run: nothing to evaluate
    evaluate(page, "error")
    expect(page.locator("[data-eval-status]")).to_have_text(
        "The evaluation failed: binary.txt is not a text file (it holds NUL bytes): choose the run file."
    )
    expect(page.locator("[data-results]")).to_have_count(0)
    expect(page.locator("[data-eval-problems] > li")).to_have_text(
        ["binary.txt: this is not a text file (it holds NUL bytes): choose the run file."]
    )
    expect(page.locator("[data-eval-problems] > li").first).to_be_visible()
    # Latin-1 ids (as trec_eval reads bytes) are text: read, and matched across the two files.
    latin = tmp_path / "latin.txt"
    latin.write_bytes(run_text(1).replace(f"{MARKER}d1 ", f"{MARKER}d\xe91 ").encode("latin-1"))
    latin_qrels = tmp_path / "latin-qrels.txt"
    latin_qrels.write_bytes(qrels_text().replace(f"{MARKER}d1 ", f"{MARKER}d\xe91 ").encode("latin-1"))
    page.get_by_role("button", name="Remove binary", exact=True).click()
    choose(page, [latin], latin_qrels)
    evaluate(page)
    expect(page.locator("[data-eval-problems] > li")).to_have_count(0)
    result = expected(run_text(1), qrels_text())
    assert agrees(cell_value(page, "[data-results]", "latin", "ndcg@10"), result.means["ndcg@10"])


def test_problems_are_one_entry_per_kind_and_file_in_a_folded_list_and_counts_read_in_english(page, files, tmp_path):
    lines = len(run_text(1).splitlines())
    noisy = tmp_path / "noisy.txt"
    noisy.write_text(run_text(1) + f"{MARKER}q1 Q0 x 1\n" * 150 + f"{MARKER}q2 Q0 {MARKER}d1 1 high r\n")
    choose(page, [noisy], files["qrels"])
    evaluate(page)
    expect(page.locator("[data-eval-status]")).to_have_text("Done: 1 run, 8 queries.")
    expect(page.get_by_role("heading", name=re.compile(r"^Problems"))).to_have_text("Problems (151)")
    problems = page.locator("[data-eval-problems] > li")
    expect(problems).to_have_count(2)
    expect(problems.nth(0)).to_have_attribute("data-count", "150")
    expect(problems.nth(0)).to_have_attribute("data-lines", f"{lines + 1} {lines + 2} {lines + 3}")
    expect(problems.nth(0)).to_contain_text(
        f"noisy.txt: 150 lines with this problem, e.g. lines {lines + 1}, {lines + 2}, {lines + 3}. "
        f"Line {lines + 1}: the line has 4 columns"
    )
    expect(problems.nth(1)).to_contain_text(f"noisy.txt, line {lines + 151}: the score 'high'")
    expect(problems.nth(0)).to_be_hidden()  # folded: the results come first
    page.get_by_text("Show them by kind (2 entries)").click()
    expect(problems.nth(0)).to_be_visible()
    # One query, one run.
    one = tmp_path / "one-qrels.txt"
    one.write_text("".join(line + "\n" for line in qrels_text().splitlines() if line.startswith(f"{MARKER}q1 ")))
    page.get_by_role("button", name="Remove noisy", exact=True).click()
    choose(page, [files["A"]], one)
    evaluate(page)
    expect(page.locator("[data-eval-status]")).to_have_text("Done: 1 run, 1 query.")
    expect(page.locator(".evaluate-filter span")).to_have_text("1 query")


def test_err_and_rbp_come_through_the_registry_to_every_table_export_and_the_command_note(page, files):
    page.get_by_label("Cut-offs").fill("5, 10")
    page.get_by_label("Cut-offs").dispatch_event("change")
    note = page.locator("[data-eval-command-note]")
    expect(note).to_contain_text("trec_eval has no Reciprocal rank@k, ERR@k, RBP@k")
    expect(note).to_contain_text("'RR(rel=1)@5 RR(rel=1)@10 ERR@5 ERR@10 RBP(rel=1,p=0.8)'")
    choose(page, [files["A"], files["B"]], files["qrels"])
    evaluate(page)
    qrels = files["qrels"].read_text()
    result = expected(files["B"].read_text(), qrels)
    for key in ("err@10", "rbp@5", "rbp@all", "rbp_residual@all"):
        assert agrees(cell_value(page, "[data-results]", "B", key), result.means[key]), key
        metric, k = key_parts(key)
        cell = page.locator(
            f'[data-per-query] [data-query="zq7markerq3"] [data-run="B"][data-metric="{metric}"][data-k="{k}"]'
        )
        assert agrees(cell.get_attribute("data-value"), result.per_query[key]["zq7markerq3"]), key
    # Compared: ERR and RBP; never RBP's residual, a measure of the judgments' coverage.
    assert 0 < float(cell_value(page, "[data-comparison]", "B", "err@10", "data-p-t")) <= 1
    expect(page.locator('[data-comparison] [data-metric="rbp_residual"]')).to_have_count(0)
    expect(page.locator("[data-results]")).to_contain_text("RBP residual (full list)")
    with page.expect_download() as info:
        page.locator('[data-eval-export="means.md"]').click()
    markdown = open(info.value.path(), encoding="utf-8").read()
    assert "| ERR@10 |" in markdown and "| RBP (full list) |" in markdown
    with page.expect_download() as info:
        page.locator('[data-eval-export="per-query.csv"]').click()
    assert ",err@10," in open(info.value.path(), encoding="utf-8").read()


def test_on_a_phone_the_means_of_three_runs_fit_without_a_column_cut_at_the_edge(page, files, tmp_path):
    """Run names without a space (as file names come) wrap inside their column's head, so three
    runs' means fit the phone's width: no column is cut at the edge of the box."""
    page.set_viewport_size({"width": 390, "height": 844})
    runs = [tmp_path / name for name in ("bm25_tuned.txt", "splade_v2.txt", "colbert_v2.txt")]
    for seed, path in enumerate(runs, start=1):
        path.write_text(run_text(seed))
    choose(page, runs, files["qrels"])
    evaluate(page)
    expect(page.locator("[data-results] thead th")).to_have_text(["Measure", "bm25_tuned", "splade_v2", "colbert_v2"])
    box = page.locator(".evaluate-table:has([data-results])")
    widths = box.evaluate("(box) => [box.scrollWidth, box.clientWidth]")
    assert widths[0] <= widths[1], widths
    last = page.locator("[data-results] thead th").last
    inside = box.evaluate(
        "(box, th) => th.getBoundingClientRect().right <= box.getBoundingClientRect().right + 1",
        last.element_handle(),
    )
    assert inside


def test_on_a_phone_long_run_file_names_never_widen_the_page(page, files, tmp_path):
    """Run files named as experiments are (long, no spaces or hyphens): their rows, the run list,
    the trec_eval command's notes and the results stay inside a 390 px screen, before and after Evaluate; the page never scrolls
    sideways. The trec_eval command wraps between options, never inside one ("-m P.10")."""
    page.set_viewport_size({"width": 390, "height": 844})
    names = (
        "ranker_bm25_baseline_2026-11-30_final.txt",
        "ranker_dense_e5_large_finetuned_v2.txt",
        "ranker_hybrid_rrf_k60_rerank_top100_query_expansion_pseudo_relevance_feedback_bm25_v3.txt",
    )
    runs = [tmp_path / name for name in names]
    for seed, path in enumerate(runs, start=1):
        path.write_text(run_text(seed))
    width = "() => document.documentElement.scrollWidth"
    assert page.evaluate(width) <= 390
    choose(page, runs, files["qrels"])
    expect(page.locator("[data-eval-names] .evaluate-name")).to_have_count(3)
    assert page.evaluate(width) <= 390, "the run list widens the page"
    options = page.locator("[data-eval-command] span")
    expect(options.filter(has_text="-m P.")).to_have_count(1)
    lines = options.evaluate_all("(options) => options.map((option) => option.getClientRects().length)")
    assert lines == [1] * len(lines), f"an option of the command is broken across lines: {lines}"
    evaluate(page)
    assert page.evaluate(width) <= 390, "the results widen the page"
    cut = page.locator("[data-eval-file]").evaluate_all(
        "(items) => items.filter((item) => item.scrollWidth > item.clientWidth).map((item) => item.dataset.evalFile)"
    )
    assert cut == [], f"cut off in the Files list: {cut}"
