() => {
  // Before pressing Evaluate (evaluate_speed.py): the longest task counts from now on, and the
  // progress bar's moves (each new value it shows while the page works) are counted in
  // window.progressMoves.
  window.longestTask = 0;
  window.progressMoves = 0;
  new MutationObserver(() => {
    window.progressMoves++;
  }).observe(document.querySelector("[data-eval-progress]"), {
    attributes: true,
    attributeFilter: ["value"],
  });
};
