(editFirstHash, editableCell) => {
  // The bench's recorder (bench/lib/recorder.py writes it into the pages it opens, called with
  // its two arguments): runs in every document before its own scripts, records when the first
  // output appears (and when Python reports ready), and presses Run on a lesson's first cell as
  // soon as it answers. Opened with `editFirstHash`, for the learner who edits first, it presses
  // nothing and watches the first editable cell (`editableCell`) instead, and times the click
  // into its code → a caret there.
  if (window.__bench) return;
  const bench = {
    output: null,
    state: null,
    text: "",
    ready: null,
    workerAt: null,
    boot: null,
    kept: null,
    longestTask: null,
    clickAt: null,
    caret: null,
    runAt: null,
  };
  window.__bench = bench;
  const editFirst = location.hash === editFirstHash;
  const watched = () => document.querySelector(editFirst ? editableCell : "[data-cell]");
  // Click → caret: from the pointer going down to the first frame with the caret in a textbox
  // ("early": the lesson's own editable code; "editor": CodeMirror's).
  const clicked = () => {
    bench.clickAt ??= performance.now();
  };
  document.addEventListener("pointerdown", clicked, { capture: true });
  document.addEventListener("mousedown", clicked, { capture: true });
  // When Run was first pressed (by the learner, or by this recorder's press below).
  document.addEventListener(
    "click",
    (event) => {
      if (event.target.closest?.('[data-action="run"]')) bench.runAt ??= performance.now();
    },
    { capture: true },
  );
  document.addEventListener("selectionchange", () => {
    if (bench.clickAt === null || bench.caret !== null) return;
    const node = getSelection()?.focusNode;
    const box = (node?.nodeType === Node.ELEMENT_NODE ? node : node?.parentElement)?.closest('[role="textbox"]');
    if (!box || (!box.contains(document.activeElement) && document.activeElement !== box)) return;
    const editor = box.hasAttribute("data-early-editor") ? "early" : "editor";
    requestAnimationFrame(() => {
      bench.caret ??= { ms: performance.now() - bench.clickAt, editor };
    });
  });
  // The longest time the page's main thread was busy in one piece (input waits that long);
  // null where the engine has no Long Tasks API.
  if (PerformanceObserver.supportedEntryTypes?.includes("longtask")) {
    bench.longestTask = 0;
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
    const cell = watched();
    if (cell && (cell.dataset.state === "done" || cell.dataset.state === "error")) {
      bench.output = now;
      bench.state = cell.dataset.state;
      bench.text = cell.querySelector("[data-output]")?.textContent ?? "";
    }
  };
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["data-state", "data-runtime-status"],
  });
  // A click before the page's script has attached its handler does nothing, so press again
  // until the cell leaves "idle".
  const press = () => {
    if (bench.output !== null || editFirst) return;
    const cell = document.querySelector("[data-cell]");
    if (cell && cell.dataset.state !== "idle") return;
    if (cell) cell.querySelector('[data-action="run"]')?.click();
    else if (document.readyState === "complete") return; // not a lesson page
    setTimeout(press, 10);
  };
  press();
};
