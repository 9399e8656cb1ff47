"""Documentation pages of another origin that use the embed script (site/js/embed/embed.js), shaped
like Sphinx and MkDocs output, with hostile styles that must not reach the cells."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from rankmetrics.registry import PLAYGROUND_METRICS

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

# The first block carries an id of the theme's own (Material for MkDocs numbers its code blocks).
MKDOCS_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Guide - Docs</title>
<style>{css}</style></head><body><div class="md-container"><main class="md-main"><article class="md-content__inner md-typeset">
<h1 id="guide">Guide</h1>
<div class="language-python highlight"><pre><span></span><code id="__code_0" data-runnable>from rankmetrics import precision_at_k
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


# --- Rank playgrounds (site/js/playground/) on a page of the test's own, as a lesson holds them ---

#: Two playgrounds as the build writes them (docs/ui-contract.md, "Rank playground"): five items with
#: a and d relevant and f judged but not retrieved ("seed"), and the same list behind a prediction
#: ("predict").
PLAYGROUND_CONFIG = {
    "title": "the seed's list",
    "items": [
        {"id": "a", "grade": 1},
        {"id": "b", "grade": 0},
        {"id": "c", "grade": 0},
        {"id": "d", "grade": 1},
        {"id": "e", "grade": 0},
    ],
    "unretrieved": [{"id": "f", "grade": 2}],
    "k": 5,
    "gain": "exponential",
    "threshold": 1,
    "max_grade": 3,
    "readouts": list(PLAYGROUND_METRICS),  # every metric the playground shows (rankmetrics.registry)
    "max_items": 30,
}
PLAYGROUND_PREDICTION = {"playground": "predict", "correct": [0], "hash": "0123456789abcdef"}

_PLAYGROUND = """<div data-playground="{id}" role="group" aria-label="Rank playground: {title}" data-state="waiting">
<script type="application/json" data-playground-config>{config}</script>
{form}<ol>{fallback}</ol></div>"""

_PREDICTION_FORM = """<form class="quiz predict" data-predict="pg-predict-q" novalidate>
  <p class="predict-tag">Predict, then move</p>
  <fieldset>
    <legend>Move d to rank 1: which metric changes most?</legend>
    <div class="quiz-option">
      <input type="radio" name="pg-predict-q" id="pg-predict-q-0" value="0">
      <label for="pg-predict-q-0">NDCG@5</label>
      <template data-explanation>It weighs rank 1 most.</template>
    </div>
    <div class="quiz-option">
      <input type="radio" name="pg-predict-q" id="pg-predict-q-1" value="1">
      <label for="pg-predict-q-1">Precision@5</label>
      <template data-explanation>Precision ignores the order within the top k.</template>
    </div>
  </fieldset>
  <button type="submit">Commit</button>
  <div class="quiz-verdict" data-verdict role="status"></div>
</form>"""


def playground_html(playground_id: str, config: dict, form: str = "") -> str:
    """One `<div data-playground>` as the build writes it."""
    fallback = "".join(f"<li>{html.escape(item['id'])} (grade {item['grade']})</li>" for item in config["items"])
    return _PLAYGROUND.format(
        id=playground_id,
        title=html.escape(config["title"]),
        config=json.dumps({"id": playground_id, **config}),
        form=form,
        fallback=fallback,
    )


def write_playground_page(site: Path, name: str = "playground-host.html", lesson: str = "ndcg") -> str:
    """Write `name` into the built site `site`: lesson `lesson`'s page with the two playgrounds
    above its first section, and the prediction in its lesson JSON. Returns the file name."""
    text = (site / f"{lesson}.html").read_text(encoding="utf-8")
    blocks = playground_html("seed", PLAYGROUND_CONFIG) + playground_html(
        "predict", {**PLAYGROUND_CONFIG, "title": "predict first"}, _PREDICTION_FORM
    )
    text = text.replace("</main>", blocks + "</main>", 1)
    data = re.search(r'(<script type="application/json" id="lesson-data">)(.*?)(</script>)', text, re.S)
    lesson_json = json.loads(data.group(2))
    lesson_json["predictions"]["pg-predict-q"] = PLAYGROUND_PREDICTION
    text = text[: data.start(2)] + json.dumps(lesson_json).replace("</", "<\\/") + text[data.end(2) :]
    (site / name).write_text(text, encoding="utf-8")
    return name
