() => {
  // An init script (evaluate_speed.py): when each phase of an evaluation began, in
  // window.evaluatePhases as [name, ms since the page's start] pairs: each new kind of status
  // the page shows ("Reading FILE", "Sorting", "Scoring", "Comparing", "done"), and "result"
  // when the worker's answer reached the page (before the page draws it).
  window.evaluatePhases = [];
  const mark = (name) => {
    if (window.evaluatePhases.at(-1)?.[0] !== name) window.evaluatePhases.push([name, performance.now()]);
  };
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        if (event.data?.type === "result") mark("result");
      });
    }
  };
  const watch = () => {
    const status = document.querySelector("[data-eval-status]");
    if (!status) return false;
    new MutationObserver(() => {
      const state = status.getAttribute("data-eval-status");
      const text = status.textContent.trim();
      if (state === "done") mark("done");
      else if (state === "reading" || state === "evaluating") mark(text.split(":")[0].replace(/…$/, ""));
    }).observe(status, { attributes: true, childList: true, subtree: true, characterData: true });
    return true;
  };
  if (!watch()) document.addEventListener("DOMContentLoaded", watch);
};
