// Starts a lesson page's Python worker from the <head>, as soon as the lesson's JSON is parsed:
// before the page is laid out (about 0.1 s for a long lesson here) and before lesson.js runs
// (the browser runs that `async` module only after the document is parsed). It also opens the
// memory snapshot here and hands it to the worker, whose own start takes another 0.1–0.2 s.
// lesson.js adopts the worker, with the messages it sent meanwhile (PythonRuntime.start({adopt})).
// A classic script (bundled as one file), so it runs where it stands.
import { startWorker } from "./worker-start.js";
import { openSnapshot, snapshotPlan } from "./snapshot-source.js";

// The worker stops waiting for the snapshot after 2 s (worker.js); this download never outlives that by much.
const SNAPSHOT_GIVE_UP_MS = 3000;

(() => {
  if (location.protocol === "file:") return; // file:// pages cannot run workers: see file-notice.js
  const data = document.getElementById("lesson-data");
  if (!data || typeof Worker === "undefined") return;
  const settings = JSON.parse(data.textContent).runtime;
  const siteURL = new URL(".", document.baseURI).href;
  const plan = snapshotPlan(settings, siteURL);
  const snapshotFromPage = plan.use !== "off";
  const started = startWorker(settings, siteURL, { stdlibFromPage: Boolean(settings.stdlib), snapshotFromPage });
  const early = { ...started, messages: [], error: null };
  started.worker.onmessage = ({ data: message }) => early.messages.push(message);
  started.worker.onerror = (event) => {
    event.preventDefault();
    early.error ??= event.message || "the Python worker could not start";
  };
  window.earlyPythonWorker = early;
  if (snapshotFromPage) {
    const signal = plan.use === "always" ? undefined : AbortSignal.timeout(SNAPSHOT_GIVE_UP_MS);
    openSnapshot(plan, signal)
      .catch((error) => ({ reason: `snapshot not used: ${error.message || error}` }))
      .then((source) => {
        const transfer = source.kept ? [source.kept] : source.body ? [source.body] : [];
        started.worker.postMessage({ type: "snapshot-source", source }, transfer);
      });
  }
})();
