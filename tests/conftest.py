"""Shared fixtures: small lesson folders written into tmp_path."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

GOOD_LESSON = '''\
---
title: Sample lesson
summary: A lesson used by the build tests.
---

Some prose with math $\\frac{3}{5}$ and a table:

| k | precision |
|---|---|
| 5 | 0.60 |

```python id=first label="the first cell"
x = 3 / 5
print(f"x = {x:.2f}")
```

```python id=setup hidden
y = 2
```

```python id=second readonly
x + y
```

```python static
this is not run, so it need not compile (
```

```quiz id=check
question: What is $3/5$?
options:
  - answer: "0.60"
    correct: true
    explain: Three fifths is 0.60.
  - answer: "0.35"
    explain: That swaps the digits.
```
'''


@pytest.fixture
def good_lesson() -> str:
    """A lesson that uses every feature of the format and has no problems."""
    return GOOD_LESSON


@pytest.fixture
def make_lessons(tmp_path: Path):
    """Write {slug: text} lessons and an index (default: the slugs in order); return the folder."""

    def make(lessons: dict[str, str], index: list[str] | str | None = None) -> Path:
        folder = tmp_path / "lessons"
        folder.mkdir(exist_ok=True)
        for slug, text in lessons.items():
            (folder / f"{slug}.md").write_text(textwrap.dedent(text), encoding="utf-8")
        if isinstance(index, str):
            (folder / "index.yml").write_text(index, encoding="utf-8")
        else:
            slugs = list(lessons) if index is None else index
            (folder / "index.yml").write_text("lessons:\n" + "".join(f"  - {s}\n" for s in slugs), encoding="utf-8")
        return folder

    return make
