(nextPath) => {
  // Opens the next lesson by its "Next" link and times click → its first output. Where the page
  // swaps the lesson in (same document) this presses Run on the new first cell as soon as it is
  // the new lesson's and leaves its figures in `__bench.byLink`; where the link loads a whole
  // page, the new document's recorder presses Run and times its output from its own navigation
  // start. Returns the click's time since the epoch (ms), to compare with either.
  const bench = window.__bench;
  const oldCell = document.querySelector("[data-cell]");
  const started = performance.now();
  window.__left = true; // a whole-page load leaves this document; an in-place move clears it below
  document.querySelector('a[rel="next"]').click();
  const tick = () => new Promise((resolve) => setTimeout(resolve, 2));
  (async () => {
    const deadline = started + 30000;
    let cell = null;
    for (;;) {
      cell = document.querySelector("[data-cell]");
      if (location.pathname.endsWith(nextPath) && cell && cell !== oldCell && cell.dataset.state === "idle") break;
      if (performance.now() > deadline) return;
      await tick();
    }
    cell.querySelector('[data-action="run"]').click();
    while (!["done", "error"].includes(cell.dataset.state)) {
      if (performance.now() > deadline) return;
      await tick();
    }
    bench.byLink = {
      ms: performance.now() - started,
      state: cell.dataset.state,
      text: cell.querySelector("[data-output]")?.textContent ?? "",
    };
    window.__left = false;
  })();
  return performance.timeOrigin + started;
};
