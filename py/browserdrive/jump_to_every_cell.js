async () => {
  // Page function for test_layout_shift.py and bench/layout_shift.py: the layout shifts seen while
  // each cell of a lesson is scrolled to in turn. Resolves to [{value, sources: [[cell, class, y
  // before, y after]]}].
  // (The comment is inside the function: the file is evaluated as it is.)
  // As a learner who follows a link, or a test that clicks Run: bring each cell's Run button
  // into view straight from the top of the page, then wait three frames (the scroll is painted,
  // the editors now in view are measured, and the height they held is let go: editor.js).
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const shifts = [];
  const observer = new PerformanceObserver((list) => shifts.push(...list.getEntries()));
  observer.observe({ type: "layout-shift" });
  for (const run of document.querySelectorAll("[data-cell] [data-action=run]")) {
    scrollTo(0, 0);
    for (let i = 0; i < 3; i++) await frame();
    run.scrollIntoView({ block: "center" });
    for (let i = 0; i < 3; i++) await frame();
  }
  shifts.push(...observer.takeRecords());
  observer.disconnect();
  // CodeMirror reuses its line-number elements for other lines when the lines it draws change
  // (a tall editor scrolled into view): the API reports that as a shift though no number moves
  // on screen. Those sources are left out; every other node that moved is counted.
  const lineNumber = (source) => source.node?.classList?.contains("cm-gutterElement");
  return shifts
    .filter((entry) => !entry.hadRecentInput && !(entry.sources ?? []).every(lineNumber))
    .map((entry) => ({
      value: entry.value,
      sources: (entry.sources ?? []).map((source) => [
        source.node?.parentElement?.closest("[data-cell]")?.dataset.cell ?? source.node?.nodeName,
        source.node?.className,
        source.previousRect.y,
        source.currentRect.y,
      ]),
    }));
};
