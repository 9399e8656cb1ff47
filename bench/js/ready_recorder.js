() => {
  // An init script (data_saver.py): when the status line turned "ready", in the page's clock
  // (epoch ms), in window.__readyAt: the figure "Python ready".
  const mark = () => {
    const status = document.querySelector("[data-runtime-status]");
    if (status?.dataset.runtimeStatus === "ready" && window.__readyAt === undefined)
      window.__readyAt = performance.timeOrigin + performance.now();
  };
  new MutationObserver(mark).observe(document, { subtree: true, attributes: true, childList: true });
};
