"""The JavaScript the benches run in pages: one function per file of bench/js/, read at run time.

Each file holds one function's source (its comments inside it), evaluated as it is: passed to
an engine's `evaluate`/`wait_for`, or called with arguments as an inline or init script."""

from __future__ import annotations

import json
from pathlib import Path

JS_FOLDER = Path(__file__).resolve().parents[1] / "js"


def page_function(name: str) -> str:
    """The source of bench/js/NAME.js, without the final semicolon of its statement (an engine's
    `evaluate` takes a function's source). Raises FileNotFoundError when there is no such file."""
    return (JS_FOLDER / f"{name}.js").read_text(encoding="utf-8").strip().removesuffix(";")


def as_script(name: str, *args) -> str:
    """bench/js/NAME.js called with `args` (each passed as its JSON text), as a script's source:
    for an inline script or a browser's init script."""
    return f"({page_function(name)})({', '.join(json.dumps(arg) for arg in args)});"


def call(page, js: str, *args):
    """Call the function source `js`, one that returns JSON text, in the page with `args` (an
    engine's page: browserdrive.engines); its value decoded, or None when it returned none.
    JSON comes back alike from every engine's driver, nested objects included."""
    text = page.evaluate(js, *args)
    return None if text is None else json.loads(text)


def wait_json(page, js: str, *args, timeout: float):
    """Wait up to `timeout` seconds until the function source `js` returns JSON text; that value,
    decoded. Raises TimeoutError (the engine's page's `wait_for`) when it never does."""
    return json.loads(page.wait_for(js, *args, timeout=timeout))
