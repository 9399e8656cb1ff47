"""Each browser capability the course uses, taken away in Chromium (in the page by an init
script, in the worker by routing its script): the page still does what it can, takes the
degraded path, and one note ([data-capability-note]) says what is reduced and why; a missing
capability that Python cannot start without ends in the error state with Retry."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from helpers import (
    PYTHON_READY_TIMEOUT,
    SLUG,
    SLUGS,
    HeldRequests,
    editor,
    follow_next,
    mark_document,
    open_lesson,
    replace_code,
    same_document,
    wait_until_controlled,
)

# These pages register the browser's own service worker (tests/browser/conftest.py's `context`).
pytestmark = pytest.mark.service_worker

NEXT_SLUG = SLUGS[SLUGS.index(SLUG) + 1]

# Init scripts that take one capability away from the page.
NO_SHARED_ARRAY_BUFFER = "delete window.SharedArrayBuffer;"  # WebKit's case: isolated, yet no buffer
SHARED_ARRAY_BUFFER_NOT_SENDABLE = """
const send = MessagePort.prototype.postMessage;
MessagePort.prototype.postMessage = function (message, ...rest) {
  if (message instanceof SharedArrayBuffer) throw new DOMException("cannot be shared", "DataCloneError");
  return send.call(this, message, ...rest);
};"""
NO_NAVIGATION_API = 'Object.defineProperty(window, "navigation", { value: undefined });'
NO_PRECOMMIT_HANDLERS = "delete window.NavigationPrecommitController;"
NO_SERVICE_WORKERS = 'Object.defineProperty(Navigator.prototype, "serviceWorker", { get: () => undefined });'
SERVICE_WORKER_REFUSED = """ServiceWorkerContainer.prototype.register =
  () => Promise.reject(new DOMException("The operation is insecure.", "SecurityError"));"""
NO_CACHE_STORAGE = 'Object.defineProperty(window, "caches", { value: undefined });'
CACHE_STORAGE_REFUSED = """CacheStorage.prototype.open =
  () => Promise.reject(new DOMException("The operation is insecure.", "SecurityError"));"""
NO_LOCAL_STORAGE = """Object.defineProperty(window, "localStorage",
  { get() { throw new DOMException("The operation is insecure.", "SecurityError"); } });"""
NO_PLAIN_TEXT_EDITING = """(() => {  // contenteditable="plaintext-only" unknown, as in older engines
  const known = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "contentEditable");
  const editable = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "isContentEditable");
  const plain = (element) => element.getAttribute("contenteditable") === "plaintext-only";
  Object.defineProperty(HTMLElement.prototype, "contentEditable", { ...known,
    get() { return plain(this) ? "inherit" : known.get.call(this); } });
  Object.defineProperty(HTMLElement.prototype, "isContentEditable", { ...editable,
    get() { return plain(this) ? false : editable.get.call(this); } });
})();"""
NO_WORKERS = "delete window.Worker;"
NO_MODULE_WORKERS = """
const Native = Worker;
window.Worker = class extends Native {  // an engine that knows no `type` option: never reads it
  constructor(url, options) { super(url, { name: options?.name }); }
};"""


def note(page):
    return page.locator("[data-capability-note]")


def route_worker(page, prefix: str):
    """Run `prefix` at the top of the Python worker's script."""

    def patched(route):
        response = route.fetch()
        route.fulfill(response=response, body=prefix + "\n" + response.text())

    page.route("**/assets/worker.js*", patched)


def run_cell(page, cell, code):
    replace_code(page, cell, code)
    cell.get_by_role("button", name="Run").click()


def expect_a_cell_runs(page):
    cell = page.locator("[data-cell]").first
    run_cell(page, cell, "print(6 * 7)")
    expect(cell).to_have_attribute("data-state", "done", timeout=PYTHON_READY_TIMEOUT)
    expect(cell.locator("[data-output]")).to_have_text("42")


def test_a_browser_with_every_capability_has_no_note(page, base_url):
    open_lesson(page, base_url)
    wait_until_controlled(page)  # the late checks (Cache Storage, the service worker) are done
    expect(page.locator("[data-offline-ready]")).to_be_visible(timeout=PYTHON_READY_TIMEOUT)
    expect(note(page)).to_have_count(0)


@pytest.mark.parametrize(
    "init_script",
    [NO_SHARED_ARRAY_BUFFER, SHARED_ARRAY_BUFFER_NOT_SENDABLE],
    ids=["no SharedArrayBuffer", "buffer not sendable"],
)
def test_without_shared_memory_stop_restarts_python_and_the_note_says_why(page, base_url, init_script):
    """WebKit serves isolated pages (crossOriginIsolated) without SharedArrayBuffer: Python
    boots, and Stop restarts it instead of interrupting it."""
    page.add_init_script(init_script)
    open_lesson(page, base_url)
    assert page.evaluate("crossOriginIsolated")
    expect(note(page)).to_have_text("Stop restarts Python here: this browser cannot share memory with Python's worker.")
    first, second = page.locator("[data-cell]").nth(0), page.locator("[data-cell]").nth(1)
    run_cell(page, first, "x = 41")
    expect(first).to_have_attribute("data-state", "done")
    run_cell(page, second, "while True:\n    pass")
    expect(second).to_have_attribute("data-state", "running")
    second.get_by_role("button", name="Stop").click()
    expect(second).to_have_attribute("data-state", "idle")
    expect(second.locator("[data-output]")).to_contain_text("variables of this page were reset")
    run_cell(page, second, "print(x + 1)")  # the earlier cell runs again first
    expect(second.locator("[data-output]")).to_have_text("42", timeout=PYTHON_READY_TIMEOUT)


@pytest.mark.parametrize(
    "init_script", [NO_NAVIGATION_API, NO_PRECOMMIT_HANDLERS], ids=["no Navigation API", "no precommit handlers"]
)
def test_without_precommit_handlers_each_lesson_loads_whole(page, base_url, init_script):
    page.add_init_script(init_script)
    open_lesson(page, base_url)
    expect(note(page)).to_have_text(
        "Each lesson loads as a new page here: this browser has no Navigation API to open it in place."
    )
    mark_document(page)
    follow_next(page, NEXT_SLUG)
    expect(page.locator("h1")).not_to_have_text(re.compile("Precision"))
    assert not same_document(page)
    expect_a_cell_runs(page)


def test_a_lesson_opened_in_place_keeps_the_note(page, base_url):
    page.add_init_script(NO_SHARED_ARRAY_BUFFER)
    open_lesson(page, base_url)
    mark_document(page)
    follow_next(page, NEXT_SLUG)
    expect(page.locator("h1")).not_to_have_text(re.compile("Precision"))
    assert same_document(page)
    expect(note(page)).to_have_text("Stop restarts Python here: this browser cannot share memory with Python's worker.")


def test_without_gzip_streams_python_starts_without_the_snapshot(page, base_url):
    """The snapshot is gzip: a worker that cannot unpack it does not download it."""
    route_worker(page, "delete globalThis.DecompressionStream;")
    snapshot_requests = []
    page.on("request", lambda request: "snapshot" in request.url and snapshot_requests.append(request.url))
    open_lesson(page, base_url)
    expect_a_cell_runs(page)
    expect(note(page)).to_have_text("Python starts more slowly here: this browser cannot unpack its gzip snapshot.")
    assert snapshot_requests == []


@pytest.mark.parametrize(
    "init_script, text, offline",
    [
        (NO_SERVICE_WORKERS, "No offline copy here: this browser has no service workers.", False),
        (NO_CACHE_STORAGE, "No offline copy here: this browser has no Cache Storage.", False),
        (NO_LOCAL_STORAGE, "Your edits are not kept here: this browser does not let the page save them.", True),
    ],
    ids=["no service workers", "no Cache Storage", "no localStorage"],
)
def test_a_capability_missing_at_once_is_told_before_the_lesson_is_laid_out(page, base_url, init_script, text, offline):
    page.add_init_script(init_script)
    # Placed as the page is parsed: there once the document is.
    page.goto(f"{base_url}{SLUG}.html", wait_until="domcontentloaded")
    assert page.evaluate("document.querySelector('[data-capability-note]')?.textContent") == text
    expect_a_cell_runs(page)
    if offline:  # edits aside, the course is stored for offline use
        expect(page.locator("[data-offline-ready]")).to_be_visible(timeout=PYTHON_READY_TIMEOUT)
    else:
        assert page.context.service_workers == []
    if init_script == NO_LOCAL_STORAGE:  # the edit is gone with the page
        open_lesson(page, base_url)  # waits for the editors, which would hold a kept edit
        expect(page.locator("[data-cell]").first.get_by_role("textbox")).not_to_contain_text("6 * 7")


def test_without_plain_text_editing_the_code_is_edited_once_the_editor_is_in(page, base_url):
    """The code the page shows at once is not editable here: it is no textbox until the editor
    comes, which a press on the code brings, with the focus."""
    page.add_init_script(NO_PLAIN_TEXT_EDITING)
    editor_script = HeldRequests(page, "**/assets/chunks/editor-*.js")
    page.goto(f"{base_url}{SLUG}.html", wait_until="domcontentloaded")
    assert page.evaluate("document.querySelector('[data-capability-note]')?.textContent") == (
        "Typing waits for the code editor here: this browser cannot edit plain text in place."
    )
    cell = page.locator("[data-cell]").nth(1)
    code = cell.locator("[data-early-editor]")
    expect(code).not_to_have_attribute("contenteditable", re.compile(".*"))
    expect(cell.get_by_role("textbox")).to_have_count(0)
    with page.expect_request("**/assets/chunks/editor-*.js"):
        code.focus()  # still in the Tab order
    editor_script.release()
    expect(editor(cell)).to_be_focused()
    expect(cell.get_by_role("textbox")).to_have_count(1)


@pytest.mark.parametrize(
    "init_script, text",
    [
        (SERVICE_WORKER_REFUSED, "No offline copy here: this browser refused its service worker."),
        (CACHE_STORAGE_REFUSED, "No offline copy here: this browser blocks the course's file storage."),
    ],
    ids=["service worker refused", "Cache Storage will not open"],
)
def test_a_refusal_found_late_is_told_without_moving_the_lesson(page, base_url, init_script, text):
    """Found once Python is ready: the note lies over the space below the runtime bar, and the
    next page shows it at once."""
    page.add_init_script(init_script)
    open_lesson(page, base_url)
    article_top = page.locator("article").bounding_box()["y"]
    expect(note(page)).to_have_text(text, timeout=PYTHON_READY_TIMEOUT)
    assert page.locator("article").bounding_box()["y"] == article_top
    assert page.evaluate("navigator.serviceWorker.getRegistration().then((found) => found === undefined)")
    expect_a_cell_runs(page)
    page.goto(f"{base_url}{NEXT_SLUG}.html", wait_until="domcontentloaded")
    assert page.evaluate("document.querySelector('[data-capability-note]')?.textContent") == text


@pytest.mark.parametrize(
    "init_script, text",
    [
        (NO_WORKERS, "this browser has no Web Workers, and Python runs in one"),
        (NO_MODULE_WORKERS, "this browser cannot start module workers, and Python runs in one"),
    ],
    ids=["no workers", "no module workers"],
)
def test_python_that_cannot_start_in_the_page_ends_in_error_with_retry(page, base_url, init_script, text):
    page.add_init_script(init_script)
    page.goto(f"{base_url}{SLUG}.html")
    status = page.locator("[data-runtime-status]")
    expect(status).to_have_attribute("data-runtime-status", "error", timeout=PYTHON_READY_TIMEOUT)
    expect(status).to_contain_text(text)
    expect(status.get_by_role("button", name="Retry")).to_be_visible()
    expect(page.locator("h1")).to_be_visible()


@pytest.mark.parametrize(
    "prefix, text",
    [
        ('throw new Error("this worker is broken");', "this worker is broken"),
        (
            """self.addEventListener("message", (event) => {
  event.stopImmediatePropagation();
  self.dispatchEvent(new MessageEvent("messageerror"));
});""",
            "could not read a message from the page",
        ),
    ],
    ids=["throws while imported", "cannot read the page's message"],
)
def test_a_worker_that_fails_ends_in_error_with_retry(page, base_url, prefix, text):
    route_worker(page, prefix)
    page.goto(f"{base_url}{SLUG}.html")
    status = page.locator("[data-runtime-status]")
    expect(status).to_have_attribute("data-runtime-status", "error", timeout=PYTHON_READY_TIMEOUT)
    expect(status).to_contain_text(text)
    expect(status.get_by_role("button", name="Retry")).to_be_visible()


def test_a_worker_script_that_does_not_load_ends_in_error_and_retry_starts_python(page, base_url):
    page.route("**/assets/worker.js*", lambda route: route.fulfill(status=404, body="not found"))
    page.goto(f"{base_url}{SLUG}.html")
    status = page.locator("[data-runtime-status]")
    expect(status).to_have_attribute("data-runtime-status", "error", timeout=PYTHON_READY_TIMEOUT)
    page.unroute("**/assets/worker.js*")
    status.get_by_role("button", name="Retry").click()
    expect(status).to_have_attribute("data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT)
    expect_a_cell_runs(page)


def test_embedded_cells_say_what_is_reduced(page, docs_site):
    """A documentation page of another origin is not isolated: the note above the first cell
    says that Stop restarts Python."""
    page.goto(docs_site + "sphinx.html")
    expect(page.locator("[data-runtime-status]")).to_have_attribute(
        "data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT
    )
    expect(note(page)).to_have_text("Stop restarts Python here: this page is not cross-origin isolated.")


def test_embedded_cells_whose_settings_do_not_load_end_in_error_with_retry(page, docs_site):
    page.route("**/assets/embed-runtime.json", lambda route: route.fulfill(status=503, body="unavailable"))
    page.goto(docs_site + "sphinx.html")
    status = page.locator("[data-runtime-status]")
    expect(status).to_have_attribute("data-runtime-status", "error", timeout=PYTHON_READY_TIMEOUT)
    expect(status).to_contain_text("answered 503")
    page.unroute("**/assets/embed-runtime.json")
    status.get_by_role("button", name="Retry").click()
    expect(status).to_have_attribute("data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT)


def test_embedded_cells_whose_worker_does_not_load_end_in_error_with_retry(page, docs_site):
    """On another origin the worker is a same-origin blob that imports the course's worker
    script: that import failing is an error too, not a wait for a boot that never comes."""
    page.route("**/assets/worker.js*", lambda route: route.fulfill(status=404, body="not found"))
    page.goto(docs_site + "sphinx.html")
    status = page.locator("[data-runtime-status]")
    expect(status).to_have_attribute("data-runtime-status", "error", timeout=PYTHON_READY_TIMEOUT)
    page.unroute("**/assets/worker.js*")
    status.get_by_role("button", name="Retry").click()
    expect(status).to_have_attribute("data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT)


def test_a_host_page_that_forbids_workers_ends_in_error_with_retry(page, docs_site, tmp_path):
    """A host page whose policy forbids workers: the worker is refused, and the status says so."""
    sphinx = (tmp_path / "sphinx.html").read_text()
    policy = '<meta http-equiv="Content-Security-Policy" content="worker-src \'none\'">'
    (tmp_path / "strict.html").write_text(sphinx.replace('<meta charset="utf-8">', '<meta charset="utf-8">' + policy))
    page.goto(docs_site + "strict.html")
    status = page.locator("[data-runtime-status]")
    expect(status).to_have_attribute("data-runtime-status", "error", timeout=PYTHON_READY_TIMEOUT)
    expect(status.get_by_role("button", name="Retry")).to_be_visible()


def test_a_page_script_that_does_not_load_ends_in_error_and_retry_reloads(page, base_url):
    page.route("**/assets/lesson.js*", lambda route: route.fulfill(status=404, body="not found"))
    page.goto(f"{base_url}{SLUG}.html")
    status = page.locator("[data-runtime-status]")
    expect(status).to_have_attribute("data-runtime-status", "error", timeout=PYTHON_READY_TIMEOUT)
    expect(status).to_contain_text("did not load")
    page.unroute("**/assets/lesson.js*")
    status.get_by_role("button", name="Retry").click()
    expect(status).to_have_attribute("data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT)


@pytest.mark.parametrize("slug", ["playground", "evaluate"])
def test_the_playground_and_evaluate_pages_note_only_what_they_use(page, base_url, slug):
    """WebKit's case (no shared memory, no Navigation API) and no plain-text editing change
    nothing on a page without cells or lessons to move between: no note. What they do use (an
    offline copy) is told."""
    page.add_init_script(NO_SHARED_ARRAY_BUFFER + NO_PRECOMMIT_HANDLERS + NO_PLAIN_TEXT_EDITING)
    page.goto(f"{base_url}{slug}.html", wait_until="domcontentloaded")
    assert page.evaluate("document.querySelector('[data-capability-note]')?.textContent") is None
    page.add_init_script(NO_SERVICE_WORKERS)
    page.goto(f"{base_url}{slug}.html", wait_until="domcontentloaded")
    assert page.evaluate("document.querySelector('[data-capability-note]')?.textContent") == (
        "No offline copy here: this browser has no service workers."
    )
    # A lesson in the same browser still says what its cells and navigation lose.
    page.goto(f"{base_url}{SLUG}.html", wait_until="domcontentloaded")
    text = page.evaluate("document.querySelector('[data-capability-note]')?.textContent")
    assert "Stop restarts Python" in text and "each lesson loads as a new page" in text, text
