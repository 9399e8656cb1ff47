"""Nothing moves under the pointer in the rank playground (site/js/playground/steady.js): a
second click at the same spot on Move up/down goes on moving the same item, whether the page can
scroll its row back under the pointer or not; after Drop, the row that slid under a still
pointer is not dropped by a double click's second click; repeated keys move the same item."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from helpers import PYTHON_READY_TIMEOUT, wait_wired
from host_pages import write_playground_page


@pytest.fixture(scope="module")
def playground_page(site_dir) -> str:
    return write_playground_page(site_dir)


def ranked_ids(playground) -> list[str]:
    return (
        playground.get_by_role("list", name="Ranked list")
        .get_by_role("listitem")
        .evaluate_all("items => items.map((item) => item.dataset.item)")
    )


def centre(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def under_pointer(page, x: float, y: float) -> str | None:
    return page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.getAttribute('aria-label')", [x, y])


def expect_ranking(playground, ids: list[str]) -> None:
    expect(playground.get_by_role("list", name="Ranked list").get_by_role("listitem")).to_have_count(len(ids))
    assert ranked_ids(playground) == ids


@pytest.mark.parametrize("room", ["page scrolls", "page cannot scroll"])
def test_clicking_move_up_twice_on_one_spot_moves_the_same_item_twice(page, base_url, playground_page, room):
    if room == "page cannot scroll":
        page.set_viewport_size({"width": 1280, "height": 720})
        page.goto(f"{base_url}playground.html")
        playground = page.locator("[data-playground]").first
        wait_wired(playground)
        ids = ranked_ids(playground)
        page.set_viewport_size({"width": 1280, "height": page.evaluate("document.documentElement.scrollHeight") + 50})
    else:
        page.set_viewport_size({"width": 1280, "height": 500})
        page.goto(f"{base_url}{playground_page}")
        playground = page.locator('[data-playground="seed"]')
        wait_wired(playground)
        ids = ranked_ids(playground)
    assert len(ids) >= 4
    moved = ids[3]
    up = playground.get_by_role("button", name=f"Move {moved} up", exact=True)
    up.scroll_into_view_if_needed()
    x, y = centre(up)
    page.mouse.click(x, y)
    expect_ranking(playground, [ids[0], ids[1], moved, ids[2], *ids[4:]])
    if room == "page scrolls":
        assert under_pointer(page, x, y) == f"Move {moved} up"  # its row came back under the pointer
    expect(playground.get_by_role("button", name=f"Move {moved} up", exact=True)).to_be_focused()
    page.mouse.click(x, y)
    expect_ranking(playground, [ids[0], moved, ids[1], ids[2], *ids[4:]])
    # The focus follows the moved item, not the neighbour's button the press landed on.
    expect(playground.get_by_role("button", name=f"Move {moved} up", exact=True)).to_be_focused()
    page.mouse.click(x, y)
    page.mouse.click(x, y)  # at the top: it stays
    expect_ranking(playground, [moved, ids[0], ids[1], ids[2], *ids[4:]])
    expect(playground.get_by_role("button", name=f"Move {moved} up", exact=True)).to_be_focused()

    down = playground.get_by_role("button", name=f"Move {moved} down", exact=True)
    x, y = centre(down)
    page.mouse.click(x, y)
    page.mouse.click(x, y)
    expect_ranking(playground, [ids[0], ids[1], moved, ids[2], *ids[4:]])


def test_a_double_click_does_not_drop_the_row_that_slid_under_it(page, base_url, playground_page):
    page.goto(f"{base_url}{playground_page}")
    playground = page.locator('[data-playground="seed"]')
    expect(playground).to_have_attribute("data-state", "ready", timeout=PYTHON_READY_TIMEOUT)
    drop = playground.get_by_role("button", name="Drop b", exact=True)
    drop.scroll_into_view_if_needed()
    x, y = centre(drop)
    page.mouse.dblclick(x, y)  # the double click's second click lands on c, slid under the pointer
    expect_ranking(playground, ["a", "c", "d", "e"])
    expect(playground).to_have_attribute("data-state", "ready")  # the drop's readouts are in
    assert ranked_ids(playground) == ["a", "c", "d", "e"]
    page.mouse.click(x, y)  # a click of its own, later: meant for c
    expect_ranking(playground, ["a", "d", "e"])


def test_repeated_keys_move_the_same_item(page, base_url, playground_page):
    page.goto(f"{base_url}{playground_page}")
    playground = page.locator('[data-playground="seed"]')
    wait_wired(playground)
    playground.get_by_role("button", name="Move b down", exact=True).focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    expect_ranking(playground, ["a", "c", "d", "b", "e"])
    expect(playground.get_by_role("button", name="Move b down", exact=True)).to_be_focused()
    playground.get_by_role("listitem", name="Rank 4: b").focus()
    page.keyboard.press("Alt+ArrowUp")
    page.keyboard.press("Alt+ArrowUp")
    page.keyboard.press("Alt+ArrowUp")
    expect_ranking(playground, ["b", "a", "c", "d", "e"])
    expect(playground.locator('[data-item="b"]')).to_be_focused()


def test_the_focused_item_is_brought_into_view_when_the_keyboard_moves_it_out(page, base_url):
    """The focus is put back without scrolling in the change itself (cheaper); the next frame
    scrolls the focused row into view if the move took it out of the window."""
    page.set_viewport_size({"width": 1280, "height": 400})
    page.goto(f"{base_url}playground.html")
    playground = page.locator("[data-playground]").first
    wait_wired(playground)
    ids = ranked_ids(playground)
    first = playground.locator(f'[data-item="{ids[0]}"]')
    first.scroll_into_view_if_needed()
    first.focus()
    for _ in range(len(ids) - 1):
        page.keyboard.press("Alt+ArrowDown")
    expect_ranking(playground, [*ids[1:], ids[0]])
    expect(first).to_be_focused()
    expect(first).to_be_in_viewport()
