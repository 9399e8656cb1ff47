"""An embedded rank playground on a host page with a serif font and an id written twice
(site/js/playground/embed-config.js, the playground's section of site.css): it keeps its own
font, and the repeated id is refused with a line instead of ending in Python's ValueError."""

from __future__ import annotations

from playwright.sync_api import expect

from helpers import PYTHON_READY_TIMEOUT

HOST = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs</title>
<style>body {{ font-family: Georgia, "DejaVu Serif", serif }}</style></head><body><main>
<h1>Our ranking</h1>
<div data-playground="twice" data-title="a list with a repeat" data-k="3">
  <ol><li data-grade="2">d1</li><li>d2</li><li data-grade="3">d1</li></ol>
</div>
<script type="module" src="{site}assets/embed.js"></script></main></body></html>"""


def test_an_embedded_playground_keeps_its_font_and_refuses_a_repeated_id(page, serve, tmp_path, base_url):
    (tmp_path / "docs.html").write_text(HOST.format(site=base_url), encoding="utf-8")
    host = serve(tmp_path, plain=True)[1]
    page.goto(f"{host}docs.html")
    playground = page.locator('[data-playground="twice"]')
    expect(playground).to_have_attribute("data-state", "ready", timeout=PYTHON_READY_TIMEOUT)
    notice = playground.locator("[data-playground-notice]")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("'d1' more than once")
    items = playground.get_by_role("list", name="Ranked list").get_by_role("listitem")
    assert items.evaluate_all("items => items.map((item) => item.dataset.item)") == ["d1", "d2"]
    host_font = page.evaluate("getComputedStyle(document.body).fontFamily")
    own_font = playground.evaluate("(element) => getComputedStyle(element).fontFamily")
    assert "serif" in host_font
    assert own_font.startswith("system-ui") and "Georgia" not in own_font
