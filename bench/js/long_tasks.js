() => {
  // An init script (evaluate_speed.py): the longest main-thread task so far, in
  // window.longestTask (ms).
  window.longestTask = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.longestTask = Math.max(window.longestTask, entry.duration);
  }).observe({ type: "longtask", buffered: true });
};
