"""Documentation pages of another origin that use the embed script (site/js/embed.js), shaped
like Sphinx and MkDocs output, with hostile styles that must not reach the cells."""

from __future__ import annotations

from pathlib import Path

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


def write_docs_pages(folder: Path, site: str) -> None:
    """Write sphinx.html and mkdocs.html into `folder`, embedding cells from the course at `site`."""
    for name, template in [("sphinx.html", SPHINX_PAGE), ("mkdocs.html", MKDOCS_PAGE)]:
        (folder / name).write_text(template.format(site=site, css=HOST_CSS), encoding="utf-8")
