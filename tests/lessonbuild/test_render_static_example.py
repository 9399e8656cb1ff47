"""A static block run under CPython shows its code, the pinned library and its output."""

from pathlib import Path

from lessonbuild.lessonformat import load_course, make_markdown
from lessonbuild.render import PageContext, _environment, _render_body
from lessonbuild.takeaway import notebook_outline
from lessonbuild.testpins import pinned_versions

ROOT = Path(__file__).resolve().parents[2]
LESSON = """\
---
title: T
summary: S
---

Before.

```python static cpython=scikit-learn
print("0.84 < 1")
```

```output
0.84 < 1
```

After.
"""


def _lesson(make_lessons):
    (lesson,) = load_course(make_lessons({"x": LESSON})).lessons
    return lesson


def test_output_is_shown_once_under_its_code_with_the_pinned_version(make_lessons):
    env = _environment(ROOT / "site" / "templates", PageContext(asset=lambda path: path, runtime={}, package_wheels={}))
    html = _render_body(_lesson(make_lessons), make_markdown(), env, {})
    version = pinned_versions()["scikit-learn"]
    assert html.count("data-static-output") == 1
    assert f"Output under CPython with scikit-learn {version}." in html
    assert "<code>0.84 &lt; 1\n</code>" in html  # the output is text, escaped
    assert html.index("Before.") < html.index("data-static-output") < html.index("After.")


def test_notebook_keeps_the_block_and_its_output_in_the_markdown(make_lessons):
    outline = notebook_outline(_lesson(make_lessons))
    assert [list(part) for part in outline] == [["markdown"], ["markdown"]]
    assert "```output\n0.84 < 1\n```" in outline[1]["markdown"]
