"""A lesson page's UI contract (docs/ui-contract.md) on any engine's Page: the
runtime status, cells and their output. Used by the cross-engine tests and the page bench."""

from __future__ import annotations

import json

from .base import Page, by_hook, by_role

PYTHON_READY_TIMEOUT_S = 60.0  # a cold Pyodide boot on a loaded 2-core machine
CELL_TIMEOUT_S = 30.0
# A cell's CodeMirror editor: its one textbox once the early editor (the code shown at once) has
# given way (the UI contract: roles and data- hooks, never CSS classes).
EDITOR_SELECTOR = '[role="textbox"]:not([data-early-editor])'


def cell_selector(cell_id: str) -> str:
    return f'[data-cell="{cell_id}"]'


# Every cell and status element, open shadow roots included (embedded cells live in them).
FIND_ALL = """(selector) => {
  const all = (root) => [...root.querySelectorAll(selector),
    ...[...root.querySelectorAll("*")].filter((e) => e.shadowRoot).flatMap((e) => all(e.shadowRoot))];
  return all(document);
}"""


def runtime_status(page: Page) -> str | None:
    """The runtime status's value (idle | loading | ready | busy | error), or None without one."""
    return page.evaluate(f"({FIND_ALL})('[data-runtime-status]').map((e) => e.dataset.runtimeStatus)[0] ?? null")


def wait_until_ready(page: Page, timeout: float = PYTHON_READY_TIMEOUT_S) -> None:
    """Python is ready and every cell has its editor: clicks after this do not race the static
    code being replaced. Fails at once when the page reports an error instead."""
    state = page.wait_for(
        f"""() => {{
      const find = {FIND_ALL};
      const status = find('[data-runtime-status]')[0]?.dataset.runtimeStatus;
      if (status === "error") return "error";
      const editors = find('[data-cell] {EDITOR_SELECTOR}').length;
      return status === "ready" && editors === find('[data-cell]').length && status;
    }}""",
        timeout=timeout,
    )
    if state != "ready":
        text = page.evaluate(f"({FIND_ALL})('[data-runtime-status]')[0]?.textContent")
        raise AssertionError(f"Python did not start: {text}")


def lesson_data(page: Page) -> dict:
    """The JSON the build embeds in a lesson page: cells, quizzes, runtime settings."""
    return json.loads(page.evaluate("document.getElementById('lesson-data').textContent"))


def cell_state(page: Page, cell_id: str) -> str | None:
    return page.evaluate(f"({FIND_ALL})(`{cell_selector(cell_id)}`)[0]?.dataset.state ?? null")


def cell_output(page: Page, cell_id: str) -> str:
    """The text of the cell's output, as a person reads it."""
    return page.evaluate(f"({FIND_ALL})(`{cell_selector(cell_id)} [data-output]`)[0].innerText")


def wait_for_cell(page: Page, cell_id: str, states: tuple[str, ...], timeout: float = CELL_TIMEOUT_S) -> str:
    """Wait until the cell's data-state is one of `states`; returns it."""
    wanted = json.dumps(list(states))
    return page.wait_for(
        f"() => {{ const state = ({FIND_ALL})(`{cell_selector(cell_id)}`)[0]?.dataset.state;"
        f" return {wanted}.includes(state) && state; }}",
        timeout=timeout,
    )


def run_cell(page: Page, cell_id: str, timeout: float = CELL_TIMEOUT_S) -> str:
    """Press the cell's Run button once; returns the state it ends in (done or error)."""
    page.click(by_role("button", "Run", within=cell_selector(cell_id)))
    return wait_for_cell(page, cell_id, ("done", "error"), timeout)


def wait_for_verdict(page: Page, within: str, value: str, timeout: float = CELL_TIMEOUT_S) -> None:
    """Wait until the data-verdict inside `within` (a cell or a quiz form) reads `value`
    (correct | incorrect)."""
    page.wait_for(
        f"() => ({FIND_ALL})(`{within} [data-verdict]`)[0]?.dataset.verdict === {json.dumps(value)}", timeout=timeout
    )


def replace_code(page: Page, cell_id: str, line: str) -> None:
    """Replace the cell's code by one line, typed as a person types it."""
    page.click(by_hook("[role=textbox]", within=cell_selector(cell_id)))
    page.press("Control+a")
    page.type_text(line)
