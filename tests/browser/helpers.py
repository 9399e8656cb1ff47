"""What the Chromium tests do to a lesson page, in one place: open a lesson, put code in a cell,
run it, wait for its state, read its editor; serve a folder on a free port (browserdrive.serving,
re-exported here); the course's slugs.
Pages are driven through the UI contract (roles, accessible names, data- hooks), never CSS
classes. Test modules import from here, never from one another."""

from __future__ import annotations

import contextlib
import io
import json
import re
import shlex
import shutil
import unicodedata
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

import build
from browserdrive.engines.lesson import EDITOR_SELECTOR as EDITOR
from browserdrive.serving import serve_folder as serve_folder
from browserdrive.serving import served as served
from browserdrive.serving import stop_serving as stop_serving
from lessonbuild.lessonformat import course_slugs
from missing_tools import missing_tool

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
GOLDEN = ROOT / "tests" / "lessons" / "golden"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
PYTHON_READY_TIMEOUT = 60_000  # ms; a cold Pyodide boot on a loaded 2-core machine
# The longest any state wait may take before it counts as a failure. Tests wait for states,
# never for time; on a 2-core machine kept busy by another process, a chart cell or a package
# added in place took more than Playwright's default 5 s to reach its state.
STATE_TIMEOUT = 20_000  # ms

SLUG = "precision-recall"  # the lesson most tests drive: cells, an exercise, a quiz
SLUGS = course_slugs(LESSONS)  # the course, in order (lessons/index.yml, read by the build's loader)


def lesson_features(slug: str) -> set[str]:
    """What a lesson's page is built from, as its Markdown says: each kind of fenced block
    (python, quiz, predict, hint, solution, check, output, playground), each option a code cell
    takes as a flag or a value (hidden, readonly, static, check, cpython), each front-matter key,
    and display math."""
    text = (LESSONS / f"{slug}.md").read_text(encoding="utf-8")
    features = set()
    for info in re.findall(r"^```([a-z]\S*.*)$", text, flags=re.MULTILINE):
        kind, *options = shlex.split(info)  # a label="two words" is one option
        features.add(kind)
        features.update(f"{kind} {option.split('=')[0]}" for option in options if option.split("=")[0] != "id")
    front = text.split("\n---\n", 1)[0] if text.startswith("---\n") else ""
    features.update(f"front matter {key}" for key in re.findall(r"^([a-z_]+):", front, flags=re.MULTILINE))
    if "$$" in text:
        features.add("display math")
    return features


def lessons_covering_every_feature() -> list[str]:
    """A few lessons that between them hold every feature (lesson_features) any lesson holds:
    each next one the lesson, in course order, that adds the most not yet held."""
    features = {slug: lesson_features(slug) for slug in SLUGS}
    chosen, held = [], set()
    wanted = set().union(*features.values())
    while held != wanted:
        best = max(SLUGS, key=lambda slug: len(features[slug] - held))  # the first of the best
        chosen.append(best)
        held |= features[best]
    return [slug for slug in SLUGS if slug in chosen]


# --- Lesson pages -------------------------------------------------------------------------


def open_lesson(page, base_url: str, slug: str = SLUG):
    """Open a lesson and wait until Python is ready and every cell has its editor.

    Returns the runtime status element (`[data-runtime-status]`)."""
    page.goto(f"{base_url}{slug}.html")
    status = page.locator("[data-runtime-status]")
    wait_until_python_ready(page)
    expect(status).to_have_text("Python ready")
    wait_for_editors(page)
    return status


def wait_until_python_ready(page, timeout: int = PYTHON_READY_TIMEOUT) -> None:
    """Wait until the runtime status says `ready`."""
    expect(page.locator("[data-runtime-status]")).to_have_attribute("data-runtime-status", "ready", timeout=timeout)


# --- Parts a page loads on demand (the rank playground, the evaluate page's form) ----------


def wait_wired(playground) -> None:
    """Wait until a playground's script has wired its list and controls (`data-wired`, UI
    contract): the list is drawn before that, but a press on it counts only from then on."""
    expect(playground).to_have_attribute("data-wired", "", timeout=STATE_TIMEOUT)


def open_evaluate(page, url: str) -> None:
    """Open the evaluate page and wait until its form answers (`data-eval-status` leaves `loading`)."""
    page.goto(f"{url}evaluate.html")
    expect(page.locator("[data-eval-status]")).to_have_attribute("data-eval-status", "idle", timeout=STATE_TIMEOUT)


# An init script: the page's Content-Security-Policy violations, in window.__cspViolations.
CSP_RECORDER = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation",
  (event) => window.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`));
"""


def wait_for_editors(page) -> None:
    """Every visible cell has its editor: clicks after this do not race the layout shift of the
    static code being replaced."""
    expect(page.locator(f"[data-cell] {EDITOR}")).to_have_count(
        page.locator("[data-cell]").count(), timeout=PYTHON_READY_TIMEOUT
    )


def editor(cell):
    """The cell's CodeMirror editor (its textbox once the early editor has given way)."""
    return cell.locator(EDITOR)


def lesson_data(page) -> dict:
    """The lesson's JSON (`#lesson-data`): cells, quizzes, runtime settings."""
    return json.loads(page.locator("#lesson-data").text_content())


def lesson_cells(page) -> list[dict]:
    """The lesson's cells as its JSON lists them (hidden ones too), in order."""
    return lesson_data(page)["cells"]


def first_visible(cells: list[dict]) -> dict:
    """The first cell a learner sees."""
    return next(cell for cell in cells if not cell["hidden"])


def cell_by_id(page, cell_id: str):
    """The code cell `[data-cell=ID]`."""
    return page.locator(f'[data-cell="{cell_id}"]')


def cpython_outputs(cells: list[dict]) -> dict[str, str]:
    """Run the lesson's cells under this CPython: the oracle for what the page must print."""
    namespace: dict = {"__name__": "__main__"}
    outputs = {}
    for cell in cells:
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            exec(compile(cell["code"], cell["id"], "exec"), namespace)
        outputs[cell["id"]] = buffer.getvalue()
    return outputs


def golden_outputs(slug: str) -> dict[str, str]:
    """cell id -> the output CPython printed, from tests/lessons/golden/SLUG.txt."""
    text = (GOLDEN / f"{slug}.txt").read_text(encoding="utf-8")
    return {
        part.split("\n", 1)[0]: part.split("\n", 1)[1] if "\n" in part else ""
        for part in re.split(r"(?:^|\n)## ", text)
        if part
    }


def normalise(text: str) -> str:
    """Output text without blank lines or trailing spaces, for comparing across engines."""
    return "\n".join(line.rstrip() for line in text.strip().splitlines() if line.strip())


# --- Cells --------------------------------------------------------------------------------


def replace_code(page, cell, code: str):
    """Select all of the cell's code and put `code` in its place, as one input (like a paste: no
    auto-indent on the way). Returns the cell's textbox."""
    textbox = cell.get_by_role("textbox")
    textbox.click()
    page.keyboard.press("Control+A")
    page.keyboard.insert_text(code)
    return textbox


def run_cell(page, cell, code: str | None = None) -> None:
    """Click the cell's Run button, after putting `code` in it when given."""
    if code is not None:
        replace_code(page, cell, code)
    cell.get_by_role("button", name="Run").click()


def wait_for_state(cell, state: str, timeout: int | None = None) -> None:
    """Wait until the cell's `data-state` is `state` (idle, queued, running, done, error)."""
    expect(cell).to_have_attribute("data-state", state, **({"timeout": timeout} if timeout else {}))


def run_first_cell(page) -> None:
    """Run the page's first cell and wait until it is done."""
    cell = page.locator("[data-cell]").first
    run_cell(page, cell)
    wait_for_state(cell, "done", PYTHON_READY_TIMEOUT)


def editor_text(cell) -> str:
    """The editor's document: one line per child of its textbox (inner_text doubles blank lines)."""
    return editor(cell).evaluate("box => [...box.children].map(line => line.textContent).join('\\n')")


def editor_lines(cell):
    """The editor's lines, as elements (children of its textbox)."""
    return editor(cell).locator(":scope > *")


# --- Pages and documents ------------------------------------------------------------------

# The names of the course's caches in the page's Cache Storage (offline.py names them lessons-HASH).
SITE_CACHES = "caches.keys().then((names) => names.filter((name) => name.startsWith('lessons-')))"


def wait_until_controlled(page) -> None:
    """Wait until the service worker controls the page (its precache is complete by then).
    A promise, not wait_for_function: that evaluates strings, which the pages' CSP forbids."""
    page.evaluate("""() => new Promise((resolve) => {
      if (navigator.serviceWorker.controller) resolve(true);
      navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true));
    })""")


@contextlib.contextmanager
def recording_page(browser):
    """A page in a browser profile of its own (service workers blocked, so `page.route` sees
    every fetch), for a module's tests to share: its uncaught errors are kept in
    `page.js_errors`, the workers it starts in `page.python_workers`. On leaving, the profile
    is closed and any error still in `page.js_errors` fails the test that left it."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.js_errors = []
    page.on("pageerror", lambda error: page.js_errors.append(str(error)))
    page.python_workers = []
    page.on("worker", lambda worker: page.python_workers.append(worker))
    yield page
    context.close()
    assert page.js_errors == [], f"uncaught errors in the page: {page.js_errors}"


def mark_document(page) -> None:
    """A mark that lives as long as this document: a whole-page load loses it."""
    page.evaluate("window.__sameDocument = true")


def same_document(page) -> bool:
    """Whether the page is still the document `mark_document` marked."""
    return page.evaluate("window.__sameDocument === true")


def follow_next(page, slug: str) -> None:
    """Follow the lesson's Next link and wait until the address is the next lesson's."""
    page.get_by_role("link", name=re.compile("^Next")).click()
    expect(page).to_have_url(re.compile(rf"/{slug}\.html$"))


def audit(page) -> list[dict]:
    """axe-core's violations on the page. axe is evaluated through the browser's debugging
    protocol, which the page's Content-Security-Policy does not govern, so the page is audited
    as learners get it, its policy in force."""
    if not page.evaluate("typeof axe === 'object'"):  # once per page: audits may follow each other
        page.evaluate(f"{AXE.read_text()}\n;undefined")
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [
        {"id": v["id"], "help": v["help"], "nodes": [n["target"] for n in v["nodes"]][:5]} for v in result["violations"]
    ]


def set_scheme(page, scheme: str) -> None:
    """Switch the page to the light or dark scheme, and wait for a frame: the page's listeners
    (the editors' theme) hear of the change in the frame after it."""
    page.emulate_media(color_scheme=scheme)
    page.evaluate("() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)))")
    assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")


# --- A site a test can rebuild -----------------------------------------------------------


@contextlib.contextmanager
def rebuildable_site(tmp_path: Path):
    """A copy of the lessons, built and served on its own so a test can rebuild it:
    yields (lessons folder, dist folder, base URL)."""
    lessons = tmp_path / "lessons"
    shutil.copytree(LESSONS, lessons)
    out = tmp_path / "dist"
    build.build(lessons, out)
    with served(out) as url:
        yield lessons, out, url


def hold_wasm(page) -> HeldRequests:
    """Keep Python loading: Pyodide's wasm is held until `release_wasm`."""
    return HeldRequests(page, "**/pyodide.asm.wasm")


def release_wasm(page, held: HeldRequests) -> None:
    """Let the held wasm through, and every later request for it."""
    held.release()


class HeldRequests:
    """The page's requests whose URL matches `pattern` (a glob), held from now until `release()`."""

    def __init__(self, page, pattern: str) -> None:
        self.page, self.pattern = page, pattern
        self.routes: list = []
        self.released = False
        page.route(pattern, self._arrived)

    def _arrived(self, route) -> None:
        if self.released:  # it was on its way when they were let through
            self._let_through(route)
        else:
            self.routes.append(route)

    def release(self) -> None:
        """Let every held request through, and those that come later."""
        self.released = True
        self.page.unroute(self.pattern)
        for route in self.routes:
            self._let_through(route)

    @staticmethod
    def _let_through(route) -> None:
        try:
            route.continue_()
        except PlaywrightError:  # its page or worker was replaced meanwhile: the request is gone
            pass


# --- Stop's restart fallback, held -------------------------------------------------------

# A function source (without the semicolon that ends the file's one statement).
HOLD_LONG_TIMERS = (Path(__file__).parent / "hold_long_timers.js").read_text(encoding="utf-8").strip().rstrip(";")


def long_timers(page, action: str) -> None:
    """ "hold", "fire" or "release" the page's timers of a second or more (hold_long_timers.js):
    while they are held, Stop cannot fall back to restarting Python, so only the interrupt can
    end a cell. `page`: a Playwright page or an engine's page (py/browserdrive/engines)."""
    assert page.evaluate(HOLD_LONG_TIMERS, action), f"the page's timers did not {action}"


# --- Paper ------------------------------------------------------------------------------

# The left margin of an A4 sheet under the print rules (site.css, @page: 15 mm), in points: a
# PDF shows nothing drawn left of it.
LEFT_MARGIN_PT = 15 / 25.4 * 72


def read_pdf(pdf_bytes: bytes, visit) -> None:
    """Call visit(text, x, y, size) for each piece of text of a PDF, sheet by sheet, with where
    it starts on its sheet (in points from the sheet's lower left corner) and its size in points
    as printed (its font's size times the scale its text and sheet are drawn at); visit(None,
    ...) starts each sheet."""
    try:
        import pypdf
    except ImportError:
        missing_tool("pypdf is not installed: run 'make test' (or pip install -r requirements-test.txt).")

    def piece(text, cm, tm, font, size):
        a, b = tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3]
        c, d = tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3]
        x, y = tm[4] * cm[0] + tm[5] * cm[2] + cm[4], tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
        visit(unicodedata.normalize("NFKC", text), x, y, size * abs(a * d - b * c) ** 0.5)

    for sheet in pypdf.PdfReader(io.BytesIO(pdf_bytes)).pages:
        visit(None, 0, 0, 0)
        sheet.extract_text(visitor_text=piece)


def list_numbers(pdf_bytes: bytes) -> list[tuple[str, float]]:
    """Each number of a numbered list ("1.", "12.") printed in a PDF, with where it starts (x,
    in points from the sheet's left edge)."""
    numbers = []

    def visit(text, x, y, size):
        if text and re.fullmatch(r"\d+\.\s*", text):
            numbers.append((text.strip(), x))

    read_pdf(pdf_bytes, visit)
    return numbers


# Run before a page's own scripts (an init script, or the page's first script): keeps what tests
# read of each Python worker the page starts, in window.pythonWorkers (python_workers.js).
PYTHON_WORKERS = (Path(__file__).parent / "python_workers.js").read_text(encoding="utf-8")


def python_worker_boots(page) -> list[dict]:
    """The {type: "boot", mode, reason, ...} messages of the page's Python workers, oldest first;
    the page needs PYTHON_WORKERS."""
    return page.evaluate("window.pythonWorkers.flatMap((worker) => worker.boots)")
