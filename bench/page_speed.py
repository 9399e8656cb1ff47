"""Page start-up, side by side: a naive Pyodide page against a lesson page, in each engine.

Run on demand (not a test):
    .venv/bin/python bench/page_speed.py [--engine chromium|firefox|webkit|all] [--runs 5] [--quick]
                                         [--lesson SLUG] [--next-lesson SLUG] [--server-throttle]

It builds the site into a temporary folder, adds a naive page to it (the same Pyodide files,
`loadPyodide` on the main thread, then `print(1)`), serves the folder on localhost with the
dev server (COOP/COEP on) and drives the engine through the engine interface the tests use
(py/browserdrive/engines: Playwright for headless Chromium, WebDriver BiDi for Firefox, WebDriver
for WebKitGTK). The default engine is Chromium. Every scenario below gets a fresh browser
context where the engine has one and always a server of its own (a new port, so a new origin:
no cache, storage or service worker carries over, which is what makes WebKit's single window
start empty). Every repetition measures, for both pages:

  cold       empty cache: open → first output. A lesson's first cell is run the moment its Run
             button answers (the learner presses Run at once); the naive page prints by itself.
  warm       in one context: open lesson A, wait for its first output, for the network to go
             quiet and for its worker to keep the unpacked snapshot (about 1 s after ready; a
             learner reads longer than that), then open lesson B → first output (naive: the
             second open of the naive page).
  edit first the learner who edits before running: open → click into the first editable
             cell's code as soon as it can be clicked → select all → type `print('x')` → press
             its Run button → its output, timed like the others from the navigation's start;
             cold, then the next lesson opened as a new page once lesson A kept its snapshot.
             Divided by the naive page's open → first output (cold, warm). The same runs give
             click → caret: from the pointer going down on the code to the first frame with a
             caret in it (a bench figure: the early editor gives it; see early-editor.js).
  warm by link
             the same, but lesson B is opened as a learner does, by lesson A's "Next" link: where
             the engine has the Navigation API the page swaps B in and keeps its booted Python
             (site/js/lesson/lesson-navigation.js); elsewhere (WebKit) the link loads a whole page, and
             the report says so. Timed from the click to B's first output; the naive page's warm
             open is its baseline.
  throttled  cold again at 20 Mbit/s and 40 ms round trips. Chromium emulates that network
             itself for the page, its workers and any service worker; the other engines cannot,
             so their server throttles instead (`--server-throttle` makes Chromium's do so too):
             every response waits 40 ms after its request before its first byte, and all
             responses share one 20 Mbit/s link (see ThrottledLink in bench/lib/network.py).
  bytes      what the server sent (headers and bodies, as encoded on the wire) on the first
             visit, for the next lesson and on a repeat visit, split into Pyodide's core files
             and the rest ("our own"). Counted by the server, so worker and service-worker
             fetches are all in it.
  round trip once ready, `print(1)` in a cell: Run pressed → the cell is done, timed in the page.

Times are taken in the page (performance.now() from the navigation's start) when the first
cell's `data-state` turns to `done` (naive: when its output element appears), by a recorder the
bench writes into the pages it opens (bench/js/recorder.js, an inline script allowed by its hash
in the page's Content-Security-Policy), so it runs before the page's own scripts in every engine.
Medians over the repetitions are printed with the goals below (COLD_RATIO...); `--engine all`
ends with one table of every engine's ratios. The naive page is bench/pages/naive.html.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import tempfile
from pathlib import Path

from lib import ROOT  # first: the repository's import roots

import build
from browserdrive.engines import ENGINES, EngineError, by_role, launch, missing
from browserdrive.engines.lesson import cell_selector, replace_code, wait_until_ready
from lessonbuild.lessonformat import course_slugs
from lessonbuild.snapshot import SNAPSHOT_PATH
from lessonbuild.stdlib import STDLIB_PATH
from lib.conditions import print_end, print_start
from lib.network import THROTTLE_BITS_PER_S, THROTTLE_LABEL, emulate_slow_network
from lib.pagejs import call, page_function, wait_json
from lib.recorder import ARRIVED_JS, EDIT_FIRST_HASH, EDITABLE_CELL, add_recorder, page_path
from lib.report import median, megabytes, seconds, table
from lib.server import serving
from lib.traffic import PYODIDE_CORE, Traffic, split_bytes

OUTPUT_TIMEOUT_S = 180.0
KEPT_TIMEOUT_S = 10.0  # the worker keeps the unpacked snapshot about 1 s after ready
ROUND_TRIPS = 15  # per repetition

# The goals: lesson ÷ naive page, first output.
COLD_RATIO, THROTTLED_RATIO, WARM_RATIO = 0.4, 1.0, 0.25
OWN_FIRST_VISIT_BYTES, REPEAT_VISIT_BYTES, ROUND_TRIP_MS = 400_000, 50_000, 20.0

# The naive page: Pyodide loaded on the main thread, then print(1).
NAIVE_PAGE = ROOT / "bench" / "pages" / "naive.html"

# The learner who edits first: the page is opened with EDIT_FIRST_HASH, and the bench clicks into
# the first editable cell's code, selects all, types EDIT_FIRST_CODE and presses Run.
EDIT_FIRST_CODE, EDIT_FIRST_OUTPUT = "print('x')", "x"

# The page functions (bench/js/), and the recorder's (lib.recorder).
ROUND_TRIPS_JS = page_function("round_trips")  # a cell run N times, each Run click → `done`
STUCK_JS = page_function("stuck")  # where a page that gave no first output stands
NEXT_BY_LINK_JS = page_function("next_by_link")  # click → the next lesson's first output
BY_LINK_DONE_JS = page_function("by_link_done")  # how that went, once it has
LEAVE_JS = page_function("leave")
FIGURE_JS = page_function("figure")
KEPT_JS = page_function("kept")
CELL_ID_JS = page_function("cell_id")
NAIVE_ROUND_TRIPS_JS = page_function("naive_round_trips")


# --- the browser ------------------------------------------------------------------------------


class Bench:
    """One engine's measurements: `naive()`, `lesson()` and `throttled(kind)` add one repetition
    each to `results`."""

    def __init__(
        self, browser, folder: Path, traffic: Traffic, lesson: str, next_lesson: str, server_throttle: bool = False
    ) -> None:
        self.browser, self.folder, self.traffic = browser, folder, traffic
        self.engine = browser.engine
        self.lesson_page, self.next_page = f"{lesson}.html", f"{next_lesson}.html"
        # Only Chromium emulates a slow network itself; the other engines get a throttled server.
        self.emulates_network = self.engine == "chromium" and not server_throttle
        self.results: dict[str, list] = {}
        self.warnings: list[str] = []
        self.own_files: dict[str, list[int]] = {}
        self.by_link_how: set[str] = set()

    @property
    def throttled_by(self) -> str:
        return "Chromium's network emulation" if self.emulates_network else "the bench's server"

    def add(self, key: str, value) -> None:
        self.results.setdefault(key, []).append(value)

    def add_boot(self, scenario: str, record: dict) -> None:
        """Keep how the lesson's worker booted: when it started, its mode and times."""
        boot = record.get("boot") or {}
        mode = boot.get("mode")
        if mode == "snapshot" and boot.get("unpacked"):
            mode = "snapshot (kept unpacked copy)"
        self.add(
            f"boot {scenario}",
            {
                "worker": record.get("workerAt"),
                "mode": mode,
                "ms": boot.get("ms"),
                "reason": boot.get("reason"),
                "steps": boot.get("steps") or {},
            },
        )

    @contextlib.contextmanager
    def scenario(self, throttled: bool = False):
        """A fresh page (a fresh context where the engine has them) on a server of its own;
        yields the page and the server's base address."""
        with serving(self.folder, self.traffic, throttled=throttled and not self.emulates_network) as base:
            page = self.browser.new_page()
            try:
                if throttled and self.emulates_network:
                    emulate_slow_network(page, self.warnings)
                yield page, base
            finally:
                self.warnings.extend(f"{self.engine}: uncaught {error}" for error in getattr(page, "errors", []))
                page.close()

    def open(self, page, url: str, edit_first: bool = False) -> dict:
        """Open `url` in the page and wait for its first output; returns the recorder's
        figures (ms). With `edit_first`, the learner edits the first editable cell before
        running it (edit_first_run): its output is the one timed, and is returned even when it
        is an error, for the caller to judge (a lost keystroke is a finding, not a crash)."""
        # Opened by the driver (a browser-initiated navigation: a change of `location` made by the
        # page would be swapped in place by the lesson's navigation); the document being left is
        # marked first, so that waiting for the new one's figures cannot read the old one's.
        page.evaluate(LEAVE_JS)
        page.goto(url + (EDIT_FIRST_HASH if edit_first else ""))
        # goto returns after the load event; the figures are the page's own, so no matter
        if edit_first:
            edit_first_run(page)
        try:
            record = wait_json(page, ARRIVED_JS, page_path(url), timeout=OUTPUT_TIMEOUT_S)
        except TimeoutError:
            raise SystemExit(
                f"{self.engine}: {url} gave no first output within {OUTPUT_TIMEOUT_S:.0f} s; "
                f"the page says: {page.evaluate(STUCK_JS)}"
            ) from None
        if record["state"] != "done" and not edit_first:
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

    def warm_up(self) -> None:
        """One untimed open of each page, so the first timed run does not pay for a cold browser."""
        for name in ("naive.html", self.lesson_page):
            with self.scenario() as (page, base):
                self.open(page, base + name)

    def naive(self) -> None:
        with self.scenario() as (page, base):
            url = base + "naive.html"
            record, sent, _ = self.visit(page, url)
            self.add("naive cold", record["output"])
            self.add("naive longest task", call(page, FIGURE_JS, "longestTask"))
            self.add("naive bytes at output", record["sent at output"])
            self.add("naive first bytes", sent)
            record, sent, _ = self.visit(page, url)
            self.add("naive warm", record["output"])
            self.add("naive repeat bytes", sent)
            rounds = call(page, NAIVE_ROUND_TRIPS_JS, ROUND_TRIPS)
            self.results.setdefault("naive round trip", []).extend(rounds["times"])

    def lesson(self) -> None:
        with self.scenario() as (page, base):
            lesson_url, next_url = base + self.lesson_page, base + self.next_page
            record, sent, entries = self.visit(page, lesson_url)
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
            self.wait_kept(page)
            # By now the editors are in too (they load once the first run is done).
            self.add("lesson longest task", call(page, FIGURE_JS, "longestTask"))
            self.next_by_link(page)
            record, sent, _ = self.visit(page, next_url)
            self.add("lesson warm", record["output"])
            self.add_boot("warm", record)
            self.add("lesson next bytes", sent)
            record, sent, _ = self.visit(page, lesson_url)
            self.add("lesson repeat", record["output"])
            self.add("lesson repeat bytes", sent)
            self.results.setdefault("lesson round trip", []).extend(lesson_round_trips(page, ROUND_TRIPS))

    def edit_first(self) -> None:
        """The learner who edits first: lesson A cold, then lesson B opened as a new page, each
        timed open → click into the code, select all, type, Run → its output."""
        with self.scenario() as (page, base):
            for when, name in (("cold", self.lesson_page), ("warm", self.next_page)):
                record = self.open(page, base + name, edit_first=True)
                if record["state"] != "done" or record["text"].strip() != EDIT_FIRST_OUTPUT:
                    # Not the code typed (a lost keystroke?): a finding to show, not a figure.
                    self.warnings.append(
                        f"{name}, edit first: typed {EDIT_FIRST_CODE!r}, the cell ran into "
                        f"{record['state']}: {record['text'].strip().splitlines()[-1:]}"
                    )
                else:
                    self.add(f"lesson {when} edit first", record["output"])
                    self.add(
                        f"edit first {when}",
                        {"click": record["clickAt"], "caret": record["caret"], "run": record["runAt"]},
                    )
                if when == "cold":
                    self.wait_kept(page)

    def wait_kept(self, page) -> None:
        """A learner reads a lesson for more than a few seconds: let the worker finish keeping
        the unpacked snapshot for the next page, as it would have by then."""
        try:
            kept = wait_json(page, KEPT_JS, timeout=KEPT_TIMEOUT_S)
            if not kept["ok"]:
                self.warnings.append(f"{self.lesson_page}: the worker kept no unpacked snapshot: {kept['reason']}")
        except TimeoutError:
            self.warnings.append(
                f"{self.lesson_page}: the worker kept no unpacked snapshot within {KEPT_TIMEOUT_S:.0f} s"
            )

    def next_by_link(self, page) -> None:
        """Lesson A is open: click its Next link and time click → lesson B's first output, in
        place or as a whole page (whichever the engine does; `by_link_how` keeps which)."""
        mark = self.traffic.mark()
        path = page_path(self.next_page)
        try:
            clicked = page.evaluate(NEXT_BY_LINK_JS, path)
            done = wait_json(page, BY_LINK_DONE_JS, path, timeout=60.0)
        except (EngineError, TimeoutError) as error:
            self.warnings.append(f"{self.lesson_page}: opening the next lesson by its link: {error}".splitlines()[0])
            return
        if done["state"] != "done":
            raise SystemExit(f"{self.next_page} (by link): the first output is an error:\n{done['text']}")
        self.by_link_how.add(done["how"])
        self.add("lesson warm by link", done["ms"] if done["how"] == "in place" else done["end"] - clicked)
        self.traffic.settle()
        self.add("lesson next by link bytes", split_bytes(self.traffic.since(mark)))

    def throttled(self, kind: str) -> None:
        with self.scenario(throttled=True) as (page, base):
            mark = self.traffic.mark()
            record = self.open(page, base + ("naive.html" if kind == "naive" else self.lesson_page))
            self.add(f"{kind} throttled", record["output"])
            entries = self.traffic.since(mark)
            if kind == "lesson":
                # Downloads the lesson's first output does not wait for: the full standard library
                # (Python starts with the small one) and, after a normal boot, the snapshot (the
                # worker stopped its download). What the server wrote of them into the socket by
                # then had not necessarily reached the page.
                background = [f"/{STDLIB_PATH}"]
                if (record.get("boot") or {}).get("mode") == "normal":
                    background.append(f"/{SNAPSHOT_PATH}")
                entries = [(path, size) for path, size in entries if not any(name in path for name in background)]
            self.add(f"{kind} throttled bytes at output", split_bytes(entries))
            if kind == "lesson":
                self.add_boot("throttled", record)


def edit_first_run(page) -> None:
    """As the learner who edits first, on a page that is still starting: click into the first
    editable cell's code as soon as it can be clicked, select all, type EDIT_FIRST_CODE, then
    press the cell's Run button."""
    cell_id = page.wait_for(CELL_ID_JS, EDITABLE_CELL)
    replace_code(page, cell_id, EDIT_FIRST_CODE)
    page.click(by_role("button", "Run", within=cell_selector(cell_id)))


def lesson_round_trips(page, count: int) -> list[float]:
    """Put `print(1)` in the first editable cell, run it once (earlier cells may run with it),
    then time `count` runs."""
    cell_id = page.evaluate(CELL_ID_JS, EDITABLE_CELL)
    wait_until_ready(page)  # every editor in: the click cannot race one taking over the code
    replace_code(page, cell_id, "print(1)")
    call(page, ROUND_TRIPS_JS, cell_id, 1)
    rounds = call(page, ROUND_TRIPS_JS, cell_id, count)
    if rounds["states"] != ["done"] or rounds["text"].strip() != "1":
        raise SystemExit(f"print(1) in cell {cell_id} did not print 1: {rounds}")
    return rounds["times"]


# (key, label, short label, the naive page's figure it is divided by, goal). The learner who
# edits first is timed to the same first output as the one who runs first: the denominator
# stays the naive page's open → first output.
SCENARIOS = (
    ("cold", "cold: open → first output", "cold", "cold", COLD_RATIO),
    ("cold edit first", "cold, edit first: open → click, type, Run → output", "cold, edit first", "cold", COLD_RATIO),
    ("warm", "warm: next lesson, new page", "new page", "warm", WARM_RATIO),
    ("warm edit first", "warm: next lesson, new page, edit first", "new page, edit first", "warm", WARM_RATIO),
    ("warm by link", "warm: next lesson by its link", "by link", "warm", WARM_RATIO),
    ("throttled", f"throttled cold ({THROTTLE_LABEL})", "throttled", "throttled", THROTTLED_RATIO),
)


def by_link_label(bench: Bench) -> str:
    """How the Next link moved in this engine: in place (Python kept) or as a whole-page load."""
    return " / ".join(sorted(bench.by_link_how)) or "failed"


def report(
    bench: Bench, runs: int, lesson: str, next_lesson: str, version: str, snapshot_use: str, load: tuple[float, float]
) -> dict[str, float]:
    """Print one engine's figures; returns its median ratios by scenario, for the summary."""
    r = bench.results
    print(f"\nPage start-up in {version}: naive Pyodide page vs lesson '{lesson}' (then '{next_lesson}')")
    print(
        f"{version}, localhost, {runs} run(s), snapshot use '{snapshot_use}', throttled by {bench.throttled_by}, "
        f"load average {load[0]:.1f} before, {load[1]:.1f} after; medians (min–max)\n"
    )
    rows = [("scenario", "naive", "lesson", "ratio", "goal", "met?")]
    verdicts, ratios = {}, {}
    for key, label, _, naive_key, goal in SCENARIOS:
        if not r.get(f"lesson {key}"):
            continue  # the link did not bring the next lesson: see the warnings
        ratio = median(r[f"lesson {key}"]) / median(r[f"naive {naive_key}"])
        verdicts[key], ratios[key] = ratio <= goal, ratio
        if key == "warm by link":
            label += f" ({by_link_label(bench)})"
        rows.append(
            (
                label,
                seconds(r[f"naive {naive_key}"]),
                seconds(r[f"lesson {key}"]),
                f"{ratio:.2f}×",
                f"≤ {goal:.2f}×",
                "yes" if verdicts[key] else "NO",
            )
        )
    naive_rt, lesson_rt = median(r["naive round trip"]), median(r["lesson round trip"])
    rows.append(
        (
            "print(1) round trip, ready",
            f"{naive_rt:.1f} ms",
            f"{lesson_rt:.1f} ms",
            "",
            f"≤ {ROUND_TRIP_MS:.0f} ms",
            "yes" if lesson_rt <= ROUND_TRIP_MS else "NO",
        )
    )
    table(rows)
    extra = [f"lesson repeat visit (reopen '{lesson}'): {seconds(r['lesson repeat'])}"]
    if r.get("lesson cold ready"):
        extra.append(f"lesson cold, Python ready: {seconds(r['lesson cold ready'])}")
    for scenario in ("cold", "warm", "throttled"):
        boots = r.get(f"boot {scenario}", [])
        if not boots:
            continue
        modes = ", ".join(
            f"{mode} ×{count}"
            for mode, count in sorted(
                {b["mode"]: sum(1 for x in boots if x["mode"] == b["mode"]) for b in boots}.items(), key=str
            )
        )
        reasons = sorted({b["reason"] for b in boots if b["reason"]})
        starts = [b["worker"] for b in boots if b["worker"] is not None]
        times = [b["ms"] for b in boots if b["ms"] is not None]
        names = list(dict.fromkeys(name for b in boots for name in b["steps"]))
        steps = ", ".join(
            f"{name} {median([b['steps'][name] for b in boots if name in b['steps']]):.0f}" for name in names
        )
        extra.append(
            f"lesson {scenario}: boot {modes}; worker made at {median(starts):.0f} ms, boot took "
            f"{median(times):.0f} ms (steps end at: {steps})" + (f"; {'; '.join(reasons)}" if reasons else "")
        )
    # Where the learner who edits first spends the time: the bench's own clicks and keys (open →
    # click, typing, → Run) against the page's part (Run → output).
    for when, name in (("cold", "cold"), ("warm", "new page")):
        edits = r.get(f"edit first {when}", [])
        if not edits:
            continue
        carets = [edit["caret"] for edit in edits if edit["caret"]]
        caret = (
            f"click → caret {median([c['ms'] for c in carets]):.0f} ms "
            f"({', '.join(sorted({c['editor'] for c in carets}))} editor; a bench figure)"
            if carets
            else "no caret seen after the click"
        )
        moments = [
            f"{label} at {median(found):.0f} ms"
            for label, found in (
                ("clicked", [edit["click"] for edit in edits if edit["click"] is not None]),
                ("Run pressed", [edit["run"] for edit in edits if edit["run"] is not None]),
            )
            if found
        ]
        extra.append(
            f"edit first, {name}: {caret}; "
            + ", ".join(moments)
            + f", output at {seconds(r[f'lesson {when} edit first'])}"
        )
    if None not in r["naive longest task"] + r["lesson longest task"]:
        extra.append(
            f"longest main-thread task, cold: naive {median(r['naive longest task']):.0f} ms; lesson "
            f"{median(r['lesson longest task']):.0f} ms (its first seconds, editors included)"
        )
    else:
        extra.append("longest main-thread task: not measured (no Long Tasks API in this engine)")
    extra.append(
        "naive warm = its second open in the same context (the baseline of both warm rows); "
        "new page = the next lesson's address opened as a page; by its link = the learner's "
        "way, which keeps Python"
    )
    extra.append(
        f"round trips: {len(r['lesson round trip'])} per page, naive on the main thread, the lesson in its worker"
    )
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
        if from_snapshot and verdicts.get("throttled"):
            first_met = "yes: the snapshot pays on the throttled run"
        else:
            first_met = "NO" if from_snapshot else "NO (throttled: no snapshot)"

    def sent_row(label: str, key: str, naive_key: str | None = None, goal: str = "", met: str = "") -> tuple:
        """One row of bytes: the naive page's total (when it has a counterpart), the lesson's
        core, own and total, the goal and whether it is met."""
        naive = megabytes(part(naive_key, "total")) if naive_key else ""
        lesson = (megabytes(part(key, name)) for name in ("core", "own", "total"))
        return (label, naive, *lesson, goal, met)

    repeat_total = part("lesson repeat bytes", "total")
    rows = [
        ("visit", "naive", "lesson core", "lesson own", "lesson total", "goal", "met?"),
        sent_row(
            "first visit",
            "lesson first bytes",
            "naive first bytes",
            f"own ≤ {OWN_FIRST_VISIT_BYTES // 1000} KB",
            first_met,
        ),
        sent_row("  of it, by the first output", "lesson bytes at output", "naive bytes at output"),
        sent_row("next lesson (warm, new page)", "lesson next bytes"),
    ]
    if r.get("lesson next by link bytes"):
        rows.append(sent_row("next lesson (warm, by link)", "lesson next by link bytes"))
    rows.append(
        sent_row(
            "repeat visit",
            "lesson repeat bytes",
            "naive repeat bytes",
            f"total ≤ {REPEAT_VISIT_BYTES // 1000} KB",
            "yes" if repeat_total <= REPEAT_VISIT_BYTES else "NO",
        )
    )
    table(rows)
    biggest = sorted(((median(sizes), path) for path, sizes in bench.own_files.items()), reverse=True)[:6]
    print(
        "  our own on the first visit, the biggest: "
        + "; ".join(f"{path.rsplit('/', 1)[-1]} {megabytes(size)}" for size, path in biggest)
    )

    # The throttled runs are only honest if every byte went through the emulated network.
    for kind in ("naive", "lesson"):
        floor = part(f"{kind} throttled bytes at output", "total") * 8 / THROTTLE_BITS_PER_S * 1000
        if median(r[f"{kind} throttled"]) < floor:
            bench.warnings.append(
                f"{kind}: throttled cold ({median(r[f'{kind} throttled']) / 1000:.2f} s) is under "
                f"the time its bytes need at 20 Mbit/s ({floor / 1000:.2f} s): "
                "some requests escaped the network emulation"
            )
    for warning in dict.fromkeys(bench.warnings):
        print(f"WARNING: {warning}")
    return ratios


def summary(engines: list[tuple[str, Bench, dict[str, float]]]) -> None:
    """Every engine's ratios (lesson ÷ naive in that engine) beside the goals."""
    print("\nEvery engine: lesson ÷ naive page in the same engine (medians), goal in brackets\n")
    rows = [("engine",) + tuple(f"{short} (≤ {goal:.2f}×)" for _, _, short, _, goal in SCENARIOS)]
    for version, bench, ratios in engines:
        cells = []
        for key, _, _, _, goal in SCENARIOS:
            if key not in ratios:
                cells.append("—")
                continue
            cell = f"{ratios[key]:.2f}×" + ("" if ratios[key] <= goal else " NO")
            if key == "warm by link":
                cell += f" ({by_link_label(bench)})"
            elif key == "throttled" and not bench.emulates_network:
                cell += " (server)"
            cells.append(cell)
        rows.append((version, *cells))
    table(rows)


def measure(engine: str, folder: Path, traffic: Traffic, args) -> tuple[str, Bench, dict[str, float]]:
    """Run every repetition in one engine and print its report."""
    runs = 1 if args.quick else args.runs
    load_before = os.getloadavg()[0]
    with launch(engine) as browser:
        version = browser.version()
        print(f"{version}: warming up …", flush=True)
        bench = Bench(browser, folder, traffic, args.lesson, args.next_lesson, args.server_throttle)
        bench.warm_up()
        for run in range(runs):
            print(f"{engine} run {run + 1}/{runs} …", flush=True)
            order = ["naive", "lesson", "edit_first"]
            if run % 2:
                order.reverse()
            for kind in order:
                getattr(bench, kind)()
            for kind in order:
                if kind != "edit_first":
                    bench.throttled(kind)
            print(
                "  "
                + "; ".join(
                    f"{key} {bench.results[key][-1] / 1000:.2f} s"
                    for key in (
                        "naive cold",
                        "lesson cold",
                        "lesson cold edit first",
                        "naive warm",
                        "lesson warm",
                        "lesson warm edit first",
                        "lesson warm by link",
                        "lesson repeat",
                        "naive throttled",
                        "lesson throttled",
                    )
                    if bench.results.get(key)
                ),
                flush=True,
            )
    load = (load_before, os.getloadavg()[0])
    if max(load) > (os.cpu_count() or 1) / 2:
        bench.warnings.append(
            f"the machine was busy (load average {load[0]:.1f} before, {load[1]:.1f} after, "
            f"{os.cpu_count()} cores): other work slows both pages; run again when it is idle"
        )
    ratios = report(bench, runs, args.lesson, args.next_lesson, version, args.snapshot_use, load)
    return version, bench, ratios


def main() -> None:
    slugs = course_slugs(ROOT / "lessons")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--engine",
        default="chromium",
        choices=(*ENGINES, "all"),
        help="the browser engine, or all three in turn (default chromium)",
    )
    parser.add_argument("--runs", type=int, default=5, help="repetitions (default 5)")
    parser.add_argument("--quick", action="store_true", help="one repetition")
    parser.add_argument("--lesson", default=slugs[0], help=f"first lesson (default {slugs[0]})")
    parser.add_argument("--next-lesson", default=slugs[1], help=f"lesson opened next (default {slugs[1]})")
    parser.add_argument(
        "--snapshot-use",
        default="auto",
        choices=("auto", "cached", "always", "off"),
        help="the site's snapshot policy (build.py --snapshot-use; default auto)",
    )
    parser.add_argument(
        "--server-throttle",
        action="store_true",
        help="throttle Chromium's throttled runs in the server too, as for the other engines",
    )
    args = parser.parse_args()
    engines = list(ENGINES) if args.engine == "all" else [args.engine]
    absent = {engine: missing(engine) for engine in engines if missing(engine)}
    if len(absent) == len(engines):
        raise SystemExit(" ".join(absent.values()))
    started = print_start()
    measured = []
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "dist"
        build.build(ROOT / "lessons", out, snapshot_use=args.snapshot_use)
        (out / "naive.html").write_bytes(NAIVE_PAGE.read_bytes())
        for name in ("naive", args.lesson, args.next_lesson):
            add_recorder(out / f"{name}.html")
        traffic = Traffic()
        for engine in engines:
            if engine in absent:
                print(f"\n{engine}: skipped. {absent[engine]}")
                continue
            measured.append(measure(engine, out, traffic, args))
    if len(engines) > 1:
        summary(measured)
    print_end(started)


if __name__ == "__main__":
    main()
