"""Another lesson opens in the same page (site/js/lesson/lesson-navigation.js): Python stays booted but
forgets the last lesson's names, the page reads as the new lesson (address, title, heading with
the focus), Back brings the last lesson with its edits, and whatever cannot be served in place
loads as a whole page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

import build

from helpers import (
    PYTHON_READY_TIMEOUT,
    audit,
    cpython_outputs,
    editor_text,
    follow_next,
    lesson_data,
    long_timers,
    mark_document,
    open_lesson,
    rebuildable_site,
    replace_code,
    run_first_cell,
    same_document,
    wait_for_editors,
    wait_until_controlled,
)

FIRST, SECOND = "why-position-matters", "precision-recall"


def count_workers(page) -> list:
    """The Python workers the page starts from now on (Playwright sees each one)."""
    workers = []
    page.on("worker", lambda worker: workers.append(worker))
    return workers


def open_and_run(page, base_url, code, until):
    """Open the first lesson, put `code` in its first cell and run it until the cell's state is
    `until`; returns the cell."""
    open_lesson(page, base_url, FIRST)
    cell = page.locator("[data-cell]").first
    replace_code(page, cell, code)
    cell.get_by_role("button", name="Run").click()
    expect(cell).to_have_attribute("data-state", until)
    return cell


def test_next_opens_in_place_with_python_kept_and_its_names_forgotten(page, base_url):
    open_and_run(page, base_url, "left_from_the_last_lesson = 42\nprint('defined')", "done")
    mark_document(page)
    workers = count_workers(page)

    follow_next(page, SECOND)

    heading = page.get_by_role("heading", level=1)
    expect(heading).to_have_text("Precision@k and recall@k")
    expect(heading).to_be_focused()  # a screen reader starts at the new lesson, as after a load
    assert page.title().startswith("Precision@k and recall@k")
    assert lesson_data(page)["slug"] == SECOND
    expect(page.locator("[data-runtime-status]")).to_have_text("Python ready")
    assert same_document(page) and workers == []

    # The new lesson's first cell prints what CPython prints for it.
    cells = lesson_data(page)["cells"]
    first = next(cell for cell in cells if not cell["hidden"])
    expected = cpython_outputs(cells[: cells.index(first) + 1])[first["id"]]
    cell = page.locator(f'[data-cell="{first["id"]}"]')
    cell.get_by_role("button", name="Run").click()
    expect(cell).to_have_attribute("data-state", "done")
    assert cell.locator("[data-output]").inner_text().strip() == expected.strip()

    # Names from the last lesson are gone: Python started this lesson with fresh globals.
    wait_for_editors(page)
    replace_code(page, cell, "print(left_from_the_last_lesson)")
    cell.get_by_role("button", name="Run").click()
    expect(cell).to_have_attribute("data-state", "error")
    expect(cell.locator("[data-output]")).to_contain_text("NameError")
    assert workers == []


def test_a_reference_rebound_in_one_lesson_does_not_fool_the_next_lessons_check(page, base_url):
    """Python stays across the move, and so does the rebinding; the check's reference does not
    change with it (py/cellruntime/sealed.py)."""
    open_and_run(
        page,
        base_url,
        "import rankmetrics\nrankmetrics.recall_at_k = lambda ranking, relevant, k, **options: 0.0",
        "done",
    )
    mark_document(page)
    follow_next(page, SECOND)
    expect(page.get_by_role("heading", level=1)).to_have_text("Precision@k and recall@k")
    wait_for_editors(page)
    assert same_document(page)

    exercise = next(cell for cell in lesson_data(page)["cells"] if cell["id"] == "write-recall")
    cell = page.locator(f'[data-cell="{exercise["id"]}"]')
    verdict = cell.locator("[data-verdict]")
    replace_code(page, cell, "def recall_at_k(ranking, relevant, k):\n    return 0.0")
    cell.get_by_role("button", name=re.compile("^Check")).click()
    expect(verdict).to_have_attribute("data-verdict", "incorrect")
    expect(verdict).to_contain_text("returned 0.0; expected")

    # The rebinding is still there for the learner's own code to see.
    probe = page.locator("[data-cell]").first
    replace_code(page, probe, "import rankmetrics\nprint(rankmetrics.recall_at_k(['a'], {'a'}, 1))")
    probe.get_by_role("button", name="Run").click()
    expect(probe.locator("[data-output]")).to_have_text("0.0")


def test_back_brings_the_last_lesson_with_its_edits(page, base_url):
    open_lesson(page, base_url, FIRST)
    first_cell = page.locator("[data-cell]").first
    replace_code(page, first_cell, "print('my edit')")
    mark_document(page)
    follow_next(page, SECOND)
    expect(page.get_by_role("heading", level=1)).to_have_text("Precision@k and recall@k")

    page.go_back()
    expect(page).to_have_url(re.compile(rf"/{FIRST}\.html$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Why position matters")
    assert same_document(page)
    wait_for_editors(page)
    first_cell = page.locator("[data-cell]").first
    assert editor_text(first_cell) == "print('my edit')"
    first_cell.get_by_role("button", name="Run").click()
    expect(first_cell.locator("[data-output]")).to_have_text("my edit")

    page.go_forward()
    expect(page.get_by_role("heading", level=1)).to_have_text("Precision@k and recall@k")
    assert same_document(page)


def test_a_running_cell_is_stopped_and_the_next_lesson_opens_in_place(page, base_url):
    open_and_run(page, base_url, "while True:\n    pass", "running")
    mark_document(page)
    workers = count_workers(page)
    long_timers(page, "hold")  # no restart fallback: only the interrupt can end the loop, however slow the machine
    follow_next(page, SECOND)
    expect(page.get_by_role("heading", level=1)).to_have_text("Precision@k and recall@k")
    run_first_cell(page)  # the loop no longer holds Python
    long_timers(page, "release")
    assert same_document(page) and workers == []  # stopped by interrupt, Python kept


def test_back_while_a_cell_runs_brings_the_last_lesson(page, base_url):
    """Back between the page's own entries is always served: the address and the lesson on the
    screen never disagree."""
    open_lesson(page, base_url, FIRST)
    follow_next(page, SECOND)
    expect(page.get_by_role("heading", level=1)).to_have_text("Precision@k and recall@k")
    wait_for_editors(page)
    cell = page.locator("[data-cell]").first
    replace_code(page, cell, "import time\ntime.sleep(30)")
    cell.get_by_role("button", name="Run").click()
    expect(cell).to_have_attribute("data-state", "running")
    page.go_back()
    expect(page).to_have_url(re.compile(rf"/{FIRST}\.html$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Why position matters")
    assert lesson_data(page)["slug"] == FIRST
    run_first_cell(page)


def test_a_double_click_on_next_opens_the_lesson_once(page, base_url):
    open_lesson(page, base_url, FIRST)
    mark_document(page)
    workers = count_workers(page)
    page.get_by_role("link", name=re.compile("^Next")).dblclick()
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_have_text("Precision@k and recall@k")
    expect(heading).to_be_focused()
    assert same_document(page) and workers == []
    assert page.evaluate("navigation.entries().length") == 2


def test_a_double_click_s_second_click_after_the_lesson_opened_lands_nowhere(page, base_url):
    """The second click of a double click on Next, coming once the next lesson is in place (a
    fast fetch, a slow hand): it lands where the new lesson now is, and is dropped there, as
    it would be on a page loading whole, so the heading keeps the focus."""
    open_lesson(page, base_url, FIRST)
    link = page.get_by_role("link", name=re.compile("^Next"))
    link.scroll_into_view_if_needed()
    box = link.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.click(x, y)
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_have_text("Precision@k and recall@k")
    expect(heading).to_be_focused()
    under = page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.closest('main') !== null", [x, y])
    assert under, "the second click should land on the new lesson"
    page.evaluate("window.clicksSeen = []; document.addEventListener('click', (e) => clicksSeen.push(e.detail))")
    page.mouse.down(click_count=2)
    page.mouse.up(click_count=2)
    assert page.evaluate("document.activeElement === document.querySelector('main h1')")
    assert page.evaluate("clicksSeen") == []
    page.mouse.click(2, 2)  # a new click is the page's again: it takes the focus from the heading
    expect(heading).not_to_be_focused()
    assert page.evaluate("clicksSeen") == [1]
    assert page.evaluate("navigation.entries().length") == 2


def test_the_index_and_a_missing_page_load_whole_and_back_returns(page, base_url):
    open_lesson(page, base_url, FIRST)
    mark_document(page)
    page.get_by_role("link", name="All lessons").click()
    expect(page.locator("#lesson-data")).to_have_count(0)
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    assert not same_document(page)

    # A lesson link whose page is gone: the browser's own answer for it, as without this
    # feature; and Back brings the lesson the learner came from.
    open_lesson(page, base_url, FIRST)
    follow_next(page, SECOND)
    expect(page.get_by_role("heading", level=1)).to_have_text("Precision@k and recall@k")
    mark_document(page)
    page.evaluate("""() => {
      const link = document.querySelector('a[rel="next"]');
      link.href = "no-such-lesson.html";
      link.click();
    }""")
    expect(page).to_have_url(re.compile(r"/no-such-lesson\.html$"))
    expect(page.locator("#lesson-data")).to_have_count(0)  # the server's "not found" page came
    assert not same_document(page)
    page.go_back()
    expect(page).to_have_url(re.compile(rf"/{SECOND}\.html$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Precision@k and recall@k")
    page.go_back()
    expect(page).to_have_url(re.compile(rf"/{FIRST}\.html$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Why position matters")


@pytest.mark.service_worker
def test_next_works_offline(context, base_url):
    page = context.new_page()
    open_lesson(page, base_url, FIRST)
    wait_until_controlled(page)
    context.set_offline(True)
    mark_document(page)
    follow_next(page, SECOND)
    expect(page.get_by_role("heading", level=1)).to_have_text("Precision@k and recall@k")
    assert same_document(page)
    run_first_cell(page)
    wait_for_editors(page)
    page.close()


def test_a_lesson_opened_in_place_has_no_accessibility_violations(browser, base_url):
    page = browser.new_page()
    open_lesson(page, base_url, FIRST)
    follow_next(page, SECOND)
    expect(page.get_by_role("heading", level=1)).to_have_text("Precision@k and recall@k")
    run_first_cell(page)
    wait_for_editors(page)
    assert audit(page) == []
    page.close()


def test_a_lesson_that_needs_more_packages_gets_them_in_place(page, base_url):
    """average-precision needs rankmetrics only; ndcg, next, also pygal: it is added to the
    running Python, and its chart cell draws."""
    open_lesson(page, base_url, "average-precision")
    mark_document(page)
    workers = count_workers(page)
    follow_next(page, "ndcg")
    expect(page.get_by_role("heading", level=1)).to_contain_text("NDCG")
    cell = page.locator('[data-cell="discount-chart"]')
    cell.get_by_role("button", name="Run").click()
    expect(cell).to_have_attribute("data-state", "done")
    expect(cell.locator("[data-output] svg")).to_have_count(1)
    assert same_document(page) and workers == []


def test_a_lesson_of_a_newer_build_loads_whole(browser, base_url):
    """The next lesson's page names other scripts (a new build was deployed meanwhile): it needs
    them, so it loads as a page of its own."""
    context = browser.new_context(service_workers="block")  # so page.route sees the fetch
    page = context.new_page()

    def newer_build(route):
        html = route.fetch().text()
        route.fulfill(
            body=re.sub(r"lesson\.js\?v=\w+", "lesson.js?v=newer", html), headers={"Content-Type": "text/html"}
        )

    page.route(re.compile(rf"/{SECOND}\.html$"), newer_build)
    open_lesson(page, base_url, FIRST)
    mark_document(page)
    follow_next(page, SECOND)
    expect(page.locator('script[src$="lesson.js?v=newer"]')).to_have_count(1)
    expect(page.locator("[data-runtime-status]")).to_have_attribute(
        "data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT
    )
    assert not same_document(page)
    context.close()


def test_packages_that_fail_to_come_are_had_by_restarting_python(browser, base_url):
    """The pygal wheel fails once (a network blip) when ndcg opens in place: Python restarts
    with the lesson's packages, and the chart draws."""
    context = browser.new_context(service_workers="block")  # so page.route sees the wheels
    page = context.new_page()
    failures = []

    def fail_once(route):
        if failures:
            route.continue_()
        else:
            failures.append(route.request.url)
            route.abort()

    page.route(re.compile(r"/wheels/pygal-"), fail_once)
    open_lesson(page, base_url, "average-precision")
    workers = count_workers(page)
    follow_next(page, "ndcg")
    cell = page.locator('[data-cell="discount-chart"]')
    cell.get_by_role("button", name="Run").click()
    expect(cell).to_have_attribute("data-state", "done", timeout=PYTHON_READY_TIMEOUT)
    expect(cell.locator("[data-output] svg")).to_have_count(1)
    assert len(failures) == 1 and len(workers) == 1
    context.close()


@pytest.mark.service_worker
def test_a_new_build_is_offered_while_moving_in_place(context, tmp_path):
    """The browser looks for a new service worker on page loads; a lesson opened in place asks
    for that check itself, so the learner still hears of a new build."""
    with rebuildable_site(tmp_path) as (lessons, out, url):
        page = context.new_page()
        open_lesson(page, url, FIRST)
        wait_until_controlled(page)
        lesson = lessons / "hit-rate.md"
        lesson.write_text(lesson.read_text().replace("title: Hit-rate@k", "title: Hit-rate@k, revised"))
        build.build(lessons, out)
        mark_document(page)
        follow_next(page, SECOND)
        expect(page.locator("[data-update]")).to_contain_text("updated", timeout=PYTHON_READY_TIMEOUT)
        assert same_document(page)


CAUGHT_LOOP = "try:\n    while True:\n        pass\nexcept KeyboardInterrupt:\n    print('caught')"


def test_the_last_lessons_queued_cells_never_run_in_the_next(page, base_url):
    """Run on lesson 1's second cell first runs its first, here a loop that takes the Stop and
    ends normally; the second must not then run in lesson 2's fresh namespace."""
    open_lesson(page, base_url, FIRST)
    first = page.locator("[data-cell]").first
    replace_code(page, first, CAUGHT_LOOP)
    page.locator('[data-cell="simulate-users"]').get_by_role("button", name="Run").click()
    expect(first).to_have_attribute("data-state", "running")
    follow_next(page, SECOND)
    expect(page.locator("[data-runtime-status]")).to_have_text("Python ready")
    wait_for_editors(page)
    cell = page.locator("[data-cell]").first
    replace_code(page, cell, "print('deepest_rank' in globals(), 'relevant' in globals())")
    cell.get_by_role("button", name="Run").click()
    expect(cell.locator("[data-output]")).to_have_text("False False")


def slow(page, path, delay_ms, status=None):
    """Answer requests for `path` after `delay_ms` (with `status`, or the real page)."""

    def answer(route):
        page.wait_for_timeout(delay_ms)
        if status:
            route.fulfill(status=status, body="unavailable")
        else:
            route.fulfill(response=route.fetch())

    page.route(re.compile(rf"/{path}$"), answer)


SETTLED_FETCHES = (Path(__file__).parent / "settled_fetches.js").read_text(encoding="utf-8")


def wait_until_read(page, path: str, reads: int) -> None:
    """Wait until the page has read `reads` answers for addresses ending in `path`
    (settled_fetches.js): what it does with the last one is done by then."""
    page.wait_for_function("([path, reads]) => settledFetches(path) >= reads", arg=[path, reads])


def test_a_slow_lesson_left_behind_never_takes_over(browser, base_url):
    context = browser.new_context(service_workers="block")  # so page.route sees the fetches
    context.add_init_script(SETTLED_FETCHES)
    page = context.new_page()
    open_lesson(page, base_url, FIRST)
    follow_next(page, SECOND)
    follow_next(page, "hit-rate")
    expect(page.get_by_role("heading", level=1)).to_have_text("Hit-rate@k")
    slow(page, f"{SECOND}.html", 1500)
    read_before = page.evaluate("path => settledFetches(path)", f"/{SECOND}.html")
    page.evaluate("history.back(); history.back()")  # the second wins over the slow first
    expect(page.get_by_role("heading", level=1)).to_have_text("Why position matters")
    wait_until_read(page, f"/{SECOND}.html", read_before + 1)  # the slow answer has come, and been dropped
    expect(page).to_have_url(re.compile(rf"/{FIRST}\.html$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Why position matters")
    assert lesson_data(page)["slug"] == FIRST

    # A move that will fail, given up for another: the page it failed on never loads.
    follow_next(page, SECOND)
    slow(page, "hit-rate.html", 1500, status=503)
    mark_document(page)
    read_before = page.evaluate("path => settledFetches(path)", "/hit-rate.html")
    with page.expect_request(re.compile(r"/hit-rate\.html$")):
        page.get_by_role("link", name=re.compile("^Next")).click()
    page.get_by_role("link", name=re.compile("^Previous")).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Why position matters")
    wait_until_read(page, "/hit-rate.html", read_before + 1)  # the failed answer has come, and been dropped
    expect(page).to_have_url(re.compile(rf"/{FIRST}\.html$"))
    assert same_document(page)
    context.close()


def test_after_a_failed_boot_runs_in_a_lesson_with_more_packages_say_so(page, base_url):
    page.route(re.compile(r"/pyodide/"), lambda route: route.abort())
    page.goto(f"{base_url}average-precision.html")
    status = page.locator("[data-runtime-status]")
    expect(status).to_have_attribute("data-runtime-status", "error", timeout=PYTHON_READY_TIMEOUT)
    follow_next(page, "ndcg")
    cell = page.locator("[data-cell]").first
    cell.get_by_role("button", name="Run").click()
    expect(cell).to_have_attribute("data-state", "error")
    expect(cell.locator("[data-output]")).to_contain_text("could not load")


def test_the_skip_link_of_the_not_found_page_stays_on_it(page, base_url):
    """The page for an unknown address has a <base> of the site's root, so its links reach the
    course from any depth; its skip link still moves to its own content, not the root's page."""
    url = f"{base_url}no/such/page"
    page.goto(url)
    expect(page.get_by_role("heading", level=1)).to_have_text("Page not found")
    expect(page.get_by_role("link", name="Go to the course's first page")).to_have_attribute("href", "index.html")
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Skip to content")
    expect(skip).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("main#content")).to_be_focused()
    assert page.url == url
