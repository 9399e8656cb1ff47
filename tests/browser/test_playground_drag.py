"""Dragging in the rank playground (site/js/playground/drag.js): the other items slide aside to
show the gap the dragged one lands in, a release on "Not retrieved" drops it from the ranking,
and Escape calls the drag off."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from host_pages import write_playground_page


@pytest.fixture(scope="module")
def playground_page(site_dir) -> str:
    return write_playground_page(site_dir)


def open_seed(page, base_url, name):
    page.goto(f"{base_url}{name}")
    playground = page.locator('[data-playground="seed"]')
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
