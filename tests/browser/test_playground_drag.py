"""Dragging in the rank playground (site/js/playground/drag.js): the other items slide aside to
show the gap the dragged one lands in, a release on "Not retrieved" drops it from the ranking,
and Escape calls the drag off."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from helpers import wait_wired
from host_pages import write_playground_page


@pytest.fixture(scope="module")
def playground_page(site_dir) -> str:
    return write_playground_page(site_dir)


def open_seed(page, base_url, name):
    page.goto(f"{base_url}{name}")
    playground = page.locator('[data-playground="seed"]')
    wait_wired(playground)
    playground.get_by_role("list", name="Ranked list").scroll_into_view_if_needed()
    return playground


def ids_of(playground, name: str) -> list[str]:
    return (
        playground.get_by_role("list", name=name, exact=True)
        .get_by_role("listitem")
        .evaluate_all("items => items.map((item) => item.dataset.item)")
    )


def grab(page, playground, item: str) -> dict:
    """Press the pointer on `item`'s handle; returns the handle's box."""
    box = playground.locator(f'[data-part="ranked"] [data-item="{item}"] [data-drag-handle]').bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    return box


def test_the_items_slide_aside_to_show_where_the_dragged_one_lands(page, base_url, playground_page):
    playground = open_seed(page, base_url, playground_page)
    row = lambda item: playground.locator(f'[data-part="ranked"] [data-item="{item}"]')  # noqa: E731
    before = {item: row(item).bounding_box()["y"] for item in "abcde"}
    step = before["b"] - before["a"]
    box = grab(page, playground, "d")
    page.mouse.move(box["x"] + 4, before["a"] + 2, steps=8)
    # a, b and c moved down one slot to open rank 1's place; e did not move.
    page.wait_for_function(
        "([y, step]) => Math.abs(document.querySelector('[data-playground=seed] [data-part=ranked] [data-item=a]')"
        ".getBoundingClientRect().y - (y + step)) < 1",
        arg=[before["a"], step],
    )
    for item in "bc":
        assert row(item).bounding_box()["y"] == pytest.approx(before[item] + step, abs=1)
    assert row("e").bounding_box()["y"] == pytest.approx(before["e"], abs=1)
    page.mouse.up()
    expect(playground.get_by_role("listitem", name="Rank 1: d")).to_have_count(1)
    assert ids_of(playground, "Ranked list") == ["d", "a", "b", "c", "e"]


def test_escape_calls_the_drag_off(page, base_url, playground_page):
    playground = open_seed(page, base_url, playground_page)
    top = playground.locator('[data-part="ranked"] [data-item="a"]').bounding_box()["y"]
    box = grab(page, playground, "d")
    page.mouse.move(box["x"] + 4, top + 2, steps=8)
    page.keyboard.press("Escape")
    page.mouse.up()
    expect(playground.locator('[data-part="ranked"] [data-dragging]')).to_have_count(0)
    assert ids_of(playground, "Ranked list") == ["a", "b", "c", "d", "e"]
    transforms = playground.locator('[data-part="ranked"] [data-item]').evaluate_all(
        "items => items.map((item) => item.style.transform)"
    )
    assert transforms == [""] * 5


@pytest.mark.parametrize("width", [1280, 390])
def test_a_release_on_not_retrieved_drops_the_item(page, base_url, playground_page, width):
    page.set_viewport_size({"width": width, "height": 900})
    playground = open_seed(page, base_url, playground_page)
    zone = playground.get_by_role("list", name="Not retrieved", exact=True)
    grab(page, playground, "b")
    target = zone.bounding_box()
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=10)
    expect(playground.locator('[data-part="unretrieved-zone"]')).to_have_attribute("data-drop-target", "")
    page.mouse.up()
    expect(zone.get_by_role("listitem", name="Not retrieved: b", exact=False)).to_have_count(1)
    assert ids_of(playground, "Ranked list") == ["a", "c", "d", "e"]


@pytest.mark.parametrize("width", [1280, 390])
def test_over_not_retrieved_no_row_is_left_over_another(page, base_url, playground_page, width):
    """Over "Not retrieved" the dragged row waits in its own slot, marked as leaving, and the
    others are in theirs: no row is drawn over another, and no slot is empty. The release drops
    it, and nothing of the drag is left: the list is as its state says."""
    page.set_viewport_size({"width": width, "height": 900})
    playground = open_seed(page, base_url, playground_page)
    ranked = playground.locator('[data-part="ranked"]')
    # Each row's top, from the ranked list's top (the page may scroll to the dropped item).
    tops_js = (
        "list => Object.fromEntries([...list.children].map((row) => "
        "[row.dataset.item, row.getBoundingClientRect().top - list.getBoundingClientRect().top]))"
    )
    before = ranked.evaluate(tops_js)
    step = before["b"] - before["a"]
    grab(page, playground, "b")
    target = playground.get_by_role("list", name="Not retrieved", exact=True).bounding_box()
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=10)
    expect(playground.locator('[data-part="unretrieved-zone"]')).to_have_attribute("data-drop-target", "")
    # b is in its own slot, not held over another row (it moves with no transition) …
    assert ranked.evaluate(tops_js)["b"] == pytest.approx(before["b"], abs=1)
    expect(ranked.locator('[data-item="b"]')).to_have_attribute("data-leaving", "")
    # … and so is every other row (they slide back: waited for).
    page.wait_for_function(
        f"([list, before]) => Object.entries(({tops_js})(list)).every("
        "([item, top]) => Math.abs(top - before[item]) < 1)",
        arg=[ranked.element_handle(), before],
    )

    page.mouse.up()
    zone = playground.get_by_role("list", name="Not retrieved", exact=True)
    expect(zone.get_by_role("listitem", name="Not retrieved: b", exact=False)).to_have_count(1)
    assert ids_of(playground, "Ranked list") == ["a", "c", "d", "e"]
    expect(playground.get_by_role("listitem", name="Rank 2: c", exact=False)).to_have_count(1)
    # The rows below b closed up, one slot each, and nothing of the drag is left.
    closed = {"a": before["a"], **{item: before[item] - step for item in "cde"}}
    assert ranked.evaluate(tops_js) == pytest.approx(closed, abs=1)
    expect(playground.locator("[data-dragging], [data-leaving], [data-drop-target]")).to_have_count(0)
    transforms = ranked.locator("[data-item]").evaluate_all("rows => rows.map((row) => row.style.transform)")
    assert transforms == [""] * 4
