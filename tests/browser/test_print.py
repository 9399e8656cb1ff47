"""A printed lesson (or one saved as PDF), and the evaluate page on paper (site.css, the print
rules): the text, the code as the learner left it, the output it last printed and the answers
chosen, dark on white whatever the screen's scheme; no buttons, status lines, empty boxes or
navigation; nothing cut at the edge. One lesson page, edited, run and answered once, is shared."""

from __future__ import annotations

import io
import re
import unicodedata

import pytest
from playwright.sync_api import expect

from helpers import (
    PYTHON_READY_TIMEOUT,
    SLUG,
    cell_by_id,
    lesson_cells,
    open_evaluate,
    LEFT_MARGIN_PT,
    list_numbers,
    open_lesson,
    read_pdf,
    wait_for_state,
    wait_wired,
)
from missing_tools import missing_tool

RUN_CELL, IDLE_CELL = "top-k-list", "precision-at-k"
# The width of the text on an A4 page with the print rules' 15 mm margins, in CSS pixels.
PAPER_WIDTH = 680
# A line longer than the paper is wide that prints one as long, neither with a space to wrap at
# near its end: on paper both wrap, or are cut.
LONG_LINE = 'print("edited by the learner, " + "' + "wraps" * 30 + '")'
LONG_OUTPUT = "edited by the learner, " + "wraps" * 30
BUTTON_LABELS = ("Run", "Stop", "Reset", "Check answer", "Check your code", "Commit")

# The visible buttons of the page and the visible elements among `selector`'s, by their text.
VISIBLE = """(selector) => [...document.querySelectorAll(selector)]
  .filter((element) => element.checkVisibility())
  .map((element) => element.textContent.trim() || element.outerHTML.slice(0, 80))"""

# The relative luminance (WCAG) of an element's computed colour, or of its background (null when
# it has none: paper shows through).
LUMINANCE = """(element, property) => {
  const value = getComputedStyle(element)[property];
  const [r, g, b, a = 1] = value.match(/[\\d.]+/g).map(Number);
  if (a === 0) return null;
  const channel = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}"""


def pdf_pages(page) -> list[str]:
    """The text of each sheet of the page printed as an A4 PDF (ligatures such as "fi" spelt out)."""
    return pdf_sheets(page.pdf(format="A4"))


def pdf_sheets(pdf_bytes: bytes) -> list[str]:
    """The text of each sheet of a PDF (ligatures such as "fi" spelt out)."""
    try:
        import pypdf
    except ImportError:
        missing_tool("pypdf is not installed: run 'make test' (or pip install -r requirements-test.txt).")
    pdf = pypdf.PdfReader(io.BytesIO(pdf_bytes))
    return [unicodedata.normalize("NFKC", sheet.extract_text()) for sheet in pdf.pages]


# The contrast (WCAG) of a text colour of this luminance on white paper.
def contrast_on_white(luminance: float) -> float:
    return 1.05 / (luminance + 0.05)


@pytest.fixture(scope="module")
def answered(browser, base_url):
    """A lesson read on a dark screen as wide as a page's text: its first cell edited with a line
    longer than the paper and run, its second cell never run, its quiz answered. Yields the page
    and the answer's text."""
    context = browser.new_context(
        service_workers="block", color_scheme="dark", viewport={"width": PAPER_WIDTH, "height": 900}
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_lesson(page, base_url, SLUG)
    cell = cell_by_id(page, RUN_CELL)
    cell.get_by_role("textbox").click()
    page.keyboard.press("Control+End")
    page.keyboard.insert_text(f"\n{LONG_LINE}")
    cell.get_by_role("button", name="Run").click()
    wait_for_state(cell, "done", PYTHON_READY_TIMEOUT)
    quiz = page.locator("form[data-quiz]").first
    answer = quiz.locator("label").nth(1)
    answer.click()
    quiz.get_by_role("button", name="Check answer").click()
    expect(quiz.locator("[data-verdict]")).to_have_attribute("data-verdict", re.compile("correct|incorrect"))
    yield page, answer.text_content().strip()
    context.close()
    assert errors == [], f"uncaught errors in the page: {errors}"


@pytest.fixture
def printed(answered):
    """The shared lesson under print media (its screen's media again afterwards)."""
    page, answer = answered
    page.emulate_media(media="print")
    yield page, answer
    page.emulate_media(media="null")


def test_on_paper_no_button_status_line_navigation_or_empty_output_shows(printed):
    page, _ = printed
    assert page.evaluate(VISIBLE, "button") == []
    hidden = "[data-runtime-status], [data-editor-keys], [data-lesson-tools], [data-held-note], a[href='#content'], nav"
    assert page.evaluate(VISIBLE, hidden) == []
    expect(cell_by_id(page, IDLE_CELL).locator("[data-output]")).to_be_hidden()
    output = cell_by_id(page, RUN_CELL).locator("[data-output]")
    expect(output).to_be_visible()
    expect(output).to_contain_text(LONG_OUTPUT)
    expect(page.locator("form[data-quiz] [data-verdict]").first).to_be_visible()


def test_on_paper_code_and_output_wrap_inside_their_cell_and_cells_keep_to_one_page(printed):
    page, answer = printed
    cell = cell_by_id(page, RUN_CELL)
    textbox, output = cell.get_by_role("textbox"), cell.locator("[data-output]")
    expect(textbox).to_contain_text(LONG_LINE)  # the code as the learner left it
    # Numbered line by line as laid out on paper, not by the gutter measured on the screen.
    first_line = textbox.locator(":scope > *").first
    assert first_line.evaluate("line => getComputedStyle(line, '::before').content") == "counter(code-line)"
    for box in (cell, cell.locator("[data-editor]"), textbox, output):
        size = box.evaluate("box => [box.scrollWidth, box.clientWidth, box.scrollHeight, box.clientHeight]")
        assert size[0] <= size[1] and size[2] <= size[3], f"{box}: cut (scroll, client: {size})"
    assert cell.evaluate("cell => getComputedStyle(cell).breakInside") == "avoid"
    assert page.locator("form[data-quiz]").first.evaluate("form => getComputedStyle(form).breakInside") == "avoid"
    assert page.locator("h2").first.evaluate("h => getComputedStyle(h).breakAfter") == "avoid"
    label = page.locator("form[data-quiz] label").filter(has_text=answer)
    assert label.evaluate("label => getComputedStyle(label, '::after').content") == '" (your answer)"'


def test_a_wrong_answer_prints_with_its_verdict_and_no_screen_instruction(answered):
    page, answer = answered
    quiz = page.locator("form[data-quiz]").first
    verdict = quiz.locator("[data-verdict]")
    wrong = quiz.locator("label").filter(has_not_text=answer).first
    try:
        wrong.click()
        quiz.get_by_role("button", name="Check answer").click()
        expect(verdict).to_have_attribute("data-verdict", "incorrect")
        expect(verdict).to_contain_text("try again")  # on the screen, what to do next
        page.emulate_media(media="print")
        expect(verdict).to_be_visible()
        assert verdict.evaluate("line => line.innerText.trim()") == "Not quite."
        text = "\n".join(pdf_pages(page))
        assert re.sub(r"\s+", "", f"{wrong.text_content().strip()} (your answer)") in re.sub(r"\s+", "", text)
        assert "Not quite." in text
        assert "try again" not in text
    finally:
        page.emulate_media(media="null")
        quiz.locator("label").filter(has_text=answer).click()  # the answer the other tests print
        quiz.get_by_role("button", name="Check answer").click()
        expect(verdict).not_to_have_attribute("data-verdict", "incorrect")


def test_on_paper_a_dark_screen_s_lesson_is_dark_text_on_white(printed):
    page, _ = printed
    assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
    cell = cell_by_id(page, RUN_CELL)
    texts = [page.locator("h1"), page.locator("article p").first, cell.locator("[data-output] pre").first]
    texts.append(page.locator("header a").first)  # a link: its text, dark (the code's colours: below)
    texts.append(page.locator("form[data-quiz] label").first)
    for element in texts:
        assert element.evaluate(LUMINANCE, "color") < 0.1, f"{element}: light text"
    for element in (page.locator("body"), page.locator("main"), cell, cell.locator("[data-editor] > *").first):
        background = element.evaluate(LUMINANCE, "backgroundColor")
        assert background is None or background > 0.9, f"{element}: dark background"


def test_on_paper_a_closed_disclosure_leaves_nothing_and_an_opened_hint_prints(printed):
    page, _ = printed
    assert page.locator("details:not([open])").count() > 0
    assert page.evaluate(VISIBLE, "details:not([open]), details:not([open]) > summary") == []
    hint = page.locator("[data-cell] details:not([data-solution])").first
    hint.evaluate("details => { details.open = true; }")
    try:
        expect(hint.locator("summary").first).to_be_visible()
        expect(hint.locator(".hint-body").first).to_be_visible()
    finally:
        hint.evaluate("details => { details.open = false; }")


# What the editor draws for its state, not for the code: the caret, the selection, the brackets
# matched at the caret, the other places of the selected text, the search's matches. Each with
# what it would leave on paper: a box (outline, border) or a background.
EDITOR_STATE = ".cm-cursor, .cm-selectionBackground, .cm-matchingBracket, .cm-nonmatchingBracket, .cm-selectionMatch, .cm-searchMatch"
MARKS_ON_PAPER = r"""(editor, selector) => [...editor.querySelectorAll(selector)].map((element) => {
  if (!element.checkVisibility()) return null;
  const style = getComputedStyle(element);
  const marks = [];
  if (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) marks.push(`outline ${style.outlineStyle}`);
  for (const side of ["Top", "Right", "Bottom", "Left"])
    if (style[`border${side}Style`] !== "none" && parseFloat(style[`border${side}Width`]) > 0) marks.push(`border-${side}`);
  if (!/^rgba\(.*, 0\)$|^transparent$/.test(style.backgroundColor)) marks.push(`background ${style.backgroundColor}`);
  return marks.length ? `${element.className}: ${marks.join(", ")}` : null;
}).filter(Boolean)"""


def test_on_paper_the_editor_s_caret_selection_and_bracket_matches_leave_no_mark(answered):
    page, _ = answered
    cell = cell_by_id(page, RUN_CELL)
    editor = cell.locator("[data-editor]")
    textbox = cell.get_by_role("textbox")
    try:
        textbox.click()
        # The caret right after the last line's closing bracket (the brackets matched there),
        # then that line's last word selected (its other places in the code marked too).
        for keys, drawn in (
            (["Control+End"], (".cm-cursor", ".cm-matchingBracket")),
            (["ArrowLeft", "ArrowLeft", "ArrowLeft", "Control+Shift+ArrowLeft"], (".cm-selectionBackground",)),
        ):
            for key in keys:
                page.keyboard.press(key)
            for state in drawn:
                expect(editor.locator(state).first).to_be_attached()
            assert editor.evaluate(MARKS_ON_PAPER, EDITOR_STATE) != []  # on the screen
            page.emulate_media(media="print")
            assert editor.evaluate(MARKS_ON_PAPER, EDITOR_STATE) == []
            page.emulate_media(media="null")
    finally:
        page.emulate_media(media="null")
        page.keyboard.press("Control+End")  # the selection let go


def test_on_paper_a_dark_screen_s_code_keeps_its_light_syntax_colours(printed):
    page, _ = printed
    spans = cell_by_id(page, RUN_CELL).get_by_role("textbox").locator(".cm-line span")
    colours = set(spans.evaluate_all("spans => spans.map((span) => getComputedStyle(span).color)"))
    assert len(colours) > 1, f"the code prints in one colour: {colours}"
    for element in spans.all():
        assert contrast_on_white(element.evaluate(LUMINANCE, "color")) >= 4.5, f"{element}: faint on paper"
    # The same colours as a light screen's code on paper.
    page.emulate_media(media="print", color_scheme="light")
    try:
        light = set(spans.evaluate_all("spans => spans.map((span) => getComputedStyle(span).color)"))
    finally:
        page.emulate_media(media="print", color_scheme="dark")
    assert colours == light


def test_a_lesson_saved_as_pdf_has_the_code_its_output_and_the_answer_and_no_buttons(answered):
    try:
        import pypdf
    except ImportError:
        missing_tool("pypdf is not installed: run 'make test' (or pip install -r requirements-test.txt).")
    page, answer = answered
    pdf = pypdf.PdfReader(io.BytesIO(page.pdf(format="A4")))
    text = "\n".join(sheet.extract_text() for sheet in pdf.pages)
    flat = re.sub(r"\s+", "", text)  # lines wrap on paper, and PDF text has no spaces to keep
    assert re.sub(r"\s+", "", LONG_LINE) in flat
    assert re.sub(r"\s+", "", LONG_OUTPUT) in flat  # the output, whole
    for cell in lesson_cells(page):  # every cell's code to its end, on screen or not
        if not cell["hidden"]:
            assert re.sub(r"\s+", "", cell["code"].rstrip().splitlines()[-1]) in flat, cell["id"]
    assert re.sub(r"\s+", "", f"{answer} (your answer)") in flat
    assert "Hint" not in [line.strip() for line in text.splitlines()]  # a closed hint leaves nothing
    only_buttons = re.compile(rf"(?:(?:{'|'.join(BUTTON_LABELS)})\s*)+")
    assert [line for line in text.splitlines() if only_buttons.fullmatch(line.strip())] == []


def test_the_evaluate_page_prints_its_results_without_the_form(page, base_url, tmp_path):
    (tmp_path / "qrels.txt").write_text("q1 0 d1 1\nq1 0 d2 0\nq2 0 d3 2\n")
    (tmp_path / "A.txt").write_text("q1 Q0 d1 1 2.0 A\nq1 Q0 d2 2 1.0 A\nq2 Q0 d3 1 1.0 A\n")
    (tmp_path / "B.txt").write_text("q1 Q0 d2 1 2.0 B\nq1 Q0 d1 2 1.0 B\nq2 Q0 d4 1 1.0 B\n")
    open_evaluate(page, base_url)
    page.get_by_label("Run files").set_input_files([str(tmp_path / "A.txt"), str(tmp_path / "B.txt")])
    page.get_by_label("Judgments file").set_input_files(str(tmp_path / "qrels.txt"))
    page.get_by_role("button", name="Evaluate", exact=True).click()
    status = page.locator("[data-eval-status]")
    expect(status).to_have_attribute("data-eval-status", "done", timeout=PYTHON_READY_TIMEOUT)
    page.emulate_media(media="print")
    for hidden in (page.get_by_label("Run files"), page.get_by_label("Judgments file"), status):
        expect(hidden).to_be_hidden()
    assert page.evaluate(VISIBLE, "button:not(thead button, [data-query] button)") == []
    # The screen's per-query table, a column per run and measure, is wider than any paper: its
    # values print as a table per run.
    expect(page.locator("[data-per-query]")).to_be_hidden()
    paper = page.locator("[data-paper-per-query]")
    assert [table.get_attribute("data-paper-per-query") for table in paper.all()] == ["A", "B"]
    for table in (page.locator("[data-results]"), page.locator("[data-comparison]"), *paper.all()):
        expect(table).to_be_visible()
        box = table.locator("xpath=..")  # the box it scrolls in on a screen
        size = box.evaluate("box => [box.scrollHeight, box.clientHeight]")
        assert size[0] <= size[1], f"{table}: cut on paper ({size})"
    for table in paper.all():
        expect(table.get_by_role("rowheader", name="q2", exact=True)).to_be_visible()
        # A page turned the long way for the per-query values.
        assert table.locator("xpath=..").evaluate("box => getComputedStyle(box).page") == "wide"
    # The line naming the charts' measure stays with the chart it names, as a heading does.
    measure = page.locator("[data-eval-chart-measure]").locator("xpath=..")
    assert measure.evaluate("line => getComputedStyle(line).breakAfter") == "avoid"


# Each run's name on its own line per piece: the text between two of its line-break points
# (<wbr>) lies on one line, so the name wraps only there.
NAME_PIECES_ON_ONE_LINE = """(cell) => [...cell.childNodes]
  .filter((node) => node.nodeType === Node.TEXT_NODE)
  .map((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
    return [node.textContent, tops.size];
  })"""


# How many lines an element's text takes.
LINES = """(element) => {
  const range = document.createRange();
  range.selectNodeContents(element);
  return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
}"""


def test_on_paper_a_long_run_name_wraps_between_its_words_and_stays_in_its_column(browser, base_url, tmp_path):
    names = ["A", "neural_rerank_v2", "bm25baselinewithaverylongnamewithoutseparators"]
    (tmp_path / "qrels.txt").write_text("q1 0 d1 1\nq1 0 d2 0\nq2 0 d3 2\n")
    for name, order in zip(names, ("d1 d2 d3", "d2 d1 d3", "d3 d2 d1"), strict=True):
        lines = [f"{q} Q0 {d} {r} {9 - r} x\n" for q in ("q1", "q2") for r, d in enumerate(order.split(), 1)]
        (tmp_path / f"{name}.txt").write_text("".join(lines))
    context = browser.new_context(service_workers="block", viewport={"width": PAPER_WIDTH, "height": 900})
    try:
        page = context.new_page()
        open_evaluate(page, base_url)
        page.get_by_label("Run files").set_input_files([str(tmp_path / f"{name}.txt") for name in names])
        page.get_by_label("Judgments file").set_input_files(str(tmp_path / "qrels.txt"))
        page.get_by_role("button", name="Evaluate", exact=True).click()
        status = page.locator("[data-eval-status]")
        expect(status).to_have_attribute("data-eval-status", "done", timeout=PYTHON_READY_TIMEOUT)
        page.emulate_media(media="print")
        cells = page.locator("[data-comparison] tbody th[scope='row']")
        assert sorted(set(cells.all_text_contents())) == sorted(names[1:])
        lines_of = {}
        for cell in cells.all():
            pieces = cell.evaluate(NAME_PIECES_ON_ONE_LINE)
            assert [piece for piece, lines in pieces if lines != 1] == [], pieces  # none broken inside
            size = cell.evaluate("cell => [cell.scrollWidth, cell.clientWidth]")
            assert size[0] <= size[1], f"{pieces}: past its column ({size})"
            lines_of[cell.text_content()] = cell.evaluate(LINES)
        assert lines_of[names[2]] > 1  # long enough to wrap in its column
    finally:
        context.close()


LONG_RUN = "bm25_baseline_run_with_a_very_long_file_name_without_spaces"
MEASURES = ("Precision@10", "Recall@10", "NDCG@10", "Reciprocal rank (full list)")


@pytest.fixture(scope="module")
def per_query_pdf(browser, base_url, tmp_path_factory):
    """The evaluate page's results for two runs (one with a long file name) and 25 queries,
    printed to an A4 PDF."""
    folder = tmp_path_factory.mktemp("per-query")
    queries = range(1, 26)
    (folder / "qrels.txt").write_text("".join(f"q{q} 0 d{d} {(q + d) % 3}\n" for q in queries for d in range(1, 8)))
    runs = [folder / f"{LONG_RUN}.txt", folder / "B.txt"]
    for run, order in zip(runs, (range(1, 8), range(7, 0, -1)), strict=True):
        run.write_text("".join(f"q{q} Q0 d{d} {r} {10 - r} x\n" for q in queries for r, d in enumerate(order, 1)))
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    open_evaluate(page, base_url)
    page.get_by_label("Run files").set_input_files([str(run) for run in runs])
    page.get_by_label("Judgments file").set_input_files(str(folder / "qrels.txt"))
    page.get_by_role("button", name="Evaluate", exact=True).click()
    status = page.locator("[data-eval-status]")
    expect(status).to_have_attribute("data-eval-status", "done", timeout=PYTHON_READY_TIMEOUT)
    yield page.pdf(format="A4")
    context.close()


def test_the_per_query_values_start_under_their_heading_and_name_their_columns_on_every_page(per_query_pdf):
    sheets = pdf_lines(per_query_pdf)
    heading = next(number for number, sheet in enumerate(sheets) if ["Per", "query"] in sheet)
    last = max(number for number, sheet in enumerate(sheets) for line in sheet if line[:1] == ["q25"])
    assert any(line[:1] == ["q1"] for line in sheets[heading]), "the values do not start on their heading's page"
    assert last > heading  # they run on to another page, where their head row is repeated
    for sheet in sheets[heading : last + 1]:
        # Each table on the sheet names its columns: "Query" whole (not "Qu" over "ery"), its
        # run's name once, whole, above its measures, and each measure.
        words = [word for line in sheet for word in line]
        tables = words.count("Query")
        assert tables > 0, sheet[:8]
        assert words.count(LONG_RUN) + words.count("B") == tables, sheet[:8]
        for measure in MEASURES:
            assert "".join(words).count(re.sub(r"\s+", "", measure)) == tables, measure


def test_the_evaluate_page_prints_no_screen_instruction(per_query_pdf):
    text = "\n".join(pdf_sheets(per_query_pdf))
    assert "Each query's values" in text
    assert "sort by pressing" not in text


# Three runs with long names: more columns than a landscape sheet holds in one table.
RUN_NAMES = ("bm25_baseline", "hybrid_bm25+dense_fusion_2026-12-01", "neuralReranker-v2.large")
LEAD = "Score your own run files"  # the evaluate page's first line of text, at 1.1rem


def text_sizes(pdf_bytes: bytes, start: str) -> list[float]:
    """The size in points, as printed, of each piece of text of a PDF that starts with `start`."""
    sizes = []
    read_pdf(pdf_bytes, lambda text, x, y, size: text and text.startswith(start) and sizes.append(size))
    return sizes


def pdf_lines(pdf_bytes: bytes) -> list[list[list[str]]]:
    """Each sheet of a PDF as its lines from top to bottom, each line its words from left to
    right (a table's row as it is drawn, whatever order its cells were written in)."""
    sheets: list[dict[int, list]] = []

    def visit(text, x, y, size):
        if text is None:
            sheets.append({})
        elif text.strip():
            sheets[-1].setdefault(round(y), []).append((x, text))

    read_pdf(pdf_bytes, visit)
    return [
        [" ".join(text for _, text in sorted(pieces)).split() for _, pieces in sorted(lines.items(), reverse=True)]
        for lines in sheets
    ]


@pytest.fixture(scope="module")
def three_runs_printed(browser, base_url, tmp_path_factory):
    """The evaluate page printed to an A4 PDF before and after evaluating three runs with long
    names over 25 queries. Yields the lead's sizes before and after, the text of each sheet, and
    each run's per-query values as the page shows them: {run: {query: [value, ...]}}."""
    folder = tmp_path_factory.mktemp("three-runs")
    queries = range(1, 26)
    (folder / "qrels.txt").write_text("".join(f"q{q} 0 d{d} {(q * d) % 3}\n" for q in queries for d in range(1, 11)))
    for shift, name in enumerate(RUN_NAMES):
        order = [(d * (shift + 3)) % 10 + 1 for d in range(10)]
        lines = (f"q{q} Q0 d{(d + q) % 10 + 1} {r} {20 - r} {name}\n" for q in queries for r, d in enumerate(order, 1))
        (folder / f"{name}.txt").write_text("".join(lines))
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    open_evaluate(page, base_url)
    before = text_sizes(page.pdf(format="A4"), LEAD)
    page.get_by_label("Run files").set_input_files([str(folder / f"{name}.txt") for name in RUN_NAMES])
    page.get_by_label("Judgments file").set_input_files(str(folder / "qrels.txt"))
    page.get_by_role("button", name="Evaluate", exact=True).click()
    status = page.locator("[data-eval-status]")
    expect(status).to_have_attribute("data-eval-status", "done", timeout=PYTHON_READY_TIMEOUT)
    values = {
        name: {
            f"q{q}": page.locator(f'[data-per-query] [data-query="q{q}"] td[data-run="{name}"]').all_text_contents()
            for q in queries
        }
        for name in RUN_NAMES
    }
    pdf = page.pdf(format="A4")
    yield before, text_sizes(pdf, LEAD), pdf_lines(pdf), values
    context.close()


def test_on_paper_every_run_s_per_query_values_print_whole_under_its_name(three_runs_printed):
    _, _, sheets, values = three_runs_printed
    for name, rows in values.items():
        assert len(rows["q1"]) == 14  # a column per measure
        for query, row in rows.items():
            # The query's values of this run make a row of their own, on a sheet that names the
            # run and its columns.
            found = [lines for lines in sheets if [query, *row] in lines]
            assert found, f"{name}, {query}: not on paper as a row {[query, *row]}"
            words = "".join(word for line in found[0] for word in line)
            assert name in words and "Query" in words, f"{name}, {query}: on a sheet without its run's name"


def test_the_evaluate_page_with_three_runs_prints_at_its_own_size(three_runs_printed):
    before, after, _, _ = three_runs_printed
    assert before and after
    # Nothing wider than its sheet, so the browser shrinks nothing to fit.
    assert after[0] == pytest.approx(before[0], abs=0.05), f"printed at {after[0] / before[0]:.0%} of its size"


def test_on_paper_the_evaluate_page_s_tables_start_where_the_sheet_has_room_under_their_headings(three_runs_printed):
    _, _, sheets, _ = three_runs_printed

    def where(words: list[str]) -> tuple[int, int]:
        """The sheet and line of the first line that starts with `words`."""
        return next(
            (number, index)
            for number, lines in enumerate(sheets)
            for index, line in enumerate(lines)
            if line[: len(words)] == words
        )

    # A table taller than what is left of a sheet starts there all the same, under its heading
    # (it breaks between rows, its head row repeated): no sheet is left with a heading alone.
    assert where(["Means"])[0] == where(["Files"])[0], "the means start on a sheet of their own"
    sheet, line = where(["Against", "the", "baseline,"])
    assert any("Precision@10" in words for words in sheets[sheet][line + 1 :]), "the comparison starts a sheet later"


def test_on_paper_the_index_numbers_every_lesson_whole_inside_the_margin(page, base_url):
    page.goto(f"{base_url}index.html")
    lessons = page.locator("[data-lesson]").count()
    assert lessons >= 10  # two-digit numbers, the widest
    numbers = list_numbers(page.pdf(format="A4"))
    assert [number for number, _ in numbers] == [f"{n}." for n in range(1, lessons + 1)]
    cut = [(number, round(x, 1)) for number, x in numbers if x < LEFT_MARGIN_PT - 0.5]
    assert cut == [], f"started left of the sheet's margin, so cut there: {cut}"


def test_on_paper_the_index_keeps_each_lesson_s_title_with_its_summary(page, base_url):
    page.goto(f"{base_url}index.html")
    entries = page.locator("[data-lesson]").evaluate_all(
        "items => items.map((item) => [item.querySelector('a').textContent, item.querySelector('p').textContent])"
    )
    sheets = []

    def visit(text, *_):
        if text is None:
            sheets.append([])
        else:
            sheets[-1].append(text)

    read_pdf(page.pdf(format="A4"), visit)
    printed = [" ".join(" ".join(sheet).split()) for sheet in sheets]
    assert len(printed) > 1  # a list that runs over a sheet's end
    for title, summary in entries:
        where = [index for index, text in enumerate(printed) if " ".join(title.split()) in text]
        start = " ".join(summary.split()[:4])
        assert where and start in printed[where[0]], f"{title!r}: its summary begins on another sheet"


def test_a_lesson_s_rank_playground_keeps_to_one_page_on_paper_without_its_buttons(page, base_url):
    page.goto(f"{base_url}ndcg.html")
    playground = page.locator("[data-playground]").first
    wait_wired(playground)  # as the script leaves it (no need to wait for Python)
    page.emulate_media(media="print")
    expect(playground.get_by_role("list", name="Ranked list")).to_be_visible()
    assert playground.evaluate("box => getComputedStyle(box).breakInside") == "avoid"
    assert page.evaluate(VISIBLE, "[data-playground] button") == []
    # Its values once (the table, not the readout cards too), and no control only a screen uses.
    expect(playground.locator("[data-playground-table]")).to_be_visible()
    assert page.evaluate(VISIBLE, "[data-playground] details, [data-playground] [data-drag-handle]") == []
    fields = playground.locator("select, input[type='number']")
    assert fields.count() > 0
    assert set(fields.evaluate_all("fields => fields.map((field) => getComputedStyle(field).appearance)")) == {"none"}
