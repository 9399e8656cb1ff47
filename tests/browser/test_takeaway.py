"""Take the code away: each lesson downloads as a valid Jupyter notebook and as a .py file,
with the learner's current edits."""

from __future__ import annotations

import json
import subprocess
import sys

import nbformat
import pytest

from test_lesson_page import SLUG, lesson_cells, open_lesson, replace_code


def download(page, label, tmp_path):
    with page.expect_download() as info:
        page.get_by_role("button", name=label).click()
    target = tmp_path / info.value.suggested_filename
    info.value.save_as(target)
    return target


@pytest.fixture
def edited_page(page, base_url):
    open_lesson(page, base_url)
    first = next(cell for cell in lesson_cells(page) if not cell["hidden"])
    replace_code(page, page.locator(f'[data-cell="{first["id"]}"]'), first["code"] + "\nprint('my edit')")
    return page, first


def test_notebook_is_valid_and_holds_prose_code_and_edits(edited_page, tmp_path):
    page, first = edited_page
    path = download(page, "Download notebook (.ipynb)", tmp_path)
    assert path.name == f"{SLUG}.ipynb"
    notebook = nbformat.read(path, as_version=4)
    nbformat.validate(notebook)
    kinds = [cell.cell_type for cell in notebook.cells]
    assert kinds[0] == "markdown" and notebook.cells[0].source.startswith("# ")
    code = {cell.id: cell.source for cell in notebook.cells if cell.cell_type == "code"}
    assert code[first["id"]].endswith("print('my edit')")
    assert [c["id"] for c in lesson_cells(page)] == list(code)  # every cell, in page order
    assert any("$" in cell.source for cell in notebook.cells if cell.cell_type == "markdown")  # math kept


def test_python_file_runs_and_holds_the_edits(edited_page, tmp_path):
    page, first = edited_page
    path = download(page, "Download Python (.py)", tmp_path)
    text = path.read_text()
    assert f"# %% {first['id']}" in text and "print('my edit')" in text
    completed = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, timeout=60)
    assert completed.returncode == 0, completed.stderr
    assert "my edit" in completed.stdout
