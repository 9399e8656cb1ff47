"""embed.js on documentation pages of another origin: example host pages shaped like Sphinx and
MkDocs output turn their marked code blocks into cells sharing one worker, with the lesson UI
contract, untouched by the host's CSS; each page also embeds a whole lesson in a frame."""

from __future__ import annotations

import functools
import http.server
import threading

import pytest
from playwright.sync_api import expect

from conftest import PYTHON_READY_TIMEOUT

# Hostile host styles: none of this may reach the cells.
HOST_CSS = "button { display: none !important } pre { font-size: 40px !important } * { color: #f0f !important }"

SPHINX_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>API — Docs</title>
<style>{css}</style></head><body><div class="document"><div class="documentwrapper"><div class="body" role="main">
<section id="api"><h1>API</h1><p>Set a variable:</p>
<div class="highlight-python notranslate runnable"><div class="highlight"><pre><span></span><span class="n">x</span> <span class="o">=</span> <span class="mi">41</span>
</pre></div></div>
<p>Use it:</p>
<div class="highlight-python notranslate runnable"><div class="highlight"><pre><span></span><span class="nb">print</span><span class="p">(</span><span class="n">x</span> <span class="o">+</span> <span class="mi">1</span><span class="p">)</span>
</pre></div></div>
<iframe title="Lesson" src="{site}precision-recall.html?embed" style="width:100%;border:0"></iframe>
</section></div></div></div>
<script type="module" src="{site}assets/embed.js"></script>
<script type="module" src="{site}assets/embed-host.js"></script></body></html>"""

MKDOCS_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Guide - Docs</title>
<style>{css}</style></head><body><div class="md-container"><main class="md-main"><article class="md-content__inner md-typeset">
<h1 id="guide">Guide</h1>
<div class="language-python highlight"><pre><span></span><code data-runnable>from rankmetrics import precision_at_k
x = 41
</code></pre></div>
<div class="language-python highlight"><pre><span></span><code data-runnable>print(x + 1, precision_at_k(["a", "b"], {{"a"}}, 2))
</code></pre></div>
<iframe title="Lesson" src="{site}ndcg.html?embed" style="width:100%;border:0"></iframe>
</article></main></div>
<script type="module" src="{site}assets/embed.js"></script>
<script type="module" src="{site}assets/embed-host.js"></script></body></html>"""


@pytest.fixture
def docs_site(tmp_path, base_url):
    """Host pages on another origin, served by a plain server with no special headers."""
    for name, template in [("sphinx.html", SPHINX_PAGE), ("mkdocs.html", MKDOCS_PAGE)]:
        (tmp_path / name).write_text(template.format(site=base_url, css=HOST_CSS))

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(tmp_path)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("page_name, expected", [("sphinx.html", "42"), ("mkdocs.html", "42 0.5")])
def test_marked_blocks_become_cells_sharing_one_worker(page, docs_site, page_name, expected):
    page.goto(docs_site + page_name)
    cells = page.locator("[data-cell]")  # Playwright's CSS locators pierce open shadow roots
    expect(cells).to_have_count(2)
    expect(page.locator("[data-runtime-status]")).to_have_attribute(
        "data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT)
    second = cells.nth(1)
    run = second.get_by_role("button", name="Run")
    expect(run).to_be_visible()  # the host's `button { display: none }` does not reach it
    run.click()  # runs the first cell first, in the same worker
    expect(second).to_have_attribute("data-state", "done", timeout=PYTHON_READY_TIMEOUT)
    expect(second.locator("[data-output]")).to_have_text(expected)
    assert second.get_by_role("textbox").evaluate("e => getComputedStyle(e).fontSize") != "40px"

    # The whole lesson in the frame on the same page works too.
    frame = page.frame_locator("iframe")
    expect(frame.locator("[data-runtime-status]")).to_have_attribute(
        "data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT)


def test_stop_restarts_the_shared_worker_on_a_host_page(page, docs_site):
    page.goto(docs_site + "sphinx.html")
    cells = page.locator("[data-cell]")
    expect(page.locator("[data-runtime-status]")).to_have_attribute(
        "data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT)
    second = cells.nth(1)
    second.get_by_role("textbox").click()
    page.keyboard.press("Control+A")
    page.keyboard.insert_text("while True:\n    pass")
    page.keyboard.press("Shift+Enter")
    expect(second).to_have_attribute("data-state", "running", timeout=PYTHON_READY_TIMEOUT)
    second.get_by_role("button", name="Stop").click()
    expect(second).to_have_attribute("data-state", "idle", timeout=3000)
    expect(second.locator("[data-output]")).to_contain_text("variables of this page were reset")
