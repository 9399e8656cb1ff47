// Runs from a lesson page's <head>, as soon as the lesson's JSON is parsed:
// - starts the page's Python worker before the page is laid out (about 0.1 s for a long lesson
//   here) and before lesson.js runs (the browser runs that `async` module only after the
//   document is parsed). The worker boots from its URL at once (worker-start.js), so it fetches
//   Pyodide and the snapshot while the page is still being laid out. lesson.js adopts the
//   worker, with the messages it sent meanwhile (PythonRuntime.start({adopt})).
// - shows a returning learner's saved work before the first paint (restore.js).
// A classic script (bundled as one file), so it runs where it stands.
import { startWorker } from "./worker-start.js";
import { showSavedWorkBeforeFirstPaint } from "./restore.js";

(() => {
  if (location.protocol === "file:") return; // file:// pages cannot run workers: see file-notice.js
  const data = document.getElementById("lesson-data");
  if (!data) return;
  const lesson = JSON.parse(data.textContent);
  showSavedWorkBeforeFirstPaint(lesson);
  if (typeof Worker === "undefined") return;
  const siteURL = new URL(".", document.baseURI).href;
  const started = startWorker(lesson.runtime, siteURL);
  const early = { ...started, messages: [], error: null };
  started.worker.onmessage = ({ data: message }) => early.messages.push(message);
  started.worker.onerror = (event) => {
    event.preventDefault();
    early.error ??= event.message || "the Python worker could not start";
  };
  window.earlyPythonWorker = early;
})();
