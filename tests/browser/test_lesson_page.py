"""A lesson page in Chromium: Python loads, cells run and stream, errors point at the learner's
line, the keyboard works, and the quiz checks answers.

Booting Python takes seconds of CPU, so the tests share one lesson page (`page` here). Before each
test it opens the lesson again in place, as a learner's link to another lesson of the course does
(site/js/lesson/lesson-navigation.js): the document and its Python worker stay, Python forgets
every name the cells defined, and the lesson's content is new, shown without the learner's saved
work, which is forgotten first (`open_in_place`). A test whose page cannot be brought back so
(routes set before the page opens, a Python still loading or failing to load, the requests a
page's load makes, a lesson whose Python boots with more packages) is marked `own_page`: its
`page` is one of its own, which it opens."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from helpers import (
    PYTHON_READY_TIMEOUT,
    SLUG,
    cpython_outputs,
    editor_lines,
    editor_text,
    first_visible,
    lesson_cells,
    lesson_data,
    mark_document,
    open_lesson,
    recording_page,
    replace_code,
    run_cell,
    same_document,
    wait_for_editors,
    wait_for_state,
    wait_until_python_ready,
    wait_wired,
)

# A lesson the shared page passes through when it already shows the lesson a test wants: the same
# Python as SLUG's, no more packages, and no playground.
WAYPOINT = "why-position-matters"

# The learner's saved work (edited code, quiz answers, exercise verdicts, predictions): the keys
# site/js/shared/storage.js keeps in localStorage, which a fresh profile does not have.
FORGET_SAVED_WORK = """() => {
  const keys = [];
  for (let index = 0; index < localStorage.length; index += 1) keys.push(localStorage.key(index));
  for (const key of keys) if (key.startsWith("rankmetrics-lessons:v1:")) localStorage.removeItem(key);
}"""


def move_in_place(page, base_url: str, slug: str) -> None:
    """Open the lesson `slug` in the page's document in place of the lesson it shows, replacing
    its history entry (the history stays one entry long, as a fresh page's); fails if the lesson
    loaded as a whole page or the page started another Python worker."""
    workers = len(page.python_workers)
    # `finished` settles once the new lesson is swapped in; a lesson that loads whole rejects it
    # (or ends this document), which fails here.
    page.evaluate(
        "(url) => navigation.navigate(url, {history: 'replace'}).finished.then(() => null)",
        f"{base_url}{slug}.html",
    )
    assert same_document(page), f"{slug} loaded as a whole page"
    assert lesson_data(page)["slug"] == slug
    assert len(page.python_workers) == workers, f"opening {slug} started another Python"


def open_in_place(page, base_url: str, slug: str = SLUG) -> None:
    """Show the lesson `slug` in the shared page as a page that has just opened it shows it once
    Python is ready and every cell has its editor (open_lesson): no saved work, Python's globals
    fresh, the focus on no element, scrolled to the top. A page already showing `slug` passes
    through WAYPOINT, since a move to the lesson on the page loads it whole."""
    workers = len(page.python_workers)
    if lesson_data(page)["slug"] == slug:
        move_in_place(page, base_url, WAYPOINT)
    page.evaluate(FORGET_SAVED_WORK)  # `slug` is not on the page, so nothing saves to it meanwhile
    move_in_place(page, base_url, slug)
    wait_until_python_ready(page)
    expect(page.locator("[data-runtime-status]")).to_have_text("Python ready")
    wait_for_editors(page)
    page.evaluate("document.activeElement?.blur(); scrollTo(0, 0)")  # as a page load leaves it
    assert len(page.python_workers) == workers, f"opening {slug} started Python again"


@pytest.fixture(scope="module")
def shared_page(browser, base_url):
    """The lesson page the module's tests share (`page`), opened once on WAYPOINT in a profile
    of its own (`recording_page`)."""
    with recording_page(browser) as page:
        open_lesson(page, base_url, WAYPOINT)
        assert len(page.python_workers) == 1
        mark_document(page)  # every later lesson opens in this document (move_in_place)
        yield page


@pytest.fixture
def page(request, base_url):
    """The shared page showing SLUG as a fresh page does once it is ready (`open_in_place`), at
    Playwright's default size; or for a test marked `own_page` a new page of its own (not opened
    yet). The test fails on uncaught errors in the page while it ran."""
    if request.node.get_closest_marker("own_page"):
        yield request.getfixturevalue("fresh_page")
        return
    shared_page = request.getfixturevalue("shared_page")
    errors = len(shared_page.js_errors)
    shared_page.set_viewport_size({"width": 1280, "height": 720})  # Playwright's default
    open_in_place(shared_page, base_url)
    yield shared_page
    new = shared_page.js_errors[errors:]
    del shared_page.js_errors[errors:]  # failed here, not again in the next test
    assert new == [], f"uncaught errors in the page: {new}"


def test_run_button_shows_the_cells_output(page, base_url):
    cells = lesson_cells(page)
    cell_data = first_visible(cells)
    expected = cpython_outputs(cells[: cells.index(cell_data) + 1])[cell_data["id"]]
    cell = page.locator(f'[data-cell="{cell_data["id"]}"]')
    cell.get_by_role("button", name="Run").click()
    expect(cell).to_have_attribute("data-state", "done")
    assert cell.locator("[data-output]").inner_text().strip() == expected.strip()


@pytest.mark.own_page  # Run is pressed while Python still loads
def test_running_a_later_cell_runs_the_earlier_ones_first(page, base_url):
    page.goto(f"{base_url}{SLUG}.html")  # Run before Python is ready: the click queues
    cells = lesson_cells(page)
    last = cells[-1]
    expected = cpython_outputs(cells)[last["id"]]
    cell = page.locator(f'[data-cell="{last["id"]}"]')
    cell.get_by_role("button", name="Run").click()
    expect(cell).to_have_attribute("data-state", "done", timeout=PYTHON_READY_TIMEOUT)
    assert cell.locator("[data-output]").inner_text().strip() == expected.strip()
    for earlier in cells[:-1]:
        if not earlier["hidden"]:
            expect(page.locator(f'[data-cell="{earlier["id"]}"]')).to_have_attribute("data-state", "done")


def test_edit_and_run_with_shift_enter(page, base_url):
    cell = page.locator("[data-cell]").first
    replace_code(page, cell, "print(6 * 7)\n'done'")
    page.keyboard.press("Shift+Enter")
    expect(cell).to_have_attribute("data-state", "done")
    expect(cell.locator("[data-output]")).to_have_text(re.compile(r"^42\s+'done'$"))


def test_completions_come_when_asked_for(page, base_url):
    """Completions open on Ctrl+Space (typing opens none: a list opened by typing lay over the
    cell's Run and Check buttons, and a click meant for them picked a completion)."""
    cell = page.locator("[data-cell]").first
    cell.get_by_role("textbox").click()
    page.keyboard.press("Control+A")
    page.keyboard.type("keep_going = 0.8\nkee")
    page.keyboard.press("Control+Space")
    expect(page.get_by_role("listbox").get_by_role("option", name="keep_going")).to_have_count(1)
    page.keyboard.press("Escape")
    page.keyboard.type("p_going")
    page.keyboard.press("Shift+Enter")
    expect(cell.locator("[data-output]")).to_have_text("0.8")


def test_ctrl_enter_runs_and_final_expression_is_shown(page, base_url):
    cell = page.locator("[data-cell]").first
    replace_code(page, cell, "sum(range(10))")
    page.keyboard.press("Control+Enter")
    expect(cell.locator("[data-output]")).to_have_text("45")


def test_error_shows_short_traceback_at_the_learners_line(page, base_url):
    cell = page.locator("[data-cell]").first
    name = cell.get_attribute("aria-label")
    assert name.startswith("Code cell 1")
    replace_code(page, cell, "x = 1\ny = x / 0\nprint(y)")
    cell.get_by_role("button", name="Run").click()
    expect(cell).to_have_attribute("data-state", "error")
    stderr = cell.locator('[data-stream="stderr"]')
    expect(stderr).to_contain_text("ZeroDivisionError: division by zero")
    text = stderr.inner_text()
    assert f'File "<{name}>", line 2' in text  # the cell as the page names it
    assert "y = x / 0" in text
    assert "cellruntime" not in text and "pyodide" not in text.lower()
    # The page stays usable: the next run works.
    replace_code(page, cell, "print('still here')")
    cell.get_by_role("button", name="Run").click()
    expect(cell.locator("[data-output]")).to_have_text("still here")


def test_output_is_text_never_html(page, base_url):
    cell = page.locator("[data-cell]").first
    replace_code(page, cell, 'print("<img src=x onerror=alert(1)>")')
    cell.get_by_role("button", name="Run").click()
    expect(cell.locator("[data-output]")).to_have_text("<img src=x onerror=alert(1)>")
    assert cell.locator("[data-output] img").count() == 0


def test_progress_lines_and_colour_codes_show_as_a_terminal_would(page, base_url):
    """ "\\r" starts a line again (even across output batches), "\\r\\n" is a newline, and
    terminal colour codes are dropped rather than shown as "[31m"."""
    cell = page.locator("[data-cell]").first
    code = (
        "import time\n"
        "for percent in (0, 50, 100):\n"
        "    print(f'\\rloading {percent}%', end='', flush=True)\n"
        "    time.sleep(0.08)\n"  # longer than the runtime's 50 ms batches: separate messages
        "print()\n"
        "print('a\\r\\nb')\n"
        "print('\\x1b[31mred\\x1b[0m text')"
    )
    replace_code(page, cell, code)
    cell.get_by_role("button", name="Run").click()
    expect(cell).to_have_attribute("data-state", "done")
    assert cell.locator("[data-output]").inner_text().strip() == "loading 100%\na\nb\nred text"


def test_reset_restores_the_lessons_code(page, base_url):
    cells = lesson_cells(page)
    first = first_visible(cells)
    cell = page.locator(f'[data-cell="{first["id"]}"]')
    editor = replace_code(page, cell, "print('mine')")
    expect(editor).to_have_text("print('mine')")
    cell.get_by_role("button", name="Reset").click()
    assert editor_text(cell) == first["code"]


def choose(options, indexes):
    """Tick exactly the options at `indexes` (radios: the one)."""
    for i in range(options.count()):
        if options.nth(i).get_attribute("type") == "checkbox":
            options.nth(i).set_checked(i in indexes)
        elif i in indexes:
            options.nth(i).check()


def test_a_wrong_quiz_answer_explains_itself_without_giving_the_right_one_away(page, base_url):
    form = page.locator("form[data-quiz]").first
    quiz_id = form.get_attribute("data-quiz")
    answers = json.loads(page.locator("#lesson-data").text_content())["quizzes"][quiz_id]["correct"]
    options = form.locator("input")
    wrong = [i for i in range(options.count()) if i not in answers]
    verdict = form.locator("[data-verdict]")
    explanations = form.locator("[data-explanation]")
    expect(explanations.first).to_be_hidden()

    for chosen in wrong[:2]:  # a second wrong answer closes the first one's explanation
        choose(options, [chosen])
        form.get_by_role("button", name="Check answer").click()
        expect(verdict).to_have_attribute("data-verdict", "incorrect")
        expect(verdict).to_contain_text("try again")
        for i in range(explanations.count()):
            if i == chosen:
                expect(explanations.nth(i)).to_be_visible()
                expect(explanations.nth(i)).to_contain_text("Wrong answer.")
                expect(options.nth(i)).to_have_attribute("aria-describedby", f"{quiz_id}-{i}-explanation")
            else:
                expect(explanations.nth(i)).to_be_hidden()
                expect(options.nth(i)).not_to_have_attribute("aria-describedby", re.compile("."))

    choose(options, answers)
    form.get_by_role("button", name="Check answer").click()
    expect(verdict).to_have_attribute("data-verdict", "correct")
    for i in range(explanations.count()):
        expect(explanations.nth(i)).to_be_visible()
        expect(options.nth(i)).to_have_attribute("aria-describedby", f"{quiz_id}-{i}-explanation")
    expect(form.locator("[data-explanation][data-correct=true]")).to_have_count(len(answers))


def test_quiz_works_with_the_keyboard_alone(page, base_url):
    form = page.locator("form[data-quiz]").first
    quiz_id = form.get_attribute("data-quiz")
    answers = json.loads(page.locator("#lesson-data").text_content())["quizzes"][quiz_id]["correct"]
    first_option = form.locator("input").first
    first_option.focus()
    page.keyboard.press("Space")  # select the first option
    for _ in range(answers[0]):
        page.keyboard.press("ArrowDown")  # radios: arrows move the selection
    # Tab to the submit button and press Enter.
    while page.evaluate("document.activeElement.type") != "submit":
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(form.locator("[data-verdict]")).to_have_attribute("data-verdict", "correct")


# Where, in px from the left, the line's first non-blank character is drawn, and where the first
# character of its second screen line (after wrapping) is.
WRAP_OFFSETS = """(line) => {
  const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
  const chars = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let offset = 0; offset < node.length; offset++) chars.push([node, offset]);
  }
  const box = ([node, offset]) => {
    const range = document.createRange();
    range.setStart(node, offset);
    range.setEnd(node, offset + 1);
    return range.getBoundingClientRect();
  };
  const firstCode = chars.find(([node, offset]) => node.data[offset].trim());
  const top = box(chars[0]).top;
  const wrapped = chars.find((char) => box(char).top > top + 2);
  return [box(firstCode).left, wrapped ? box(wrapped).left : null];
}"""


def test_a_wrapped_line_goes_on_under_its_own_indentation(page, base_url):
    page.set_viewport_size({"width": 360, "height": 800})
    open_in_place(page, base_url)  # the lesson laid out on a phone's screen from its start
    cell = page.locator("[data-cell]").first
    replace_code(
        page, cell, "for i in range(3):\n        print('a long line that cannot fit on a phone screen', i, i, i)"
    )
    line = editor_lines(cell).nth(1)
    code_left, wrapped_left = line.evaluate(WRAP_OFFSETS)
    assert wrapped_left is not None, "the line did not wrap"
    assert abs(wrapped_left - code_left) <= 2


FOCUS_RING = """(output) => {
  const cell = output.closest("[data-cell]").getBoundingClientRect();
  const box = output.getBoundingClientRect();
  const style = getComputedStyle(output);
  const ring = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
  return {
    shown: output.matches(":focus-visible") && style.outlineStyle !== "none",
    inside: box.left - ring >= cell.left && box.right + ring <= cell.right && box.bottom + ring <= cell.bottom,
  };
}"""


def test_a_long_output_line_scrolls_in_a_region_the_keyboard_reaches_and_rings(page, base_url):
    """The output region scrolls a line wider than the cell; Tab reaches it, the arrow keys
    scroll it, and its focus ring is drawn whole inside the cell (which clips what overflows)."""
    cell = page.locator("[data-cell]").first
    run_cell(page, cell, "print('z' * 400)")
    wait_for_state(cell, "done")
    cell.get_by_role("button", name="Reset").focus()
    page.keyboard.press("Tab")
    output = cell.locator("[data-output]")
    expect(output).to_be_focused()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("(output) => output.scrollLeft > 0", arg=output.element_handle())
    assert output.evaluate(FOCUS_RING) == {"shown": True, "inside": True}


def test_escape_then_tab_leaves_the_editor(page, base_url):
    cell = page.locator("[data-cell]").first
    editor = cell.get_by_role("textbox")
    hint = cell.locator("[data-editor-keys]")
    editor.click()
    # The editor says how to leave it, on screen and as its description.
    expect(hint).to_be_visible()
    expect(hint).to_contain_text("Escape, then Tab")
    expect(editor).to_have_accessible_description(re.compile("Escape, then Tab"))
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.getAttribute('role')")
    assert focused != "textbox"


def test_exercise_goes_incorrect_then_correct(page, base_url):
    exercise = next(cell for cell in lesson_cells(page) if cell["check"])
    cell = page.locator(f'[data-cell="{exercise["id"]}"]')
    verdict = cell.locator("[data-verdict]")
    check = cell.get_by_role("button", name=re.compile("^Check"))
    check.click()  # the starter is a signature and a docstring
    expect(verdict).to_have_attribute("data-verdict", "incorrect")
    expect(verdict).to_contain_text("not written yet")

    # A known wrong variant: the failing input, the expected value, and the misconception.
    wrong = exercise["solution"].replace("hits / len(relevant)", "hits / k")
    assert wrong != exercise["solution"], "the first exercise is no longer recall@k: pick a variant"
    replace_code(page, cell, wrong)
    check.click()
    expect(verdict).to_contain_text("expected")
    expect(verdict).to_contain_text("precision")

    cell.get_by_text("Show a solution").click()
    cell.get_by_role("button", name="Put this solution in the editor").click()
    assert editor_text(cell) == exercise["solution"]
    cell.get_by_role("button", name=re.compile("^Check")).click()
    expect(verdict).to_have_attribute("data-verdict", "correct")
    expect(verdict).to_contain_text("All")


def test_an_exercise_with_its_code_deleted_does_not_pass(page, base_url):
    """A lesson cell above defines the same function (the lesson's own recall_at_k): it is not
    the learner's answer, nor is what an earlier run of the exercise left behind."""
    cell = page.locator('[data-cell="write-recall"]')
    verdict = cell.locator("[data-verdict]")
    replace_code(page, cell, "pass")
    cell.get_by_role("button", name=re.compile("^Check")).click()
    expect(verdict).to_have_attribute("data-verdict", "incorrect")
    expect(verdict).to_contain_text("This cell does not define recall_at_k")


@pytest.mark.own_page  # Python boots with the lesson's pygal (added in place: test_lesson_navigation.py)
def test_chart_cell_shows_a_sanitised_svg(page, base_url):
    """A lesson that declares pygal installs it from the site and shows its chart as SVG."""
    open_lesson(page, base_url, "ndcg")
    cell = page.locator('[data-cell="discount-chart"]')
    cell.get_by_role("button", name="Run").click()
    expect(cell).to_have_attribute("data-state", "done")
    expect(cell.locator("[data-output] svg")).to_have_count(1)
    assert cell.locator("[data-output] script").count() == 0


def test_rich_output_cannot_inject_script(page, base_url):
    cell = page.locator("[data-cell]").first
    html = '<img src=x onerror="window.pwned=1"><b>bold</b><script>window.pwned=2</script>'
    replace_code(page, cell, f"type('Evil', (), {{'_repr_html_': lambda self: {html!r}}})()")
    cell.get_by_role("button", name="Run").click()
    expect(cell.locator("[data-output] b")).to_have_text("bold")
    assert cell.locator("[data-output] script").count() == 0
    assert cell.locator("[data-output] img").get_attribute("onerror") is None
    assert page.evaluate("window.pwned") is None


@pytest.mark.own_page  # a route before the page opens; Python fails, Retry boots it again
def test_python_that_cannot_load_says_why_and_offers_retry(page, base_url):
    page.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(f"{base_url}{SLUG}.html")
    status = page.locator("[data-runtime-status]")
    expect(status).to_have_attribute("data-runtime-status", "error", timeout=PYTHON_READY_TIMEOUT)
    expect(status).to_contain_text("Could not load Python")
    expect(status).to_contain_text("pyodide.asm.wasm (404)")
    expect(page.locator("h1")).to_be_visible()  # the lesson stays readable
    page.unroute("**/pyodide.asm.wasm")
    status.get_by_role("button", name="Retry").click()
    expect(status).to_have_attribute("data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT)


@pytest.mark.own_page  # routes before the page opens; Python fails
def test_a_damaged_lesson_package_is_named_in_one_line(page, base_url):
    page.route("**/snapshot.bin.gz*", lambda route: route.fulfill(status=404, body="missing"))
    page.route("**/wheels/cellruntime-*.whl", lambda route: route.fulfill(status=200, body=b"not a wheel" * 100))
    page.goto(f"{base_url}{SLUG}.html")
    status = page.locator("[data-runtime-status]")
    expect(status).to_have_attribute("data-runtime-status", "error", timeout=PYTHON_READY_TIMEOUT)
    expect(status).to_contain_text(
        re.compile(r"Could not load Python: the site's wheels/cellruntime-\S+\.whl is damaged")
    )
    message = status.inner_text().removesuffix("Retry").strip()
    assert "Traceback" not in message and "\n" not in message
    expect(status.get_by_role("button", name="Retry")).to_be_visible()


# Text only the rank playground's script and the evaluate page's script hold.
PLAYGROUND_SCRIPT_TEXT = b"a rank playground could not start"
EVALUATE_SCRIPT_TEXT = b"Stopped. Press Evaluate to start again."


@pytest.mark.own_page  # the requests of the page's load
def test_a_lesson_without_a_playground_loads_neither_the_playground_s_nor_the_evaluate_page_s_script(
    page, base_url, site_dir
):
    asked = []
    page.on("request", lambda request: asked.append(request.url.removeprefix(base_url).split("?")[0]))
    open_lesson(page, base_url)  # Python ready, every cell's editor loaded
    assert 'data-playground="' not in (site_dir / f"{SLUG}.html").read_text()
    bodies = [(site_dir / path).read_bytes() for path in asked if path.endswith(".js")]
    assert len(bodies) > 3 and not [
        body for body in bodies if PLAYGROUND_SCRIPT_TEXT in body or EVALUATE_SCRIPT_TEXT in body
    ]
    # They are in the site, for the pages that have them.
    built = [path.read_bytes() for path in (site_dir / "assets").rglob("*.js")]
    assert any(PLAYGROUND_SCRIPT_TEXT in body for body in built) and any(EVALUATE_SCRIPT_TEXT in body for body in built)


@pytest.mark.own_page  # a route before the page opens
def test_an_editor_that_cannot_load_is_announced_and_run_still_works(page, base_url):
    page.route("**/assets/chunks/editor-*.js", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(f"{base_url}{SLUG}.html")
    warning = page.locator("[data-editor-warning]")
    expect(warning).to_contain_text("code editor could not load", timeout=PYTHON_READY_TIMEOUT)
    expect(warning).to_have_attribute("role", "status")
    cell = page.locator("[data-cell]").first
    cell.get_by_role("button", name="Run").click()
    expect(cell).to_have_attribute("data-state", "done")
    expect(cell.locator("[data-output]")).not_to_be_empty()


def test_an_error_after_huge_output_is_still_shown(page, base_url):
    cell = page.locator("[data-cell]").first
    replace_code(page, cell, 'print("x" * 250_000); raise ValueError("you should see me")')
    cell.get_by_role("button", name="Run").click()
    expect(cell).to_have_attribute("data-state", "error")
    expect(cell.locator('[data-stream="stderr"]')).to_contain_text("ValueError: you should see me")
    expect(cell.locator("[data-output]")).to_contain_text("Output cut:")


def test_every_page_links_the_playground_and_the_evaluate_page_from_its_header(site_dir):
    """Relative links in the static header: they work wherever the folder is served (a hand-out's
    start.py too) and offline, where the service worker keeps both pages."""
    pages = sorted(site_dir.glob("*.html"))
    assert {"playground.html", "evaluate.html"} <= {path.name for path in pages}
    for path in pages:
        header = re.search(r'<header class="site-header">(.*?)</header>', path.read_text(), re.S)
        assert header, path.name
        assert '<a href="playground.html">Rank playground</a>' in header[1], path.name
        assert '<a href="evaluate.html">Evaluate your own run</a>' in header[1], path.name


@pytest.mark.service_worker
def test_a_lesson_opens_the_playground_and_the_evaluate_page_offline(context, base_url):
    page = context.new_page()
    open_lesson(page, base_url)
    expect(page.locator("[data-offline-ready]")).to_contain_text("works offline", timeout=PYTHON_READY_TIMEOUT)
    context.set_offline(True)
    tools = page.get_by_role("navigation", name="Tools")
    tools.get_by_role("link", name="Rank playground").click()
    expect(page).to_have_url(f"{base_url}playground.html")
    expect(page.locator("[data-playground]").first).to_be_visible()
    # Their scripts, which this lesson never loaded, come from the service worker's cache.
    wait_wired(page.locator("[data-playground]").first)
    page.get_by_role("navigation", name="Tools").get_by_role("link", name="Evaluate your own run").click()
    expect(page).to_have_url(f"{base_url}evaluate.html")
    expect(page.get_by_role("button", name="Evaluate")).to_be_visible()
    expect(page.locator("[data-eval-status]")).to_have_attribute("data-eval-status", "idle")
