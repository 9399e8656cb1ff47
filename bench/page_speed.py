"""Page start-up, side by side: a naive Pyodide page against a lesson page.

Run on demand (not a test):
    .venv/bin/python bench/page_speed.py [--runs 5] [--quick] [--lesson SLUG] [--next-lesson SLUG]

It builds the site into a temporary folder, adds a naive page to it (the same Pyodide files,
`loadPyodide` on the main thread, then `print(1)`), serves the folder on localhost with the
dev server (COOP/COEP on) and drives headless Chromium. Every repetition measures, for both
pages, in fresh browser contexts:

  cold       empty cache: open → first output. A lesson's first cell is run the moment its Run
             button answers (the learner presses Run at once); the naive page prints by itself.
  warm       in one context: open lesson A, wait for its first output, for the network to go
             quiet and for its worker to keep the unpacked snapshot (about 1 s after ready; a
             learner reads longer than that), then open lesson B → first output (naive: the
             second open of the naive page).
  warm by link
             the same, but lesson B is opened as a learner does, by lesson A's "Next" link: the
             page swaps B in and keeps its booted Python (site/js/lesson-navigation.js). Timed
             from the click to B's first output; the naive page's warm open is its baseline.
  throttled  cold again with Chromium's network emulation at 20 Mbit/s and 40 ms round trips,
             applied to the page, its workers and any service worker.
  bytes      what the server sent (headers and bodies, as encoded on the wire) on the first
             visit, for the next lesson and on a repeat visit, split into Pyodide's core files
             and the rest ("our own"). Counted by the server, so worker and service-worker
             fetches are all in it.
  round trip once ready, `print(1)` in a cell: Run pressed → the cell is done, timed in the page.

Times are taken in the page (performance.now() from the navigation's start) when the first
cell's `data-state` turns to `done` (naive: when its output element appears). Medians over the
repetitions are printed with the goals from the issue.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "py"), str(ROOT / "tests" / "browser")]

import build  # noqa: E402
from find_chromium import LAUNCH_ARGS, find_chromium  # noqa: E402
from lessonbuild.serve import make_server  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

PYODIDE_CORE = {f"/pyodide/{name}" for name in
                ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")}
THROTTLE = {"offline": False, "latency": 40, "downloadThroughput": 20e6 / 8, "uploadThroughput": 20e6 / 8}
OUTPUT_TIMEOUT_MS = 180_000
KEPT_TIMEOUT_MS = 10_000  # the worker keeps the unpacked snapshot about 1 s after ready
ROUND_TRIPS = 15  # per repetition

# The goals.
COLD_RATIO, THROTTLED_RATIO, WARM_RATIO = 0.4, 1.0, 0.25
OWN_FIRST_VISIT_BYTES, REPEAT_VISIT_BYTES, ROUND_TRIP_MS = 400_000, 50_000, 20.0

NAIVE_PAGE = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Naive Pyodide page</title></head>
<body>
<p>Naive page: Pyodide loaded on the main thread, then <code>print(1)</code>.</p>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
const pyodide = await loadPyodide({ indexURL: "./pyodide/" });
let text = "";
pyodide.setStdout({ batched: (line) => { text += line + "\\n"; } });
pyodide.runPython("print(1)");
const output = document.createElement("pre");
output.id = "naive-output";
output.dataset.ms = String(performance.now());
output.textContent = text;
document.body.append(output);
// The same round trip as a lesson cell's, minus the worker: run, then show the output.
window.naiveRoundTrips = (count) => {
  const times = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    text = "";
    pyodide.runPython("print(1)");
    output.textContent = text;
    times.push(performance.now() - started);
  }
  return { times, text };
};
</script>
</body>
</html>
"""

# Runs in every document before its own scripts: records when the first output appears (and
# when Python reports ready), and presses Run on a lesson's first cell as soon as it answers.
RECORDER = """(() => {
  if (window.__bench) return;
  const bench = (window.__bench = { output: null, state: null, text: "", ready: null, workerAt: null, boot: null, kept: null,
                                    longestTask: 0 });
  // The longest time the page's main thread was busy in one piece (input waits that long).
  if (PerformanceObserver.supportedEntryTypes?.includes("longtask")) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longestTask = Math.max(bench.longestTask, entry.duration);
    }).observe({ type: "longtask", buffered: true });
  }
  // The lesson's worker reports how it booted ({type: "boot", mode, ms, reason, steps}).
  const NativeWorker = window.Worker;
  if (NativeWorker) {
    window.Worker = class extends NativeWorker {
      constructor(...args) {
        super(...args);
        bench.workerAt ??= performance.now();
        this.addEventListener("message", ({ data }) => {
          if (data?.type === "boot") bench.boot ??= data;
          if (data?.type === "kept") bench.kept = data;
        });
      }
    };
  }
  const check = () => {
    const now = performance.now();
    const status = document.querySelector("[data-runtime-status]");
    if (bench.ready === null && status?.dataset.runtimeStatus === "ready") bench.ready = now;
    if (bench.output !== null) return;
    const naive = document.getElementById("naive-output");
    if (naive) {
      bench.output = Number(naive.dataset.ms) || now;
      bench.text = naive.textContent;
      bench.state = bench.text.trim() === "1" ? "done" : "error";
      return;
    }
    const cell = document.querySelector("[data-cell]");
    if (cell && (cell.dataset.state === "done" || cell.dataset.state === "error")) {
      bench.output = now;
      bench.state = cell.dataset.state;
      bench.text = cell.querySelector("[data-output]")?.textContent ?? "";
    }
  };
  new MutationObserver(check).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ["data-state", "data-runtime-status"],
  });
  // A click before the page's script has attached its handler does nothing, so press again
  // until the cell leaves "idle".
  const press = () => {
    if (bench.output !== null) return;
    const cell = document.querySelector("[data-cell]");
    if (cell && cell.dataset.state !== "idle") return;
    if (cell) cell.querySelector('[data-action="run"]')?.click();
    else if (document.readyState === "complete") return; // not a lesson page
    setTimeout(press, 10);
  };
  press();
})();"""

# Run a cell N times, each from the Run click to the cell's `done`, timed in the page.
ROUND_TRIPS_JS = """async ([id, count]) => {
  const cell = document.querySelector(`[data-cell="${CSS.escape(id)}"]`);
  const run = cell.querySelector('[data-action="run"]');
  const once = () => new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`cell stuck in state ${cell.dataset.state}`)), 30000);
    const observer = new MutationObserver(() => {
      const state = cell.dataset.state;
      if (state === "done" || state === "error") {
        observer.disconnect();
        clearTimeout(timer);
        resolve([performance.now(), state]);
      }
    });
    observer.observe(cell, { attributes: true, attributeFilter: ["data-state"] });
    run.click();
  });
  const times = [];
  const states = new Set();
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const [ended, state] = await once();
    times.push(ended - started);
    states.add(state);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { times, states: [...states], text: cell.querySelector("[data-output]").textContent };
}"""


# Open the next lesson by its "Next" link, press Run on its first cell as soon as that cell is
# the new lesson's, and time click → output (ms) in the page. The page must stay the same
# document: a full load would destroy this script's context (the caller reports that).
NEXT_BY_LINK_JS = """async (nextPath) => {
  const oldCell = document.querySelector("[data-cell]");
  const started = performance.now();
  document.querySelector('a[rel="next"]').click();
  const tick = () => new Promise((resolve) => setTimeout(resolve, 2));
  const deadline = started + 30000;
  let cell = null;
  for (;;) {
    cell = document.querySelector("[data-cell]");
    if (location.pathname.endsWith(nextPath) && cell && cell !== oldCell && cell.dataset.state === "idle") break;
    if (performance.now() > deadline) throw new Error("the next lesson did not come in");
    await tick();
  }
  cell.querySelector('[data-action="run"]').click();
  while (!["done", "error"].includes(cell.dataset.state)) {
    if (performance.now() > deadline) throw new Error(`its first cell is stuck in state ${cell.dataset.state}`);
    await tick();
  }
  return { ms: performance.now() - started, state: cell.dataset.state,
           text: cell.querySelector("[data-output]")?.textContent ?? "" };
}"""


# --- the server: the dev server, counting what it sends -------------------------------------

class Traffic:
    """What the server sent: one entry per request, [path, bytes], plus when it last wrote."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.entries: list[list] = []
        self.active = 0
        self.last = time.monotonic()

    def mark(self) -> int:
        with self.lock:
            return len(self.entries)

    def since(self, mark: int) -> list[tuple[str, int]]:
        with self.lock:
            return [(path, size) for path, size in self.entries[mark:]]

    def settle(self, quiet: float = 1.0, limit: float = 30.0) -> bool:
        """Wait until no request is open and nothing was sent for `quiet` seconds."""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            with self.lock:
                idle = self.active == 0 and time.monotonic() - self.last >= quiet
            if idle:
                return True
            time.sleep(0.1)
        return False


class CountingWriter:
    """Wraps a handler's wfile: adds every byte written to the handler's traffic entry."""

    def __init__(self, wfile, handler) -> None:
        self._wfile, self._handler = wfile, handler

    def write(self, data) -> int:
        written = self._wfile.write(data)
        self._handler.count(len(data))
        return written

    def __getattr__(self, name):
        return getattr(self._wfile, name)


def counting_server(folder: Path, traffic: Traffic):
    """`lessonbuild.serve.make_server`, counting bytes sent per request path. The naive page gets
    no Content-Security-Policy (the site's forbids inline scripts and eval, which it needs)."""
    server = make_server(folder, 0, quiet=True)
    factory = server.RequestHandlerClass  # functools.partial(handler class, directory=...)

    class Handler(getattr(factory, "func", factory)):
        entry = None

        def setup(self) -> None:
            super().setup()
            self.wfile = CountingWriter(self.wfile, self)

        def handle_one_request(self) -> None:
            with traffic.lock:
                traffic.active += 1
            try:
                super().handle_one_request()
            finally:
                with traffic.lock:
                    traffic.active -= 1
                    traffic.last = time.monotonic()

        def count(self, size: int) -> None:
            with traffic.lock:
                if self.entry is None:
                    self.entry = [getattr(self, "path", "?").split("?", 1)[0], 0]
                    traffic.entries.append(self.entry)
                self.entry[1] += size
                traffic.last = time.monotonic()

        def send_header(self, keyword: str, value: str) -> None:
            if keyword == "Content-Security-Policy" and getattr(self, "path", "").startswith("/naive"):
                return
            super().send_header(keyword, value)

    def handle_error(request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a closed context's dropped request
            type(server).handle_error(server, request, client_address)

    server.handle_error = handle_error
    server.RequestHandlerClass = functools.partial(Handler, *getattr(factory, "args", ()),
                                                   **getattr(factory, "keywords", {}))
    return server


def split_bytes(entries: list[tuple[str, int]]) -> dict[str, int]:
    core = sum(size for path, size in entries if path in PYODIDE_CORE)
    total = sum(size for _, size in entries)
    return {"core": core, "own": total - core, "total": total}


# --- the browser ------------------------------------------------------------------------------

class Bench:
    def __init__(self, browser, base_url: str, traffic: Traffic, lesson: str, next_lesson: str) -> None:
        self.browser, self.base, self.traffic = browser, base_url, traffic
        self.lesson_url = f"{base_url}{lesson}.html"
        self.next_url = f"{base_url}{next_lesson}.html"
        self.naive_url = f"{base_url}naive.html"
        self.results: dict[str, list] = {}
        self.warnings: list[str] = []
        self.own_files: dict[str, list[int]] = {}

    def add(self, key: str, value) -> None:
        self.results.setdefault(key, []).append(value)

    def add_boot(self, scenario: str, record: dict) -> None:
        """Keep how the lesson's worker booted: when it started, its mode and times."""
        boot = record.get("boot") or {}
        mode = boot.get("mode")
        if mode == "snapshot" and boot.get("unpacked"):
            mode = "snapshot (kept unpacked copy)"
        self.add(f"boot {scenario}", {"worker": record.get("workerAt"), "mode": mode, "ms": boot.get("ms"),
                                      "reason": boot.get("reason"),
                                      "steps": boot.get("steps") or {}})

    def new_page(self, throttled: bool = False):
        context = self.browser.new_context(service_workers="allow")
        context.add_init_script(RECORDER)
        page = context.new_page()
        page.on("pageerror", lambda error: self.warnings.append(f"{page.url}: uncaught {error}"))
        if throttled:
            throttle(context, page, self.warnings)
        return context, page

    def open(self, page, url: str) -> dict:
        """Open `url` and wait for its first output; returns the recorder's figures (ms)."""
        page.goto(url, wait_until="commit", timeout=OUTPUT_TIMEOUT_MS)
        page.wait_for_function("() => window.__bench && window.__bench.output !== null",
                               polling=20, timeout=OUTPUT_TIMEOUT_MS)
        record = page.evaluate("() => window.__bench")
        if record["state"] != "done":
            raise SystemExit(f"{url}: the first output is an error, not a result:\n{record['text']}")
        return record

    def visit(self, page, url: str) -> tuple[dict, dict[str, int], list[tuple[str, int]]]:
        """Open `url`, then wait for the network to go quiet; returns figures and bytes sent."""
        mark = self.traffic.mark()
        record = self.open(page, url)
        record["sent at output"] = split_bytes(self.traffic.since(mark))
        if not self.traffic.settle():
            self.warnings.append(f"{url}: the network was still busy 30 s after the first output")
        entries = self.traffic.since(mark)
        return record, split_bytes(entries), entries

    def naive(self) -> None:
        context, page = self.new_page()
        record, sent, _ = self.visit(page, self.naive_url)
        self.add("naive cold", record["output"])
        self.add("naive longest task", page.evaluate("() => window.__bench.longestTask"))
        self.add("naive bytes at output", record["sent at output"])
        self.add("naive first bytes", sent)
        record, sent, _ = self.visit(page, self.naive_url)
        self.add("naive warm", record["output"])
        self.add("naive repeat bytes", sent)
        rounds = page.evaluate("(count) => window.naiveRoundTrips(count)", ROUND_TRIPS)
        self.results.setdefault("naive round trip", []).extend(rounds["times"])
        context.close()

    def lesson(self) -> None:
        context, page = self.new_page()
        record, sent, entries = self.visit(page, self.lesson_url)
        self.add("lesson cold", record["output"])
        self.add_boot("cold", record)
        self.add("lesson bytes at output", record["sent at output"])
        if record["ready"] is not None:
            self.add("lesson cold ready", record["ready"])
        self.add("lesson first bytes", sent)
        per_path: dict[str, int] = {}
        for path, size in entries:
            if path not in PYODIDE_CORE:
                per_path[path] = per_path.get(path, 0) + size
        for path, size in per_path.items():
            self.own_files.setdefault(path, []).append(size)
        # A learner reads a lesson for more than a few seconds: let the worker finish keeping
        # the unpacked snapshot for the next page, as it would have by then.
        try:
            page.wait_for_function("() => window.__bench.kept !== null", timeout=KEPT_TIMEOUT_MS, polling=100)
            kept = page.evaluate("() => window.__bench.kept")
            if not kept["ok"]:
                self.warnings.append(f"{self.lesson_url}: the worker kept no unpacked snapshot: {kept['reason']}")
        except PlaywrightTimeoutError:
            self.warnings.append(f"{self.lesson_url}: the worker kept no unpacked snapshot within {KEPT_TIMEOUT_MS} ms")
        # By now the editors are in too (they load once the first run is done).
        self.add("lesson longest task", page.evaluate("() => window.__bench.longestTask"))
        mark = self.traffic.mark()
        try:
            by_link = page.evaluate(NEXT_BY_LINK_JS, self.next_url.rsplit("/", 1)[-1])
        except Exception as error:  # the link loaded a whole page, or the lesson never came
            self.warnings.append(f"{self.lesson_url}: opening the next lesson by its link: {error}".splitlines()[0])
        else:
            if by_link["state"] != "done":
                raise SystemExit(f"{self.next_url} (by link): the first output is an error:\n{by_link['text']}")
            self.add("lesson warm by link", by_link["ms"])
            self.traffic.settle()
            self.add("lesson next by link bytes", split_bytes(self.traffic.since(mark)))
        record, sent, _ = self.visit(page, self.next_url)
        self.add("lesson warm", record["output"])
        self.add_boot("warm", record)
        self.add("lesson next bytes", sent)
        record, sent, _ = self.visit(page, self.lesson_url)
        self.add("lesson repeat", record["output"])
        self.add("lesson repeat bytes", sent)
        self.results.setdefault("lesson round trip", []).extend(lesson_round_trips(page, ROUND_TRIPS))
        context.close()

    def throttled(self, kind: str) -> None:
        context, page = self.new_page(throttled=True)
        mark = self.traffic.mark()
        record = self.open(page, self.naive_url if kind == "naive" else self.lesson_url)
        self.add(f"{kind} throttled", record["output"])
        entries = self.traffic.since(mark)
        if kind == "lesson":
            # Downloads the lesson's first output does not wait for: the full standard library
            # (Python starts with the small one) and, after a normal boot, the snapshot (the
            # worker stopped its download). What the server wrote of them into the socket by
            # then had not necessarily reached the page.
            background = ["/pyodide/python_stdlib.zip"]
            if (record.get("boot") or {}).get("mode") == "normal":
                background.append("snapshot.bin")
            entries = [(path, size) for path, size in entries if not any(name in path for name in background)]
        self.add(f"{kind} throttled bytes at output", split_bytes(entries))
        if kind == "lesson":
            self.add_boot("throttled", record)
        context.close()
        self.traffic.settle()  # let the closed context's last requests end before the next run


def throttle(context, page, warnings: list[str]) -> None:
    """Emulate a 20 Mbit/s, 40 ms network for the page and every worker it starts, service
    workers included: those are targets of their own, which the page's emulation misses. They
    are attached paused, throttled, then let go."""
    session = context.new_cdp_session(page)
    session.send("Network.emulateNetworkConditions", THROTTLE)
    ids = itertools.count(1)

    def attached(event) -> None:
        for method, params in (("Network.emulateNetworkConditions", THROTTLE),
                               ("Runtime.runIfWaitingForDebugger", {})):
            message = json.dumps({"id": next(ids), "method": method, "params": params})
            try:
                session.send("Target.sendMessageToTarget", {"sessionId": event["sessionId"], "message": message})
            except Exception as error:  # noqa: BLE001 - report and go on unthrottled
                warnings.append(f"could not throttle a {event['targetInfo']['type']}: {error}")

    session.on("Target.attachedToTarget", attached)
    session.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": False})


def lesson_round_trips(page, count: int) -> list[float]:
    """Put `print(1)` in the first editable cell, run it once (earlier cells may run with it),
    then time `count` runs."""
    cell = page.locator("[data-cell]:not([data-readonly])").first
    cell_id = cell.get_attribute("data-cell")
    editor = cell.get_by_role("textbox")
    editor.click()
    page.keyboard.press("Control+A")
    page.keyboard.insert_text("print(1)")
    page.evaluate(ROUND_TRIPS_JS, [cell_id, 1])
    rounds = page.evaluate(ROUND_TRIPS_JS, [cell_id, count])
    if rounds["states"] != ["done"] or rounds["text"].strip() != "1":
        raise SystemExit(f"print(1) in cell {cell_id} did not print 1: {rounds}")
    return rounds["times"]


# --- the report -------------------------------------------------------------------------------

def median(values: list[float]) -> float:
    return statistics.median(values)


def seconds(values: list[float]) -> str:
    return f"{median(values) / 1000:.2f} s ({min(values) / 1000:.2f}–{max(values) / 1000:.2f})"


def megabytes(size: float) -> str:
    return f"{size / 1e6:.2f} MB" if size >= 1e6 else f"{size / 1e3:.1f} KB"


def report(bench: Bench, runs: int, lesson: str, next_lesson: str, chromium: str, snapshot_use: str) -> None:
    r = bench.results
    print(f"\nPage start-up: naive Pyodide page vs lesson '{lesson}' (then '{next_lesson}')")
    print(f"Chromium {chromium}, headless, localhost, {runs} run(s), snapshot use '{snapshot_use}'; "
          "medians (min–max)\n")
    rows = [("scenario", "naive", "lesson", "ratio", "goal", "met?")]
    verdicts = {}
    for key, label, goal in (("cold", "cold: open → first output", COLD_RATIO),
                             ("warm", "warm: next lesson, new page", WARM_RATIO),
                             ("warm by link", "warm: next lesson by its link", WARM_RATIO),
                             ("throttled", "throttled cold (20 Mbit/s, 40 ms)", THROTTLED_RATIO)):
        if not r.get(f"lesson {key}"):
            continue  # the link loaded a whole page: see the warnings
        naive_key = "warm" if key == "warm by link" else key
        ratio = median(r[f"lesson {key}"]) / median(r[f"naive {naive_key}"])
        verdicts[key] = ratio <= goal
        rows.append((label, seconds(r[f"naive {naive_key}"]), seconds(r[f"lesson {key}"]), f"{ratio:.2f}×",
                     f"≤ {goal:.2f}×", "yes" if verdicts[key] else "NO"))
    naive_rt, lesson_rt = median(r["naive round trip"]), median(r["lesson round trip"])
    rows.append(("print(1) round trip, ready", f"{naive_rt:.1f} ms", f"{lesson_rt:.1f} ms", "",
                 f"≤ {ROUND_TRIP_MS:.0f} ms", "yes" if lesson_rt <= ROUND_TRIP_MS else "NO"))
    table(rows)
    extra = [f"lesson repeat visit (reopen '{lesson}'): {seconds(r['lesson repeat'])}"]
    if r.get("lesson cold ready"):
        extra.append(f"lesson cold, Python ready: {seconds(r['lesson cold ready'])}")
    for scenario in ("cold", "warm", "throttled"):
        boots = r.get(f"boot {scenario}", [])
        if not boots:
            continue
        modes = ", ".join(f"{mode} ×{count}" for mode, count in sorted(
            {b["mode"]: sum(1 for x in boots if x["mode"] == b["mode"]) for b in boots}.items(), key=str))
        reasons = sorted({b["reason"] for b in boots if b["reason"]})
        starts = [b["worker"] for b in boots if b["worker"] is not None]
        times = [b["ms"] for b in boots if b["ms"] is not None]
        names = list(dict.fromkeys(name for b in boots for name in b["steps"]))
        steps = ", ".join(f"{name} {median([b['steps'][name] for b in boots if name in b['steps']]):.0f}"
                          for name in names)
        extra.append(f"lesson {scenario}: boot {modes}; worker made at {median(starts):.0f} ms, boot took "
                     f"{median(times):.0f} ms (steps end at: {steps})" + (f"; {'; '.join(reasons)}" if reasons else ""))
    extra.append(f"longest main-thread task, cold: naive {median(r['naive longest task']):.0f} ms; lesson "
                 f"{median(r['lesson longest task']):.0f} ms (its first seconds, editors included)")
    extra.append("naive warm = its second open in the same context (the baseline of both warm rows); "
                 "new page = the next lesson's address opened as a page; by its link = the learner's "
                 "way, which keeps Python")
    extra.append("round trips: "
                 f"{len(r['lesson round trip'])} per page, naive on the main thread, the lesson in its worker")
    for line in extra:
        print(f"  {line}")

    def part(key: str, name: str) -> float:
        return median([sent[name] for sent in r[key]])

    print("\nBytes over the network (sent by the server, headers included; medians)\n")
    own_first = part("lesson first bytes", "own")
    if own_first <= OWN_FIRST_VISIT_BYTES:
        first_met = "yes"
    else:
        # The goal's exception: a snapshot that pays for its bytes on the throttled run, i.e. the
        # throttled lesson booted from it and still met its goal.
        throttled_modes = [boot["mode"] for boot in r.get("boot throttled", [])]
        from_snapshot = bool(throttled_modes) and all(mode.startswith("snapshot") for mode in throttled_modes)
        if from_snapshot and verdicts["throttled"]:
            first_met = "yes: the snapshot pays on the throttled run"
        else:
            first_met = "NO" if from_snapshot else "NO (throttled: no snapshot)"
    rows = [("visit", "naive", "lesson core", "lesson own", "lesson total", "goal", "met?"),
            ("first visit", megabytes(part("naive first bytes", "total")), megabytes(part("lesson first bytes", "core")),
             megabytes(own_first), megabytes(part("lesson first bytes", "total")),
             f"own ≤ {OWN_FIRST_VISIT_BYTES // 1000} KB", first_met),
            ("  of it, by the first output", megabytes(part("naive bytes at output", "total")),
             megabytes(part("lesson bytes at output", "core")), megabytes(part("lesson bytes at output", "own")),
             megabytes(part("lesson bytes at output", "total")), "", ""),
            ("next lesson (warm, new page)", "", megabytes(part("lesson next bytes", "core")),
             megabytes(part("lesson next bytes", "own")), megabytes(part("lesson next bytes", "total")), "", ""),
            ("repeat visit", megabytes(part("naive repeat bytes", "total")), megabytes(part("lesson repeat bytes", "core")),
             megabytes(part("lesson repeat bytes", "own")), megabytes(part("lesson repeat bytes", "total")),
             f"total ≤ {REPEAT_VISIT_BYTES // 1000} KB",
             "yes" if part("lesson repeat bytes", "total") <= REPEAT_VISIT_BYTES else "NO")]
    if r.get("lesson next by link bytes"):
        rows.insert(-1, ("next lesson (warm, by link)", "", megabytes(part("lesson next by link bytes", "core")),
                         megabytes(part("lesson next by link bytes", "own")),
                         megabytes(part("lesson next by link bytes", "total")), "", ""))
    table(rows)
    biggest = sorted(((median(sizes), path) for path, sizes in bench.own_files.items()), reverse=True)[:6]
    print("  our own on the first visit, the biggest: "
          + "; ".join(f"{path.rsplit('/', 1)[-1]} {megabytes(size)}" for size, path in biggest))

    # The throttled runs are only honest if every byte went through the emulated network.
    for kind in ("naive", "lesson"):
        floor = part(f"{kind} throttled bytes at output", "total") * 8 / 20e6 * 1000
        if median(r[f"{kind} throttled"]) < floor:
            bench.warnings.append(f"{kind}: throttled cold ({median(r[f'{kind} throttled']) / 1000:.2f} s) is under "
                                  f"the time its bytes need at 20 Mbit/s ({floor / 1000:.2f} s): "
                                  "some requests escaped the network emulation")
    for warning in dict.fromkeys(bench.warnings):
        print(f"WARNING: {warning}")


def table(rows: list[tuple]) -> None:
    widths = [max(len(str(row[i])) for row in rows) for i in range(len(rows[0]))]
    for index, row in enumerate(rows):
        print("  " + "  ".join(str(cell).ljust(width) for cell, width in zip(row, widths)).rstrip())
        if index == 0:
            print("  " + "  ".join("-" * width for width in widths))


def lesson_slugs() -> list[str]:
    text = (ROOT / "lessons" / "index.yml").read_text(encoding="utf-8")
    return [line.strip()[2:].split()[0] for line in text.splitlines() if line.strip().startswith("- ")]


def main() -> None:
    slugs = lesson_slugs()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="repetitions (default 5)")
    parser.add_argument("--quick", action="store_true", help="one repetition")
    parser.add_argument("--lesson", default=slugs[0], help=f"first lesson (default {slugs[0]})")
    parser.add_argument("--next-lesson", default=slugs[1], help=f"lesson opened next (default {slugs[1]})")
    parser.add_argument("--snapshot-use", default="auto", choices=("auto", "cached", "always", "off"),
                        help="the site's snapshot policy (build.py --snapshot-use; default auto)")
    args = parser.parse_args()
    runs = 1 if args.quick else args.runs
    chromium = find_chromium()
    if chromium is None:
        raise SystemExit("No Chromium found: run 'make test' (it installs one).")
    started = time.monotonic()
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "dist"
        build.build(ROOT / "lessons", out, snapshot_use=args.snapshot_use)
        (out / "naive.html").write_text(NAIVE_PAGE, encoding="utf-8")
        traffic = Traffic()
        server = counting_server(out, traffic)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=LAUNCH_ARGS)
            bench = Bench(browser, base, traffic, args.lesson, args.next_lesson)
            # One untimed pass of each, so the first timed run does not pay for a cold browser.
            for url in (bench.naive_url, bench.lesson_url):
                context, page = bench.new_page()
                bench.open(page, url)
                context.close()
                traffic.settle()
            for run in range(runs):
                print(f"run {run + 1}/{runs} …", flush=True)
                order = ["naive", "lesson"] if run % 2 == 0 else ["lesson", "naive"]
                for kind in order:
                    getattr(bench, kind)()
                for kind in order:
                    bench.throttled(kind)
                print("  " + "; ".join(f"{key} {bench.results[key][-1] / 1000:.2f} s" for key in (
                    "naive cold", "lesson cold", "naive warm", "lesson warm", "lesson warm by link",
                    "lesson repeat", "naive throttled", "lesson throttled") if bench.results.get(key)), flush=True)
            version = browser.version
            browser.close()
        server.shutdown()
        server.server_close()
    load = (load_before, os.getloadavg()[0])
    if max(load) > (os.cpu_count() or 1) / 2:
        bench.warnings.append(f"the machine was busy (load average {load[0]:.1f} before, {load[1]:.1f} after, "
                              f"{os.cpu_count()} cores): other work slows both pages; run again when it is idle")
    report(bench, runs, args.lesson, args.next_lesson, version, args.snapshot_use)
    print(f"\n({time.monotonic() - started:.0f} s in all; load average {load[0]:.1f} before, {load[1]:.1f} after)")


if __name__ == "__main__":
    main()
