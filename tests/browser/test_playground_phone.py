"""The rank playground on a phone (390 px; the playground's section of site.css): while the
learner moves items, a compact line of the readouts stays in view below the list, with the
same rounded values as the readouts."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from helpers import PYTHON_READY_TIMEOUT, wait_wired
from host_pages import PLAYGROUND_CONFIG, write_playground_page


@pytest.fixture(scope="module")
def playground_page(site_dir) -> str:
    return write_playground_page(site_dir)


@pytest.fixture
def phone(browser):
    """A page as on a phone: 390 × 844 CSS px, touch; fails the test on uncaught errors."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == [], f"uncaught errors in the page: {errors}"


def test_the_readouts_stay_in_view_while_moving_items_on_a_phone(phone, base_url, playground_page):
    phone.set_viewport_size({"width": 360, "height": 844})  # the narrowest the site is made for
    phone.goto(f"{base_url}{playground_page}")
    playground = phone.locator('[data-playground="seed"]')
    expect(playground).to_have_attribute("data-state", "ready", timeout=PYTHON_READY_TIMEOUT)
    up = playground.get_by_role("button", name="Move d up", exact=True)
    up.scroll_into_view_if_needed()
    up.click()
    expect(playground).to_have_attribute("data-state", "ready")
    summary = playground.locator("[data-playground-summary]")
    box = summary.bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 844, box
    # Every readout has its place in the line, however many there are: none is cut off.
    assert len(PLAYGROUND_CONFIG["readouts"]) > 6
    for name in PLAYGROUND_CONFIG["readouts"]:
        item = summary.locator(f'[data-summary-for="{name}"]')
        place = item.bounding_box()
        assert box["y"] <= place["y"] and place["y"] + place["height"] <= box["y"] + box["height"] + 0.5, name
        # Its row is as tall as its text: a squeezed row would cut the text off at top and bottom.
        assert item.evaluate("e => e.scrollHeight <= e.clientHeight"), name
        # And as wide: no value is cut short ("0.9…") while the line has room for it.
        assert item.evaluate("e => e.scrollWidth <= e.clientWidth"), (name, item.text_content())
    for name in PLAYGROUND_CONFIG["readouts"]:
        shown = playground.locator(f'[data-metric="{name}"] [data-part="value"]').text_content()
        expect(summary.locator(f'[data-summary-for="{name}"] [data-part="summary-value"]')).to_have_text(shown)


def test_the_summary_is_not_shown_on_a_wide_screen(page, base_url, playground_page):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{base_url}{playground_page}")
    expect(page.locator('[data-playground="seed"] [data-playground-summary]')).to_be_hidden()


def test_the_summary_waits_for_the_prediction_as_the_readouts_do(phone, base_url, playground_page):
    phone.goto(f"{base_url}{playground_page}")
    playground = phone.locator('[data-playground="predict"]')
    expect(playground).to_have_attribute("data-state", "ready", timeout=PYTHON_READY_TIMEOUT)
    summary = playground.locator("[data-playground-summary]")
    expect(summary).to_have_attribute("data-held", "true")
    expect(summary).to_have_css("visibility", "hidden")
    form = playground.locator("form[data-predict]")
    form.get_by_label("NDCG@5").check()
    form.get_by_role("button", name="Commit").click()
    expect(summary).to_have_css("visibility", "visible")


@pytest.mark.parametrize("block", ["end", "nearest"])
def test_a_control_scrolled_into_view_is_not_under_the_summary(phone, base_url, playground_page, block):
    """The last row's Move up button, brought into view from below as the browser does for a
    learner (scrollIntoView), lands above the compact readouts, so a tap there reaches it."""
    phone.goto(f"{base_url}{playground_page}")
    playground = phone.locator('[data-playground="seed"]')
    wait_wired(playground)
    expect(playground.locator("[data-playground-summary]")).to_be_visible()
    up = playground.get_by_role("list", name="Ranked list", exact=True).get_by_role("button", name="Move e up")
    assert up.bounding_box()["y"] > 844  # below the screen: the scroll brings it up to the bottom
    up.evaluate("(button, block) => button.scrollIntoView({ block })", block)
    box = up.bounding_box()
    hit = phone.evaluate(
        "([x, y]) => { const hit = document.elementFromPoint(x, y);"
        " return hit?.closest('button')?.getAttribute('aria-label') ?? hit?.className ?? null; }",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert hit == "Move e up", f"a tap on Move e up's centre ({box}) reaches {hit!r}"


@pytest.mark.parametrize("label, typed", [("k", "0"), ("k", "2.5"), ("Relevance threshold", "5")])
def test_an_invalid_number_says_so_and_the_next_tap_on_a_row_acts(phone, base_url, playground_page, label, typed):
    """Typed on a phone: the field keeps the value and says under it what it wants, the readouts
    in view say they are on hold, and the tap that leaves the field moves the item at once."""
    phone.goto(f"{base_url}{playground_page}")
    playground = phone.locator('[data-playground="seed"]')
    expect(playground).to_have_attribute("data-state", "ready", timeout=PYTHON_READY_TIMEOUT)
    field = playground.get_by_label(label, exact=True)
    field.tap()
    field.fill(typed)
    expect(field).to_have_attribute("aria-invalid", "true")
    problem = playground.locator(f"#{field.get_attribute('aria-describedby')}")
    expect(problem).to_be_visible()
    expect(problem).to_have_text(re.compile(r" is a whole number from 1 to \d+\.$"))
    expect(playground.locator('[data-part="summary-hold"]')).to_contain_text("On hold")
    rank = ranked_names(playground).index("d") + 1
    up = playground.get_by_role("button", name="Move d up", exact=True)
    up.scroll_into_view_if_needed()
    up.tap()
    expect(playground.get_by_role("listitem", name=re.compile(f"^Rank {rank - 1}: d"))).to_have_count(1)
    expect(field).to_have_value(typed)  # leaving the field changed nothing


@pytest.mark.parametrize("label", ["k", "Relevance threshold"])
def test_an_emptied_number_field_holds_the_readouts_and_the_tap_that_leaves_it_acts(
    phone, base_url, playground_page, label
):
    """Emptied on a phone: the readouts go on hold at once; the line saying what the field wants
    comes when the tap on a row leaves the field, in room kept for it, so that tap still acts."""
    phone.goto(f"{base_url}{playground_page}")
    playground = phone.locator('[data-playground="seed"]')
    expect(playground).to_have_attribute("data-state", "ready", timeout=PYTHON_READY_TIMEOUT)
    field = playground.get_by_label(label, exact=True)
    field.tap()
    field.fill("")
    expect(playground.locator('[data-part="summary-hold"]')).to_contain_text("On hold")
    expect(field).not_to_have_attribute("aria-invalid", "true")  # still being typed
    rank = ranked_names(playground).index("d") + 1
    up = playground.get_by_role("button", name="Move d up", exact=True)
    up.scroll_into_view_if_needed()
    up.tap()
    expect(playground.get_by_role("listitem", name=re.compile(f"^Rank {rank - 1}: d"))).to_have_count(1)
    expect(field).to_have_attribute("aria-invalid", "true")  # left empty: now it says what it wants
    expect(playground.locator(f"#{field.get_attribute('aria-describedby')}")).to_be_visible()


def ranked_names(playground) -> list[str]:
    return [
        item.get_attribute("data-item")
        for item in playground.get_by_role("list", name="Ranked list").get_by_role("listitem").all()
    ]
