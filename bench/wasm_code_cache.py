"""Does a lesson opened as a new page reuse the compiled Pyodide wasm? Chromium only.

Run on demand (not a test):
    .venv/bin/python bench/wasm_code_cache.py [--linger 6] [--busy 0] [--pages 3]

It builds the site into a temporary folder, serves it with the benches' server
(bench/lib/server.py) and opens, in one persistent Chromium profile (a profile on disk, as a
learner's is: Chromium keeps compiled code on disk, which a Playwright context that is not
persistent may not do), the course's first lesson, waits until its first output, its service
worker and its kept snapshot are in, and `--linger` seconds more (a learner reads). With
`--busy`, its first editable cell then keeps Python busy that many seconds (V8 keeps a module's
code only once enough of it has been optimised). Then the next lessons are opened one after the
other as new pages (`--pages` in all), each traced with Chromium's tracing (the DevTools
protocol's Tracing domain) and lingered on. For each page it prints the WebAssembly events of
its trace (`v8.wasm.moduleCacheHit`: compiled code reused; `v8.wasm.cachedModule`: compiled
code kept, with its size; `v8.wasm.compiledModule`: compiled again) and when the worker's boot
steps ended (ms from the worker's start; "python" includes fetching and compiling the wasm).
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from lib import ROOT  # first: the repository's import roots

from playwright.sync_api import sync_playwright

import build
from browserdrive.find_chromium import LAUNCH_ARGS, find_chromium
from lessonbuild.lessonformat import course_slugs
from lib.conditions import print_start
from lib.pagejs import page_function
from lib.recorder import ARRIVED_JS, add_recorder, page_path
from lib.server import serving
from lib.traffic import Traffic

# Wide enough to catch the embedder's wasm cache events wherever Chromium files them.
TRACE_CATEGORIES = ",".join(
    (
        "v8",
        "v8.wasm",
        "disabled-by-default-v8.wasm.detailed",
        "devtools.timeline",
        "disabled-by-default-devtools.timeline",
        "blink",
        "loading",
    )
)
OUTPUT_TIMEOUT_MS = 180_000
CONTROLLED_JS = page_function("controlled")  # a service worker controls the page
KEPT_JS = page_function("kept")  # the worker kept the unpacked snapshot
SETTLED_JS = page_function("cell_settled")  # a cell is done, or in error
# Plain Python work, the interpreter's hot paths (no library call that could fail).
BUSY_CODE = """import time
deadline = time.monotonic() + {seconds}
rounds = 0
while time.monotonic() < deadline:
    gains = {{f"d{{i}}": i % 4 for i in range(100)}}
    rounds += sum(sorted(gains.values(), reverse=True)[:10]) > 0
print(rounds)
"""


def open_and_wait(page, url: str) -> dict:
    """Open `url` and wait for its first output (the recorder presses Run); the recorder's figures."""
    page.goto(url)
    return json.loads(page.wait_for_function(ARRIVED_JS, arg=page_path(url), timeout=OUTPUT_TIMEOUT_MS).json_value())


def traced(page, action):
    """Run `action()` under Chromium's tracing; returns its value and the trace's wasm events."""
    session = page.context.new_cdp_session(page)
    events: list[dict] = []
    done = []
    session.on("Tracing.dataCollected", lambda params: events.extend(params["value"]))
    session.on("Tracing.tracingComplete", lambda params: done.append(True))
    session.send("Tracing.start", {"categories": TRACE_CATEGORIES, "transferMode": "ReportEvents"})
    try:
        value = action()
    finally:
        session.send("Tracing.end")
        deadline = time.monotonic() + 30
        while not done and time.monotonic() < deadline:
            page.wait_for_timeout(100)
        session.detach()
    wasm = [event for event in events if "wasm" in event.get("name", "").lower()]
    return value, wasm


# The events that tell whether compiled code was kept or reused (Blink's, named v8.wasm.*, and
# V8's (de)serialisation), and the compile work a page did.
TOLD = ("v8.wasm.", "serializ", "deserializ", "cache")
WORK = ("wasm.CompileLazy", "wasm.TopTierCompilation", "wasm.CompileBaseline")


def describe(events: list[dict]) -> list[str]:
    """One line per kind of telling event: its count, its time (ms, where the event has one)
    and the arguments that give sizes."""
    kinds: dict[str, list[dict]] = {}
    for event in events:
        name = event["name"]
        if (
            name in WORK
            or any(part in name.lower() for part in TOLD if part != "v8.wasm.")
            or name.startswith("v8.wasm.")
        ):
            kinds.setdefault(name, []).append(event)
    lines = []
    for name, found in sorted(kinds.items()):
        if name == "v8.wasm.compileConsume":
            continue  # one per chunk of the response fed to the compiler
        ms = sum(event.get("dur", 0) for event in found) / 1000
        sizes = {
            key: value
            for event in found
            for key, value in ((event.get("args") or {}).get("data") or event.get("args") or {}).items()
            if "size" in key.lower()
        }
        lines.append(f"{name} ×{len(found)}" + (f", {ms:.0f} ms" if ms else "") + (f" {sizes}" if sizes else ""))
    return lines


def code_cache_sizes(profile: Path) -> str:
    """What Chromium's code cache holds on disk: its wasm part, and its JavaScript part (the
    page's scripts fill that one, which shows the cache works at all)."""

    def size(folder: Path) -> int:
        return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file()) if folder.exists() else 0

    cache = profile / "Default" / "Code Cache"
    return f"Code Cache/wasm {size(cache / 'wasm') / 1e3:.1f} KB, Code Cache/js {size(cache / 'js') / 1e3:.1f} KB"


def busy(page, seconds: float) -> None:
    """Keep Python busy in the page's first editable cell for `seconds` (the learner runs code)."""
    cell = page.locator("[data-cell]:not([data-readonly])").first
    cell.locator("[role=textbox]").click()
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(BUSY_CODE.format(seconds=seconds))
    cell.get_by_role("button", name="Run").click()
    page.wait_for_function(SETTLED_JS, arg=cell.element_handle(), timeout=60_000)
    state = cell.get_attribute("data-state")
    if state != "done":
        raise SystemExit(f"the busy cell ended in {state}: {cell.locator('[data-output]').inner_text()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--linger", type=float, default=6.0, help="seconds on each page after its output")
    parser.add_argument("--busy", type=float, default=0.0, help="seconds of busy Python on each page, after its output")
    parser.add_argument("--pages", type=int, default=3, help="pages in all, the first included")
    parser.add_argument(
        "--snapshot-use",
        default="auto",
        choices=("auto", "cached", "always", "off"),
        help="the site's snapshot policy (build.py --snapshot-use; default auto)",
    )
    parser.add_argument(
        "--block-service-worker",
        action="store_true",
        help="no service worker (pages get the wasm from the HTTP cache, revalidated): the control",
    )
    parser.add_argument(
        "--js-flags",
        default="",
        help="V8 flags for Chromium, e.g. '--wasm-caching-threshold=1000' to have V8 keep code early: "
        "an instrument to see which delivery lets the next page use kept code, not what learners get",
    )
    args = parser.parse_args()
    slugs = course_slugs(ROOT / "lessons")[: args.pages]
    print_start()
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        out = Path(folder) / "dist"
        build.build(ROOT / "lessons", out, snapshot_use=args.snapshot_use)
        for slug in slugs:
            add_recorder(out / f"{slug}.html")
        profile = Path(folder) / "profile"
        with serving(out, Traffic()) as base:
            context = playwright.chromium.launch_persistent_context(
                profile,
                executable_path=find_chromium(),
                args=[*LAUNCH_ARGS, *([f"--js-flags={args.js_flags}"] if args.js_flags else [])],
                headless=True,
                service_workers="block" if args.block_service_worker else "allow",
            )
            print(f"Chromium {context.browser.version if context.browser else ''}".strip())
            page = context.new_page()
            for index, slug in enumerate(slugs):
                url = f"{base}{slug}.html"

                def visit(url=url, first=index == 0):
                    record = open_and_wait(page, url)
                    if first and not args.block_service_worker:
                        page.wait_for_function(CONTROLLED_JS, timeout=60_000)
                        page.wait_for_selector("[data-offline-ready]", timeout=120_000)
                    if first:
                        page.wait_for_function(KEPT_JS, timeout=30_000)
                    if args.busy:
                        busy(page, args.busy)
                    page.wait_for_timeout(args.linger * 1000)
                    return record

                record, events = traced(page, visit)
                boot = record.get("boot") or {}
                steps = ", ".join(f"{name} {ms:.0f}" for name, ms in (boot.get("steps") or {}).items())
                print(
                    f"\n{slug}: first output at {record['output']:.0f} ms; boot {boot.get('mode')} "
                    f"(steps end at: {steps})"
                )
                for line in describe(events) or ["no wasm events"]:
                    print(f"  {line}")
                print(f"  on disk: {code_cache_sizes(profile)}", flush=True)
            context.close()


if __name__ == "__main__":
    main()
