// A classic (non-module) script: browsers do not run module scripts or workers from file://
// pages, so this one tells the reader how to start the course instead of failing silently.
(() => {
  if (location.protocol !== "file:") return;
  const status = document.querySelector("[data-runtime-status]");
  if (!status) return;
  status.dataset.runtimeStatus = "error";
  status.textContent =
    "Python cannot run in a page opened from a file. Start the course with its " +
    "launcher (python3 start.py in the course folder) or any local web server, then open it from " +
    "http://localhost. The lesson text below reads fine as it is.";
})();
