"""The runtime shrugs off what learners type: Stop ends runaway cells in both modes, errors
and exits leave Python usable, output floods stay capped, and the tab never freezes."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from helpers import (
    PYTHON_WORKERS,
    hold_wasm,
    long_timers,
    release_wasm,
    PYTHON_READY_TIMEOUT,
    SLUG,
    open_lesson,
    replace_code,
    run_cell,
    served,
    wait_for_state,
)

RUNAWAY_CELLS = {
    "busy loop": "while True:\n    pass",
    "sleep": "import time\ntime.sleep(100)",
    "deep recursion": "def deep(n):\n    return 0 if n == 0 else deep(n - 1)\nwhile True:\n    deep(800)",
    "printing loop": "i = 0\nwhile True:\n    print(i)\n    i += 1",
}


@pytest.fixture(scope="module")
def plain_host_url(site_dir):
    """The same site from a host that sends no COOP/COEP headers (like GitHub Pages)."""
    with served(site_dir, isolate=False) as url:
        yield url


def cells(page):
    return page.locator("[data-cell]")


run = run_cell


def define_x(page):
    first = cells(page).first
    run(page, first, "x = 41")
    wait_for_state(first, "done")


# Printed by a runaway cell's first line: a cell is "running" from the moment the page sends it,
# and a Stop that lands before the learner's code has begun has no line to name.
STARTED = "started"


def run_until_started(page, cell, code: str) -> None:
    """Run `code` (which then starts at line 2) in `cell`, and wait until it is under way."""
    run(page, cell, f"print({STARTED!r})\n{code}")
    wait_for_state(cell, "running")
    expect(cell.locator("[data-output]")).to_contain_text(STARTED)


def start_runaway(page, code: str):
    """With x = 41 defined by the first cell, run `code` in the second and wait until it is under
    way. Returns the second cell."""
    define_x(page)
    cell = cells(page).nth(1)
    run_until_started(page, cell, code)
    return cell


def press_stop(cell) -> None:
    """Press the cell's Stop and wait until the cell is idle again. How fast that is (about 1 s, or
    1 s + 2 s before a restart for code that took the interrupt and went on: site/js/runtime/runtime.js)
    is not asserted: a busy machine may take longer."""
    stop = cell.get_by_role("button", name="Stop")
    expect(stop).to_be_enabled()
    # Marks the button when the click reaches it, so a wait that times out says which half failed.
    stop.evaluate("button => button.addEventListener('click', () => { button.dataset.clicked = ''; }, { once: true })")
    stop.click()
    try:
        wait_for_state(cell, "idle")
    except AssertionError as error:
        clicked = stop.get_attribute("data-clicked") is not None
        said = "got the click, and Python did not stop" if clicked else "never got the click"
        console = getattr(cell.page, "console_problems", [])[-5:]
        quoted = "".join(f"\n  {line}" for line in console) or " none"
        raise AssertionError(
            f"{error}\nThe Stop button {said}. {worker_report(cell.page)}\n"
            f"The page's last warnings and errors (its workers' included):{quoted}"
        ) from None


def worker_report(page) -> str:
    """Whether the page's newest Python worker took the interrupt, what it last sent and what the
    page last sent it, from PYTHON_WORKERS (an init script of the page's context)."""
    workers = page.evaluate(
        """() => (window.pythonWorkers ?? []).map((worker) => ({
          buffer: worker.interruptBuffer ? worker.interruptBuffer[0] : null,
          messages: worker.messages,
          sent: worker.sent,
          now: Math.round(performance.now()),
        }))"""
    )
    if not workers:
        return "No Python worker was seen (the page's context lacks the init script?)."
    newest = workers[-1]
    if newest["buffer"] is None:
        taken = "it has no interrupt buffer (the page restarts Python to stop it)"
    elif newest["buffer"] == 0:
        taken = "its interrupt buffer reads 0: Python took the interrupt, unless a later request of the page cleared it"
    else:
        taken = f"its interrupt buffer reads {newest['buffer']}: Python never took the interrupt"

    def listed(messages):
        return ", ".join(f"{kind} {(newest['now'] - at) / 1000:.1f} s ago" for kind, at in messages[-6:]) or "none"

    return (
        f"Of the page's {len(workers)} Python workers, the newest: {taken}; its last messages: "
        f"{listed(newest['messages'])}; the page's last messages to it: {listed(newest['sent'])}."
    )


def press_stop_with_the_fallback_held(page, cell) -> None:
    """Press Stop with the page's long timers held, and wait until the cell is idle: the restart
    the page falls back to when Python has not taken the interrupt within its grace period
    cannot fire, however slowly a loaded machine lets Python get to it."""
    long_timers(page, "hold")
    press_stop(cell)
    long_timers(page, "release")


@pytest.mark.parametrize("case", RUNAWAY_CELLS)
def test_stop_interrupts_and_keeps_variables_when_isolated(stopped_lesson_page, case):
    page = stopped_lesson_page
    assert page.evaluate("crossOriginIsolated")
    cell = start_runaway(page, RUNAWAY_CELLS[case])
    # A Stop the learner asked for reads as a stop, not as their error: no red traceback.
    press_stop_with_the_fallback_held(page, cell)
    output = cell.locator("[data-output]")
    expect(output).to_have_text(re.compile(r"Stopped at line \d\.$"))  # time.sleep sleeps in slices, so it sees it too
    expect(output).not_to_contain_text("KeyboardInterrupt")
    expect(output.locator('[data-stream="stderr"]')).to_have_count(0)
    run(page, cell, "print(x + 1)")
    expect(output).to_have_text("42", timeout=PYTHON_READY_TIMEOUT)


@pytest.mark.parametrize("case", ["busy loop", "printing loop"])
def test_stop_restarts_python_when_not_isolated(page, plain_host_url, case):
    open_lesson(page, plain_host_url)
    assert not page.evaluate("crossOriginIsolated")
    # The page, not the browser, is why: the note says so.
    expect(page.locator("[data-capability-note]")).to_contain_text(
        "Stop restarts Python here: this page is not cross-origin isolated."
    )
    cell = start_runaway(page, RUNAWAY_CELLS[case])
    press_stop(cell)
    expect(cell.locator("[data-output]")).to_contain_text("Stopped. Python was restarted")
    expect(cell.locator("[data-output]")).to_contain_text("variables of this page were reset")
    # The next run of this cell runs the earlier cells again first, so x is back.
    run(page, cell, "print(x + 1)")
    expect(cell.locator("[data-output]")).to_have_text("42", timeout=PYTHON_READY_TIMEOUT)


def shared_lesson_page(browser, base_url):
    """One lesson page, ready, for the cases of one test to share one after another; uncaught
    errors in it fail the module."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(PYTHON_WORKERS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # The page's and its workers' warnings and errors, which a Stop that failed quotes.
    page.console_problems = []
    page.on(
        "console",
        lambda message: (
            message.type in ("warning", "error") and page.console_problems.append(f"{message.type}: {message.text}")
        ),
    )
    open_lesson(page, base_url)
    yield page
    context.close()
    assert errors == [], f"uncaught errors in the page: {errors}"


@pytest.fixture(scope="module")
def one_lesson_page(browser, base_url):
    """The page every error case shares: each proves Python usable after its own error and
    after all the errors before it."""
    yield from shared_lesson_page(browser, base_url)


@pytest.fixture(scope="module")
def stopped_lesson_page(browser, base_url):
    """The page every runaway cell shares: each is stopped by an interrupt, after the others."""
    yield from shared_lesson_page(browser, base_url)


@pytest.mark.parametrize(
    "code, message",
    [
        ("[0] * 10**10", "Error"),
        ("def f(n):\n    return f(n + 1)\nf(0)", "RecursionError"),
        ("import sys\nsys.exit()", "sys.exit"),
        ("exit()", "exit"),
        ("def f(:\n    pass", "SyntaxError"),
        ("if True:\nprint(1)", "IndentationError"),
        ("import numpy", "installs nothing from the internet: it can import"),
        ("input('Your name? ')", "input"),
    ],
)
def test_errors_are_clear_and_python_stays_usable(one_lesson_page, code, message):
    page = one_lesson_page
    cell = cells(page).first
    name = cell.get_attribute("aria-label")
    run(page, cell, code)
    expect(cell).to_have_attribute("data-state", "error", timeout=PYTHON_READY_TIMEOUT)  # a boot may come first
    stderr = cell.locator('[data-stream="stderr"]')
    expect(stderr).to_contain_text(message)
    text = stderr.inner_text()
    assert "cellruntime" not in text and "/lib/python" not in text
    if "Error" in message and message != "Error":
        assert f'File "<{name}>"' in text  # the cell as the page names it
    run(page, cell, "print('next run works')")
    expect(cell.locator("[data-output]")).to_have_text("next run works")


def test_two_hundred_thousand_lines_keep_the_tab_responsive(page, base_url):
    open_lesson(page, base_url)
    cell = cells(page).first
    run(page, cell, "for i in range(200_000):\n    print(i)")
    # While Python prints, the page still answers: a quiz option can be ticked. From the
    # keyboard: the option is below the growing output, so it moves until the run ends, and a
    # pointer click would wait for it to stand still.
    option = page.locator("form[data-quiz] input").first
    expect(cell).to_have_attribute("data-state", "running")
    option.focus()
    page.keyboard.press("Space")
    expect(option).to_be_checked()
    assert cell.get_attribute("data-state") == "running", "the option was ticked only once the run had ended"
    expect(cell).to_have_attribute("data-state", "done", timeout=60_000)
    expect(cell.locator("[data-output]").get_by_text(re.compile("^Output cut:"))).to_have_count(1)
    text = cell.locator("[data-output]").inner_text()
    assert text.startswith("Output cut:")
    assert text.rstrip().endswith("\n199998\n199999")  # the end of the output is kept
    # A mark on its own line stands where the middle was left out: the start, the mark, the end.
    mark = cell.locator('[data-stream="cut"]')
    expect(mark).to_have_text(re.compile(r"^\[… [\d,]+ characters not shown …\]\n$"))
    start, end = text.split(mark.inner_text().strip())
    assert "\n0\n1\n2\n" in start and start.endswith("\n") and end.lstrip("\n")[:1].isdigit()


# A Python loop takes the interrupt; sum() over an endless iterator loops in C, never looks at
# the interrupt buffer, and is ended by restarting Python. Either way the cell failed.
RUNAWAY_CODE = {
    "python-loop": "while True:\n    pass",
    "c-loop": "import itertools\nsum(itertools.repeat(1))",
}


@pytest.mark.parametrize("code", RUNAWAY_CODE.values(), ids=RUNAWAY_CODE.keys())
def test_time_limit_stops_a_runaway_cell(page, base_url, code):
    """A lesson's time_limit, simulated by changing the page's runtime settings before it runs."""

    def with_time_limit(route):
        response = route.fetch()
        route.fulfill(response=response, body=response.text().replace('"timeLimit":null', '"timeLimit":1'))

    page.route(f"**/{SLUG}.html", with_time_limit)
    open_lesson(page, base_url)
    assert '"timeLimit":1' in page.locator("#lesson-data").text_content()
    cell = cells(page).first
    run(page, cell, code)
    expect(cell).to_have_attribute("data-state", "error")
    expect(cell.locator("[data-output]")).to_contain_text("1 s at most")


def test_no_webassembly_says_why(page, base_url):
    """A browser without WebAssembly (simulated by removing it from the worker's globals): the
    status says why, offers Retry, and the lesson stays readable."""

    def worker_without_wasm(route):
        response = route.fetch()
        route.fulfill(response=response, body="delete globalThis.WebAssembly;\n" + response.text())

    page.route("**/assets/worker.js*", worker_without_wasm)
    page.goto(f"{base_url}{SLUG}.html")
    status = page.locator("[data-runtime-status]")
    expect(status).to_have_attribute("data-runtime-status", "error", timeout=PYTHON_READY_TIMEOUT)
    expect(status).to_contain_text("WebAssembly")
    expect(status.get_by_role("button", name="Retry")).to_be_visible()
    expect(page.locator("h1")).to_be_visible()


def test_offline_first_visit_says_why(page, base_url):
    """Python's files cannot be fetched (no network, nothing cached yet)."""
    page.route("**/pyodide/**", lambda route: route.abort("internetdisconnected"))
    page.goto(f"{base_url}{SLUG}.html")
    status = page.locator("[data-runtime-status]")
    expect(status).to_have_attribute("data-runtime-status", "error", timeout=PYTHON_READY_TIMEOUT)
    expect(status).to_contain_text("no answer")


def test_wasm_of_another_type_still_runs_python(page, base_url):
    """A host that sends pyodide.asm.wasm as application/octet-stream (some learning management
    systems do; browsers compile only application/wasm as it downloads): Python starts."""

    def wrong_type(route):
        response = route.fetch()
        route.fulfill(response=response, headers={**response.headers, "content-type": "application/octet-stream"})

    page.route("**/pyodide/pyodide.asm.wasm", wrong_type)
    open_lesson(page, base_url)
    cell = cells(page).first
    run(page, cell, "print(6 * 7)")
    expect(cell.locator("[data-output]")).to_have_text("42")


def test_a_page_sent_for_the_wasm_says_why_instead_of_loading_forever(page, base_url):
    """A host that answers pyodide.asm.wasm with an HTML page and status 200."""
    page.route(
        "**/pyodide/pyodide.asm.wasm",
        lambda route: route.fulfill(status=200, content_type="text/html", body="<!doctype html><p>Sign in"),
    )
    page.goto(f"{base_url}{SLUG}.html")
    status = page.locator("[data-runtime-status]")
    expect(status).to_have_attribute("data-runtime-status", "error", timeout=PYTHON_READY_TIMEOUT)
    expect(status).to_contain_text('what it sends (as "text/html") is not WebAssembly')
    expect(status.get_by_role("button", name="Retry")).to_be_visible()


# Pyodide's loader, made to fail as Python's WebAssembly does when it traps while starting.
TRAPPING_LOADER = 'throw new WebAssembly.RuntimeError("Out of bounds memory access (the test\'s trap)");'


def trap_python_starts(page, how_many: int) -> list[str]:
    """Make the first `how_many` loads of Pyodide's loader (pyodide.asm.mjs) trap, as Python's
    WebAssembly does when the engine faults while it starts; later loads are the real file.
    Returns the list of the worker script's requests (one per Python worker started)."""
    loads = []
    workers = []

    def loader(route):
        loads.append(route.request.url)
        if len(loads) <= how_many:
            route.fulfill(status=200, content_type="text/javascript", body=TRAPPING_LOADER)
        else:
            route.continue_()

    page.route("**/pyodide/pyodide.asm.mjs", loader)
    page.on("request", lambda request: "/assets/worker.js" in request.url and workers.append(request.url))
    return workers


def test_a_start_that_traps_is_followed_by_one_more(page, base_url):
    """A trap of Python's WebAssembly while it starts (WebKitGTK's engine does that now and then
    on a busy machine): the page starts a fresh worker once more, and the lesson runs."""
    warnings = []
    page.on("console", lambda message: message.type == "warning" and warnings.append(message.text))
    workers = trap_python_starts(page, how_many=1)
    open_lesson(page, base_url)
    assert len(workers) == 2
    assert any("starting it once more" in text and "the test's trap" in text for text in warnings), warnings
    cell = cells(page).first
    run(page, cell, "print(6 * 7)")
    expect(cell.locator("[data-output]")).to_have_text("42")


def test_a_start_that_traps_twice_says_why(page, base_url):
    """Every start traps: after the one more start, the status line says why, with Retry."""
    workers = trap_python_starts(page, how_many=1_000)
    page.goto(f"{base_url}{SLUG}.html")
    status = page.locator("[data-runtime-status]")
    expect(status).to_have_attribute("data-runtime-status", "error", timeout=PYTHON_READY_TIMEOUT)
    expect(status).to_contain_text("Out of bounds memory access (the test's trap)")
    expect(status.get_by_role("button", name="Retry")).to_be_visible()
    assert len(workers) == 2  # the error is shown only once no start is left to come


def test_a_crash_of_python_itself_restarts_it(page, base_url):
    """Raising the recursion limit lets a recursion through a C function (map, which takes stack
    at each call) overflow the JavaScript stack: Python is replaced, the learner is told, and the
    next run works."""
    open_lesson(page, base_url)
    cell = cells(page).first
    run(page, cell, "import sys\nsys.setrecursionlimit(100_000)\ndef f(n):\n    return list(map(f, [n + 1]))\nf(0)")
    expect(cell).to_have_attribute("data-state", "error", timeout=PYTHON_READY_TIMEOUT)  # a boot may come first
    output = cell.locator("[data-output]")
    expect(output).to_contain_text("Python crashed")
    expect(output).to_contain_text("restarted after the crash")
    run(page, cell, "print('back')")
    expect(output).to_have_text("back", timeout=PYTHON_READY_TIMEOUT)


def test_a_run_that_took_the_interrupt_gets_time_to_finish(page, base_url):
    """Python took the interrupt but is slow to end the run (as on a loaded machine, where the
    traceback can take over a second): when the first grace period ends, the page gives it a
    second one instead of restarting Python. The page's long timers are held, and the test ends
    the first grace period once Python has taken the interrupt, not when a busy machine gets to
    it."""
    open_lesson(page, base_url)
    slow_to_stop = (
        "import time\ntry:\n    while True:\n        pass\nexcept KeyboardInterrupt:\n"
        "    print('took it')\n    end = time.monotonic() + 3\n    while time.monotonic() < end:\n"
        "        pass\n    raise"
    )
    cell = start_runaway(page, slow_to_stop)
    output = cell.locator("[data-output]")
    long_timers(page, "hold")
    cell.get_by_role("button", name="Stop").click()
    expect(output).to_contain_text("took it")
    long_timers(page, "fire")  # the first grace period (site/js/runtime/runtime.js) ends during the handler
    wait_for_state(cell, "idle")
    long_timers(page, "release")
    expect(output).to_have_text(
        re.compile(rf"^{STARTED}\s*took it\s*Stopped at line [45]\.$")
    )  # `raise` let it through
    expect(output).not_to_contain_text("restarted")
    run(page, cell, "print(x + 1)")
    expect(output).to_have_text("42")


def test_code_that_ignores_the_interrupt_is_stopped_by_a_restart(page, base_url):
    open_lesson(page, base_url)
    cell = start_runaway(
        page,
        "while True:\n    try:\n        while True:\n            pass\n    except KeyboardInterrupt:\n        pass",
    )
    press_stop(cell)
    expect(cell.locator("[data-output]")).to_contain_text("Python was restarted")
    # Once the loop is fixed, the next run brings x back by re-running cells 1 and 2.
    replace_code(page, cell, "y = 1")
    third = cells(page).nth(2)
    run(page, third, "print(x + y + 0)")
    expect(third.locator("[data-output]")).to_have_text("42", timeout=PYTHON_READY_TIMEOUT)
    expect(cell).to_have_attribute("data-state", "done")


def test_stop_drops_the_runs_queued_behind_it(page, base_url):
    open_lesson(page, base_url)
    first, second = cells(page).nth(0), cells(page).nth(1)
    replace_code(page, second, "print('second')")
    run(page, first, "while True:\n    pass")
    expect(first).to_have_attribute("data-state", "running")
    second.get_by_role("button", name="Run").click()
    expect(second).to_have_attribute("data-state", "queued")
    press_stop(first)
    expect(second).to_have_attribute("data-state", "idle")
    expect(second.locator("[data-output]")).to_contain_text("Stop was pressed")


def test_a_stopped_cell_stays_stopped_until_it_is_run_edited_or_reset(page, base_url):
    """Cell 1 was stopped in an endless loop: running cell 2 leaves it stopped (and says so)
    rather than starting the loop again. Edited, cell 1 runs first again, and a Stop pressed
    while it runs for cell 2 is named as such."""
    open_lesson(page, base_url)
    first, second = cells(page).nth(0), cells(page).nth(1)
    replace_code(page, second, "print(x + 1)")
    run_until_started(page, first, "x = 41\nwhile True: pass")
    press_stop_with_the_fallback_held(page, first)  # the interrupt, however slow the machine
    expect(first.locator("[data-output]")).to_have_text(re.compile(rf"^{STARTED}\s*Stopped at line 3\.$"))

    second.get_by_role("button", name="Run").click()
    expect(second).to_have_attribute("data-state", "done", timeout=PYTHON_READY_TIMEOUT)
    expect(second.locator("[data-output]")).to_have_text(
        re.compile(
            r"^Code cell 1\b.* was stopped, so it was not run first; run it yourself when this cell needs it\.\s*42\s*$"
        )
    )
    expect(first).to_have_attribute("data-state", "idle")  # never started again

    # Edited, it is new code: cell 2 runs it first again. Stopped there, cell 2 says so.
    replace_code(page, first, f"print({STARTED!r})\nwhile True: pass")
    second.get_by_role("button", name="Run").click()
    expect(first.locator("[data-output]")).to_have_text(STARTED, timeout=PYTHON_READY_TIMEOUT)
    expect(second).to_have_attribute("data-state", "queued")
    # Its Stop works while it waits on the cell that runs for it (which may be out of view).
    press_stop_with_the_fallback_held(page, second)
    expect(second.locator("[data-output]")).to_have_text(
        re.compile(r"^Not run: Stop was pressed while Code cell 1\b.* ran before this cell\.$")
    )

    replace_code(page, first, "x = 41")
    second.get_by_role("button", name="Run").click()
    expect(second.locator("[data-output]")).to_have_text("42", timeout=PYTHON_READY_TIMEOUT)
    expect(first).to_have_attribute("data-state", "done")


def test_a_cell_that_ended_with_an_error_does_not_block_the_cells_after_it(page, base_url):
    """Cell 1 ended with an error: cell 2 runs its own code without running cell 1 again (and
    says so), so one error does not stop every later cell. Edited, cell 1 runs first again."""
    open_lesson(page, base_url)
    first, second = cells(page).nth(0), cells(page).nth(1)
    run(page, first, "x = 41\nundefined_name")
    expect(first).to_have_attribute("data-state", "error", timeout=PYTHON_READY_TIMEOUT)
    replace_code(page, second, "print(x + 1)")
    second.get_by_role("button", name="Run").click()
    expect(second).to_have_attribute("data-state", "done", timeout=PYTHON_READY_TIMEOUT)
    expect(second.locator("[data-output]")).to_have_text(
        re.compile(
            r"^Code cell 1\b.* ended with an error, so it was not run first; run it yourself when this cell needs it\.\s*42\s*$"
        )
    )
    expect(first).to_have_attribute("data-state", "error")  # not run again
    replace_code(page, first, "x = 1")
    second.get_by_role("button", name="Run").click()
    expect(second.locator("[data-output]")).to_have_text("2", timeout=PYTHON_READY_TIMEOUT)
    expect(first).to_have_attribute("data-state", "done")

    # On a new visit (cell 1 not run yet), an error in cell 1 while it runs for cell 2 stops
    # there; cell 2 says how to go on (a page may show an error on purpose), and run again, it
    # runs without cell 1.
    replace_code(page, first, "x = 5\nundefined_name")
    open_lesson(page, base_url)  # the edits are kept
    second.get_by_role("button", name="Run").click()
    expect(first).to_have_attribute("data-state", "error", timeout=PYTHON_READY_TIMEOUT)
    expect(second.locator("[data-output]")).to_have_text(
        re.compile(
            r"^Not run: (Code cell 1\b.*) ended with an error \(shown there\)\. "
            r"Run this cell again to run it without \1, or fix \1 first\.$"
        )
    )
    second.get_by_role("button", name="Run").click()
    expect(second.locator("[data-output]")).to_have_text(
        re.compile(r"ended with an error, so it was not run first; .* needs it\.\s*6\s*$")
    )


def test_a_run_pressed_while_python_loads_says_so_at_the_cell(page, base_url):
    held = hold_wasm(page)
    page.goto(f"{base_url}{SLUG}.html")
    cell = cells(page).first
    cell.get_by_role("button", name="Run").click()
    output = cell.locator("[data-output]")
    expect(output).to_contain_text("Waiting for Python to finish loading")
    release_wasm(page, held)
    expect(cell).to_have_attribute("data-state", "done", timeout=PYTHON_READY_TIMEOUT)
    expect(output).not_to_contain_text("Waiting for Python")


def test_code_can_be_edited_while_python_loads(page, base_url):
    """The editors load with Python, or sooner for a learner who goes to edit: a click on a
    cell's code (or Tab to it) brings them, with the focus in that cell's editor."""
    held = hold_wasm(page)
    page.goto(f"{base_url}{SLUG}.html")
    cell = cells(page).nth(1)
    cell.locator("[data-editor] pre").click()
    editor = cell.get_by_role("textbox")
    expect(editor).to_be_focused()
    page.keyboard.press("Control+A")
    page.keyboard.insert_text("print('edited early')")
    release_wasm(page, held)
    cell.get_by_role("button", name="Run").click()
    expect(cell.locator("[data-output]")).to_have_text("edited early", timeout=PYTHON_READY_TIMEOUT)


@pytest.mark.parametrize("isolated", [True, False])
def test_stop_while_python_loads_cancels_the_run(page, base_url, plain_host_url, isolated):
    held = hold_wasm(page)
    page.goto(f"{base_url if isolated else plain_host_url}{SLUG}.html")
    cell, second = cells(page).first, cells(page).nth(1)
    second.get_by_role("button", name="Run").click()  # the first cell runs first, waiting for Python
    expect(cell).to_have_attribute("data-state", "running")
    expect(second).to_have_attribute("data-state", "queued")
    cell.get_by_role("button", name="Stop").click()
    # Each cell says once, and truly, that it did not run: Python never ran anything.
    for stopped in (cell, second):
        expect(stopped).to_have_attribute("data-state", "idle")
        expect(stopped.locator("[data-output]")).to_have_text("Not run: Stop was pressed before Python had loaded.")
    release_wasm(page, held)
    status = page.locator("[data-runtime-status]")
    expect(status).to_have_attribute("data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT)
    cell.get_by_role("button", name="Run").click()
    expect(cell).to_have_attribute("data-state", "done", timeout=PYTHON_READY_TIMEOUT)


def test_rich_output_cannot_restyle_or_cover_the_page(page, base_url):
    open_lesson(page, base_url)
    cell = cells(page).first
    html = (
        "<style>body { display: none } h1 { color: red }</style>"
        '<div style="position: fixed; inset: 0; z-index: 9999; background: black">cover</div>'
        '<form><input name="x"></form>'
    )
    run(page, cell, f"type('Evil', (), {{'_repr_html_': lambda self: {html!r}}})()")
    expect(cell.locator("[data-output] [data-display]")).to_have_count(1)
    expect(page.locator("h1")).to_be_visible()
    assert page.locator("h1").evaluate("h => getComputedStyle(h).color") != "rgb(255, 0, 0)"
    assert cell.locator("[data-output] input").count() == 0
    # The fixed "cover" stays inside the output box: the Run button is still clickable.
    cell.get_by_role("button", name="Run").click()  # times out if the "cover" takes the click


def test_a_stopped_check_gives_no_verdict(page, base_url):
    """Stop during Check is the learner's stop, not a wrong answer: no "incorrect"."""
    open_lesson(page, base_url)
    cell = page.locator('[data-cell="write-recall"]')
    verdict = cell.locator("[data-verdict]")
    replace_code(page, cell, "def recall_at_k(ranked, relevant, k):\n    while True:\n        pass")
    cell.get_by_role("button", name=re.compile("^Check")).click()
    expect(page.locator("[data-runtime-status]")).to_contain_text("checking", timeout=PYTHON_READY_TIMEOUT)
    cell.get_by_role("button", name="Stop").click()
    expect(verdict).to_have_text("Not checked: the check was stopped.")
    expect(verdict).to_have_attribute("data-verdict", "")
    expect(cell).to_have_attribute("data-state", "idle")
