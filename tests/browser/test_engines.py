"""The course in Firefox and WebKit (WebKitGTK) through one page interface (py/browserdrive/engines),
with and without the cross-origin isolation headers where they change what a page does (Python's
boot, Stop, the snapshot, the embed script), with them where the page must keep them (offline)
and without them, as most static hosts serve the site, for the rest: lessons that hold every
kind of block print what CPython printed and their exercises and quizzes check; Stop ends runaway cells; a lesson works
offline after one visit; Next opens the next lesson; the snapshot boots or gives way; the
embed script runs a cell on another origin's page; the rank playground answers a move, a key,
a grade and k, keeps its state across a reload, and waits for a running cell; the evaluate page
scores dropped files, lists malformed lines, refuses judgments too large to hold, and shows a file
edited on disk since it was chosen at the size it read (Firefox).
Chromium has its own Playwright tests."""

from __future__ import annotations

import functools
import io
import os
import re
import signal
import socket
import threading
from pathlib import Path

import pytest

from browserdrive.engines import by_hook, by_role
from browserdrive.engines.base import DEFAULT_TIMEOUT_S, EngineGone
from browserdrive.engines.lesson import (
    EDITOR_SELECTOR,
    PYTHON_READY_TIMEOUT_S,
    cell_output,
    cell_selector,
    cell_state,
    lesson_data,
    replace_code,
    run_cell,
    wait_for_cell,
    wait_for_verdict,
    wait_until_ready,
)
from helpers import PYTHON_WORKERS, golden_outputs, long_timers, normalise, python_worker_boots, served, stop_serving

FIRST, SECOND, SECOND_TITLE = "why-position-matters", "precision-recall", "Precision@k and recall@k"
# One line each (replace_code types one); each prints STARTED first, so the test can wait until
# the code is under way: a cell is "running" from the moment the page sends it.
STARTED = "started"
RUNAWAY_CELLS = {
    "busy loop": f"print({STARTED!r}); any(False for _ in iter(int, 1))",  # a Python loop that never ends
    "sleep": f"import time; print({STARTED!r}); time.sleep(100)",
}
RICH_OUTPUT = re.compile(r"\[(image/svg\+xml|text/html) display\]")


def open_lesson(page, base_url: str, slug: str) -> dict:
    page.goto(f"{base_url}{slug}.html")
    wait_until_ready(page)
    return lesson_data(page)


def visible_cells(data: dict) -> list[dict]:
    return [cell for cell in data["cells"] if not cell["hidden"]]


@pytest.fixture(scope="module")
def lessons_site(site_dir):
    """One origin for the lessons, with the isolation headers, as for a learner going through
    the course: a lesson may boot from the snapshot an earlier one kept."""
    with served(site_dir, isolate=True) as url:
        yield url


@pytest.fixture
def lessons_page(engine_browser, lessons_site):
    """A page of the engine's one profile, so each lesson of an origin after the first starts
    from what the earlier ones cached."""
    page = engine_browser.new_page()
    yield page
    page.close()


# Every lesson runs in Chromium (test_every_lesson.py), and under CPython against the same golden
# transcripts (tests/lessons). What differs between engines is the page, not Python's output: these
# lessons hold every kind of block that runs in the page between them (charts, a playground,
# predictions and a quiz: ndcg; exercise checks with a lesson's own mistakes in a file: ndcg, and
# without: user-models), and one more runs without the isolation headers, opened by its Next link
# (test_next_opens_the_next_lesson). (Static snippets run nowhere in the page: their output is
# written by the build.)
@pytest.mark.parametrize("slug", ["ndcg", "user-models"])
def test_lessons_match_golden_and_check(lessons_page, lessons_site, slug):
    page = lessons_page
    errors_before = len(getattr(page, "errors", []))
    check_whole_lesson(page, open_lesson(page, lessons_site, slug), slug)
    assert getattr(page, "errors", [])[errors_before:] == [], "uncaught errors in the page"


def check_whole_lesson(page, data: dict, slug: str) -> None:
    """Every visible cell of the open lesson runs and prints what CPython printed, every exercise
    goes incorrect → correct, every quiz wrong → right."""
    golden = golden_outputs(slug)
    for cell in visible_cells(data):
        assert cell_state(page, cell["id"]) == "idle", cell["id"]
        assert run_cell(page, cell["id"]) == "done", (cell["id"], cell_output(page, cell["id"]))
        expected = golden[cell["id"]]
        if RICH_OUTPUT.match(expected):
            assert page.evaluate(
                "(s) => document.querySelector(s).querySelector('svg, [data-display]') !== null",
                f"{cell_selector(cell['id'])} [data-output]",
            ), cell["id"]
        else:
            assert normalise(cell_output(page, cell["id"])) == normalise(expected), cell["id"]

    for cell in (cell for cell in data["cells"] if cell["check"]):
        within = cell_selector(cell["id"])
        page.click(by_role("button", "Check your code", within=within))
        wait_for_verdict(page, within, "incorrect")
        page.click(by_hook("[data-solution] > summary", within=within))
        page.click(by_role("button", "Put this solution in the editor", within=within))
        page.click(by_role("button", "Check your code", within=within))
        wait_for_verdict(page, within, "correct")

    for quiz_id, answer in data["quizzes"].items():
        form = f'form[data-quiz="{quiz_id}"]'
        count = page.evaluate("(s) => document.querySelectorAll(s).length", f"{form} input")
        wrong = next(i for i in range(count) if i not in answer["correct"])
        choose(page, form, {wrong})
        page.click(by_role("button", "Check answer", within=form))
        wait_for_verdict(page, form, "incorrect")
        choose(page, form, set(answer["correct"]))
        page.click(by_role("button", "Check answer", within=form))
        wait_for_verdict(page, form, "correct")


def choose(page, form: str, wanted: set[int]) -> None:
    """Click the form's options so that exactly `wanted` are ticked (a radio unticks the others)."""

    def ticked():
        return page.evaluate("(s) => [...document.querySelectorAll(s)].map((input) => input.checked)", f"{form} input")

    for index in range(len(ticked())):
        if ticked()[index] != (index in wanted):
            page.click(by_hook(f'input[value="{index}"]', within=form))
    assert ticked() == [i in wanted for i in range(len(ticked()))]


def interrupts(page) -> bool:
    """Whether this page can interrupt Python (a shared buffer), by the page's own features."""
    return page.evaluate("crossOriginIsolated && typeof SharedArrayBuffer === 'function'")


@pytest.mark.runaway_worker  # without the interrupt, the busy loop's worker is replaced
def test_stop_ends_a_busy_loop_and_a_long_sleep(engine_page, engine_site, isolation):
    page = engine_page
    cells = visible_cells(open_lesson(page, engine_site, SECOND))
    first, second = cells[0]["id"], cells[1]["id"]
    replace_code(page, first, "x = 41")
    assert run_cell(page, first) == "done"
    interrupt = interrupts(page)
    if isolation and page.engine == "firefox":
        assert interrupt, "Firefox is cross-origin isolated with a SharedArrayBuffer: Stop should interrupt"

    # An interrupt reaches a loop and a sleep by different paths; a restart ends both alike.
    runaways = RUNAWAY_CELLS.values() if interrupt else [RUNAWAY_CELLS["busy loop"]]
    for code in runaways:
        replace_code(page, second, code)
        page.click(by_role("button", "Run", within=cell_selector(second)))
        wait_for_cell(page, second, ("running",), timeout=PYTHON_READY_TIMEOUT_S)
        page.wait_until(
            lambda: STARTED in cell_output(page, second), PYTHON_READY_TIMEOUT_S, f"{code!r} never printed {STARTED!r}"
        )
        if interrupt:  # the restart fallback waits until the cell is idle: only the interrupt can end it
            long_timers(page, "hold")
        page.click(by_role("button", "Stop", within=cell_selector(second)))
        assert wait_for_cell(page, second, ("idle", "error", "done")) == "idle", code
        long_timers(page, "release")
        said = cell_output(page, second)
        assert ("Stopped at line 1." if interrupt else "variables of this page were reset") in said, (code, said)

    # Python answers again; interrupted, it kept x; restarted, the earlier cell runs again first.
    replace_code(page, second, "print(x + 1)")
    assert run_cell(page, second, timeout=PYTHON_READY_TIMEOUT_S) == "done"
    assert cell_output(page, second).strip() == "42"


def test_a_lesson_runs_offline_after_one_visit(engine_page, serve, site_dir):
    """With the isolation headers, which the service worker's copies must keep."""
    page = engine_page
    server, url = serve(site_dir, isolate=True)
    open_lesson(page, url, FIRST)
    page.wait_for(
        "document.querySelector('[data-offline-ready]')?.textContent.includes('works offline')",
        timeout=PYTHON_READY_TIMEOUT_S,
    )
    stop_serving(server)
    for slug in (FIRST, SECOND):  # the page visited, and one never opened
        data = open_lesson(page, url, slug)
        cell = visible_cells(data)[0]["id"]
        assert run_cell(page, cell) == "done"
        assert normalise(cell_output(page, cell)) == normalise(golden_outputs(slug)[cell])


def test_next_opens_the_next_lesson(engine_page, plain_engine_site):
    """Without the isolation headers: Next opens the next lesson, which runs whole (its cells
    print what CPython printed, its exercises and quiz check)."""
    page = engine_page
    open_lesson(page, plain_engine_site, FIRST)
    page.click(by_role("link", f"Next {SECOND_TITLE}"))
    page.wait_for(
        f"location.pathname.endsWith('/{SECOND}.html')"
        f" && document.querySelector('h1')?.textContent.trim() === '{SECOND_TITLE}'"
    )
    wait_until_ready(page)
    data = lesson_data(page)
    assert data["slug"] == SECOND
    check_whole_lesson(page, data, SECOND)


# PYTHON_WORKERS, loaded before the page's own scripts: the test server adds it, since the other
# engines' drivers have no init scripts.
RECORDER_PATH = "/python-workers.js"


def recording_handler(snapshot_missing: bool):
    """Wraps the dev server's handler: lesson pages load PYTHON_WORKERS first; their snapshot is
    used always (`build.py --snapshot-use always`: no giving up on a slow machine), or answers
    404 when `snapshot_missing`."""

    def wrap(base: functools.partial) -> functools.partial:
        class Recording(base.func):
            def send_head(self):
                path = self.path.split("?", 1)[0]
                if path == RECORDER_PATH:
                    return self._send_bytes(PYTHON_WORKERS.encode(), "text/javascript")
                if snapshot_missing and "snapshot.bin" in path:
                    self.send_error(404)
                    return None
                if path.endswith(".html"):
                    with open(self.translate_path(path), encoding="utf-8") as file:
                        html = file.read()
                    html = html.replace("<head>", f'<head><script src="{RECORDER_PATH}"></script>', 1)
                    html = html.replace('"use":"auto"', '"use":"always"', 1)
                    return self._send_bytes(html.encode(), "text/html; charset=utf-8")
                return super().send_head()

            def _send_bytes(self, body: bytes, content_type: str):
                self.send_response(200)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                return io.BytesIO(body)

        return functools.partial(Recording, **base.keywords)

    return wrap


# Served with and without the isolation headers; missing only with them (the worker's way from a
# 404 to a normal boot does not depend on them).
@pytest.mark.parametrize(
    "isolation, snapshot",
    [(True, "served"), (False, "served"), (True, "missing")],
    ids=["isolated-served", "not-isolated-served", "isolated-missing"],
)
def test_the_snapshot_boots_or_gives_way_to_a_normal_boot(engine_page, serve, site_dir, isolation, snapshot):
    page = engine_page
    _, url = serve(site_dir, isolate=isolation, handler=recording_handler(snapshot == "missing"))
    data = open_lesson(page, url, SECOND)
    boots = python_worker_boots(page)
    assert len(boots) == 1, boots
    if snapshot == "missing":
        assert boots[0]["mode"] == "normal" and "answered 404" in boots[0]["reason"], boots[0]
    else:
        assert boots[0]["mode"] == "snapshot", boots[0]
    cell = visible_cells(data)[0]["id"]
    assert run_cell(page, cell) == "done"
    assert normalise(cell_output(page, cell)) == normalise(golden_outputs(SECOND)[cell])


HOST_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>API - Docs</title></head>
<body><main><h1>API</h1><p>Set a variable:</p>
<pre class="runnable">x = 41</pre>
<p>Use it:</p>
<pre class="runnable">print(x + 1)</pre>
</main><script type="module" src="{site}assets/embed.js"></script></body></html>"""


def test_the_embed_script_runs_a_cell_on_another_origin(engine_page, engine_site, serve, tmp_path):
    page = engine_page
    (tmp_path / "docs.html").write_text(HOST_PAGE.format(site=engine_site), encoding="utf-8")
    _, host = serve(tmp_path, plain=True)
    page.goto(f"{host}docs.html")
    wait_until_ready(page)
    assert run_cell(page, "cell-2") == "done"  # runs the first cell first, in the same worker
    assert cell_output(page, "cell-2").strip() == "42"


@pytest.mark.parametrize("engine, package", [("firefox", "firefox-esr"), ("webkit", "webkit2gtk-driver")])
def test_a_missing_browser_says_what_to_install(monkeypatch, engine, package):
    import browserdrive.engines.install

    monkeypatch.setattr(browserdrive.engines.install.shutil, "which", lambda name: None)
    assert package in browserdrive.engines.missing(engine)


def test_a_browser_that_died_is_started_again_for_the_next_test(engine_session):
    """One crash fails one test: the next test gets a new browser, not a dead session."""
    first = engine_session.browser
    first.close()  # as gone as a crashed browser: it answers no command
    assert not first.alive()
    second = engine_session.browser
    assert second is not first and second.alive()
    page = second.new_page()
    page.goto("about:blank")
    assert page.evaluate("1 + 1") == 2
    page.close()


def test_a_browser_ended_after_a_test_is_started_again_for_the_next(engine_session):
    """What follows a `runaway_worker` test: the browser is ended, and the next test gets a new one."""
    first = engine_session.browser
    engine_session.end_browser()
    assert not first.alive()
    second = engine_session.browser
    assert second is not first and second.alive()


def test_a_wait_on_a_page_whose_browser_ended_says_so_at_once(engine_session):
    """A crash under a test ends the wait with what happened, not a timeout a minute later."""
    browser = engine_session.browser
    page = browser.new_page()
    page.goto("about:blank")
    crash(browser)
    with pytest.raises(EngineGone):
        page.wait_for("false")
    page.close()  # closing a page of an ended browser is no second failure
    assert engine_session.browser is not browser  # the next test gets a new one


def test_a_script_under_way_when_the_browser_ends_says_so(engine_session):
    """A crash while a script awaits a promise (a wait for frames, say) ends that script with what
    happened, not with a parse error of the driver's empty reply; WebKitGTK's quotes the browser's
    last output."""
    browser = engine_session.browser
    page = browser.new_page()
    page.goto("about:blank")
    outcome: list[BaseException] = []
    with socket.create_server(("127.0.0.1", 0)) as listener:
        listener.settimeout(DEFAULT_TIMEOUT_S)  # a script that never knocks fails the test, not the run
        port = listener.getsockname()[1]

        def await_forever():
            try:  # the script knocks on the listener, then waits for ever
                page.evaluate(
                    "(port) => { fetch(`http://127.0.0.1:${port}/`, {mode: 'no-cors'}).catch(() => {});"
                    " return new Promise(() => {}); }",
                    port,
                )
            except BaseException as error:  # noqa: BLE001 - the test inspects what was raised
                outcome.append(error)

        waiting = threading.Thread(target=await_forever)
        waiting.start()
        knock, _ = listener.accept()  # the script is under way
        knock.close()
        crash(browser)
        waiting.join(DEFAULT_TIMEOUT_S)
    assert not waiting.is_alive(), "the script's call did not end when its browser did"
    assert len(outcome) == 1 and isinstance(outcome[0], EngineGone), outcome
    if browser.engine == "webkit":
        assert "The browser's last output:" in str(outcome[0]), outcome
    page.close()


def crash(browser) -> None:
    """End the engine's page processes as a crash would: WebKitGTK's web processes (the driver
    stays), Firefox's whole process."""
    if browser.engine == "firefox":
        browser._process.kill()
        browser._process.wait()
        return
    web_processes = [p for p in descendants(browser.driver.service.process.pid) if process_name(p) == "WebKitWebProces"]
    assert web_processes, "WebKitGTK has no web process to end"
    for pid in web_processes:
        os.kill(pid, signal.SIGKILL)


def descendants(pid: int) -> list[int]:
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return [int(child) for child in children] + [d for child in children for d in descendants(int(child))]


def process_name(pid: int) -> str:
    return Path(f"/proc/{pid}/comm").read_text().strip()


def editor_held_handler(release: threading.Event):
    """A request handler that answers for the editor's script only once `release` is set."""

    def wrap(base):
        class Holding(base.func):
            def send_head(self):
                if "/assets/chunks/editor-" in self.path:
                    release.wait(60)
                return super().send_head()

        return functools.partial(Holding, **base.keywords)

    return wrap


EARLY_EDITOR = '(id) => document.querySelector(`[data-cell="${id}"] [data-early-editor]`)'


def test_keys_typed_before_the_editor_arrives_reach_the_code(engine_page, serve, site_dir):
    """Typed into the code the page shows at once, while the editor's script is held back: every
    key lands, and the editor that arrives goes on at the same caret, with the focus."""
    page = engine_page
    release = threading.Event()
    _, url = serve(site_dir, isolate=False, handler=editor_held_handler(release))
    page.goto(f"{url}{SECOND}.html")
    cell = visible_cells(lesson_data(page))[1]
    page.evaluate(
        f"""(id) => {{
      const code = ({EARLY_EDITOR})(id);
      code.focus();
      const caret = document.createRange();
      caret.setStart(code, 0);
      getSelection().removeAllRanges();
      getSelection().addRange(caret);
    }}""",
        cell["id"],
    )
    # Typed ahead in one go: Firefox lost the key after an Enter or a Backspace that joined two
    # lines when the page replaced the caret's line.
    typed = "".join(f"v{i} = {i}\n" for i in range(6)) + "y = 2"
    page.type_text(typed.replace("\n", "\n\b\n"))
    assert page.evaluate(f"(id) => ({EARLY_EDITOR})(id).textContent", cell["id"]) == f"{typed}{cell['code']}\n"

    release.set()
    page.wait_for(f"() => document.activeElement?.matches('{EDITOR_SELECTOR}')")
    page.type_text("0")
    editor_text = (
        f'(id) => [...document.querySelector(`[data-cell="${{id}}"] {EDITOR_SELECTOR}`).children]'
        ".map((line) => line.textContent).join('\\n')"
    )
    assert page.evaluate(editor_text, cell["id"]) == f"{typed}0{cell['code']}"


def test_the_evaluate_page_scores_dropped_files_as_rankmetrics_does(engine_page, plain_engine_site):
    """On the evaluate page, runs and a judgments file dropped on the page are read in the worker
    (File.stream) and scored as rankmetrics scores them under CPython; two runs dropped with one
    file name (two folders' run.txt) are each listed, the second as "run.txt (2)"; each run's
    malformed lines are listed, each by file and line (once); at a phone's width the charts' text stays 12 px,
    inside the charts, the difference axis signed. (The page opens at that width: a window
    resized under drawn charts is the one place a WebKitGTK web process has crashed in this test,
    and redrawing at a new width is the page's own logic, tested in test_evaluate_page.py.)"""
    from rankmetrics.pages.runfiles import read_qrels_text, read_run_text
    from rankmetrics.pages.trec import RunEvaluator

    qrels = "q1 0 d1 1\nq1 0 d2 2\nq1 0 d3 0\nq2 0 d4 1\nq3 0 d6 3\n"
    run = "q1 Q0 d3 1 3 a\nq1 Q0 d2 2 2 a\nq1 Q0 d1 3 1 a\nq2 Q0 d9 1 2 a\nq2 Q0 d4 2 1 a\n"
    good_lines = run.count("\n")
    run += "q2 Q0 d5 3 not-a-score a\nq2 Q0 onlyfour 1\n"  # two problems: a score, the columns
    evaluator = RunEvaluator(read_qrels_text(qrels).judgments, cutoffs=[10])
    for query, ranking in read_run_text(run).rankings.items():
        evaluator.add(query, ranking)
    expected = evaluator.result().means["ndcg@10"]
    page = engine_page
    page.set_viewport(480, 800)
    page.goto(f"{plain_engine_site}evaluate.html")
    page.wait_for("() => document.querySelector('[data-eval-status]')?.dataset.evalStatus === 'idle'")
    other = "q1 Q0 d1 1 3 b\nq1 Q0 d2 2 2 b\nq2 Q0 d4 1 2 b\nq3 Q0 d6 1 1 b\nq3 Q0 onlyfour 1\n"
    page.evaluate(
        "(run, other, qrels) => { const files = new DataTransfer();"
        " files.items.add(new File([run], 'run.txt')); files.items.add(new File([other], 'run.txt'));"
        " files.items.add(new File([qrels], 'qrels.txt'));"
        " document.dispatchEvent(new DragEvent('drop', {dataTransfer: files, bubbles: true, cancelable: true})); }",
        run,
        other,
        qrels,
    )
    page.click(by_role("button", "Evaluate"))
    page.wait_for(
        "() => ['done', 'error'].includes(document.querySelector('[data-eval-status]').dataset.evalStatus)",
        timeout=PYTHON_READY_TIMEOUT_S * 2,
    )
    shown = page.evaluate(
        '() => document.querySelector(\'[data-results] [data-run="run"][data-metric=ndcg][data-k="10"]\')'
        "?.dataset.value ?? document.querySelector('[data-eval-status]').textContent"
    )
    assert abs(float(shown) - expected) <= 1e-12 and repr(float(shown)) == shown, shown
    problems = page.evaluate(
        "() => [...document.querySelectorAll('[data-eval-problems] > li')].map((li) => li.textContent)"
    )
    assert len(problems) == 3, problems
    assert f"run.txt, line {good_lines + 1}" in problems[0] and "not-a-score" in problems[0], problems
    assert f"run.txt, line {good_lines + 2}" in problems[1], problems
    assert problems[2].startswith("run.txt (2), line 5: the line has 4 columns"), problems
    listed = page.evaluate("() => [...document.querySelectorAll('[data-eval-files] > li')].map((li) => li.textContent)")
    assert listed == [
        "qrels.txt (judgments): detected TREC qrels, 5 lines.",
        f'run.txt (run "run"): detected TREC run, {good_lines + 2} lines.',
        'run.txt (2) (run "run (2)"): detected TREC run, 5 lines.',
    ], listed
    assert all(problem.count(", line ") == 1 and problem.count(": line ") == 0 for problem in problems), problems
    texts = page.wait_for(
        """() => {
          const texts = [...document.querySelectorAll('[data-eval-charts] text')].map((text) => {
            const matrix = text.getScreenCTM(), box = text.getBoundingClientRect();
            const chart = text.ownerSVGElement.getBoundingClientRect();
            return { text: text.textContent, label: text.dataset.axisLabel ?? null,
                     px: parseFloat(getComputedStyle(text).fontSize) * Math.hypot(matrix.a, matrix.b),
                     inside: box.left >= chart.left && box.right <= chart.right };
          });
          return texts.length && texts.every((text) => text.px >= 11.999 && text.inside) && texts;
        }"""
    )
    labels = {text["label"]: text["text"] for text in texts if text["label"]}
    assert labels["top"].startswith("+") and labels["bottom"].startswith("\u2212"), labels


# Firefox only: the WebKitGTK driver chooses no files from disk.
@pytest.mark.parametrize("engine_session", ["firefox"], indirect=True)
def test_a_file_edited_on_disk_since_it_was_chosen_is_shown_at_the_size_read(engine_page, plain_engine_site, tmp_path):
    """Firefox reads a chosen file edited on disk since (Chromium refuses it, and asks for it
    again), while the File keeps the size it had when chosen: once evaluated, the size beside the
    run and the judgments is the size read; chosen again, the file's size now."""
    page = engine_page
    assert page.engine == "firefox"
    run, qrels = tmp_path / "A.txt", tmp_path / "qrels.txt"
    run.write_text("q1 Q0 d1 1 3 a\n")
    qrels.write_text("q1 0 d1 1\n")
    page.goto(f"{plain_engine_site}evaluate.html")
    page.wait_for("() => document.querySelector('[data-eval-status]')?.dataset.evalStatus === 'idle'")
    page.set_files(by_hook("[data-eval-runs]"), [run])
    page.set_files(by_hook("[data-eval-qrels]"), [qrels])
    hints = "() => [...document.querySelectorAll('[data-eval-names] .evaluate-hint, [data-eval-qrels-dropped]')].map((hint) => hint.textContent)"
    assert page.wait_for(hints) == ["In use: qrels.txt, 10 bytes", "A.txt, 15 bytes"]
    later = run.stat().st_mtime + 60
    run.write_text("q1 Q0 d1 1 3 a\n" * 40)
    qrels.write_text("q1 0 d1 1\n" * 3)
    for path in (run, qrels):
        os.utime(path, (later, later))
    page.click(by_role("button", "Evaluate"))
    page.wait_for(
        "() => ['done', 'error'].includes(document.querySelector('[data-eval-status]').dataset.evalStatus)",
        timeout=PYTHON_READY_TIMEOUT_S * 2,
    )
    listed = page.evaluate("() => [...document.querySelectorAll('[data-eval-files] > li')].map((li) => li.textContent)")
    assert listed[1] == 'A.txt (run "A"): detected TREC run, 40 lines.', listed  # read as it is now
    assert page.evaluate(hints) == ["In use: qrels.txt, 30 bytes", "A.txt, 600 bytes"]
    run.write_text("q1 Q0 d1 1 3 a\n" * 100)
    os.utime(run, (later + 60, later + 60))
    page.set_files(by_hook("[data-eval-runs]"), [run])
    page.wait_for(f"() => ({hints})()[1] === 'A.txt, 2 kB'")


def test_the_evaluate_page_refuses_judgments_too_large_by_what_the_browser_says(engine_page, plain_engine_site):
    """A judgments file past what wasm32 lets Python's memory reach (4 GiB; made of references to
    one 1 MiB Blob, nothing that large is held) is refused before it is read, the message going by
    what this browser says of the device's memory (Firefox and WebKit say nothing); then a small
    one is scored."""
    page = engine_page
    page.goto(f"{plain_engine_site}evaluate.html")
    page.wait_for("() => document.querySelector('[data-eval-status]')?.dataset.evalStatus === 'idle'")
    said = page.evaluate("() => navigator.deviceMemory ?? null")
    page.evaluate(
        "(run, mebibytes) => { const chunk = new Blob([new Uint8Array(1024 * 1024).fill(0x20)]);"
        " const files = new DataTransfer(); files.items.add(new File([run], 'run-a.txt'));"
        " files.items.add(new File(new Array(mebibytes).fill(chunk), 'huge-qrels.txt'));"
        " document.dispatchEvent(new DragEvent('drop', {dataTransfer: files, bubbles: true, cancelable: true})); }",
        "q1 Q0 d1 1 1 a\n",
        4096 + 100,
    )
    page.click(by_role("button", "Evaluate"))
    page.wait_for("() => document.querySelector('[data-eval-status]').dataset.evalStatus === 'error'")
    text = page.evaluate("() => document.querySelector('[data-eval-status]').textContent")
    assert "huge-qrels.txt" in text and "is too large for this page" in text, text
    if said is None:
        assert "this browser does not say how much memory the device has" in text, text
    else:
        assert f"this browser says the device has {said:g} GB of memory" in text, text
    page.evaluate(
        "(qrels) => { const files = new DataTransfer(); files.items.add(new File([qrels], 'qrels.txt'));"
        " document.dispatchEvent(new DragEvent('drop', {dataTransfer: files, bubbles: true, cancelable: true})); }",
        "q1 0 d1 1\n",
    )
    page.click(by_role("button", "Evaluate"))
    page.wait_for(
        "() => document.querySelector('[data-eval-status]').dataset.evalStatus === 'done'",
        timeout=PYTHON_READY_TIMEOUT_S * 2,
    )


# The rank playground in Firefox and WebKit (UI contract, "Rank playground").
PLAYGROUND = "[data-playground]"
PLAYGROUND_STATE = "(selector) => document.querySelector(selector)?.dataset.state"
PLAYGROUND_SHOWN = """(selector) => {
  const root = document.querySelector(selector);
  const ranked = [...root.querySelectorAll('[role=list][aria-label="Ranked list"] [data-item]')];
  return {
    state: root.dataset.state,
    ranking: ranked.map((item) => item.dataset.item),
    grades: Object.fromEntries([...root.querySelectorAll("[data-item]")].map(
      (item) => [item.dataset.item, Number(item.querySelector("select").value)])),
    k: Number(root.querySelector("input[id$='-k']").value),
    metrics: Object.fromEntries([...root.querySelectorAll("[data-metric]")].map(
      (readout) => [readout.dataset.metric, readout.dataset.value])),
    focused: document.activeElement?.closest("[data-item]")?.dataset.item ?? null,
    focusedControl: document.activeElement?.dataset.control ?? null,
  };
}"""


def playground_shown(page, selector: str = PLAYGROUND) -> dict:
    """What the playground shows: its state, order, grades, k, readouts and the focused item."""
    return page.evaluate(PLAYGROUND_SHOWN, selector)


def wait_playground_ready(page, selector: str = PLAYGROUND, timeout: float = PYTHON_READY_TIMEOUT_S) -> None:
    """Wait until the playground's readouts are Python's; a wait that times out says what the
    playground and the page's status lines showed then."""
    try:
        page.wait_for(f"(selector) => ({PLAYGROUND_STATE})(selector) === 'ready'", selector, timeout=timeout)
    except TimeoutError as error:
        shown = page.evaluate(PLAYGROUND_STATUS_LINES, selector)
        raise TimeoutError(f"{error}\nThe page showed: {shown}") from None


PLAYGROUND_STATUS_LINES = """(selector) => {
  const playground = document.querySelector(selector), text = (element) => element?.textContent.trim() ?? null;
  return {state: playground?.dataset.state ?? null, status: text(playground?.querySelector('[data-playground-status]')),
    runtime: text(document.querySelector('[data-runtime-status]')), note: text(document.querySelector('[data-capability-note]')),
    controlled: Boolean(navigator.serviceWorker?.controller)};
}"""


def assert_playground_agrees(page, state: dict, selector: str = PLAYGROUND) -> None:
    """Once ready, the playground shows `state` and rankmetrics' readouts of it under CPython
    (waiting as long as Python may take to start: after a reload, or a Stop that restarts it)."""
    from rankmetrics.pages.playground import readouts

    expected = readouts(state)["metrics"]
    want = {name: repr(metric["value"]) for name, metric in expected.items()}
    page.wait_for(
        f"([selector, want]) => {{ const shown = ({PLAYGROUND_SHOWN})(selector);"
        " return shown.state === 'ready' && Object.entries(shown.metrics).every(([name, value]) => want[name] === value); }",
        [selector, want],
        timeout=PYTHON_READY_TIMEOUT_S,
    )
    shown = playground_shown(page, selector)
    assert shown["ranking"] == state["ranking"]
    assert shown["grades"] == state["grades"]
    assert shown["k"] == state["k"]
    assert shown["metrics"] == {name: want[name] for name in shown["metrics"]}


def own_playground_state(page, selector: str = PLAYGROUND) -> dict:
    """The playground's own list, from the config the page carries."""
    config = page.evaluate(
        "(selector) => JSON.parse(document.querySelector(selector).querySelector('[data-playground-config]').textContent)",
        selector,
    )
    return {
        "ranking": [item["id"] for item in config["items"]],
        "grades": {item["id"]: item["grade"] for item in config["items"] + config["unretrieved"]},
        "k": config["k"],
        "gain": config["gain"],
        "threshold": config["threshold"],
        "max_grade": config["max_grade"],  # ERR's g_max: the playground's own scale
    }


RANKED_ITEMS = f'{PLAYGROUND} [data-part="ranked"] > [data-item]'


def focus(page, css: str) -> None:
    """Give `css`'s element the focus, as Tab would (the keys then go to it)."""
    page.evaluate("(css) => document.querySelector(css).focus()", css)
    page.wait_for("(css) => document.activeElement === document.querySelector(css)", css)


def test_the_rank_playground_answers_clicks(engine_page, plain_engine_site):
    """On the playground page, one after the other: Move up clicked twice without moving the
    pointer raises the same item two ranks (its row is kept under the pointer, or the repeat
    follows it), instead of the second click landing on the neighbour that slid under the pointer
    and undoing the first; Move ... up gives the readouts rankmetrics gives under CPython for the
    new order, and the focus stays on the moved item."""
    page = engine_page
    page.goto(f"{plain_engine_site}playground.html")
    wait_playground_ready(page)
    state = own_playground_state(page)
    # A first visit is no update: no banner says so (Firefox's first worker claimed the page
    # before its "installed" event reached the page, which then offered a reload).
    assert page.evaluate("() => document.querySelector('[data-update]') === null")

    moved = state["ranking"][3]
    button = f'{PLAYGROUND} [data-part="ranked"] [data-item="{moved}"] [data-control="up"]'
    x, y = page.evaluate(
        "(css) => { const button = document.querySelector(css); button.scrollIntoView({block: 'center'});"
        " const box = button.getBoundingClientRect(); return [box.x + box.width / 2, box.y + box.height / 2]; }",
        button,
    )
    page.click_at(x, y)
    page.wait_for("([css, id]) => document.querySelectorAll(css)[2]?.dataset.item === id", [RANKED_ITEMS, moved])
    page.click_at(x, y)
    state["ranking"].insert(1, state["ranking"].pop(3))
    assert_playground_agrees(page, state)
    shown = playground_shown(page)
    assert (shown["focused"], shown["focusedControl"]) == (moved, "up")

    moved = state["ranking"][2]
    page.click(by_role("button", f"Move {moved} up"))
    state["ranking"][1:3] = [state["ranking"][2], state["ranking"][1]]
    assert_playground_agrees(page, state)
    shown = playground_shown(page)
    assert shown["focused"] == moved


def test_the_rank_playground_by_keyboard_keeps_its_state_across_a_reload(engine_page, plain_engine_site):
    """Alt+ArrowUp moves the focused item and keeps the focus on it; a grade typed into its select
    and k typed into its field answer; the state is in the fragment, and a reload opens it."""
    page = engine_page
    page.goto(f"{plain_engine_site}playground.html")
    wait_playground_ready(page)
    state = own_playground_state(page)
    moved, other = state["ranking"][2], state["ranking"][1]

    focus(page, f'{PLAYGROUND} [data-item="{moved}"]')
    page.press("Alt+ArrowUp")
    state["ranking"][1:3] = [moved, other]
    assert_playground_agrees(page, state)
    shown = playground_shown(page)
    assert (shown["focused"], shown["focusedControl"]) == (moved, "item")

    grade = 3 if state["grades"][other] != 3 else 2
    focus(page, f'{PLAYGROUND} [data-item="{other}"] select')
    page.type_text(str(grade))  # a select picks the option its typed text begins with
    state["grades"][other] = grade
    assert_playground_agrees(page, state)

    k = state["k"] - 2
    focus(page, f"{PLAYGROUND} input[id$='-k']")
    page.press("Control+a")
    page.type_text(str(k))
    page.press("Tab")  # a number field's change comes when it loses the focus
    state["k"] = k
    assert_playground_agrees(page, state)

    # The address is written once the readouts are shown (fragment.js: "BASE;K;G;T;RANKED;NOT").
    ranked = ",".join(f"{item}:{state['grades'][item]}" for item in state["ranking"])
    page.wait_for(
        "([k, ranked]) => { const value = new URLSearchParams(location.hash.slice(1)).get('pg-playground');"
        " const parts = value?.split(';') ?? []; return parts[1] === String(k) && parts[4] === ranked; }",
        [k, ranked],
    )
    page.reload()
    assert_playground_agrees(page, state)


def test_the_rank_playground_waits_for_a_running_cell(engine_page, plain_engine_site):
    """A lesson's playground says it is waiting while a cell runs, its list still moves, and its
    readouts come once the cell is stopped (here by a new Python; Chromium's tests stop it by an
    interrupt too, and test_stop_ends_a_busy_loop_and_a_long_sleep takes both ways in each engine)."""
    page = engine_page
    data = open_lesson(page, plain_engine_site, "ndcg")
    selector = '[data-playground="ndcg-query"]'
    wait_playground_ready(page, selector)
    state = own_playground_state(page, selector)
    cell = next(cell["id"] for cell in visible_cells(data) if not cell.get("readonly"))

    replace_code(page, cell, RUNAWAY_CELLS["sleep"])
    page.click(by_role("button", "Run", within=cell_selector(cell)))
    page.wait_until(lambda: STARTED in cell_output(page, cell), PYTHON_READY_TIMEOUT_S, f"{cell} never started")
    page.wait_for(f"(selector) => ({PLAYGROUND_STATE})(selector) === 'waiting'", selector)
    assert "Waiting for your cell" in page.evaluate(
        "(selector) => document.querySelector(selector).querySelector('[data-playground-status]').textContent",
        selector,
    )

    moved = state["ranking"][1]
    page.click(by_role("button", f"Move {moved} up", within=selector))
    state["ranking"][0:2] = [moved, state["ranking"][0]]
    page.wait_for(
        f"([selector, moved]) => ({PLAYGROUND_SHOWN})(selector).ranking[0] === moved",
        [selector, moved],
    )
    assert page.evaluate(PLAYGROUND_STATE, selector) == "waiting"  # the list moved; the readouts wait

    page.click(by_role("button", "Stop", within=cell_selector(cell)))
    wait_for_cell(page, cell, ("idle", "error", "done"))
    assert_playground_agrees(page, state, selector)


ZOOMED_HOST = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs</title>
<style>html {{ font-size: 20px }} .room {{ height: 120vh }}</style></head><body><main><h1>Our ranking</h1>
<div class="room"></div>
<div data-playground="ours" data-title="our search results" data-k="3">
  <ol><li data-grade="2">d1</li><li>d2</li><li data-grade="3">d3</li><li>d4</li></ol>
</div>
<div class="room"></div>
<script type="module" src="{site}assets/embed.js"></script></main></body></html>"""

# What the embed script zooms an embedded element by on a host whose root font is 20 px: 16/20,
# where the engine's zoom keeps the page's px (own-base.js); WebKitGTK's does not, and there the
# element is left unzoomed.
OWN_BASE_ZOOM = {"firefox": "0.8", "webkit": "1"}

# The embedded playground's element (the embed script draws it in a shadow root), and its host's.
EMBED_HOST = "document.querySelector('.ranking-lessons-playground')"
EMBEDDED = f"{EMBED_HOST}?.shadowRoot.querySelector('[data-playground]')"
# Where the pointer finds a row's parts, by hit testing (in the page's px, which is what the
# pointer is in: WebKit gives a zoomed element's inner rectangles in its own px).
ROWS = f"{EMBEDDED}.querySelectorAll('[role=list] [data-item]')"
FIND_IN_ROW = f"""([item, hook]) => {{
  const root = {EMBED_HOST}.shadowRoot, row = {EMBEDDED}.querySelector(`[role=list] [data-item="${{item}}"]`);
  for (let y = 0; y < innerHeight; y += 2)
    for (let x = 0; x < innerWidth; x += 2) {{
      const hit = root.elementFromPoint(x, y);
      if (hit?.closest(hook) && row.contains(hit)) return [x + 3, y + 3];
    }}
  return null;
}}"""
ROW_TOP = f"""([x, item]) => {{
  const root = {EMBED_HOST}.shadowRoot, row = {EMBEDDED}.querySelector(`[role=list] [data-item="${{item}}"]`);
  for (let y = 0; y < innerHeight; y += 1) if (row.contains(root.elementFromPoint(x, y))) return y;
  return null;
}}"""
RANKING = f"() => [...{ROWS}].map((row) => row.dataset.item)"


def test_a_zoomed_embedded_playground_keeps_its_rows_under_the_pointer(plain_engine_site, serve, tmp_path, engine_page):
    """A docs theme's root font size of 20 px zooms an embedded playground to 0.8 (its rows stay
    the course's size) where the engine's zoom allows (OWN_BASE_ZOOM). A row held by its handle moves as far as the pointer, no more, no less,
    and lands where it is let go; after a click on Move up the page scrolls so that the row, and
    the button, are still under the pointer. (The page closes before the servers stop: the
    fixtures' order.)"""
    page = engine_page
    (tmp_path / "docs.html").write_text(ZOOMED_HOST.format(site=plain_engine_site), encoding="utf-8")
    _, host = serve(tmp_path, plain=True)
    page.goto(f"{host}docs.html")
    page.wait_for(f"() => {EMBEDDED}?.hasAttribute('data-wired')")
    assert page.evaluate(f"() => getComputedStyle({EMBED_HOST}).zoom") == OWN_BASE_ZOOM[page.engine]
    assert page.evaluate(RANKING) == ["d1", "d2", "d3", "d4"]
    page.evaluate(f"() => {ROWS}[0].scrollIntoView({{block: 'center'}})")
    x, y = page.evaluate(FIND_IN_ROW, ["d1", "[data-drag-handle]"])
    top, second_top = page.evaluate(ROW_TOP, [x, "d1"]), page.evaluate(ROW_TOP, [x, "d2"])
    page.pointer_down(x, y)
    try:
        for dy in (10, 20, 30):
            page.pointer_move(x, y + dy)
        page.wait_for(f"() => {ROWS}[0].hasAttribute('data-dragging')")
        moved = page.evaluate(ROW_TOP, [x, "d1"]) - top
        page.pointer_move(x, y + 2.5 * (second_top - top))  # past the third row's middle
    finally:
        page.pointer_up()
    assert moved == pytest.approx(30, abs=1)
    page.wait_for(f"() => ({RANKING})()[0] !== 'd1'")
    assert page.evaluate(RANKING) == ["d2", "d3", "d1", "d4"]

    x, y = page.evaluate(FIND_IN_ROW, ["d1", '[data-control="up"]'])
    top = page.evaluate(ROW_TOP, [x, "d1"])
    page.click_at(x, y)
    page.wait_for(f"() => ({RANKING})()[1] === 'd1'")
    assert page.evaluate(ROW_TOP, [x, "d1"]) == pytest.approx(top, abs=1)


ZOOMED_CELL_HOST = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs</title>
<style>html {{ font-size: 20px }}</style></head><body><main><h1>API</h1>
<pre class="runnable">print(123456789)</pre>
<script type="module" src="{site}assets/embed.js"></script></main></body></html>"""
CELL_HOST = "document.querySelector('.ranking-lessons-cell')"
# The middle of the number in the cell's code (its own token), by hit testing (in the page's px,
# as the pointer is).
NUMBER_MIDDLE = f"""() => {{
  const root = {CELL_HOST}.shadowRoot, hits = [];
  for (let y = 0; y < innerHeight; y += 2)
    for (let x = 0; x < innerWidth; x += 2) {{
      const hit = root.elementFromPoint(x, y);
      if (hit?.closest('.cm-line') && hit.textContent === '123456789') hits.push([x, y]);
    }}
  if (!hits.length) return null;
  const xs = hits.map(([x]) => x), ys = hits.map(([, y]) => y);
  return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
}}"""


def test_a_click_in_the_code_of_a_cell_on_a_zoomed_host_puts_the_caret_there(
    plain_engine_site, serve, tmp_path, engine_page
):
    """On a docs theme whose root font is 20 px, a click in the middle of the number in a cell's
    code puts the caret there, where typing goes."""
    page = engine_page
    (tmp_path / "docs.html").write_text(ZOOMED_CELL_HOST.format(site=plain_engine_site), encoding="utf-8")
    _, host = serve(tmp_path, plain=True)
    page.goto(f"{host}docs.html")
    wait_until_ready(page)
    assert page.evaluate(f"() => getComputedStyle({CELL_HOST}).zoom") == OWN_BASE_ZOOM[page.engine]
    page.click_at(*page.evaluate(NUMBER_MIDDLE))
    page.type_text("Z")
    code = page.evaluate(f"() => {CELL_HOST}.shadowRoot.querySelector('.cm-content').textContent")
    assert code.replace("Z", "") == "print(123456789)" and 9 <= code.index("Z") <= 13, code
