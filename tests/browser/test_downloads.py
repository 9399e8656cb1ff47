"""Take the code away: each lesson downloads as a valid Jupyter notebook and as a .py file, with
the learner's current edits, and each runs top to bottom in a Python that has never seen the
project, with no network at all: a clean Jupyter kernel (nbclient, ipykernel) and a plain
`python3 -I` in an empty folder. Exercise check cells say what the page's Check button says."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from types import SimpleNamespace

import nbformat
import pytest
from jupyter_client import KernelManager
from jupyter_client.kernelspec import KernelSpecManager
from nbclient import NotebookClient
from playwright.sync_api import expect

from cellruntime import Session
from cellruntime.notebook import RERUN_IN_NOTEBOOK, RERUN_IN_SCRIPT
from cellruntime.sealed import CHECK_RUNTIME
from clean_python import block_sockets, finds, kernel_spec, make_kernel_venv, make_plain_venv, network_off
from lessonbuild.lessonformat import load_course
from helpers import PYTHON_READY_TIMEOUT, SLUG, editor_text, lesson_cells, open_lesson, replace_code

ROOT = Path(__file__).resolve().parents[2]
LESSONS = {lesson.slug: lesson for lesson in load_course(ROOT / "lessons").lessons}
NOTEBOOK, SCRIPT = "Download notebook (.ipynb)", "Download Python (.py)"
SETUP_ID = "course-packages"
CELL_TIMEOUT = 120  # s; a lesson's longest cell on a loaded 2-core machine


def download(page, label, folder):
    with page.expect_download() as info:
        page.get_by_role("button", name=label).click()
    target = folder / info.value.suggested_filename
    info.value.save_as(target)
    return target


def page_verdicts(lesson, rerun: str) -> dict[str, str]:
    """{exercise id: what its check cell must print}: the lesson's cells run in order under this
    CPython by the page's own runtime, each exercise checked right after it ran by the page's
    checker, with `rerun` (what to run again: there is no Check button) in its advice."""
    session = Session()
    verdicts = {}
    for cell in lesson.runnable_cells:
        session.run(cell.code, cell.id, lambda stream, text: None)
        if cell.check:  # as a check cell does: whatever the name holds now
            verdict = CHECK_RUNTIME.check_function(session.namespace, cell.check_name, rerun)
            verdicts[cell.id] = f"{'Correct.' if verdict['ok'] else 'Not yet.'} {verdict['message']}\n"
    return verdicts


@pytest.fixture(scope="session")
def offline_python(tmp_path_factory):
    """A clean kernel (its spec folder) and a plain python, both with the network off."""
    folder = tmp_path_factory.mktemp("clean-python")
    prefix = network_off()
    kernel, plain = make_kernel_venv(folder / "kernel"), make_plain_venv(folder / "plain")
    if prefix is None:  # no network namespace here: refuse sockets inside Python instead
        block_sockets(kernel)
        block_sockets(plain)
    assert finds(kernel) == [] and finds(plain) == []  # neither has seen the project
    return SimpleNamespace(kernels=kernel_spec(folder, kernel, prefix or []), plain=plain, prefix=prefix or [])


@pytest.fixture(scope="session")
def downloads(browser, base_url, tmp_path_factory):
    """Every lesson's notebook and .py, as its page offers them when it opens."""
    folder = tmp_path_factory.mktemp("downloads")
    context = browser.new_context(service_workers="block")  # it would store the whole course
    # The downloads are made from the page's outline and wheels, not by Python: Pyodide's files
    # are refused so that sixteen pages do not boot it for nothing.
    context.route("**/pyodide/**", lambda route: route.abort())
    page = context.new_page()
    for slug in LESSONS:
        page.goto(f"{base_url}{slug}.html")
        download(page, NOTEBOOK, folder)
        download(page, SCRIPT, folder)
    context.close()
    return folder


def run_notebook(path: Path, offline_python, folder: Path) -> nbformat.NotebookNode:
    """Run the notebook at `path` top to bottom in the clean kernel; CellExecutionError on the
    first cell that fails. The kernel talks to this process over Unix sockets (ipc), which a
    process with no network can still use."""
    notebook = nbformat.read(path, as_version=4)
    specs = KernelSpecManager(kernel_dirs=[str(offline_python.kernels)])
    manager = KernelManager(
        kernel_name="clean", kernel_spec_manager=specs, transport="ipc", ip=str(folder / "kernel-ipc")
    )
    try:
        NotebookClient(
            notebook, km=manager, timeout=CELL_TIMEOUT, resources={"metadata": {"path": str(folder)}}
        ).execute()
    finally:
        # nbclient shuts down only the kernels it started itself: this one is the test's to end.
        if manager.has_kernel:
            manager.shutdown_kernel(now=True)
    return notebook


def printed(cell) -> str:
    return "".join(output.get("text", "") for output in cell.outputs if output.output_type == "stream")


def test_the_clean_python_has_no_network(offline_python, base_url):
    """Not even this test's own server on 127.0.0.1, as a hand-out's start.py would be."""
    code = f"import urllib.request\ntry:\n    urllib.request.urlopen({base_url!r}, timeout=5)\nexcept OSError:\n    print('offline')"
    done = subprocess.run(
        [*offline_python.prefix, str(offline_python.plain), "-I", "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.stdout == "offline\n", done.stderr


@pytest.mark.parametrize("slug", list(LESSONS))
def test_notebook_runs_in_a_clean_kernel_with_no_network(slug, downloads, offline_python, tmp_path):
    notebook = run_notebook(downloads / f"{slug}.ipynb", offline_python, tmp_path)
    code = {cell.id: cell for cell in notebook.cells if cell.cell_type == "code"}
    assert list(code)[0] == SETUP_ID
    verdicts = page_verdicts(LESSONS[slug], RERUN_IN_NOTEBOOK)
    assert {f"check-{exercise}" for exercise in verdicts} == {id for id in code if id.startswith("check-")}
    for exercise, verdict in verdicts.items():
        assert printed(code[f"check-{exercise}"]) == verdict  # the page's checker, the page's words
        assert "press Check" not in verdict


@pytest.mark.parametrize("slug", list(LESSONS))
def test_python_file_runs_under_a_plain_python_with_no_network(slug, downloads, offline_python, tmp_path):
    done = subprocess.run(
        [*offline_python.prefix, str(offline_python.plain), "-I", str(downloads / f"{slug}.py")],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=CELL_TIMEOUT * 2,
    )
    assert done.returncode == 0, done.stderr
    for verdict in page_verdicts(LESSONS[slug], RERUN_IN_SCRIPT).values():
        assert verdict in done.stdout
    assert "press Check" not in done.stdout
    assert list(tmp_path.iterdir()) == []  # it wrote nothing where it ran


@pytest.fixture
def edited_page(page, base_url):
    open_lesson(page, base_url)
    first = next(cell for cell in lesson_cells(page) if not cell["hidden"])
    replace_code(page, page.locator(f'[data-cell="{first["id"]}"]'), first["code"] + "\nprint('my edit')")
    return page, first


def test_notebook_is_valid_and_holds_prose_code_and_edits(edited_page, tmp_path):
    page, first = edited_page
    path = download(page, NOTEBOOK, tmp_path)
    assert path.name == f"{SLUG}.ipynb"
    notebook = nbformat.read(path, as_version=4)
    nbformat.validate(notebook)
    kinds = [cell.cell_type for cell in notebook.cells]
    assert kinds[0] == "markdown" and notebook.cells[0].source.startswith("# ")
    code = {cell.id: cell.source for cell in notebook.cells if cell.cell_type == "code"}
    assert code[first["id"]].endswith("print('my edit')")
    lesson_ids = [c["id"] for c in lesson_cells(page)]
    assert [id for id in code if id in lesson_ids] == lesson_ids  # every cell, in page order
    assert list(code)[0] == SETUP_ID
    exercises = [c["id"] for c in lesson_cells(page) if c["check"]]
    for exercise in exercises:  # its check cell comes right after it
        assert list(code)[list(code).index(exercise) + 1] == f"check-{exercise}"
    assert any("$" in cell.source for cell in notebook.cells if cell.cell_type == "markdown")  # math kept


def test_python_file_holds_the_edits_and_a_solved_exercise_passes(edited_page, offline_python, tmp_path):
    page, first = edited_page
    exercise = next(cell for cell in lesson_cells(page) if cell["check"])
    cell = page.locator(f'[data-cell="{exercise["id"]}"]')
    cell.get_by_text("Show a solution").click()
    cell.get_by_role("button", name="Put this solution in the editor").click()
    assert editor_text(cell) == exercise["solution"]
    path = download(page, SCRIPT, tmp_path)
    text = path.read_text()
    assert f"# %% {first['id']}" in text and "print('my edit')" in text
    workdir = tmp_path / "run"
    workdir.mkdir()
    done = subprocess.run(
        [*offline_python.prefix, str(offline_python.plain), "-I", str(path)],
        cwd=workdir,
        capture_output=True,
        text=True,
        timeout=CELL_TIMEOUT,
    )
    assert done.returncode == 0, done.stderr
    assert "my edit" in done.stdout
    assert re.search(r"^Correct\. All \d+ cases match ", done.stdout, re.M)


@pytest.mark.service_worker
def test_a_lesson_downloads_offline_once_the_course_is_stored(context, base_url, offline_python, tmp_path):
    page = context.new_page()
    open_lesson(page, base_url, "ndcg")
    expect(page.locator("[data-offline-ready]")).to_contain_text("works offline", timeout=PYTHON_READY_TIMEOUT)
    context.set_offline(True)
    page.goto(f"{base_url}comparing-metrics.html")  # a lesson with charts, opened offline
    path = download(page, SCRIPT, tmp_path)
    workdir = tmp_path / "run"
    workdir.mkdir()
    done = subprocess.run(
        [*offline_python.prefix, str(offline_python.plain), "-I", str(path)],
        cwd=workdir,
        capture_output=True,
        text=True,
        timeout=CELL_TIMEOUT,
    )
    assert done.returncode == 0, done.stderr
