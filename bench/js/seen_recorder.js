(marker) => {
  // An init script (dev_loop.py), in every document: notes when text with `marker` followed by
  // an edit's number first enters the page, in epoch ms, in window.__devLoopSeen.
  window.__devLoopSeen = null;
  const pattern = new RegExp(`${marker}(\\d+)`);
  new MutationObserver((mutations, observer) => {
    for (const mutation of mutations) {
      for (const node of mutation.addedNodes) {
        const match = pattern.exec(node.nodeType === Node.TEXT_NODE ? node.data : (node.textContent ?? ""));
        if (match) {
          window.__devLoopSeen = { edit: Number(match[1]), at: performance.timeOrigin + performance.now() };
          observer.disconnect();
          return;
        }
      }
    }
  }).observe(document, { childList: true, subtree: true });
};
