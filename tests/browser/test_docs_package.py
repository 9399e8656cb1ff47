"""The rankcells package (py/rankcells) as a documentation author uses it: its wheel, built from
the course, installed into a virtual environment of its own; a tiny Sphinx project and a tiny
MkDocs project built with it, each served by a plain static server (no isolation headers, no
Content-Security-Policy), as documentation hosts serve them. Their
runnable blocks become cells that print what CPython prints, share one Python, and load nothing
from outside the documentation's own origin; each page's rank playground (the Sphinx directive, the
MkDocs fence) answers a move with the readouts CPython's rankmetrics gives. With Material for
MkDocs' instant navigation, the next page's cells work without a page load; the cells' text is
readable on the light and dark schemes of Material, Furo, pydata-sphinx-theme and
sphinx-rtd-theme, whichever scheme the reader's system has, and the cells take the scheme the
theme's own switch chooses (the system's where it chooses none). A second page boots Python from the browser's cache; sphinx-autobuild serves
working cells, before and after a rebuild.

Sphinx, MkDocs and the themes come from the project's test requirements, reached from the
wheel's environment (browserdrive.docsenv)."""

from __future__ import annotations

import functools
import math
import os
import socket
import subprocess
import threading
import textwrap
from pathlib import Path

import pytest
from playwright.sync_api import expect

from helpers import PYTHON_READY_TIMEOUT, cpython_outputs, normalise, served
from browserdrive import docsenv
from browserdrive.docsenv import docs_environment
from browserdrive.find_chromium import TEST_LAUNCH_ARGS, find_chromium
from lessonbuild.docspackage import build_docs_package
from lessonbuild.snapshot import SNAPSHOT_PATH
from missing_tools import missing_tool
from rankmetrics.pages.playground import readouts

# The two cells of each page: the first sets a variable, the second uses it.
CELLS = [
    {
        "id": "first",
        "code": "from rankmetrics import ndcg_at_k\nx = ndcg_at_k(['d1', 'd2', 'd3'], {'d2': 3, 'd3': 1}, 3)",
    },
    {"id": "second", "code": "print(round(x, 4), x / 3, sorted({'b', 'a'}))\nprint(0.1 + 0.2)"},
]

# One rank playground on each page, under the cells: its YAML (as a lesson's) and its list as
# rankmetrics.pages.playground.readouts takes it.
PLAYGROUND = "title: move d up\nitems:\n  - a: 1\n  - b: 0\n  - c: 0\n  - d: 1\n  - e: 0\nk: 5\n"
PLAYGROUND_STATE = {
    "ranking": ["a", "b", "c", "d", "e"],
    "grades": {"a": 1, "b": 0, "c": 0, "d": 1, "e": 0},
    "k": 5,
    "gain": "exponential",
    "threshold": 1,
    "max_grade": 3,
}
PYODIDE_FILES = "/rankcells/pyodide/"  # where the MkDocs plugin puts Pyodide's files
SNAPSHOT = Path(SNAPSHOT_PATH).name
AUTOBUILD = Path(__file__).with_name("autobuild_server.py")  # sphinx-autobuild, saying when it listens
TOLERANCE = 1e-12  # the page's Pyodide and this CPython agree within this

SPHINX_CONF = 'project = "Docs"\nextensions = ["rankcells.sphinx"]\n'
SPHINX_BLOCK = ".. code-block:: python\n   :class: runnable\n\n{code}\n"
SPHINX_PLAYGROUND = f".. rank-playground:: move-d\n\n{textwrap.indent(PLAYGROUND, '   ')}"
MKDOCS_CONFIG = """\
site_name: Docs
theme:
  name: mkdocs
  highlightjs: false
markdown_extensions: [attr_list]
plugins: [search, rankcells]
"""
MKDOCS_BLOCK = "```{{.python .runnable}}\n{code}\n```\n"
HOME_CELL = "print('home')"
MKDOCS_PLAYGROUND = f"```rank-playground id=move-d\n{PLAYGROUND}```\n"


def need(module: str) -> None:
    """Skip (fail under CI) when `module`, a documentation tool or theme of the test requirements, is missing."""
    try:
        __import__(module)
    except ImportError:
        missing_tool(f"{module} is not installed: run 'make setup' (requirements-test.txt lists it)")


@pytest.fixture(scope="session")
def docs_python(site_dir, tmp_path_factory) -> Path:
    """A Python with the rankcells wheel (built from the session's course) installed, and Sphinx
    and MkDocs from the test requirements; its path."""
    for tool in ("sphinx", "mkdocs"):
        need(tool)
    folder = tmp_path_factory.mktemp("rankcells")
    return docs_environment(build_docs_package(site_dir, folder / "package"), folder / "venv")


def run_tool(python: Path, folder: Path, *arguments: str) -> None:
    """Run `python -m ARGUMENTS` in `folder` (browserdrive.docsenv.run_tool); it must succeed."""
    done = docsenv.run_tool(python, folder, *arguments)
    assert done.returncode == 0, done.stderr


def build_sphinx(python: Path, folder: Path) -> tuple[Path, str]:
    """A Sphinx project with CELLS and the playground, built to HTML: (the output folder, the page's address in it)."""
    (folder / "conf.py").write_text(SPHINX_CONF, encoding="utf-8")
    blocks = [SPHINX_BLOCK.format(code=textwrap.indent(cell["code"], "   ")) for cell in CELLS]
    (folder / "index.rst").write_text("Cells\n=====\n\n" + "\n".join([*blocks, SPHINX_PLAYGROUND]), encoding="utf-8")
    run_tool(python, folder, "sphinx", "-q", "-b", "html", ".", "_build")
    return folder / "_build", "index.html"


def build_mkdocs(python: Path, folder: Path) -> tuple[Path, str]:
    """An MkDocs project with CELLS and the playground on a page in a folder of its own (guide/), and HOME_CELL on
    its home page, built: (the site folder, the guide's address in it)."""
    (folder / "mkdocs.yml").write_text(MKDOCS_CONFIG, encoding="utf-8")
    (folder / "docs").mkdir()
    (folder / "docs" / "index.md").write_text("# Home\n\n" + MKDOCS_BLOCK.format(code=HOME_CELL), encoding="utf-8")
    blocks = [MKDOCS_BLOCK.format(code=cell["code"]) for cell in CELLS]
    (folder / "docs" / "guide.md").write_text("# Guide\n\n" + "\n".join([*blocks, MKDOCS_PLAYGROUND]), encoding="utf-8")
    run_tool(python, folder, "mkdocs", "build", "-q", "-d", "site")
    return folder / "site", "guide/"


@pytest.mark.parametrize("build_docs", [build_sphinx, build_mkdocs], ids=["sphinx", "mkdocs"])
def test_runnable_blocks_are_cells_served_by_the_docs_alone(page, docs_python, tmp_path, build_docs):
    out, address = build_docs(docs_python, tmp_path)
    requests: list[str] = []
    failures: list[str] = []  # files the server did not have
    page.context.on("request", lambda request: requests.append(request.url))
    page.context.on("response", lambda response: response.status >= 400 and failures.append(response.url))
    with served(out, plain=True) as base:
        page.goto(base + address)
        cells = page.locator("[data-cell]")
        expect(cells).to_have_count(2)
        expect(page.locator("[data-runtime-status]")).to_have_attribute(
            "data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT
        )
        first, second = cells.nth(0), cells.nth(1)
        first.get_by_role("button", name="Run").click()
        expect(first).to_have_attribute("data-state", "done", timeout=PYTHON_READY_TIMEOUT)
        second.get_by_role("button", name="Run").click()  # uses the first cell's x
        expect(second).to_have_attribute("data-state", "done", timeout=PYTHON_READY_TIMEOUT)
        printed = normalise(second.locator("[data-output]").inner_text())
        assert printed == normalise(cpython_outputs(CELLS)["second"])

        playground = page.locator('[data-playground="move-d"]')
        expect(playground).to_have_attribute("aria-label", "Rank playground: move d up")
        state = dict(PLAYGROUND_STATE)
        assert_readouts(playground, state)
        playground.get_by_role("button", name="Move d up", exact=True).click()
        expect(playground.locator("[data-playground-announce]")).to_contain_text("Moved d to rank 3")
        state["ranking"] = ["a", "b", "d", "c", "e"]
        assert_readouts(playground, state)

        # On a dark screen the cells are dark on alabaster (no switch of its own), and light on
        # MkDocs' own theme, whose switch (html[data-bs-theme]) is on light.
        page.emulate_media(color_scheme="dark")
        assert cells_scheme(page) == ("light" if build_docs is build_mkdocs else "dark")

    assert failures == []
    assert any(url.endswith("/pyodide.asm.wasm") for url in requests), "the worker's requests were not seen"
    assert [url for url in requests if not url.startswith((base, "blob:", "data:"))] == []


def assert_readouts(playground, state: dict) -> None:
    """The playground shows `state`'s ranking, and its readouts are CPython's rankmetrics' for it."""
    expect(playground).to_have_attribute("data-state", "ready", timeout=PYTHON_READY_TIMEOUT)
    ranked = playground.get_by_role("list", name="Ranked list").get_by_role("listitem")
    assert ranked.evaluate_all("items => items.map((item) => item.dataset.item)") == state["ranking"]
    expected = readouts(state)["metrics"]
    for name, metric in expected.items():
        shown = playground.locator(f'[data-metric="{name}"]').get_attribute("data-value")
        assert math.isclose(float(shown), metric["value"], rel_tol=0, abs_tol=TOLERANCE), name


MATERIAL_CONFIG = """\
site_name: Docs
site_url: {base}  # instant navigation follows the links within it
theme:
  name: material
  font: false
  features: [navigation.instant]
  palette:
    - scheme: default
      toggle: {{icon: material/brightness-7, name: Switch to dark mode}}
    - scheme: slate
      toggle: {{icon: material/brightness-4, name: Switch to light mode}}
markdown_extensions: [attr_list]
plugins: [search, rankcells]
nav: [index.md, second.md]
"""
# A cell on each page: the second page's runs where the first page's variable is gone.
MATERIAL_PAGES = {
    "index.md": "# First\n\n" + MKDOCS_BLOCK.format(code="x = 41\nprint(x + 1)"),
    "second.md": "# Second\n\n" + MKDOCS_BLOCK.format(code="print('second', 'x' in globals())") + MKDOCS_PLAYGROUND,
}
CONTRAST = (Path(__file__).parent / "contrast.js").read_text(encoding="utf-8")
MIN_CONTRAST = 4.5  # WCAG AA for text


def lowest_contrast(page) -> list:
    """The text of the cells' shadow roots with the least contrast on its background: [ratio, text]."""
    return page.evaluate(
        f"""() => {{
          const lowest = {CONTRAST};
          return lowest([...document.querySelectorAll(".ranking-lessons-cell")].map((host) => host.shadowRoot));
        }}"""
    )


def assert_readable(page, schemes: list[str], set_scheme, shown) -> None:
    """For each host scheme in `schemes`, with the screen light and dark (the host's scheme set
    by `set_scheme(scheme, screen)` once the screen is): every text of the cells has a contrast
    of MIN_CONTRAST or more on its background, and the cells are drawn in `shown(scheme,
    screen)` ("light" or "dark"), the host's choice."""
    for scheme in schemes:
        for screen in ("light", "dark"):
            page.emulate_media(color_scheme=screen)
            set_scheme(scheme, screen)
            ratio, text = lowest_contrast(page)
            assert ratio >= MIN_CONTRAST, (scheme, screen, text, ratio)
            assert cells_scheme(page) == shown(scheme, screen), (scheme, screen)
            # Native menus and scrollbars too: the host's choice, or the system's where it made none.
            assert native_scheme(page) in (shown(scheme, screen), "light dark"), (scheme, screen)
            if native_scheme(page) == "light dark":
                assert shown(scheme, screen) == screen, (scheme, screen)


def cells_scheme(page) -> str:
    """ "dark" or "light": the scheme of the background the first cell's code is drawn on."""
    return scheme_of(page.locator("[data-cell] [data-editor]").first)


def native_scheme(page) -> str:
    """The color-scheme the first cell's native controls are drawn in: "light", "dark", or
    "light dark" (the reader's system's)."""
    return page.locator("[data-cell]").first.evaluate("(cell) => getComputedStyle(cell).colorScheme")


def scheme_of(element) -> str:
    """ "dark" or "light": the scheme of the background `element` (a locator) is drawn on, the
    nearest opaque one."""
    return element.evaluate(
        """(element) => {
          for (let node = element; node; node = node.parentElement ?? node.getRootNode().host) {
            const [r, g, b, a = 1] = getComputedStyle(node).backgroundColor.match(/[\\d.]+/g).map(Number);
            if (a === 1) return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128 ? "dark" : "light";
          }
          return "light";
        }"""
    )


def host_choice(dark_name: str, light_name: str):
    """`shown` for assert_readable: the cells are dark for the host's `dark_name`, light for its
    `light_name`, and follow the screen for any other (such as "auto")."""
    return lambda scheme, screen: {dark_name: "dark", light_name: "light"}.get(scheme, screen)


def test_material_instant_navigation_mounts_the_next_page_s_cells(page, docs_python, tmp_path):
    need("material")
    (tmp_path / "docs").mkdir()
    for name, text in MATERIAL_PAGES.items():
        (tmp_path / "docs" / name).write_text(text, encoding="utf-8")
    with served(tmp_path / "site", plain=True) as base:  # its address (and port) is the site's
        (tmp_path / "mkdocs.yml").write_text(MATERIAL_CONFIG.format(base=base), encoding="utf-8")
        run_tool(docs_python, tmp_path, "mkdocs", "build", "-q", "-d", "site")
        page.goto(base)
        cell = page.locator("[data-cell]")
        expect(page.locator("[data-runtime-status]")).to_have_attribute(
            "data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT
        )
        cell.get_by_role("button", name="Run").click()
        expect(cell.locator("[data-output]")).to_have_text("42", timeout=PYTHON_READY_TIMEOUT)
        expect(cell).to_have_attribute("data-cell", "cell-1")
        page.evaluate("window.stayed = true")

        page.get_by_role("navigation", name="Navigation").get_by_role("link", name="Second").click()
        expect(page).to_have_url(base + "second/")
        expect(cell).to_have_count(1)
        expect(cell.locator("[data-editor]")).to_contain_text("print('second'")
        assert page.evaluate("window.stayed") is True  # the page was not loaded again
        # The same id as on a load, though Material has given the swapped-in block one of its own.
        expect(cell).to_have_attribute("data-cell", "cell-1")
        expect(page.locator("[data-runtime-status]")).to_have_attribute("data-runtime-status", "ready")
        cell.get_by_role("button", name="Run").click()
        expect(cell.locator("[data-output]")).to_have_text("second False", timeout=PYTHON_READY_TIMEOUT)
        assert_sized_as_on_the_course(page)

        assert_readable(
            page,
            ["default", "slate"],
            lambda scheme, screen: set_material_scheme(page, scheme),
            host_choice("slate", "default"),
        )
        # The editor's own parts follow the host too: on slate, with a light screen, its list of
        # completions is dark.
        page.emulate_media(color_scheme="light")
        cell.get_by_role("textbox").click()
        page.keyboard.press("End")
        page.keyboard.press("Enter")
        page.keyboard.type("pri")
        page.keyboard.press("Control+Space")
        completions = cell.get_by_role("listbox")
        expect(completions).to_be_visible()
        assert scheme_of(completions) == "dark"


def assert_sized_as_on_the_course(page) -> None:
    """On a phone (390 px), where Material's root font is 20 px, the playground's rows are as
    tall as on the course's pages (a 2rem button of a 16 px default font: 32 px), every item's
    name is shown whole, and a dragged row moves with the pointer."""
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == "20px"
    playground = page.locator("[data-playground][data-state=ready]")
    expect(playground.locator(".pg-list .pg-id")).to_have_count(5)
    button = playground.locator(".pg-list .pg-item-buttons button").first
    assert button.evaluate("e => e.getBoundingClientRect().height") == pytest.approx(32, abs=0.5)
    cut = playground.locator(".pg-list .pg-id").evaluate_all(
        "ids => ids.filter(id => id.clientWidth < id.scrollWidth).map(id => id.textContent)"
    )
    assert cut == []
    # A dragged row follows the pointer exactly (the zoom does not scale its move); Escape puts it back.
    row = playground.locator(".pg-list > [data-item]").first
    row.evaluate("e => e.scrollIntoView({block: 'center'})")  # clear of the readouts kept at the bottom
    box = row.locator("[data-drag-handle]").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    top = row.evaluate("e => e.getBoundingClientRect().top")
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x, y + 30, steps=3)
    expect(row).to_have_attribute("data-dragging", "true")
    assert row.evaluate("e => e.getBoundingClientRect().top") == pytest.approx(top + 30, abs=1)
    page.keyboard.press("Escape")
    page.mouse.up()
    page.set_viewport_size({"width": 1280, "height": 720})


def set_material_scheme(page, scheme: str) -> None:
    """Press Material's palette toggle until the page's scheme is `scheme`."""
    if page.locator("body").get_attribute("data-md-color-scheme") != scheme:
        page.locator("form[data-md-component=palette] label:visible").click()
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", scheme)


def set_furo_theme(page, theme: str, screen: str) -> None:
    """Set Furo's mode to `theme` ("light", "dark", "auto"), as its toggle does (on the body)."""
    page.evaluate("(theme) => { document.body.dataset.theme = theme; }", theme)
    expect(page.locator("body")).to_have_attribute("data-theme", theme)


def set_pydata_mode(page, mode: str, screen: str) -> None:
    """Choose `mode` ("light", "dark", "auto") in pydata-sphinx-theme's colour-mode menu, unless
    it is chosen, and wait for html[data-theme], the scheme it shows (in "auto", the `screen`'s:
    the theme follows a change of the screen's scheme when it hears of it)."""
    names = {"light": "Light", "dark": "Dark", "auto": "System Settings"}
    if page.locator("html").get_attribute("data-mode") != mode:
        page.get_by_role("button", name="Color mode").filter(visible=True).first.click()
        page.get_by_role("button", name=names[mode]).filter(visible=True).first.click()
    expect(page.locator("html")).to_have_attribute("data-mode", mode)
    expect(page.locator("html")).to_have_attribute("data-theme", screen if mode == "auto" else mode)


# Sphinx themes, by the module that holds each: how the test sets its scheme (as its switch does),
# its schemes, and `shown` (assert_readable); None for a theme
# with no dark scheme, whose cells follow the reader's system.
SPHINX_THEMES = {
    "furo": (set_furo_theme, ["light", "dark", "auto"], host_choice("dark", "light")),
    "pydata_sphinx_theme": (set_pydata_mode, ["light", "dark", "auto"], host_choice("dark", "light")),
    "sphinx_rtd_theme": None,
}


@pytest.mark.parametrize("theme", SPHINX_THEMES)
def test_sphinx_theme_s_cells_run_and_follow_its_light_and_dark_modes(page, docs_python, tmp_path, theme):
    need(theme)
    (tmp_path / "conf.py").write_text(SPHINX_CONF + f'html_theme = "{theme}"\n', encoding="utf-8")
    block = SPHINX_BLOCK.format(code=textwrap.indent(f"print('{theme}')", "   "))
    (tmp_path / "index.rst").write_text("Cells\n=====\n\n" + block, encoding="utf-8")
    run_tool(docs_python, tmp_path, "sphinx", "-q", "-b", "html", ".", "_build")
    with served(tmp_path / "_build", plain=True) as base:
        page.goto(base + "index.html")
        cell = page.locator("[data-cell]")
        expect(page.locator("[data-runtime-status]")).to_have_attribute(
            "data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT
        )
        cell.get_by_role("button", name="Run").click()
        expect(cell.locator("[data-output]")).to_have_text(theme, timeout=PYTHON_READY_TIMEOUT)
        if SPHINX_THEMES[theme] is None:
            assert_readable(page, [None], lambda scheme, screen: None, lambda scheme, screen: screen)
        else:
            set_scheme, schemes, shown = SPHINX_THEMES[theme]
            assert_readable(page, schemes, lambda scheme, screen: set_scheme(page, scheme, screen), shown)


def test_a_second_page_boots_python_from_the_browser_s_cache(browser, docs_python, tmp_path):
    """On a host that lets the browser keep its files a while (GitHub Pages sends max-age=600),
    a reader's second page asks the host for none of Pyodide's files: the runtime's addresses are
    the same from every page, and nothing the runtime fetches refuses the cache. In a profile of
    its own, as a reader's, with a disk cache (bench/docs_bytes.py prints the bytes)."""
    out, guide = build_mkdocs(docs_python, tmp_path)
    asked: list[str] = []  # the paths the server was asked to send

    def caching(base: functools.partial) -> functools.partial:
        class Caching(base.func):
            def end_headers(self):
                if self.command == "GET":  # a HEAD (the worker's check on a slow boot) has no body
                    asked.append(self.path)
                self.send_header("Cache-Control", "max-age=600")
                super().end_headers()

        return functools.partial(Caching, *base.args, **base.keywords)

    profile = browser.browser_type.launch_persistent_context(
        tmp_path / "profile", executable_path=find_chromium(), args=TEST_LAUNCH_ARGS, service_workers="block"
    )
    try:
        page = profile.new_page()
        with served(out, plain=True, handler=caching) as base:
            # The first page: Python boots, and the full standard library it fetches afterwards arrives.
            with profile.expect_event("requestfinished", is_full_stdlib, timeout=PYTHON_READY_TIMEOUT):
                run_first_cell(page, base + guide)
            before = len(asked)
            run_first_cell(page, base)
            expect(page.locator("[data-cell] [data-output]")).to_have_text("home")
        first, second = asked[:before], asked[before:]
        assert any(path.startswith(PYODIDE_FILES) for path in first), "the first page's boot was not seen"
        # Not the memory snapshot: a boot that Python's own start outran abandons its download, so
        # there may be none in the cache for the next page (on a quiet machine there is).
        assert [path for path in second if path.startswith(PYODIDE_FILES) and SNAPSHOT not in path] == []
    finally:
        profile.close()


def is_full_stdlib(request) -> bool:
    """Whether `request` (finished) fetched Python's full standard library, which the worker fetches after its boot."""
    return request.url.endswith("/python_stdlib.zip")


def run_first_cell(page, url: str) -> None:
    """Open `url` and run its first cell, to its end."""
    page.goto(url)
    cell = page.locator("[data-cell]").first
    cell.get_by_role("button", name="Run").click()
    expect(cell).to_have_attribute("data-state", "done", timeout=PYTHON_READY_TIMEOUT)


def test_sphinx_autobuild_serves_the_cells_and_keeps_the_runtime_on_a_rebuild(page, docs_python, tmp_path):
    """sphinx-autobuild (its own server, which reloads the page after each rebuild) serves working
    cells; a rebuild after an edit leaves the runtime's files as they were (not copied again)."""
    need("sphinx_autobuild")
    (tmp_path / "conf.py").write_text(SPHINX_CONF, encoding="utf-8")
    page_source = tmp_path / "index.rst"
    page_source.write_text("Cells\n=====\n\n" + SPHINX_BLOCK.format(code="   print('one')"), encoding="utf-8")
    with socket.socket() as probe:  # a free port for the server
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    command = [docs_python, AUTOBUILD, ".", "_build", "--host", "127.0.0.1", "--port", str(port)]
    server = subprocess.Popen(
        command, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    output: list[str] = []
    serving = threading.Event()

    def read() -> None:  # drains the server's output (a full pipe would stop it)
        for line in server.stdout:
            output.append(line)
            if line.strip() == "Listening":
                serving.set()
        serving.set()  # it ended: the assertion below says so

    threading.Thread(target=read, daemon=True).start()
    try:
        assert serving.wait(PYTHON_READY_TIMEOUT / 1000) and server.poll() is None, "".join(output)
        page.goto(f"http://127.0.0.1:{port}/index.html")
        wasm = tmp_path / "_build" / "_static" / "rankcells" / "pyodide" / "pyodide.asm.wasm"
        copied = wasm.stat().st_ctime_ns
        cell = page.locator("[data-cell]")
        cell.get_by_role("button", name="Run").click()
        expect(cell.locator("[data-output]")).to_have_text("one", timeout=PYTHON_READY_TIMEOUT)

        page_source.write_text(page_source.read_text(encoding="utf-8").replace("one", "two"), encoding="utf-8")
        expect(cell.locator("[data-editor]")).to_contain_text("print('two')", timeout=PYTHON_READY_TIMEOUT)
        cell.get_by_role("button", name="Run").click()
        expect(cell.locator("[data-output]")).to_have_text("two", timeout=PYTHON_READY_TIMEOUT)
        assert wasm.stat().st_ctime_ns == copied  # the rebuild left the runtime in place
    finally:
        server.terminate()
        server.wait()


@pytest.mark.service_worker
def test_with_the_offline_option_a_page_read_once_runs_its_cells_offline(browser, page, docs_python, tmp_path):
    """Sphinx with `rankcells_offline = True`: after one visit (Python started, the service worker
    has stored the runtime and kept the page), a reload with the network cut runs a cell. The
    same site in a browser that refuses service workers runs its cells as before, without the copy."""
    (tmp_path / "conf.py").write_text(SPHINX_CONF + "rankcells_offline = True\n", encoding="utf-8")
    block = SPHINX_BLOCK.format(code=textwrap.indent("print('offline')", "   "))
    (tmp_path / "index.rst").write_text("Cells\n=====\n\n" + block, encoding="utf-8")
    run_tool(docs_python, tmp_path, "sphinx", "-q", "-b", "html", ".", "_build")
    with served(tmp_path / "_build", plain=True) as base:
        refusing = browser.new_context(service_workers="block")
        try:
            without = refusing.new_page()
            run_first_cell(without, base + "index.html")
            expect(without.locator("[data-cell] [data-output]")).to_have_text("offline")
            expect(without.locator("html")).not_to_have_attribute("data-rankcells-offline", "kept")
        finally:
            refusing.close()

        page.goto(base + "index.html")
        expect(page.locator("html")).to_have_attribute("data-rankcells-offline", "kept", timeout=PYTHON_READY_TIMEOUT)
        page.context.set_offline(True)
        page.reload()
        cell = page.locator("[data-cell]")
        cell.get_by_role("button", name="Run").click()
        expect(cell.locator("[data-output]")).to_have_text("offline", timeout=PYTHON_READY_TIMEOUT)
