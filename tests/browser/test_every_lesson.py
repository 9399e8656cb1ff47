"""Every lesson in Chromium: all cells run in order and print what CPython printed (the golden
transcripts), every exercise goes incorrect → correct, and every quiz goes wrong → right."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from conftest import PYTHON_READY_TIMEOUT, ROOT
from test_lesson_page import wait_for_editors

GOLDEN = ROOT / "tests" / "lessons" / "golden"
SLUGS = [line.strip()[2:].split()[0] for line in (ROOT / "lessons" / "index.yml").read_text().splitlines()
         if line.strip().startswith("- ")]


def golden_outputs(slug: str) -> dict[str, str]:
    """cell id -> the output CPython printed, from tests/lessons/golden/SLUG.txt."""
    text = (GOLDEN / f"{slug}.txt").read_text(encoding="utf-8")
    return {part.split("\n", 1)[0]: part.split("\n", 1)[1] if "\n" in part else ""
            for part in re.split(r"(?:^|\n)## ", text) if part}


def normalise(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.strip().splitlines() if line.strip())


@pytest.mark.parametrize("slug", SLUGS)
def test_lesson_runs_checks_and_quizzes(page, base_url, slug):
    page.goto(f"{base_url}{slug}.html")
    expect(page.locator("[data-runtime-status]")).to_have_attribute(
        "data-runtime-status", "ready", timeout=PYTHON_READY_TIMEOUT)
    wait_for_editors(page)
    data = json.loads(page.locator("#lesson-data").text_content())
    golden = golden_outputs(slug)

    for cell_data in data["cells"]:
        if cell_data["hidden"]:
            continue
        cell = page.locator(f'[data-cell="{cell_data["id"]}"]')
        cell.get_by_role("button", name="Run").click()  # one click: nothing on the page moves under it
        expect(cell).to_have_attribute("data-state", "done", timeout=30_000)
        expected = golden[cell_data["id"]]
        if re.match(r"\[(image/svg\+xml|text/html) display\]", expected):
            expect(cell.locator("[data-output] svg, [data-output] .output-rich")).not_to_have_count(0)
        else:
            assert normalise(cell.locator("[data-output]").inner_text()) == normalise(expected), cell_data["id"]

    for cell_data in (c for c in data["cells"] if c["check"]):
        cell = page.locator(f'[data-cell="{cell_data["id"]}"]')
        verdict = cell.locator("[data-verdict]")
        cell.get_by_role("button", name=re.compile("^Check")).click()
        expect(verdict).to_have_attribute("data-verdict", "incorrect", timeout=30_000)
        cell.get_by_text("Show a solution").click()
        cell.get_by_role("button", name="Put this solution in the editor").click()
        cell.get_by_role("button", name=re.compile("^Check")).click()
        expect(verdict).to_have_attribute("data-verdict", "correct", timeout=30_000)

    for quiz_id, answer in data["quizzes"].items():
        form = page.locator(f'form[data-quiz="{quiz_id}"]')
        options = form.locator("input")
        wrong = next(i for i in range(options.count()) if i not in answer["correct"])
        options.nth(wrong).check()
        form.get_by_role("button", name="Check answer").click()
        expect(form.locator("[data-verdict]")).to_have_attribute("data-verdict", "incorrect")
        for i in range(options.count()):
            if answer["multiple"]:
                options.nth(i).set_checked(i in answer["correct"])
            elif i in answer["correct"]:
                options.nth(i).check()
        form.get_by_role("button", name="Check answer").click()
        expect(form.locator("[data-verdict]")).to_have_attribute("data-verdict", "correct")
