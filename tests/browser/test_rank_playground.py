"""The rank playground (site/js/playground/; UI contract, "Rank playground"), driven through its
roles, names and data- hooks on a lesson page that holds two playgrounds (host_pages.py): the
readouts agree with rankmetrics under CPython, keyboard and buttons move items with the focus,
the state lives in the fragment and across reloads, a prediction holds the readouts back.

Booting Python takes seconds of CPU, so the tests share one page (`page` here), in which each
opens its lesson as a learner who follows a link does: another lesson of the course opens in the
same document, Python kept booted, and its playgrounds are drawn and wired anew from its HTML
(site/js/lesson/lesson-navigation.js). Before each test the page is brought back to what a new
page has (`bring_back`): it leaves the last test's lesson for one no test opens, the browser's
storage for the site is emptied as a new profile has it (the kept playground states, committed
predictions), and the window is a laptop's in the light scheme. A test whose page cannot be
brought back so (routes set before the page opens, a reload or a new document, a cell run whose
changes to Python outlive its lesson, a Stop that restarts Python, another site or origin, a
worker made to fail) is marked `own_page`: its `page` is one of its own, which it opens. A test
that needs a browser context of another kind (a phone's touch screen) makes its own."""

from __future__ import annotations

import json
import math
import random
import re

import pytest
from playwright.sync_api import expect

from helpers import (
    PYTHON_READY_TIMEOUT,
    ROOT,
    audit,
    mark_document,
    recording_page,
    run_cell,
    same_document,
    set_scheme,
    wait_until_python_ready,
    wait_wired,
)
from host_pages import PLAYGROUND_CONFIG, write_playground_page
from rankmetrics.pages.playground import readouts
from rankmetrics.pages.working import short

METRICS = PLAYGROUND_CONFIG["readouts"]
TOLERANCE = 1e-12  # the page's Pyodide and this CPython agree within this
# How long a playground's write of its state into the address waits at most for an idle moment
# (a move to another lesson holds that write back: persist.js).
IDLE_WAIT_MS = int(
    re.search(r"const IDLE_WAIT_MS = (\d+);", (ROOT / "site/js/playground/persist.js").read_text()).group(1)
)
# The lesson the shared page waits on between tests: one no test opens, with a playground as the
# lessons they open have (a lesson opens in place only from a page with the same scripts).
BETWEEN = "average-precision.html"


@pytest.fixture(scope="module")
def playground_page(site_dir) -> str:
    return write_playground_page(site_dir)


@pytest.fixture(scope="module")
def shared_page(browser, base_url, playground_page):
    """The page the module's tests share (`page`), in a profile of its own: the playground host
    page (whose lesson asks for every package the tests' lessons need), opened once, and left
    only once Python is ready. Its uncaught errors are kept in `page.js_errors` (any left there
    fail the module's last test), and the workers it starts in `page.python_workers`
    (`recording_page`)."""
    with recording_page(browser) as page:
        page.goto(f"{base_url}{playground_page}")
        wait_until_python_ready(page)
        mark_document(page)  # every later lesson opens in this document (open_in_place)
        yield page


def open_in_place(page, url: str) -> None:
    """Open the lesson at `url` in the shared page's document, in place of the lesson it shows,
    as a link to it does (site/js/lesson/lesson-navigation.js), replacing its history entry; then
    leave it as a page load does: the focus on no element, scrolled to the top. Fails if the
    lesson loaded as a whole page or Python started again."""
    workers = len(page.python_workers)
    # `finished` settles once the new lesson is swapped in; a lesson that loads whole rejects it
    # (or ends this document), which fails here.
    page.evaluate("(url) => navigation.navigate(url, {history: 'replace'}).finished.then(() => null)", url)
    assert same_document(page), f"{url} loaded as a whole page"
    assert page.url == url
    assert len(page.python_workers) == workers, f"opening {url} started Python again"
    page.evaluate("document.activeElement?.blur(); scrollTo(0, 0)")


def visit(page, url: str) -> None:
    """Open `url` in `page`: a page that has opened nothing yet loads it; the shared page, which
    shows another lesson, opens it in place (`open_in_place`)."""
    if page.url == "about:blank":
        page.goto(url)
    else:
        open_in_place(page, url)


def bring_back(page, base_url) -> None:
    """Bring the shared page back to what a new page in a new profile has, before it opens a
    test's lesson: the last test's lesson left for BETWEEN (so the next is drawn anew from its
    HTML), the site's storage emptied, a laptop's window in the light scheme, the pointer in the
    window's corner."""
    if page.url != f"{base_url}{BETWEEN}":
        open_in_place(page, f"{base_url}{BETWEEN}")
    page.evaluate("localStorage.clear()")
    page.set_viewport_size({"width": 1280, "height": 720})  # Playwright's default
    set_scheme(page, "light")
    page.mouse.move(0, 0)


@pytest.fixture
def page(request, base_url):
    """The shared page brought back (`bring_back`), or for a test marked `own_page` a new page of
    its own (not opened yet); the test fails on uncaught errors in the page while it ran."""
    if request.node.get_closest_marker("own_page"):
        yield request.getfixturevalue("fresh_page")
        return
    shared_page = request.getfixturevalue("shared_page")
    errors = len(shared_page.js_errors)
    bring_back(shared_page, base_url)
    yield shared_page
    new = shared_page.js_errors[errors:]
    del shared_page.js_errors[errors:]  # failed here, not again in the next test
    assert new == [], f"uncaught errors in the page: {new}"


def own_state() -> dict:
    """The block's own list, as the Python mirror the tests change alongside the page."""
    items, unretrieved = PLAYGROUND_CONFIG["items"], PLAYGROUND_CONFIG["unretrieved"]
    return {
        "ranking": [item["id"] for item in items],
        "grades": {item["id"]: item["grade"] for item in items + unretrieved},
        "k": PLAYGROUND_CONFIG["k"],
        "gain": PLAYGROUND_CONFIG["gain"],
        "threshold": PLAYGROUND_CONFIG["threshold"],
        "max_grade": PLAYGROUND_CONFIG["max_grade"],  # ERR's g_max: the playground's own scale
    }


def open_playground(page, base_url, name, playground_id="seed", fragment=""):
    """Open a page (`visit`) and return its playground `playground_id`, once its script has wired it."""
    visit(page, f"{base_url}{name}{fragment}")
    playground = page.locator(f'[data-playground="{playground_id}"]')
    wait_wired(playground)
    return playground


def ranked(playground):
    return playground.get_by_role("list", name="Ranked list")


def ranked_ids(playground) -> list[str]:
    return ranked(playground).get_by_role("listitem").evaluate_all("items => items.map((item) => item.dataset.item)")


def wait_ready(playground) -> None:
    expect(playground).to_have_attribute("data-state", "ready", timeout=PYTHON_READY_TIMEOUT)


def assert_agrees(playground, state: dict, metrics=METRICS) -> None:
    """The page shows `state`, and its readouts (`metrics`) are CPython's rankmetrics' for it."""
    wait_ready(playground)
    assert ranked_ids(playground) == state["ranking"]
    expected = readouts(state)
    for name in metrics:
        shown = playground.locator(f'[data-metric="{name}"]').get_attribute("data-value")
        assert repr(float(shown)) == shown, f"{name}: data-value {shown!r} is not a float's repr"
        assert math.isclose(float(shown), expected["metrics"][name]["value"], rel_tol=0, abs_tol=TOLERANCE), name
    ideal = playground.locator("[data-ideal] [data-ideal-item]").evaluate_all(
        "items => items.map((item) => item.dataset.idealItem)"
    )
    assert ideal == expected["ideal"]


def test_readouts_agree_with_rankmetrics_over_random_edits(page, base_url, playground_page):
    playground = open_playground(page, base_url, playground_page)
    state = own_state()
    assert_agrees(playground, state)
    expect(playground).to_have_attribute("aria-label", "Rank playground: the seed's list")
    rng = random.Random(18)
    for _ in range(12):
        edit = rng.choice(["key", "button", "grade", "k", "gain", "threshold"])
        item = rng.choice(state["ranking"])
        index = state["ranking"].index(item)
        if edit == "key":
            up = index > 0 and rng.random() < 0.5
            row = ranked(playground).get_by_role("listitem", name=re.compile(rf"^Rank {index + 1}: {item}\b"))
            row.focus()
            page.keyboard.press("Alt+ArrowUp" if up else "Alt+ArrowDown")
            if (up and index > 0) or (not up and index < len(state["ranking"]) - 1):
                state["ranking"].insert(index + (-1 if up else 1), state["ranking"].pop(index))
            moved = ranked(playground).locator(f'[data-item="{item}"]')
            expect(moved).to_be_focused()  # the focus stays on the moved item
        elif edit == "button":
            if index == 0:
                continue
            playground.get_by_role("button", name=f"Move {item} up", exact=True).click()
            state["ranking"].insert(index - 1, state["ranking"].pop(index))
            expect(playground.get_by_role("button", name=f"Move {item} up", exact=True)).to_be_focused()
        elif edit == "grade":
            grade = rng.randrange(4)
            playground.get_by_label(f"Grade of {item}", exact=True).select_option(str(grade))
            state["grades"][item] = grade
        elif edit == "k":
            state["k"] = rng.randrange(1, 8)
            playground.get_by_label("k", exact=True).fill(str(state["k"]))
            playground.get_by_label("k", exact=True).press("Tab")
        elif edit == "gain":
            state["gain"] = "linear" if state["gain"] == "exponential" else "exponential"
            playground.get_by_label("Gain", exact=True).select_option(state["gain"])
        else:
            state["threshold"] = rng.randrange(1, 4)
            playground.get_by_label("Relevance threshold", exact=True).fill(str(state["threshold"]))
            playground.get_by_label("Relevance threshold", exact=True).press("Tab")
        assert_agrees(playground, state)


def test_an_invalid_k_or_threshold_says_what_it_wants_and_holds_the_readouts(page, base_url, playground_page):
    """A value that is not a whole number in range stays as typed, on leaving the field too: a
    line under the fields says what the field wants (its description), and the readouts say they
    are on hold, still for the last valid value, until the field holds one."""
    playground = open_playground(page, base_url, playground_page)
    state = own_state()
    assert_agrees(playground, state)
    hold = playground.locator("[data-playground-hold]")
    k_field = playground.get_by_label("k", exact=True)
    threshold_field = playground.get_by_label("Relevance threshold", exact=True)
    max_items, max_grade = PLAYGROUND_CONFIG["max_items"], PLAYGROUND_CONFIG["max_grade"]
    fields = [
        (k_field, "0", "2.5", f"k is a whole number from 1 to {max_items}."),
        (threshold_field, "0", str(max_grade + 2), f"The threshold is a whole number from 1 to {max_grade}."),
    ]
    for field, first, second, wanted in fields:
        for typed in ("", first, second, ""):  # blank from a valid value, and after invalid ones
            field.fill(typed)
            field.press("Tab")
            expect(field).to_have_value(typed)  # leaving the field changes nothing
            expect(field).to_have_attribute("aria-invalid", "true")
            expect(field).to_have_accessible_description(wanted)
            expect(hold).to_be_visible()
            expect(hold).to_have_text(re.compile(rf"^On hold: these readouts are still for k = {state['k']}, "))
            assert_agrees(playground, state)
        field.fill("2")
        state["k" if field == k_field else "threshold"] = 2
        assert_agrees(playground, state)
        expect(field).not_to_have_attribute("aria-invalid", "true")
        expect(field).to_have_accessible_description("")
        expect(hold).to_be_hidden()
    k_field.fill("2.5")
    playground.get_by_role("button", name="Reset").click()  # Reset puts its own k back
    expect(k_field).to_have_value(str(PLAYGROUND_CONFIG["k"]))
    expect(hold).to_be_hidden()


def blank_k_field(page, playground):
    """Empty the playground's k field by keyboard, as a learner about to type a new k; returns
    the field, focused."""
    k_field = playground.get_by_label("k", exact=True)
    k_field.focus()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.press("Backspace")
    expect(k_field).to_have_value("")
    return k_field


def test_k_and_the_threshold_answer_while_typing(page, base_url, playground_page):
    """The readouts follow a number as it is typed, before Enter or leaving the field, and the
    field keeps the focus; while the field is blank (being typed) the readouts say they are on
    hold, and the field is not marked invalid yet."""
    playground = open_playground(page, base_url, playground_page)
    state = own_state()
    assert_agrees(playground, state)
    k_field = blank_k_field(page, playground)  # blank: still being typed
    hold = playground.locator("[data-playground-hold]")
    expect(hold).to_have_text(re.compile(rf"^On hold: these readouts are still for k = {state['k']}, "))
    expect(k_field).not_to_have_attribute("aria-invalid", "true")  # not told off while typing
    page.keyboard.type("3")
    state["k"] = 3
    assert_agrees(playground, state)
    expect(playground.locator('[data-metric="precision"] [data-part="label"]')).to_have_text("Precision@3")
    expect(hold).to_be_hidden()
    expect(k_field).to_be_focused()
    threshold_field = playground.get_by_label("Relevance threshold", exact=True)
    threshold_field.focus()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type("2")
    state["threshold"] = 2
    assert_agrees(playground, state)
    expect(threshold_field).to_be_focused()
    expect(threshold_field).to_have_value("2")
    # Out of range (pasted in one go): marked invalid and not applied, Enter neither.
    too_big = str(PLAYGROUND_CONFIG["max_items"] + 10)
    k_field.fill(too_big)
    expect(k_field).to_have_attribute("aria-invalid", "true")
    expect(playground.locator("[data-playground-announce]")).to_have_text(
        f"k is a whole number from 1 to {PLAYGROUND_CONFIG['max_items']}. The readouts are on hold until it is."
    )  # not the "k is now …" of the last valid value
    assert_agrees(playground, state)
    page.keyboard.press("Enter")
    expect(k_field).to_have_attribute("aria-invalid", "true")
    expect(k_field).to_have_value(too_big)
    assert_agrees(playground, state)
    # A threshold typed while k waits applies at once, and the hold line names it at once.
    threshold_field.focus()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type("1")
    state["threshold"] = 1
    assert_agrees(playground, state)
    expect(hold).to_have_text(re.compile(r"^On hold: these readouts are still for k = 3, threshold 1, until k is "))
    expect(threshold_field).to_be_focused()


def test_items_move_between_lists_and_are_added_and_removed(page, base_url, playground_page):
    playground = open_playground(page, base_url, playground_page)
    state = own_state()
    wait_ready(playground)
    not_retrieved = playground.get_by_role("list", name="Not retrieved")
    expect(not_retrieved.get_by_role("listitem", name=re.compile("^Not retrieved: f"))).to_have_count(1)

    playground.get_by_role("button", name="Retrieve f").click()
    state["ranking"].append("f")
    assert_agrees(playground, state)
    expect(ranked(playground).get_by_role("listitem", name=re.compile("^Rank 6: f"))).to_be_focused()

    playground.get_by_role("button", name="Drop a").click()
    state["ranking"].remove("a")
    assert_agrees(playground, state)  # a stays judged: recall and IDCG still count it
    expect(not_retrieved.get_by_role("listitem", name=re.compile("^Not retrieved: a"))).to_be_focused()

    playground.get_by_role("button", name="Add item").click()
    state["ranking"].append("g")
    state["grades"]["g"] = 0
    assert_agrees(playground, state)

    playground.get_by_role("button", name="Remove a").click()
    del state["grades"]["a"]
    assert_agrees(playground, state)
    expect(playground.locator("[data-playground-announce]")).to_have_text(re.compile(r"^Removed a\b"))
    expect(playground.locator("[data-playground-announce]")).to_have_attribute("aria-live", "polite")

    # Empty lists say how to fill them, and the readouts still answer.
    expect(playground.get_by_text("None: Drop puts a ranked item here.")).to_be_visible()
    for item in list(state["ranking"]):
        playground.get_by_role("button", name=f"Remove {item}").click()
        state["ranking"].remove(item)
        del state["grades"][item]
    assert_agrees(playground, state)
    expect(
        playground.get_by_text("No item is ranked: add one with Add item, or retrieve a judged one.")
    ).to_be_visible()
    expect(playground.get_by_role("button", name="Add item")).to_be_focused()


def test_formulas_show_their_terms_and_the_table_the_same_numbers(page, base_url, playground_page):
    playground = open_playground(page, base_url, playground_page)
    wait_ready(playground)
    ndcg = playground.locator('[data-metric="ndcg"]')
    ndcg.locator("summary").click()
    formula = playground.locator('[data-formula="ndcg"]')
    expect(formula).to_be_visible()
    expected = readouts(own_state())["metrics"]["ndcg"]
    dcg_items = [term["item"] for term in expected["dcg_terms"]]
    idcg_items = [term["item"] for term in expected["idcg_terms"]]
    shown = formula.locator("[data-term-for]").evaluate_all("terms => terms.map((term) => term.dataset.termFor)")
    assert shown == dcg_items + idcg_items
    # Hovering over, or focusing, a term lights up its item in the list.
    formula.locator('[data-term-for="d"]').first.hover()
    expect(ranked(playground).locator('[data-item="d"]')).to_have_attribute("data-highlight", "true")
    formula.locator('[data-term-for="a"]').first.focus()
    expect(ranked(playground).locator('[data-item="a"]')).to_have_attribute("data-highlight", "true")
    expect(ranked(playground).locator('[data-item="d"]')).not_to_have_attribute("data-highlight", "true")

    playground.locator('[data-metric="average_precision"] summary').click()
    expect(playground.locator('[data-formula="average_precision"]')).to_contain_text("/ |R|")
    table = playground.locator("table[data-playground-table]")
    for name in METRICS:
        value = float(playground.locator(f'[data-metric="{name}"]').get_attribute("data-value"))
        expect(table.locator(f'tr[data-row="{name}"] td')).to_have_text(f"{value:.3f}")

    # d from rank 4 to rank 3, above c (grade 0): the arrows say which way each metric moved.
    row = ranked(playground).get_by_role("listitem", name=re.compile("^Rank 4: d"))
    row.focus()
    page.keyboard.press("Alt+ArrowUp")
    wait_ready(playground)
    expect(ndcg.locator("[data-trend]")).to_have_attribute("data-trend", "up")
    expect(playground.locator('[data-metric="precision"] [data-trend]')).to_have_attribute("data-trend", "same")
    # An unchanged readout says so in a word (an "=" alone read like an unfinished formula).
    expect(playground.locator('[data-metric="precision"] [data-trend]')).to_have_text("unchanged")
    expect(ndcg.locator("[data-trend]")).to_have_text("▲ up")


@pytest.mark.own_page
def test_the_state_lives_in_the_fragment_and_across_reloads(page, base_url, playground_page):
    playground = open_playground(page, base_url, playground_page, fragment="#main")
    wait_ready(playground)
    playground.get_by_role("button", name="Move d up", exact=True).click()
    playground.get_by_label("Gain", exact=True).select_option("linear")
    state = own_state()
    state["ranking"] = ["a", "b", "d", "c", "e"]
    state["gain"] = "linear"
    assert_agrees(playground, state)
    expect(page).to_have_url(re.compile(r"#main&pg-seed=[^&]+$"))  # next to the other part
    link = page.url

    page.reload()
    assert_agrees(playground, state)
    page.goto(f"{base_url}{playground_page}")  # no fragment: the browser kept it
    assert_agrees(playground, state)

    playground.get_by_role("button", name="Reset").click()
    assert_agrees(playground, own_state())
    expect(page).not_to_have_url(re.compile("pg-seed="))
    playground.get_by_role("button", name="Undo reset").click()
    assert_agrees(playground, state)
    expect(playground.get_by_role("button", name="Reset")).to_be_focused()

    # A link opens its state in a fresh browser profile too; a broken or stale one says so.
    page.context.clear_cookies()
    page.evaluate("localStorage.clear()")
    page.goto("about:blank")
    page.goto(link)
    assert_agrees(playground, state)
    value = link.split("pg-seed=")[1]
    stale = "0" + value[value.index(";") :]  # made from another version of the block
    for broken in ["#pg-seed=nonsense", f"#pg-seed={stale}"]:
        page.evaluate("localStorage.clear()")
        page.goto("about:blank")  # a new document, not a jump within this one
        page.goto(f"{base_url}{playground_page}{broken}")
        assert_agrees(playground, own_state())
        expect(playground.locator("[data-playground-notice]")).to_contain_text("shows its own list")

    # A link to another state followed within the page (only the fragment changes) opens it.
    page.evaluate("(hash) => { location.hash = hash; }", "#pg-seed=" + value)
    assert_agrees(playground, state)


def test_a_lesson_opened_before_the_state_reaches_the_address_opens_and_leaves_it_alone(
    page, base_url, playground_page
):
    """A change reaches the address at the page's next idle moment (persist.js). When the learner
    opens another lesson first, that moment comes while the lesson is fetched: the write must not
    cancel the move (a replaceState does), nor put this page's state into the next lesson's
    address; the state stays in the browser's storage."""
    playground = open_playground(page, base_url, playground_page)
    wait_ready(playground)
    target = f"{base_url}ndcg.html"
    held = []  # the next lesson's page waits here until released
    page.route(target, lambda route: held.append(route))
    try:
        # One task: the change, then the move, so the move starts before the readouts come.
        page.evaluate(
            """(url) => {
                document.querySelector('[data-playground="seed"]')
                    .querySelector('[data-item="a"] [data-control="down"]').click();
                window.__opened = navigation.navigate(url).finished.then(() => "opened", (error) => error.name);
            }""",
            target,
        )
        state = own_state()
        state["ranking"] = ["b", "a", "c", "d", "e"]
        assert_agrees(playground, state)
        wait_ready(playground)  # and the write asked for the next idle moment
        # Asked for now with the same bound, this idle callback runs after the write's.
        page.evaluate(
            "(wait) => new Promise((idle) => requestIdleCallback(() => idle(), {timeout: wait}))", IDLE_WAIT_MS
        )
        expect(page).to_have_url(f"{base_url}{playground_page}")  # the address is untouched so far
        for _ in range(250):  # the fetch was asked for in the same task as the move
            if held:
                break
            page.wait_for_timeout(20)
        assert held, "the next lesson was never asked for"
    finally:
        for route in held:
            route.continue_()
        page.unroute(target)
    assert page.evaluate("() => window.__opened") == "opened"
    assert same_document(page)
    expect(page).to_have_url(target)
    page.evaluate("(wait) => new Promise((idle) => requestIdleCallback(() => idle(), {timeout: wait}))", IDLE_WAIT_MS)
    expect(page).to_have_url(target)
    assert page.evaluate("Object.keys(localStorage).some((key) => key.endsWith(':playground:seed'))")


@pytest.mark.own_page
def test_the_prediction_holds_the_readouts_back_until_committed(page, base_url, playground_page):
    playground = open_playground(page, base_url, playground_page, "predict")
    wait_ready(playground)
    readouts_part = playground.locator("[data-playground-readouts]")
    expect(readouts_part).to_have_attribute("data-held", "true")
    expect(playground.locator('[data-metric="ndcg"]')).to_be_hidden()
    form = playground.locator("form[data-predict]")
    form.get_by_label("NDCG@5").check()
    form.get_by_role("button", name="Commit").click()
    expect(form.locator("[data-verdict]")).to_have_attribute("data-verdict", "correct")
    expect(readouts_part).to_have_attribute("data-held", "false")
    expect(playground.locator('[data-metric="ndcg"]')).to_be_visible()
    page.reload()
    expect(playground.locator("[data-playground-readouts]")).to_have_attribute("data-held", "false")


@pytest.mark.own_page
def test_the_playground_is_wired_by_a_script_loaded_after_its_early_drawing(page, base_url):
    """The playground's script comes after the page (only a page with a playground loads it):
    when it is asked for, the list is drawn (by the early script) but not wired; `data-wired`
    says when it is."""
    seen = []

    def on_request(route):
        seen.append(
            page.locator("[data-playground]").first.evaluate(
                "(element) => [element.dataset.wired ?? null, element.querySelectorAll('[data-item]').length]"
            )
        )
        route.continue_()

    page.route("**/assets/chunks/main-*.js", on_request)
    page.goto(f"{base_url}playground.html")
    playground = page.locator("[data-playground]").first
    wait_wired(playground)
    config = json.loads(playground.locator("script[data-playground-config]").text_content())
    assert seen == [[None, len(config["items"]) + len(config["unretrieved"])]]
    first, second = ranked_ids(playground)[:2]
    playground.get_by_role("button", name=f"Move {first} down", exact=True).click()
    expect(ranked(playground).get_by_role("listitem").first).to_have_attribute("data-item", second)


@pytest.mark.own_page
def test_a_playground_whose_script_cannot_load_says_so(page, base_url, playground_page):
    page.route("**/assets/chunks/main-*.js", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(f"{base_url}{playground_page}")
    warning = page.locator("[data-part-warning]")
    expect(warning).to_have_text("The rank playground could not load. Reload the page to try again.")
    expect(warning).to_have_attribute("role", "status")
    expect(page.locator('[data-playground="seed"]')).not_to_have_attribute("data-wired", "")


@pytest.mark.own_page
def test_the_list_works_before_python_and_says_when_python_cannot_start(page, base_url, playground_page):
    page.route(re.compile(r"/pyodide/"), lambda route: route.abort())
    playground = open_playground(page, base_url, playground_page)
    playground.get_by_role("button", name="Move b down", exact=True).click()
    expect(ranked(playground).get_by_role("listitem", name=re.compile("^Rank 3: b"))).to_have_count(1)
    expect(playground).to_have_attribute("data-state", "error", timeout=PYTHON_READY_TIMEOUT)
    page.unroute(re.compile(r"/pyodide/"))
    playground.locator("[data-playground-status]").get_by_role("button", name="Retry").click()
    state = own_state()
    state["ranking"] = ["a", "c", "b", "d", "e"]
    assert_agrees(playground, state)


@pytest.mark.own_page
def test_readouts_wait_for_a_running_cell_and_ignore_a_learner_s_rebinding(page, base_url, playground_page):
    playground = open_playground(page, base_url, playground_page)
    wait_until_python_ready(page)
    wait_ready(playground)
    cell = page.locator("[data-cell]").first
    cell.get_by_role("button", name="Run").click()  # the lesson's own first cell, then ours
    expect(cell).to_have_attribute("data-state", "done", timeout=PYTHON_READY_TIMEOUT)
    run_cell(
        page,
        cell,
        "import rankmetrics, rankmetrics.pages.playground, time\n"
        "rankmetrics.ndcg_at_k = lambda *args, **kwargs: 0.5\n"
        "rankmetrics.pages.playground.readouts = lambda state: {}\n"
        "time.sleep(2)\n",
    )
    expect(cell).to_have_attribute("data-state", "running")
    playground.get_by_role("button", name="Move d up", exact=True).click()
    expect(playground).to_have_attribute("data-state", "waiting")
    expect(playground.locator("[data-playground-status]")).to_contain_text("cell")
    expect(cell).to_have_attribute("data-state", "done", timeout=PYTHON_READY_TIMEOUT)
    state = own_state()
    state["ranking"] = ["a", "b", "d", "c", "e"]
    assert_agrees(playground, state)


def test_axe_finds_nothing(page, base_url, playground_page):
    """At a phone's and a desktop's width, in light and dark: one page, its width and scheme
    changed between the audits (the page lays itself out again; nothing reloads)."""
    playground = open_playground(page, base_url, playground_page)
    wait_ready(playground)
    playground.locator('[data-metric="ndcg"] summary').click()
    for width in (390, 1280):
        for scheme in ("light", "dark"):
            page.set_viewport_size({"width": width, "height": 900})
            set_scheme(page, scheme)
            assert audit(page) == [], (width, scheme)


def test_dragging_moves_the_item_and_nothing_outside_the_list(page, base_url, playground_page):
    playground = open_playground(page, base_url, playground_page)
    wait_ready(playground)
    handle = ranked(playground).locator('[data-item="d"] [data-drag-handle]')
    target = ranked(playground).locator('[data-item="a"]')
    outside = playground.locator("[data-playground-readouts]")
    ranked(playground).scroll_into_view_if_needed()
    before = outside.bounding_box()
    start, end = handle.bounding_box(), target.bounding_box()
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(start["x"] + 4, end["y"] + 2, steps=8)
    assert outside.bounding_box() == before  # mid-drag
    page.mouse.up()
    state = own_state()
    state["ranking"] = ["d", "a", "b", "c", "e"]
    assert_agrees(playground, state)


@pytest.mark.own_page
def test_readouts_come_back_after_a_stop_that_restarts_python(page, serve, site_dir, playground_page):
    base_url = serve(site_dir, isolate=False)[1]  # no SharedArrayBuffer: Stop restarts Python
    playground = open_playground(page, base_url, playground_page)
    wait_ready(playground)
    cell = page.locator("[data-cell]").first
    run_cell(page, cell, "while True:\n    pass\n")
    expect(cell).to_have_attribute("data-state", "running")
    playground.get_by_role("button", name="Move d up", exact=True).click()
    expect(playground).to_have_attribute("data-state", "waiting")
    cell.get_by_role("button", name="Stop").click()
    state = own_state()
    state["ranking"] = ["a", "b", "d", "c", "e"]
    assert_agrees(playground, state)


def block_state(playground) -> dict:
    """A lesson playground's own list and settings, from the config its page starts from."""
    config = json.loads(playground.locator("script[data-playground-config]").text_content())
    return {
        "ranking": [item["id"] for item in config["items"]],
        "grades": {item["id"]: item["grade"] for item in config["items"] + config["unretrieved"]},
        **{key: config[key] for key in ["k", "gain", "threshold", "max_grade"]},
    }


def move_by_keyboard(page, playground, item, ranks, key):
    """Focus `item`'s row and press `key` once per rank of `ranks`, each time waiting for the
    item to arrive there with the focus."""
    ranked(playground).get_by_role("listitem", name=re.compile(rf"^Rank \d+: {item}\b")).focus()
    for rank in ranks:
        page.keyboard.press(key)
        expect(ranked(playground).get_by_role("listitem", name=re.compile(rf"^Rank {rank}: {item}\b"))).to_be_focused()


def expect_trends(playground, trends: dict) -> None:
    for name, trend in trends.items():
        expect(playground.locator(f'[data-metric="{name}"] [data-trend]')).to_have_attribute("data-trend", trend)


def test_the_lesson_s_playground_asks_first_then_answers_the_rank_4_to_1_move(page, base_url):
    visit(page, f"{base_url}comparing-metrics.html")
    playground = page.locator("[data-playground]").first
    state = block_state(playground)
    assert_agrees(playground, state)
    expect(playground.locator("[data-playground-readouts]")).to_have_attribute("data-held", "true")
    form = playground.locator("form[data-predict]")
    form.get_by_label("AP@5").check()
    form.get_by_label("NDCG@5").check()
    form.get_by_role("button", name="Commit").click()
    expect(form.locator("[data-verdict]")).to_have_attribute("data-verdict", "correct")
    expect(playground.locator("[data-playground-readouts]")).to_have_attribute("data-held", "false")
    moved = state["ranking"][3]
    move_by_keyboard(page, playground, moved, [3, 2, 1], "Alt+ArrowUp")
    state["ranking"].insert(0, state["ranking"].pop(3))
    assert_agrees(playground, state)
    expect(playground.locator("[data-playground-announce]")).to_contain_text(f"Moved {moved} to rank 1")


def test_the_user_models_playground_moves_err_alone_until_only_the_perfect_answer_counts(page, base_url):
    """List Y of "Metrics as user models": once the prediction is committed, moving the perfect
    answer from rank 4 to rank 1 moves ERR@5 and leaves precision@5 and RBP as they were (four
    relevant items in the top 4 either way); at threshold 3 RBP follows the perfect answer too."""
    visit(page, f"{base_url}user-models.html")
    playground = page.locator('[data-playground="perfect-first"]')
    shown = ["precision", "rbp", "err"]
    expect(playground.locator("[data-metric]")).to_have_count(len(shown))
    state = block_state(playground)
    assert_agrees(playground, state, shown)
    form = playground.locator("form[data-predict]")
    form.get_by_label("ERR@5", exact=True).check()
    form.get_by_role("button", name="Commit").click()
    expect(form.locator("[data-verdict]")).to_have_attribute("data-verdict", "correct")
    list_y = list(state["ranking"])
    err_before = readouts(state)["metrics"]["err"]["value"]
    move_by_keyboard(page, playground, "perfect", [3, 2, 1], "Alt+ArrowUp")
    expect_trends(playground, {"precision": "same", "rbp": "same", "err": "up"})
    state["ranking"] = ["perfect", *(item for item in list_y if item != "perfect")]
    assert_agrees(playground, state, shown)
    # The live line says the three steps as one move, and names only the readouts shown here
    # (NDCG@5 moves too, but this playground does not show it).
    err_after = readouts(state)["metrics"]["err"]["value"]
    expect(playground.locator("[data-playground-announce]")).to_have_text(
        f"Moved perfect to rank 1, from rank 4: ERR@5 {err_before:.3f} to {err_after:.3f}."
    )
    playground.get_by_label("Relevance threshold", exact=True).fill("3")
    state["threshold"] = 3
    expect_trends(playground, {"precision": "down", "rbp": "down", "err": "same"})
    assert_agrees(playground, state, shown)
    move_by_keyboard(page, playground, "perfect", [2, 3, 4], "Alt+ArrowDown")
    expect_trends(playground, {"precision": "same", "rbp": "down", "err": "down"})
    state["ranking"] = list_y
    assert_agrees(playground, state, shown)


@pytest.mark.own_page
def test_a_playground_drawn_before_its_script_says_it_is_loading_and_keeps_the_focus(page, base_url):
    """On a slow link the playground's script comes well after its early drawing. Until it has
    wired the playground, the status line says it is loading and the controls are drawn inert
    (a move there changes nothing, and does not look as if it could); a prediction committed
    meanwhile takes the lock line away; and the item that has the focus keeps it when the
    script wires the playground, whose moves then count."""
    held, released = [], []

    def hold(route):  # the playground's chunk waits until released (handlers run one at a time)
        if released:
            route.continue_()
        else:
            held.append(route)

    page.route("**/assets/chunks/main-*.js", hold)
    # The lesson's script asks for the playground's chunk once it has wired the prediction forms.
    with page.expect_request(re.compile(r"/assets/chunks/main-[^/]*\.js$")):
        page.goto(f"{base_url}user-models.html")
    playground = page.locator('[data-playground="perfect-first"]')
    state = block_state(playground)
    status = playground.locator("[data-playground-status]")
    expect(status).to_have_text("Loading the playground…")
    note = playground.locator("[data-playground-lock]")
    expect(note).to_be_visible()
    for item in state["ranking"]:
        up = playground.get_by_role("button", name=f"Move {item} up", exact=True)
        expect(up).to_have_attribute("aria-disabled", "true")
    expect(playground.get_by_role("button", name="Copy link", exact=True)).to_have_attribute("aria-disabled", "true")
    expect(playground.get_by_label("k", exact=True)).to_be_disabled()

    form = playground.locator("form[data-predict]")
    form.get_by_label("ERR@5", exact=True).check()
    form.get_by_role("button", name="Commit").click()
    expect(form.locator("[data-verdict]")).to_have_attribute("data-verdict", "correct")
    expect(note).to_be_hidden()  # the list no longer waits for the answer, only for its script
    expect(status).to_have_text("Loading the playground…")
    row = ranked(playground).get_by_role("listitem", name=re.compile(r"^Rank 4: perfect\b"))
    row.focus()
    page.keyboard.press("Alt+ArrowUp")
    expect(row).to_be_focused()

    released.append(True)
    for route in held:
        route.continue_()
    wait_wired(playground)
    expect(status).not_to_have_text("Loading the playground…")
    expect(row).to_be_focused()
    assert ranked_ids(playground) == state["ranking"]
    expect(playground.get_by_role("button", name="Move perfect up", exact=True)).not_to_have_attribute(
        "aria-disabled", "true"
    )
    expect(playground.get_by_role("button", name="Copy link", exact=True)).not_to_have_attribute(
        "aria-disabled", "true"
    )
    move_by_keyboard(page, playground, "perfect", [3], "Alt+ArrowUp")


EMBED_HOST = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs</title>
<style>li {{ display: none !important }} * {{ color: #f0f !important }}</style></head><body><main>
<h1>Our ranking</h1>
<div data-playground="ours" data-title="our search results" data-k="3" data-gain="linear">
  <ol><li data-grade="2">d1</li><li>d2</li><li data-grade="3">d3</li><li>d4</li></ol>
  <ul><li data-grade="1">d9</li></ul>
</div>
<script type="module" src="{site}assets/embed.js"></script></main></body></html>"""


@pytest.mark.own_page
def test_the_embed_script_makes_a_playground_from_the_host_s_element(page, serve, tmp_path, base_url):
    (tmp_path / "docs.html").write_text(EMBED_HOST.format(site=base_url), encoding="utf-8")
    host = serve(tmp_path, plain=True)[1]  # another origin, no special headers
    page.goto(f"{host}docs.html#intro")
    playground = page.locator('[data-playground="ours"]')
    expect(playground).to_have_attribute("aria-label", "Rank playground: our search results")
    state = {
        "ranking": ["d1", "d2", "d3", "d4"],
        "grades": {"d1": 2, "d2": 0, "d3": 3, "d4": 0, "d9": 1},
        "k": 3,
        "gain": "linear",
        "threshold": 1,
        "max_grade": 3,  # no data-max-grade: grades run 0-3 (site/js/playground/model.js)
    }
    assert_agrees(playground, state)
    playground.get_by_role("button", name="Move d3 up", exact=True).click()
    state["ranking"] = ["d1", "d3", "d2", "d4"]
    assert_agrees(playground, state)
    assert page.url.endswith("docs.html#intro")  # the host's fragment is left alone
    page.reload()
    assert_agrees(playground, state)  # kept in the browser instead


def test_copy_link_copies_the_address_that_reopens_the_state(page, browser, base_url, playground_page):
    # The site may use the clipboard while this test runs (the shared page's profile keeps no grant).
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url.rstrip("/"))
    try:
        playground = open_playground(page, base_url, playground_page)
        wait_ready(playground)
        playground.get_by_label("Grade of b", exact=True).select_option("3")
        playground.get_by_role("button", name="Copy link").click()
        expect(playground.locator("[data-playground-announce]")).to_contain_text("Link copied")
        link = page.evaluate("navigator.clipboard.readText()")
        assert re.search(r"#pg-seed=[^&]+$", link)
        fresh = browser.new_page()  # another profile: only the link carries the state
        try:
            fresh.goto(link)
            state = own_state()
            state["grades"]["b"] = 3
            assert_agrees(fresh.locator('[data-playground="seed"]'), state)
        finally:
            fresh.close()
    finally:
        page.context.clear_permissions()


def test_every_readout_says_why_it_is_zero_when_nothing_is_relevant(page, base_url, playground_page):
    playground = open_playground(page, base_url, playground_page)
    wait_ready(playground)
    threshold = playground.get_by_label("Relevance threshold", exact=True)
    threshold.fill("3")  # no judged item has grade 3: |R| = 0
    threshold.press("Tab")
    state = {**own_state(), "threshold": 3}
    assert_agrees(playground, state)
    expected = readouts(state)
    for name in ["precision", "recall", "hit_rate", "reciprocal_rank", "average_precision"]:
        why = expected["metrics"][name]["why"]
        assert expected["metrics"][name]["value"] == 0.0 and why
        expect(playground.locator(f'[data-metric="{name}"] summary')).to_contain_text(why)
    # NDCG uses the grades, not the threshold: it is not 0, and its working says so.
    assert expected["metrics"]["ndcg"]["value"] > 0
    playground.locator('[data-metric="ndcg"] summary').click()
    expect(playground.locator('[data-formula="ndcg"]')).to_contain_text(expected["metrics"]["ndcg"]["note"])


def test_touch_drag_on_a_phone_moves_the_item(browser, base_url, playground_page):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        playground = open_playground(page, base_url, playground_page)
        wait_ready(playground)
        ranked(playground).scroll_into_view_if_needed()
        handle = ranked(playground).locator('[data-item="d"] [data-drag-handle]').bounding_box()
        target = ranked(playground).locator('[data-item="b"]').bounding_box()
        x, y = handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2
        touch = context.new_cdp_session(page)
        touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for step in range(1, 9):
            point = {"x": x, "y": y + (target["y"] + 2 - y) * step / 8}
            touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
        touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        state = own_state()
        state["ranking"] = ["a", "d", "b", "c", "e"]
        assert_agrees(playground, state)
    finally:
        context.close()


def test_the_list_is_locked_until_the_prediction_is_committed(page, base_url, playground_page):
    """Before the learner commits, the list cannot change (so the answer's explanation still
    matches it): its controls are disabled and a line says why; after, they work."""
    playground = open_playground(page, base_url, playground_page, "predict")
    wait_ready(playground)
    note = playground.locator("[data-playground-lock]")
    expect(note).to_be_visible()
    expect(note).to_contain_text("Commit your prediction")
    up = playground.get_by_role("button", name="Move d up", exact=True)
    expect(up).to_have_attribute("aria-disabled", "true")
    expect(playground.get_by_label("k", exact=True)).to_be_disabled()
    expect(playground.get_by_label("Grade of d", exact=True)).to_be_disabled()
    up.focus()
    page.keyboard.press("Enter")
    ranked(playground).get_by_role("listitem", name=re.compile("^Rank 4: d")).focus()
    page.keyboard.press("Alt+ArrowUp")
    expect(playground.locator("[data-playground-announce]")).to_contain_text("Commit your prediction first")
    assert ranked_ids(playground) == own_state()["ranking"]

    form = playground.locator("form[data-predict]")
    form.get_by_label("NDCG@5").check()
    form.get_by_role("button", name="Commit").click()
    expect(note).to_be_hidden()
    expect(playground.get_by_label("k", exact=True)).to_be_enabled()
    up.click()
    state = own_state()
    state["ranking"] = ["a", "b", "d", "c", "e"]
    assert_agrees(playground, state)


def test_err_and_rbp_show_their_working_and_are_announced_when_they_move(page, base_url, playground_page):
    playground = open_playground(page, base_url, playground_page)
    wait_ready(playground)
    state = own_state()
    before = readouts(state)["metrics"]
    for name in ("err", "rbp"):
        playground.locator(f'[data-metric="{name}"] summary').click()
        formula = playground.locator(f'[data-formula="{name}"]')
        expect(formula).to_be_visible()
        shown = formula.locator("[data-term-for]").evaluate_all("terms => terms.map((term) => term.dataset.termFor)")
        assert shown == [term["item"] for term in before[name]["terms"]], name
        expect(formula).to_contain_text(f"{name.upper()}@5 = {short(before[name]['value'])}")
    # g_max is the top of this playground's grade scale, not gdeval's 4.
    expect(playground.locator('[data-formula="err"]')).to_contain_text(
        f"R = (2^g − 1) / 2^{PLAYGROUND_CONFIG['max_grade']}"
    )
    expect(playground.locator('[data-formula="rbp"]')).to_contain_text(
        "Residual (unjudged ranks and every rank below 5)"
    )
    # d (grade 1) from rank 4 to rank 3: both move, and the sentence says by how much.
    row = ranked(playground).get_by_role("listitem", name=re.compile("^Rank 4: d"))
    row.focus()
    page.keyboard.press("Alt+ArrowUp")
    wait_ready(playground)
    after = readouts({**state, "ranking": ["a", "b", "d", "c", "e"]})["metrics"]
    announce = playground.locator("[data-playground-announce]")
    for name, label in (("err", "ERR@5"), ("rbp", "RBP@5")):
        assert after[name]["value"] > before[name]["value"]
        expect(announce).to_contain_text(f"{label} {before[name]['value']:.3f} to {after[name]['value']:.3f}")
        expect(playground.locator(f'[data-metric="{name}"] [data-trend]')).to_have_attribute("data-trend", "up")


@pytest.mark.parametrize("typed", ["0", "e"])
def test_an_invalid_k_typed_into_a_blank_field_is_announced(page, base_url, playground_page, typed):
    """A blank k field (being typed) says nothing yet; an invalid value typed into it ("0", or
    "e", which a number field holds as a bad input with an empty value) makes the live line say
    that k is invalid and the readouts are on hold, as when it replaces a valid value."""
    playground = open_playground(page, base_url, playground_page)
    state = own_state()
    assert_agrees(playground, state)
    k_field = blank_k_field(page, playground)
    expect(playground.locator("[data-playground-hold]")).to_be_visible()
    page.keyboard.type(typed)
    expect(k_field).to_have_attribute("aria-invalid", "true")
    expect(playground.locator("[data-playground-announce]")).to_have_text(
        f"k is a whole number from 1 to {PLAYGROUND_CONFIG['max_items']}. The readouts are on hold until it is."
    )
    assert_agrees(playground, state)
