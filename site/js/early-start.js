// Starts a lesson page's Python worker from the <head>, as soon as the lesson's JSON is parsed:
// before the page is laid out (about 0.1 s for a long lesson here) and before lesson.js runs
// (the browser runs that `async` module only after the document is parsed). The worker boots
// from its URL at once (worker-start.js), so it fetches Pyodide and the snapshot while the page
// is still being laid out.
// lesson.js adopts the worker, with the messages it sent meanwhile (PythonRuntime.start({adopt})).
// A classic script (bundled as one file), so it runs where it stands.
import { startWorker, whyNoWorker } from "./worker-start.js";

(() => {
  if (location.protocol === "file:") return; // file:// pages cannot run workers: see file-notice.js
  const data = document.getElementById("lesson-data");
  // Where no worker can start, lesson.js's runtime says why in the status line.
  if (!data || whyNoWorker()) return;
  const settings = JSON.parse(data.textContent).runtime;
  const siteURL = new URL(".", document.baseURI).href;
  let started;
  try {
    started = startWorker(settings, siteURL);
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
