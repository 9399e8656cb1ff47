"""build.py end to end into tmp_path: the pages, the assets, and a failed build that keeps dist/."""

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

import build
from lessonbuild.lessonformat import course_slugs
from lessonbuild.problems import BuildError


LESSONS = Path(__file__).resolve().parents[1] / "lessons"


@pytest.fixture(scope="module")
def built_site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site") / "dist"
    build.build(LESSONS, out)
    return out


def test_writes_index_and_lessons_in_order(built_site):
    index = (built_site / "index.html").read_text()
    lesson_list = re.search(r'<ol class="lesson-list">(.*?)</ol>', index, re.S).group(1)
    slugs = re.findall(r'href="([a-z0-9-]+)\.html"', lesson_list)
    order = course_slugs(LESSONS)
    assert slugs == order
    for slug in order:
        assert (built_site / f"{slug}.html").is_file()


def test_lesson_page_embeds_cells_as_json_and_math_as_mathml(built_site):
    page = (built_site / "precision-recall.html").read_text()
    data = json.loads(
        re.search(r'<script type="application/json" id="lesson-data">(.*?)</script>', page, re.S).group(1)
    )
    assert data["cells"], "the lesson has cells"
    for cell in data["cells"]:
        assert f'data-cell="{cell["id"]}"' in page or cell["hidden"]
    assert "<math" in page and 'class="katex"' in page  # pre-rendered, no math script
    assert page.count("<h1>") == 1 and page.count("<main") == 1
    assert all((built_site / wheel).is_file() for wheel in data["runtime"]["wheels"])


# MathML elements whose children are their arguments, and how many each takes (MathML Core);
# Firefox reports any other count as invalid markup.
MATHML_ARITY = {"msub": 2, "msup": 2, "msubsup": 3, "mfrac": 2, "mover": 2, "munder": 2, "munderover": 3, "mroot": 2}


class MathArity(HTMLParser):
    """The MathML elements of a page whose number of children is not the number they take."""

    def __init__(self):
        super().__init__()
        self.open: list[list] = []  # [tag, children counted]
        self.wrong: list[str] = []

    def handle_starttag(self, tag, attrs):
        if self.open:
            self.open[-1][1] += 1
        self.open.append([tag, 0])

    def handle_startendtag(self, tag, attrs):
        if self.open:
            self.open[-1][1] += 1

    def handle_endtag(self, tag):
        while self.open:
            name, children = self.open.pop()
            if name in MATHML_ARITY and children != MATHML_ARITY[name]:
                self.wrong.append(f"<{name}> with {children} children at line {self.getpos()[0]}")
            if name == tag:
                break


def test_every_mathml_element_has_the_children_it_takes(built_site):
    """KaTeX writes \\max in a subscript as an operator and its invisible function application,
    three children of <msub>; Firefox reports it. Each lesson's math must be valid MathML."""
    checked = 0
    for path in sorted(built_site.glob("*.html")):
        arity = MathArity()
        text = path.read_text()
        # the MathML only: void HTML elements elsewhere would open without closing
        for math in re.findall(r"<math\b.*?</math>", text, re.S):
            arity.feed(math)
            checked += 1
        assert arity.wrong == [], f"{path.name}: {arity.wrong}"
    assert checked > 50


def test_nothing_points_at_another_host(built_site):
    """Every src/href/url()/import in the output is relative: the site works with no network."""
    reference = re.compile(r'(?:src|href)="([^"]*)"|url\(([^)]*)\)|(?:import|from)\s*\(?\s*"([^"]*)"')
    checked = 0
    for path in built_site.rglob("*"):
        if path.suffix not in {".html", ".css", ".js", ".mjs"}:
            continue
        for match in reference.finditer(path.read_text(errors="replace")):
            target = next(group for group in match.groups() if group is not None).strip("'\" ")
            checked += 1
            assert not re.match(r"^(?:[a-z]+:)?//", target, re.I), f"{path.name} refers to {target}"
    assert checked > 20


def test_pyodide_is_self_hosted(built_site):
    for name in ["pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]:
        assert (built_site / "pyodide" / name).stat().st_size > 0


def test_failed_build_leaves_previous_dist_untouched(tmp_path, make_lessons, good_lesson):
    out = tmp_path / "dist"
    out.mkdir()
    (out / "marker.txt").write_text("previous build")
    broken = make_lessons({"sample": good_lesson.replace("id=setup hidden", "id=setup hiden")})
    with pytest.raises(BuildError) as caught:
        build.build(broken, out)
    assert "sample.md:17" in str(caught.value)
    assert (out / "marker.txt").read_text() == "previous build"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dist", "lessons"]  # no half-written folder


def test_main_reports_problems_and_exits_1(tmp_path, make_lessons, good_lesson, capsys):
    broken = make_lessons({"sample": good_lesson.replace("    correct: true\n", "")})
    assert build.main(["--lessons", str(broken), "--out", str(tmp_path / "dist")]) == 1
    err = capsys.readouterr().err
    assert "sample.md:29: No option of this quiz is marked correct." in err
    assert not (tmp_path / "dist").exists()


def test_bad_math_fails_the_build_with_its_line(tmp_path, make_lessons, good_lesson):
    broken = make_lessons({"sample": good_lesson.replace("\\frac{3}{5}", "\\frac{3}{5")})
    with pytest.raises(BuildError) as caught:
        build.build(broken, tmp_path / "dist")
    assert "sample.md:6: KaTeX cannot render" in str(caught.value)


def test_static_imports_of_the_built_lesson_script_are_its_chunks(built_site):
    page = (built_site / "hit-rate.html").read_text()
    preloaded = [
        line.split('href="', 1)[1].split('"', 1)[0] for line in page.splitlines() if 'rel="modulepreload"' in line
    ]
    lesson_script = (built_site / "assets" / "lesson.js").read_bytes()
    assert preloaded and all(path.startswith("assets/chunks/") for path in preloaded)
    assert all(path.rsplit("/", 1)[1].encode() in lesson_script for path in preloaded if "chunk-" in path)
    assert not any("editor" in path for path in preloaded), "the editor loads on demand"
    # The worker fetches Pyodide's files as it starts: a preload of them from the page only made
    # its requests wait (first output about 0.08 s later, in an A/B of 12 cold loads each).
    assert not [line for line in page.splitlines() if 'rel="preload"' in line and "pyodide/" in line]


def test_a_page_carries_the_math_fonts_it_uses(built_site):
    """A lesson's math fonts are inside the page (data: URIs), as KaTeX's own faces: no math is
    laid out in a fallback font that a late font file would then move."""
    import base64
    import re

    page = (built_site / "hit-rate.html").read_text()
    faces = re.findall(r"@font-face\{font-family:(\w+);[^}]*base64,([A-Za-z0-9+/=]+)\)", page)
    families = {family for family, _ in faces}
    assert {"KaTeX_Main", "KaTeX_Math"} <= families
    katex_fonts = built_site / "assets/katex/fonts"
    main = (katex_fonts / "KaTeX_Main-Regular.woff2").read_bytes()
    assert any(base64.b64decode(data) == main for family, data in faces if family == "KaTeX_Main")
    assert 'as="font"' not in page  # nothing left to fetch for the math
    assert "@font-face" not in (built_site / "index.html").read_text()  # no math there
    # A face a page's script needs later is not swapped in after the first paint either.
    assert "font-display:block" not in (built_site / "assets/katex/katex.min.css").read_text()
    # ...and the faces the page carries start loading from its head, before any math is laid out.
    loader = re.search(r'<script src="assets/math-fonts\.js[^"]*" data-fonts="([^"]*)">', page)
    assert loader and set(loader.group(1).split(";")) >= {"normal 400 1em KaTeX_Main", "italic 400 1em KaTeX_Math"}
    assert page.index(loader.group(0)) < page.index("<body>")


def test_no_page_is_painted_before_its_content_is_parsed(built_site):
    """Every page holds its first paint until the end of its content is parsed (Chromium's
    render-blocking `expect` link): a table painted before its last rows came widened its columns
    when they did, on a busy machine whose parser yielded midway."""
    for page_path in built_site.glob("*.html"):
        page = page_path.read_text()
        head, body = page.split("<body>")
        assert '<link rel="expect" href="#content-end" blocking="render">' in head, page_path.name
        assert body.index('<div id="content-end" hidden></div>') > body.index("</main>"), page_path.name


def test_the_built_site_has_no_dev_reload_client(built_site):
    """The reload client is the dev server's own (added to the pages it serves), never built in."""
    from lessonbuild.devhttp import DEV_PREFIX

    files = [path for path in built_site.rglob("*") if path.is_file() and path.suffix in {".html", ".js", ".json"}]
    assert len(files) > 10
    for path in files:
        assert DEV_PREFIX.encode() not in path.read_bytes(), path
        assert b"EventSource" not in path.read_bytes(), path


def test_playground_page_is_built_and_linked_from_the_index(built_site):
    index = (built_site / "index.html").read_text()
    assert 'href="playground.html"' in index
    page = (built_site / "playground.html").read_text()
    # The same scripts as a lesson page with a playground, so it mounts there as in a lesson.
    lesson = (built_site / "ndcg.html").read_text()
    scripts = lambda html: set(re.findall(r'<script[^>]* src="([^"]+)"', html))  # noqa: E731
    assert scripts(page) == scripts(lesson)
    assert any("playground-early.js" in script for script in scripts(page))
    assert page.count("data-playground=") == 1 and 'id="lesson-data"' in page
    data = json.loads(re.search(r'<script type="application/json" id="lesson-data">(.*?)</script>', page).group(1))
    assert data["slug"] == "playground" and data["cells"] == []


def test_evaluate_page_is_built_with_its_form_and_linked_from_the_index_and_the_evaluation_lesson(built_site):
    assert 'href="evaluate.html"' in (built_site / "index.html").read_text()
    assert 'href="evaluate.html"' in (built_site / "offline-evaluation.html").read_text()
    page = (built_site / "evaluate.html").read_text()
    data = json.loads(re.search(r'<script type="application/json" id="lesson-data">(.*?)</script>', page).group(1))
    assert data["slug"] == "evaluate" and data["cells"] == []
    for hook in ("data-evaluate", "data-eval-status=", "data-eval-runs", "data-eval-qrels", "data-eval-baseline"):
        assert hook in page, hook
    assert page.count('role="status"') >= 2  # the runtime status and the evaluation's


def test_an_exercise_shows_its_second_hint_inside_its_first(built_site):
    """The "Hint" disclosure holds the first hint and, after it, an "Another hint" disclosure with
    the second: a learner opens the second only after the first. The solution comes after both."""
    page = (built_site / "precision-recall.html").read_text()
    cell = re.search(r'<section class="cell exercise" data-cell="write-recall".*?</section>', page, re.S).group(0)
    help_html = re.search(
        r'<details class="exercise-help">\s*<summary>Hint</summary>\s*<div class="hint-body">(.*?)</div>\s*'
        r'<details class="hint-more">\s*<summary>Another hint</summary>\s*<div class="hint-body">(.*?)</div>\s*'
        r"</details>\s*</details>\s*<details class=\"exercise-help\" data-solution>",
        cell,
        re.S,
    )
    assert help_html, "the second hint inside the first, then the solution"
    first, second = help_html.groups()
    assert "?" in first and "<code>len(relevant)</code>" not in first
    assert "<code>len(relevant)</code>" in second
    assert cell.count("<details") == 3
