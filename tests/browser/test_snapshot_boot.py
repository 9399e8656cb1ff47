"""Booting from the Pyodide memory snapshot (site/js/worker/main.js): a fast link boots from it with
fresh random numbers, and a missing, damaged, foreign or stalled snapshot gives way to a normal
boot with a reason, never to a broken or hanging page."""

from __future__ import annotations

import gzip
import json

import pytest
from playwright.sync_api import expect

from lessonbuild.snapshot import SNAPSHOT_PATH, pack_pages, unpack_pages
from helpers import PYTHON_READY_TIMEOUT, PYTHON_WORKERS, SLUG, open_lesson, python_worker_boots, replace_code

# These pages register the browser's own service worker (tests/browser/conftest.py's `context`).
pytestmark = pytest.mark.service_worker


SNAPSHOT_GLOB = f"**/{SNAPSHOT_PATH}*"


def recording_context(browser, **options):
    """A fresh context that records how its pages' workers booted, and fails on page errors."""
    context = browser.new_context(**options)
    context.add_init_script(PYTHON_WORKERS)
    errors: list[str] = []
    context.on("weberror", lambda error: errors.append(str(error.error)))
    yield context
    context.close()
    assert errors == [], f"uncaught errors in the page: {errors}"


@pytest.fixture
def recorded(browser):
    yield from recording_context(browser)


def snapshot_use(context, use: str) -> None:
    """Rewrite the lesson page's runtime JSON on its way to `context`'s pages, so that its worker
    uses the snapshot as `use` says ("auto", "cached", "always" or "off"), as a build made with
    `build.py --snapshot-use USE` would."""

    def rewrite(route):
        html = route.fetch().text()
        start = html.index('id="lesson-data">') + len('id="lesson-data">')
        end = html.index("</script>", start)
        data = json.loads(html[start:end])
        data["runtime"]["snapshot"]["use"] = use
        route.fulfill(body=html[:start] + json.dumps(data) + html[end:], headers={"Content-Type": "text/html"})

    context.route(f"**/{SLUG}.html", rewrite)


def boot_of(page) -> dict:
    boots = python_worker_boots(page)
    assert len(boots) == 1, boots
    return boots[0]


def run_first_cell(page, code: str) -> str:
    cell = page.locator("[data-cell]").first
    replace_code(page, cell, code)
    cell.get_by_role("button", name="Run").click()
    expect(cell).to_have_attribute("data-state", "done", timeout=PYTHON_READY_TIMEOUT)
    return cell.locator("[data-output]").inner_text().strip()


def test_a_fast_link_boots_from_the_snapshot_with_fresh_random_numbers(browser, base_url):
    draws = []
    for _ in range(2):  # two first visits: each downloads the snapshot, made once at build time
        context = browser.new_context()
        context.add_init_script(PYTHON_WORKERS)
        snapshot_use(context, "always")  # a loaded machine must not turn it into a normal boot
        page = context.new_page()
        open_lesson(page, base_url)
        boot = boot_of(page)
        assert boot["mode"] == "snapshot", boot
        assert boot["steps"]["python"] <= boot["ms"]
        draws.append(
            run_first_cell(
                page,
                "import random\nimport rankmetrics\n"
                "print(random.random(), rankmetrics.precision_at_k(['a', 'b'], {'a'}, k=2))",
            )
        )
        context.close()
    assert [draw.split()[1] for draw in draws] == ["0.5", "0.5"]
    assert draws[0].split()[0] != draws[1].split()[0], "random was not reseeded after the snapshot"


def test_the_first_cell_has_the_whole_standard_library(recorded, base_url):
    """After a snapshot boot, modules that neither Python's start nor the snapshot imported
    still import from the standard library's zip."""
    snapshot_use(recorded, "always")  # however slowly a loaded machine serves it
    page = recorded.new_page()
    open_lesson(page, base_url)
    assert boot_of(page)["mode"] == "snapshot"
    code = (
        "import csv, statistics, fractions, textwrap\n"
        "print(statistics.mean([1, 2, 3]), fractions.Fraction(1, 3), textwrap.dedent('  a'))"
    )
    assert run_first_cell(page, code) == "2 1/3 a"


def test_a_normal_boot_from_the_compiled_small_stdlib_still_shows_stdlib_source(recorded, base_url):
    """Python starts from compiled files without their sources (py/lessonbuild/stdlib.py); once
    the full zip is in place, a traceback through a module imported at start shows its lines."""
    recorded.route(SNAPSHOT_GLOB, lambda route: route.fulfill(status=404, body="not here"))
    page = recorded.new_page()
    open_lesson(page, base_url)
    assert boot_of(page)["mode"] == "normal"
    assert (
        page.evaluate("JSON.parse(document.getElementById('lesson-data').textContent).runtime.stdlib.boot")
        == "pyodide/python_stdlib_boot.zip"
    )
    cell = page.locator("[data-cell]").first
    replace_code(page, cell, "import collections\ncollections.Counter(1)")
    cell.get_by_role("button", name="Run").click()
    expect(cell).to_have_attribute("data-state", "error", timeout=PYTHON_READY_TIMEOUT)
    expect(cell.locator("[data-output]")).to_contain_text("self.update(iterable, **kwds)")


@pytest.mark.parametrize("snapshot", [True, False], ids=["snapshot boot", "normal boot"])
def test_python_is_ready_before_the_full_stdlib_and_an_import_that_needs_it_waits(recorded, base_url, snapshot):
    """The page's download of the full standard library is held: Python is ready all the same,
    and a module only the full zip has is fetched at once when a cell imports it."""
    held = []

    def hold_the_first(route):
        if held:
            route.continue_()
        else:
            held.append(route)  # the page's own download, answered only at the end

    recorded.route("**/pyodide/python_stdlib.zip", hold_the_first)
    if snapshot:
        snapshot_use(recorded, "always")  # however slowly a loaded machine serves it
    else:
        recorded.route(SNAPSHOT_GLOB, lambda route: route.fulfill(status=404, body="not here"))
    page = recorded.new_page()
    open_lesson(page, base_url)
    assert held, "the page did not ask for the full standard library"
    assert boot_of(page)["mode"] == ("snapshot" if snapshot else "normal")
    # Whole modules, and modules of packages the small zip holds part of.
    code = "import statistics, csv, encodings.cp1252, logging.handlers\nprint(statistics.mean([1, 2, 3]))"
    assert run_first_cell(page, code) == "2"
    held[0].continue_()


def test_a_standard_library_that_cannot_be_downloaded_is_named_in_the_error(recorded, base_url):
    recorded.route("**/pyodide/python_stdlib.zip", lambda route: route.abort("internetdisconnected"))
    page = recorded.new_page()
    open_lesson(page, base_url)
    cell = page.locator("[data-cell]").first
    replace_code(page, cell, "import statistics")
    cell.get_by_role("button", name="Run").click()
    expect(cell).to_have_attribute("data-state", "error", timeout=PYTHON_READY_TIMEOUT)
    expect(cell.locator('[data-stream="stderr"]')).to_contain_text("standard library could not be downloaded")


def _truncated(body: bytes) -> bytes:
    return body[: len(body) // 2]


def _foreign(body: bytes) -> bytes:
    snapshot = bytearray(unpack_pages(gzip.decompress(body)))
    snapshot[16:48] = b"\x11" * 32  # another Pyodide build's id
    return gzip.compress(pack_pages(bytes(snapshot)), compresslevel=1)


def _not_gzip(body: bytes) -> bytes:
    return b"\x1f\x8b" + b"this is not gzip data" * 100


def _whole_image(body: bytes) -> bytes:
    """The memory image with its zero pages, as a build before pack_pages shipped it."""
    return gzip.compress(unpack_pages(gzip.decompress(body)), compresslevel=1)


def _pages_cut_short(body: bytes) -> bytes:
    """Whole gzip data whose packed pages end a page early."""
    return gzip.compress(gzip.decompress(body)[:-4096], compresslevel=1)


@pytest.mark.parametrize(
    "damage, reason",
    [
        (None, "answered 404"),
        (_truncated, "damaged"),
        (_not_gzip, "damaged"),
        (_foreign, "snapshot failed"),
        (_whole_image, "it is not a packed snapshot"),
        (_pages_cut_short, "it ends early"),
    ],
    ids=["missing", "truncated", "not gzip", "another Pyodide build", "not packed", "pages cut short"],
)
def test_a_bad_snapshot_gives_way_to_a_normal_boot(without_service_worker, base_url, site_dir, damage, reason):
    # "always": the worker waits for the whole file and judges what it holds, however long it
    # takes to arrive (a loaded machine must not turn "damaged" into "too slow"). No service
    # worker: its precaching would ask for the page and the snapshot again through these routes
    # while the test closes the context.
    recorded = without_service_worker
    snapshot_use(recorded, "always")
    body = None if damage is None else damage((site_dir / SNAPSHOT_PATH).read_bytes())

    def answer(route):
        if body is None:
            route.fulfill(status=404, body="not here")
        else:
            route.fulfill(status=200, body=body, headers={"Content-Type": "application/gzip"})

    recorded.route(SNAPSHOT_GLOB, answer)
    page = recorded.new_page()
    open_lesson(page, base_url)
    boot = boot_of(page)
    assert boot["mode"] == "normal" and reason in boot["reason"], boot
    assert (
        run_first_cell(page, "import rankmetrics\nprint(rankmetrics.recall_at_k(['a', 'b'], {'a', 'c'}, k=2))") == "0.5"
    )


def test_a_stalled_snapshot_download_gives_way_to_a_normal_boot(recorded, base_url):
    stalled = []

    def stall(route):
        if stalled or "only-if-cached" in str(route.request.headers):
            stalled.append(route)  # never answered
        else:
            stalled.append(None)
            route.continue_()  # the first request only asks the cache, which has nothing

    recorded.route(SNAPSHOT_GLOB, stall)
    page = recorded.new_page()
    open_lesson(page, base_url)
    assert stalled, "the page never asked for the snapshot"
    boot = boot_of(page)
    assert boot["mode"] == "normal" and "did not arrive" in boot["reason"], boot
    assert run_first_cell(page, "print(6 * 7)") == "42"


def test_site_set_to_never_use_the_snapshot_does_not_fetch_it(browser, base_url):
    """`build.py --snapshot-use off` (here: the page's runtime JSON rewritten on the way). No
    service worker: it precaches every file, the snapshot too, once Python is ready."""
    recorded = browser.new_context(service_workers="block")
    recorded.add_init_script(PYTHON_WORKERS)
    asked = []
    recorded.route(SNAPSHOT_GLOB, lambda route: (asked.append(route.request.url), route.continue_()))

    snapshot_use(recorded, "off")
    page = recorded.new_page()
    open_lesson(page, base_url)
    boot = boot_of(page)
    assert boot["mode"] == "normal" and boot["reason"] == "snapshot turned off", boot
    assert asked == []
    recorded.close()


# Marks when the page's own register() has settled. The mark comes first in the same microtask
# checkpoint as what the page does next, so a test that sees it from a later task knows that ran.
REGISTER_SETTLED = """(() => {
  const container = navigator.serviceWorker;
  if (!container) return;
  const register = container.register.bind(container);
  container.register = (...args) => {
    const registering = register(...args);
    const mark = () => { window.swRegisterSettled = true; };
    registering.then(mark, mark);
    return registering;
  };
})();"""


def test_pages_work_where_service_workers_are_blocked(browser, base_url):
    context = browser.new_context(service_workers="block")
    context.add_init_script(REGISTER_SETTLED)
    errors: list[str] = []
    context.on("weberror", lambda error: errors.append(str(error.error)))
    page = context.new_page()
    open_lesson(page, base_url)
    assert run_first_cell(page, "print('still here')") == "still here"
    # The page registers its service worker once Python is ready: wait until that register() has
    # settled (the harness stubs it out), so what the page does next has run too.
    page.wait_for_function("() => window.swRegisterSettled === true")
    context.close()
    assert errors == []


KEPT = """async () => Promise.all((await (await caches.open('snapshot-unpacked')).keys())
  .map(async (request) => [request.url, (await (await caches.match(request)).arrayBuffer()).byteLength]))"""
SNAPSHOT_URL = (
    "new URL(JSON.parse(document.getElementById('lesson-data').textContent).runtime.snapshot.url,"
    " document.baseURI).href"
)


@pytest.fixture
def without_service_worker(browser):
    """Like `recorded`, with service workers blocked: every snapshot request is the page's own."""
    yield from recording_context(browser, service_workers="block")


def wait_for_kept_copy(page) -> list[list]:
    """[url, size] of each kept unpacked snapshot, once there is a whole one (over 1 MB)."""
    # Each look starts reading Cache Storage and judges what the look before it read.
    look = f"() => {{ ({KEPT})().then((kept) => {{ window.keptSnapshots = kept; }}); return window.keptSnapshots; }}"
    page.wait_for_function(
        f"() => ({look})()?.some(([, size]) => size > 1e6)", polling=250, timeout=PYTHON_READY_TIMEOUT
    )
    return page.evaluate(KEPT)


def test_the_next_page_boots_from_the_kept_unpacked_snapshot(without_service_worker, base_url):
    """The first page downloads the gzip file and keeps the unpacked memory image in Cache
    Storage, in place of an older build's; the next page restores from that copy and does not
    ask for the file at all. The first page uses the snapshot "always", as a loaded machine
    could otherwise give up on its download; the next one is as built ("auto")."""
    snapshot_use(without_service_worker, "always")
    first = without_service_worker.new_page()
    first.goto(f"{base_url}index.html")
    first.evaluate(
        "caches.open('snapshot-unpacked').then((cache) => cache.put("
        "new URL('pyodide/snapshot.bin.gz?v=older-build', document.baseURI).href, new Response('old')))"
    )
    open_lesson(first, base_url)
    assert boot_of(first)["mode"] == "snapshot" and not boot_of(first)["unpacked"]
    snapshot_url = first.evaluate(SNAPSHOT_URL)
    kept = wait_for_kept_copy(first)
    assert [url for url, _ in kept] == [snapshot_url]  # the older build's copy is gone

    asked = []
    without_service_worker.on(
        "request", lambda request: asked.append(request.url) if SNAPSHOT_PATH in request.url else None
    )
    second = without_service_worker.new_page()
    open_lesson(second, base_url, slug="average-precision")
    boot = boot_of(second)
    assert boot["mode"] == "snapshot" and boot["unpacked"], boot
    assert asked == []
    assert run_first_cell(second, "import rankmetrics\nprint(rankmetrics.hit_rate_at_k(['a'], {'a'}, k=1))") == "1.0"


def test_a_kept_copy_that_fails_to_restore_gives_way_and_is_replaced(without_service_worker, base_url):
    page = without_service_worker.new_page()
    page.goto(f"{base_url}index.html")
    snapshot_url = page.evaluate(
        f"fetch('{SLUG}.html').then((r) => r.text()).then((html) => new URL("
        "JSON.parse(new DOMParser().parseFromString(html, 'text/html')"
        ".getElementById('lesson-data').textContent).runtime.snapshot.url, document.baseURI).href)"
    )
    page.evaluate(
        "(url) => caches.open('snapshot-unpacked').then((cache) => cache.put(url, new Response(new Uint8Array(4096))))",
        snapshot_url,
    )
    # What a page notes when its worker kept a copy (snapshot-source.js): the next one looks for it.
    page.evaluate("(url) => localStorage.setItem('rankmetrics-lessons:snapshot-kept', url)", snapshot_url)
    open_lesson(page, base_url)
    boot = boot_of(page)
    assert boot["mode"] == "normal" and "snapshot failed" in boot["reason"], boot
    assert run_first_cell(page, "print(6 * 7)") == "42"
    # After a normal boot the worker fetches the file for the next page and keeps it unpacked.
    assert [url for url, _ in wait_for_kept_copy(page)] == [snapshot_url]
    second = without_service_worker.new_page()
    open_lesson(second, base_url, slug="average-precision")
    assert boot_of(second)["mode"] == "snapshot" and boot_of(second)["unpacked"]
