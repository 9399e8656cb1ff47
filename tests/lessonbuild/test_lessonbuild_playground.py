"""The ```playground block: reading its fields and defaults, every mistake with FILE:LINE and
what to change, and the HTML the page's script starts from."""

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from lessonbuild.lessonformat import load_course, load_pages, make_markdown
from lessonbuild.paths import PLAYGROUND_PAGE
from lessonbuild.playground import MAX_ITEMS, playground_config
from lessonbuild.render import PageContext, _environment, _render_body, lesson_data
from lessonbuild.takeaway import notebook_outline
from lessonbuild.validate import validate_course
from rankmetrics.pages.playground import METRIC_NAMES

ROOT = Path(__file__).resolve().parents[2]
QUIZ = """
```quiz id=last
question: Which metric divides by k?
options:
  - answer: Precision@k
    correct: true
    explain: Hits over the k slots.
  - answer: Recall@k
    explain: Recall divides by the relevant items.
```
"""
# The playground's fence is on line 8; its YAML starts on line 9.
LESSON = (
    """\
---
title: T
summary: S
---

Before.

```playground id=move
title: Move d up
items:
  - a: 1
  - b: 0
  - c: 0
  - d: 1
unretrieved:
  - x: 2
```

After.
"""
    + QUIZ
)


def load(make_lessons, text=LESSON):
    course = load_course(make_lessons({"sample": text}))
    return course, validate_course(course)


def problems_of(make_lessons, text):
    return [str(problem) for problem in load(make_lessons, text)[1]]


def only_problem(make_lessons, text):
    problems = load(make_lessons, text)[1]
    assert len(problems) == 1, [str(problem) for problem in problems]
    return problems[0]


def test_fields_and_defaults(make_lessons):
    course, problems = load(make_lessons)
    assert problems == []
    (playground,) = course.lessons[0].playgrounds
    assert playground_config(playground) == {
        "id": "move",
        "title": "Move d up",
        "items": [{"id": "a", "grade": 1}, {"id": "b", "grade": 0}, {"id": "c", "grade": 0}, {"id": "d", "grade": 1}],
        "unretrieved": [{"id": "x", "grade": 2}],
        "k": 4,  # min(len(items), 5)
        "gain": "exponential",
        "threshold": 1,
        "max_grade": 3,
        "readouts": list(METRIC_NAMES),
        "max_items": MAX_ITEMS,
        "prediction": None,
    }


def test_every_field_set(make_lessons):
    text = LESSON.replace(
        "unretrieved:",
        "k: 2\ngain: linear\nthreshold: 2\nmax_grade: 4\nreadouts: [ndcg, precision]\nunretrieved:",
    ).replace("- x: 2", "- x: 4")
    course, problems = load(make_lessons, text)
    assert problems == []
    config = playground_config(course.lessons[0].playgrounds[0])
    assert (config["k"], config["gain"], config["threshold"], config["max_grade"]) == (2, "linear", 2, 4)
    assert config["readouts"] == ["ndcg", "precision"]
    assert config["unretrieved"] == [{"id": "x", "grade": 4}]


def test_title_defaults_to_the_id_and_k_to_five_for_long_lists(make_lessons):
    items = "".join(f"  - i{n}: 0\n" for n in range(8))
    text = re.sub(r"title: Move d up\nitems:\n(  - .*\n)+", "items:\n" + items, LESSON)
    config = playground_config(load(make_lessons, text)[0].lessons[0].playgrounds[0])
    assert config["title"] == "move" and config["k"] == 5


@pytest.mark.parametrize(
    ("old", "new", "line", "message", "fix"),
    [
        ("title: Move d up", "colour: red", 9, "Unknown playground field 'colour'", "Use only: title, items"),
        ("  - b: 0", "  - b: 7", 12, "grade of 'b' must be a whole number from 0 to 3, not 7", "max_grade"),
        ("  - b: 0", "  - b: -1", 12, "grade of 'b'", "- b: 1"),
        ("  - b: 0", "  - b: 1.5", 12, "grade of 'b'", ""),
        ("  - c: 0", "  - a: 0", 13, "Item 'a' is listed twice (first on line 11)", "its own id"),
        ("  - x: 2", "  - d: 2", 16, "Item 'd' is listed twice (first on line 14)", ""),
        ("  - c: 0", "  - c d: 0", 13, "item id 'c d' is not valid", "letters, digits"),
        ("  - c: 0", "  - c", 13, "not one 'ID: grade' pair", "- d1: 2"),
        ("unretrieved:", "k: 0\nunretrieved:", 15, "k must be a whole number from 1 to 30, not 0", "k: 3"),
        ("unretrieved:", "k: 31\nunretrieved:", 15, "k must be a whole number from 1 to 30", ""),
        ("unretrieved:", "gain: log\nunretrieved:", 15, "Unknown gain 'log'", "gain: linear"),
        (
            "unretrieved:",
            "threshold: 4\nunretrieved:",
            15,
            "threshold must be a whole number from 1 to max_grade (3)",
            "",
        ),
        ("unretrieved:", "max_grade: 0\nunretrieved:", 15, "max_grade must be a whole number from 1 to 10", ""),
        ("unretrieved:", "readouts: [ndcg, mrr]\nunretrieved:", 15, "Unknown readout 'mrr'", "reciprocal_rank"),
        ("unretrieved:", "readouts: [ndcg, ndcg]\nunretrieved:", 15, "Readout 'ndcg' is listed twice", ""),
        ("unretrieved:", "title: again\nunretrieved:", 15, "Field 'title' is given twice (first on line 9)", ""),
        ("```playground id=move", "```playground", 8, "This playground has no id", "```playground id=some-name"),
        ("```playground id=move", "```playground id=move size=big", 8, "Unknown playground option 'size'", ""),
        ("```playground id=move", "```playground id=Move", 8, "The id 'Move' is not valid", ""),
        ("```playground id=move", "```playground id=last", 8, "The id 'last' is already used on line 21", ""),
        ("title: Move d up", "title: [unclosed", 10, "not valid YAML", "Fix the YAML"),  # where YAML sees it
        ("```playground id=move", "```playgrund id=move", 8, "'```playgrund' is not a block name", "```playground"),
    ],
)
def test_a_mistake_names_file_line_and_fix(make_lessons, old, new, line, message, fix):
    assert old in LESSON
    problem = only_problem(make_lessons, LESSON.replace(old, new, 1))
    assert problem.path.name == "sample.md"
    assert problem.line == line, str(problem)
    assert message in problem.message
    assert fix in problem.fix
    assert f"sample.md:{line}: " in str(problem)


def test_missing_and_empty_items(make_lessons):
    text = re.sub(r"items:\n(  - .*\n)+", "", LESSON)
    assert "The playground has no items" in only_problem(make_lessons, text).message
    text = re.sub(r"items:\n(  - .*\n)+", "items: []\n", LESSON)
    problem = only_problem(make_lessons, text)
    assert problem.line == 10 and "empty" in problem.message


def test_a_misspelt_field_is_one_problem_that_names_the_field_meant(make_lessons):
    problem = only_problem(make_lessons, LESSON.replace("items:", "itmes:", 1))
    assert problem.line == 10 and "Unknown playground field 'itmes'" in problem.message
    assert problem.fix.startswith("Did you mean 'items'?")


def test_a_list_whose_only_item_has_a_bad_grade_reports_the_grade_alone(make_lessons):
    text = re.sub(r"items:\n(  - .*\n)+", "items:\n  - a: 9\n", LESSON)
    problem = only_problem(make_lessons, text)
    assert problem.line == 11 and "grade of 'a'" in problem.message


def test_more_than_thirty_items(make_lessons):
    items = "".join(f"  - i{n}: 0\n" for n in range(MAX_ITEMS))
    text = LESSON.replace("  - a: 1\n", items)
    problem = only_problem(make_lessons, text)
    assert problem.line == 10
    assert f"{MAX_ITEMS + 4} items; a playground holds at most {MAX_ITEMS}" in problem.message
    assert "Remove 4 items" in problem.fix


def test_two_playgrounds_with_one_id(make_lessons):
    second = "\n```playground id=move\nitems:\n  - a: 1\n```\n"
    problem = only_problem(make_lessons, LESSON.replace("After.\n", "After.\n" + second))
    assert problem.line == 21 and "'move' is already used on line 8" in problem.message


PREDICT = """\
```predict id=move-predict for=move
question: Move d to rank 1. Which metrics change?
options:
  - answer: Precision@4
    explain: The same two hits are in the top four.
  - answer: NDCG@4
    correct: true
    explain: A relevant item at rank 1 weighs the most.
```

"""


def test_a_prediction_names_its_playground(make_lessons):
    course, problems = load(make_lessons, LESSON.replace("```playground", PREDICT + "```playground"))
    assert problems == []
    lesson = course.lessons[0]
    assert lesson.playgrounds[0].prediction == "move-predict"
    data = lesson_data(lesson, PageContext(asset=lambda path: path, runtime=RUNTIME, package_wheels={}))
    entry = data["predictions"]["move-predict"]
    assert entry["playground"] == "move" and entry["cell"] == "move" and entry["correct"] == [1]


def test_a_prediction_after_its_playground_fails(make_lessons):
    text = LESSON.replace("After.\n", "After.\n\n" + PREDICT)
    problem = only_problem(make_lessons, text)
    assert "comes after its cell 'move' (line 8)" in problem.message


def test_a_prediction_for_an_unknown_playground_fails(make_lessons):
    text = LESSON.replace("```playground", PREDICT.replace("for=move", "for=mvoe") + "```playground")
    assert "there is no code cell 'mvoe' (nor a playground)" in only_problem(make_lessons, text).message


RUNTIME = {"pyodide": "pyodide/", "wheels": [], "packages": [], "snapshot": None, "stdlib": None, "timeLimit": None}


class Elements(HTMLParser):
    """The start tags of a page as (tag, attributes), and the text of the config script."""

    def __init__(self):
        super().__init__()
        self.tags, self.config, self._in_config = [], None, False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in_config = tag == "script" and "data-playground-config" in dict(attrs)

    def handle_data(self, data):
        if self._in_config:
            self.config = json.loads(data)
            self._in_config = False


def rendered(make_lessons, text):
    course, problems = load(make_lessons, text)
    assert problems == []
    env = _environment(ROOT / "site" / "templates", PageContext(asset=lambda path: path, runtime={}, package_wheels={}))
    return _render_body(course.lessons[0], make_markdown(), env, {})


def test_rendered_html_shape(make_lessons):
    html = rendered(make_lessons, LESSON.replace("```playground", PREDICT + "```playground"))
    parser = Elements()
    parser.feed(html)
    (container,) = [attrs for tag, attrs in parser.tags if "data-playground" in attrs]
    assert container == {
        "class": "playground",
        "data-playground": "move",
        "role": "group",
        "aria-label": "Rank playground: Move d up",
        "data-state": "waiting",
    }
    assert parser.config["id"] == "move" and parser.config["prediction"] == "move-predict"
    assert [item["id"] for item in parser.config["items"]] == ["a", "b", "c", "d"]
    # Inside the container, in order: the config, the prediction's form (as a cell's), the static list.
    inside = html[html.index('<div class="playground"') : html.index('<div class="held-prose"')]
    assert inside.index("data-playground-config") < inside.index('data-predict="move-predict"')
    assert inside.index('data-predict="move-predict"') < inside.index("data-playground-static")
    assert '<button type="submit">Commit</button>' in inside
    assert re.findall(r"<li>(\w+): grade (\d)</li>", inside) == [
        ("a", "1"),
        ("b", "0"),
        ("c", "0"),
        ("d", "1"),
        ("x", "2"),
    ]
    assert "<noscript" not in inside
    # The prediction is shown once, inside its playground; the prose after the playground waits.
    assert html.count('data-predict="move-predict"') == 1
    assert '<div class="held-prose" data-held-prose="move" data-held="true">\n<p>After.</p>' in html


def test_config_json_cannot_close_its_script(make_lessons):
    html = rendered(make_lessons, LESSON.replace("title: Move d up", 'title: "</script><b>x"'))
    assert "</script><b>" not in html
    assert 'aria-label="Rank playground: &lt;/script&gt;&lt;b&gt;x"' in html


def test_notebook_describes_the_playground(make_lessons):
    course, _ = load(make_lessons, LESSON.replace("```playground", PREDICT + "```playground"))
    text = "\n".join(part.get("markdown", "") for part in notebook_outline(course.lessons[0]))
    assert "**Rank playground: Move d up**" in text
    assert "a (grade 1), b (grade 0), c (grade 0), d (grade 1)" in text
    assert "Judged but not retrieved: x (grade 2)." in text
    assert "Predict, then try it in the rank playground" in text
    assert "```playground" not in text


def test_the_playground_page_loads_with_no_problem(make_lessons):
    course = load_course(make_lessons({"sample": LESSON}))
    load_pages(course, [PLAYGROUND_PAGE])
    assert validate_course(course) == []
    (page,) = course.pages
    assert page.slug == "playground" and not page.quizzes
    (playground,) = page.playgrounds
    assert len(playground.items) == 8


def test_a_broken_playground_stops_the_build_and_keeps_dist(tmp_path, make_lessons, capsys):
    import build  # the build script at the repository's root

    out = tmp_path / "dist"
    out.mkdir()
    (out / "marker.txt").write_text("previous build")
    broken = make_lessons({"sample": LESSON.replace("  - b: 0", "  - b: 9")})
    assert build.main(["--lessons", str(broken), "--out", str(out)]) == 1
    assert "sample.md:12: The grade of 'b' must be a whole number from 0 to 3, not 9." in capsys.readouterr().err
    assert (out / "marker.txt").read_text() == "previous build"
