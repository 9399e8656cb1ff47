// Runs from a lesson page's <head>, as soon as the lesson's JSON is parsed:
// - starts the page's Python worker before the page is laid out (about 0.1 s for a long lesson
//   here) and before lesson.js runs (the browser runs that `async` module only after the
//   document is parsed). The worker boots from its URL at once (worker-start.js), so it fetches
//   Pyodide and the snapshot while the page is still being laid out. lesson.js adopts the
//   worker, with the messages it sent meanwhile (PythonRuntime.start({adopt})).
// - shows a returning learner's saved work before the first paint (restore.js).
// A classic script (bundled as one file), so it runs where it stands.
import { startWorker, whyNoWorker } from "../runtime/worker-start.js";
import { showSavedWorkBeforeFirstPaint } from "../lesson/restore.js";

// Scripts run: prose a prediction holds back is hidden (site.css); without them it shows.
document.documentElement.dataset.scripts = "";

(() => {
  if (location.protocol === "file:") return; // file:// pages cannot run workers: see file-notice.js
  sayWhenThePageScriptFails();
  const data = document.getElementById("lesson-data");
  if (!data) return;
  const lesson = JSON.parse(data.textContent);
  showSavedWorkBeforeFirstPaint(lesson);
  // Where no worker can start, lesson.js's runtime says why in the status line.
  if (whyNoWorker()) return;
  const siteURL = new URL(".", document.baseURI).href;
  let started;
  try {
    started = startWorker(lesson.runtime, siteURL);
  } catch {
    return; // refused (e.g. by a policy): lesson.js tries again and says why
  }
  const early = { ...started, messages: [], error: null };
  started.worker.onmessage = ({ data: message }) => early.messages.push(message);
  started.worker.onerror = (event) => {
    event.preventDefault();
    early.error ??= event.message || "the Python worker could not start";
  };
  started.worker.onmessageerror = () => {
    early.error ??= "a message from the Python worker could not be read";
  };
  window.earlyPythonWorker = early;
})();

/** The page's module script (lesson.js), which runs Python for the page, may fail to load (a
 *  network error, a file missing from the host): then the status line says so, with Retry
 *  (a reload), instead of "Python is not running yet." for ever. */
function sayWhenThePageScriptFails() {
  window.addEventListener(
    "error",
    (event) => {
      const script = event.target;
      if (!(script instanceof HTMLScriptElement) || script.type !== "module") return;
      window.earlyPythonWorker?.worker.terminate(); // no page script will ever adopt it
      delete window.earlyPythonWorker;
      const show = () => {
        const status = document.querySelector("[data-runtime-status]");
        if (!status) return;
        status.dataset.runtimeStatus = "error";
        status.textContent = "Could not load Python: the page's own script did not load.";
        const retry = document.createElement("button");
        retry.type = "button";
        retry.textContent = "Retry";
        retry.addEventListener("click", () => location.reload());
        status.append(" ", retry);
      };
      if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", show, { once: true });
      else show();
    },
    true,
  ); // a script's error event does not bubble: catch it on its way down
}
