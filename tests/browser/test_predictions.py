"""Predict, then run (site/js/lesson/predict.js; UI contract, "Predictions"): a cell's output is held
back until the learner commits to an answer, whoever ran the cell; committing shows a verdict with
one line on why, and the page remembers the answer."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from helpers import PYTHON_READY_TIMEOUT, SLUG, open_lesson

PREDICTION, CELL, LATER_CELL = "order-blind-predict", "order-blind", "write-recall"


def parts(page):
    form = page.locator(f'form[data-predict="{PREDICTION}"]')
    cell = page.locator(f'[data-cell="{CELL}"]')
    return form, cell, cell.locator("[data-output]")


def test_the_output_waits_until_the_learner_commits(page, base_url):
    open_lesson(page, base_url, SLUG)
    form, cell, output = parts(page)
    expect(form.locator("legend")).to_contain_text("which list gets the higher precision@5?")
    expect(output).to_have_attribute("data-held", "true")
    cell.get_by_role("button", name="Run").click()
    expect(cell).to_have_attribute("data-state", "done", timeout=PYTHON_READY_TIMEOUT)
    expect(output).to_be_hidden()  # it ran; what it printed is not shown yet
    expect(cell.locator("[data-held-note]")).to_be_visible()
    explanation = page.locator(f'[data-held-prose="{CELL}"]')  # the text under it tells the answer
    expect(explanation).to_be_hidden()

    form.get_by_role("button", name="Commit").click()
    expect(form.locator("[data-verdict]")).to_have_text("Choose an answer first.")
    form.get_by_label("Neither, they score the same").check()
    form.get_by_role("button", name="Commit").click()
    verdict = form.locator("[data-verdict]")
    expect(verdict).to_have_attribute("data-verdict", "correct")
    expect(verdict).to_contain_text("Right.")
    expect(verdict).to_contain_text("3/5 = 0.60")
    expect(output).to_have_attribute("data-held", "false")
    expect(output).to_be_visible()
    expect(output).to_contain_text("precision@5 = 0.60")
    expect(cell.locator("[data-held-note]")).to_have_count(0)
    expect(explanation).to_be_visible()
    expect(explanation).to_contain_text("Both lists get precision@5 = 0.60")
    expect(form.get_by_label("Neither, they score the same")).to_be_disabled()  # committed
    expect(form.locator("[data-chosen]")).to_have_count(1)


def test_a_later_cell_that_runs_it_first_does_not_give_the_answer_away(page, base_url):
    open_lesson(page, base_url, SLUG)
    form, cell, output = parts(page)
    later = page.locator(f'[data-cell="{LATER_CELL}"]')
    later.get_by_role("button", name="Run").click()  # runs every cell above it first
    expect(later).to_have_attribute("data-state", re.compile("done|error"), timeout=PYTHON_READY_TIMEOUT)
    expect(cell).to_have_attribute("data-state", "done")
    expect(output).to_be_hidden()

    form.get_by_label("The list with its hits at ranks 1, 2, 3").check()
    form.get_by_role("button", name="Commit").click()
    expect(form.locator("[data-verdict]")).to_have_attribute("data-verdict", "incorrect")
    expect(form.locator("[data-verdict]")).to_contain_text("Not quite.")
    expect(output).to_contain_text("precision@5 = 0.60")


def test_a_committed_prediction_is_remembered(page, base_url):
    open_lesson(page, base_url, SLUG)
    form, _, _ = parts(page)
    form.get_by_label("Neither, they score the same").check()
    form.get_by_role("button", name="Commit").click()
    expect(form.locator("[data-verdict]")).to_have_attribute("data-verdict", "correct")
    page.reload()
    form, cell, output = parts(page)
    expect(form.locator("[data-verdict]")).to_have_attribute("data-verdict", "correct")
    expect(form.get_by_label("Neither, they score the same")).to_be_checked()
    expect(output).to_have_attribute("data-held", "false")
    expect(cell.locator("[data-held-note]")).to_have_count(0)
    expect(page.locator(f'[data-held-prose="{CELL}"]')).to_be_visible()


def test_without_scripts_the_explanation_shows(browser, base_url):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{base_url}{SLUG}.html")
    expect(page.locator(f'[data-held-prose="{CELL}"]')).to_be_visible()
    context.close()


def test_each_wrong_tick_of_a_several_answer_prediction_gets_its_explanation(page, base_url):
    """Ticking two wrong options of a prediction with several answers: the verdict gives the
    explanation of each, each named by its option."""
    open_lesson(page, base_url, "user-models")
    form = page.locator('form[data-predict="one-perfect-predict"]')
    form.get_by_label("AP@5", exact=True).check()
    form.get_by_label("NDCG@5", exact=True).check()
    form.get_by_role("button", name="Commit").click()
    verdict = form.locator("[data-verdict]")
    expect(verdict).to_have_attribute("data-verdict", "incorrect")
    expect(verdict).to_have_text(
        re.compile(r"^Not quite\. AP@5: AP counts an item as relevant .*\. NDCG@5: NDCG@5 adds up the discounted gain")
    )
