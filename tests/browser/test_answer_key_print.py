"""The teacher's answer key (build.py --answer-key) opened from the file system, as a teacher
opens it, and one lesson's key saved as PDF: the solutions' code and the "Correct" marks beside
the right answers are on paper, and the page asked for nothing but its own files."""

from __future__ import annotations

import io
import re

import pytest
from playwright.sync_api import expect

import build
from helpers import LEFT_MARGIN_PT, ROOT, list_numbers
from lessonbuild.lessonformat import load_course
from missing_tools import missing_tool

SLUG = "precision-recall"  # an exercise, a prediction and a quiz
WIDE_SLUG = "average-precision"  # a solution with a line longer than the paper is wide
# The width of the text on an A4 page with the print rules' 15 mm margins, in CSS pixels.
PAPER_WIDTH = 680


@pytest.fixture(scope="module")
def key(tmp_path_factory):
    folder = tmp_path_factory.mktemp("answer-key") / "key"
    assert build.main(["--answer-key", str(folder), "--out", str(folder.parent / "dist")]) == 0
    return folder


def flat(text: str) -> str:
    """Text without whitespace: lines wrap on paper, and PDF text keeps no spaces reliably."""
    return re.sub(r"\s+", "", text)


def test_a_lesson_s_key_opened_from_a_file_prints_its_solutions_and_correct_marks(key, page):
    try:
        import pypdf
    except ImportError:
        missing_tool("pypdf is not installed: run 'make test' (or pip install -r requirements-test.txt).")
    lesson = next(lesson for lesson in load_course(ROOT / "lessons").lessons if lesson.slug == SLUG)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto((key / "index.html").as_uri())
    page.get_by_role("link", name=lesson.title).click()
    expect(page).to_have_url((key / f"{SLUG}.html").as_uri())
    expect(page.get_by_role("heading", level=1)).to_have_text(lesson.title)
    options = page.locator("li[data-option]")
    marked = [
        (option.get_attribute("data-correct"), option.locator(".key-answer").text_content()) for option in options.all()
    ]
    assert len(marked) == sum(len(quiz.choices) for quiz in lesson.quizzes + lesson.predictions)

    pdf = pypdf.PdfReader(io.BytesIO(page.pdf(format="A4")))
    text = flat("\n".join(sheet.extract_text() for sheet in pdf.pages))
    for cell in (cell for cell in lesson.cells if cell.check):
        assert flat(cell.solution.content) in text, f"the solution of {cell.id} is not on paper"
    for correct, answer in marked:  # each mark printed right before its answer
        assert flat(answer) in text
        assert flat(answer).startswith("Correct" if correct == "true" else "Wrong")
    assert text.count(flat("Correct")) == sum(1 for correct, _ in marked if correct == "true")
    assert [url for url in requests if not url.startswith(("file:", "data:"))] == []


def test_on_paper_a_long_line_of_a_solution_wraps_inside_its_box(key, page):
    page.set_viewport_size({"width": PAPER_WIDTH, "height": 900})
    page.goto((key / f"{WIDE_SLUG}.html").as_uri())
    code = page.locator("[data-key-exercise] pre").first
    expect(code).to_be_visible()
    assert code.evaluate("pre => pre.scrollWidth > pre.clientWidth"), "the line is longer than the paper"
    page.emulate_media(media="print")
    for pre in page.locator("pre").all():
        size = pre.evaluate("pre => [pre.scrollWidth, pre.clientWidth]")
        assert size[0] <= size[1], f"cut on paper (scroll, client: {size})"


def test_on_paper_no_code_of_the_key_is_split_over_two_sheets(key, page):
    try:
        import pypdf
    except ImportError:
        missing_tool("pypdf is not installed: run 'make test' (or pip install -r requirements-test.txt).")
    split = []
    for lesson in load_course(ROOT / "lessons").lessons:
        page.goto((key / f"{lesson.slug}.html").as_uri())
        sheets = [flat(sheet.extract_text()) for sheet in pypdf.PdfReader(io.BytesIO(page.pdf(format="A4"))).pages]
        for cell in (cell for cell in lesson.cells if cell.check and cell.solution):
            # Each a few lines long, far less than a sheet: kept whole on one.
            for name, code in (("starting code", cell.code), ("solution", cell.solution.content)):
                assert len(code.splitlines()) < 20
                if not any(flat(code) in sheet for sheet in sheets):
                    split.append(f"{lesson.slug}, {cell.id}: {name}")
    assert split == []


# Where each line that `line` (a line of a code block's text) takes on the page starts, and the
# width of a character: the code's text nodes, a range over the line, its boxes by line.
LINE_STARTS = """(pre, line) => {
  const nodes = [];
  let text = "";
  const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    nodes.push([node, text.length]);
    text += node.data;
  }
  const point = (offset) => {
    const [node, start] = nodes.findLast(([, start]) => start <= offset);
    return [node, offset - start];
  };
  const range = (from, to) => {
    const r = document.createRange();
    r.setStart(...point(from));
    r.setEnd(...point(to));
    return r;
  };
  const from = text.indexOf(line);
  if (from < 0) return null;
  const height = parseFloat(getComputedStyle(pre).lineHeight);
  const boxes = [...range(from, from + line.length).getClientRects()].filter((box) => box.width > 0);
  boxes.sort((a, b) => a.top - b.top || a.left - b.left);
  const starts = [];
  let top = -Infinity;
  for (const box of boxes) {
    if (box.top > top + height / 2) {
      starts.push(box.left);
      top = box.top;
    } else starts[starts.length - 1] = Math.min(starts.at(-1), box.left);
  }
  return { starts, ch: range(from, from + 1).getBoundingClientRect().width };
}"""


def test_on_paper_a_wrapped_line_of_a_solution_goes_on_under_its_own_indentation(key, page):
    lesson = next(lesson for lesson in load_course(ROOT / "lessons").lessons if lesson.slug == WIDE_SLUG)
    cell = next(cell for cell in lesson.cells if cell.check and cell.solution)
    line = max(cell.solution.content.splitlines(), key=len)
    indent = len(line) - len(line.lstrip(" "))
    assert indent > 0
    page.set_viewport_size({"width": PAPER_WIDTH, "height": 900})
    page.goto((key / f"{WIDE_SLUG}.html").as_uri())
    page.emulate_media(media="print")
    solution = page.locator(f"[data-key-exercise='{cell.id}'] pre").last
    found = solution.evaluate(LINE_STARTS, line)
    assert found is not None, "the line is not in the solution"
    first, *rest = found["starts"]
    assert rest, "the line does not wrap on paper"
    # As a cell's code on paper: each next line starts where the line's text does, not at its edge.
    assert [round((start - first) / found["ch"]) for start in rest] == [indent] * len(rest)


def test_on_paper_the_key_s_index_numbers_every_lesson_whole_inside_the_margin(key, page):
    lessons = len(load_course(ROOT / "lessons").lessons)
    assert lessons >= 10  # two-digit numbers, the widest
    page.goto((key / "index.html").as_uri())
    numbers = list_numbers(page.pdf(format="A4"))
    assert [number for number, _ in numbers] == [f"{n}." for n in range(1, lessons + 1)]
    cut = [(number, round(x, 1)) for number, x in numbers if x < LEFT_MARGIN_PT - 0.5]
    assert cut == [], f"started left of the sheet's margin, so cut there: {cut}"


# A lesson whose key has a section that fits below the one before it.
FLOWING_SLUG = "why-position-matters"


def test_on_paper_a_lesson_s_sections_flow_on_from_sheet_to_sheet(key, page):
    try:
        import pypdf
    except ImportError:
        missing_tool("pypdf is not installed: run 'make test' (or pip install -r requirements-test.txt).")
    page.goto((key / f"{FLOWING_SLUG}.html").as_uri())
    headings = [" ".join(heading.split()) for heading in page.locator("main h2").all_text_contents()]
    assert len(headings) > 1
    pdf = pypdf.PdfReader(io.BytesIO(page.pdf(format="A4")))
    sheets = [[" ".join(line.split()) for line in sheet.extract_text().splitlines()] for sheet in pdf.pages]
    assert len(sheets) > 1  # something to flow over
    # Sections flow on: some begin under the one before it, on the same sheet (one may still
    # begin a sheet where the last one happened to end, or its first lines did not fit).
    below = [line for sheet in sheets for line in sheet[1:] if line in headings]
    assert len(below) >= len(headings) // 2, (below, headings)
    page.emulate_media(media="print")
    assert set(
        page.locator(".key-item").evaluate_all("items => items.map((i) => getComputedStyle(i).breakInside)")
    ) == {"auto"}
    assert page.locator(".key-option").first.evaluate("option => getComputedStyle(option).breakInside") == "avoid"
