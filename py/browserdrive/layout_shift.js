// Init script for test_layout_shift.py and bench/layout_shift.py: records the page's layout shifts (Layout Instability
// API) from navigation, and settles window.layoutShiftWindow 4 s after the runtime status first
// reads "ready" with the shifts not caused by input, each with the nodes that moved.
(() => {
  if (window.top !== window) return;
  const shifts = [];
  new PerformanceObserver((list) => shifts.push(...list.getEntries())).observe({
    type: "layout-shift",
    buffered: true,
  });
  const describe = (node) => {
    if (!node) return "(gone)";
    if (node.nodeType !== Node.ELEMENT_NODE) return `${node.nodeName} in ${describe(node.parentElement)}`;
    const hooks = [...node.attributes]
      .filter((a) => a.name.startsWith("data-") || a.name === "class")
      .map((a) => `[${a.name}="${a.value}"]`)
      .join("");
    return `${node.localName}${hooks}`;
  };
  const ready = new Promise((resolve) => {
    const check = () => {
      if (document.querySelector("[data-runtime-status]")?.dataset.runtimeStatus !== "ready") return;
      watcher.disconnect();
      resolve();
    };
    const watcher = new MutationObserver(check);
    watcher.observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["data-runtime-status"],
    });
  });
  const MEASURE_AFTER_READY_MS = 4000;
  window.layoutShiftWindow = ready
    .then(() => new Promise((resolve) => setTimeout(resolve, MEASURE_AFTER_READY_MS)))
    .then(() =>
      shifts
        .filter((entry) => !entry.hadRecentInput)
        .map((entry) => ({
          value: entry.value,
          at: Math.round(entry.startTime),
          sources: (entry.sources ?? []).map((source) => ({
            node: describe(source.node),
            cell: source.node?.parentElement?.closest?.("[data-cell]")?.dataset.cell,
            text: source.node?.nodeType === Node.TEXT_NODE ? source.node.data.slice(0, 40) : undefined,
            from: [source.previousRect.x, source.previousRect.y, source.previousRect.width, source.previousRect.height],
            to: [source.currentRect.x, source.currentRect.y, source.currentRect.width, source.currentRect.height],
          })),
        })),
    );
})();
