// Embed mode (?embed in a lesson's address): the lesson alone, no site navigation, and its
// height reported to the host page so a frame can fit it (see embed-host.js).
export const HEIGHT_MESSAGE = "ranking-lessons:height";

export function setupEmbedMode() {
  if (!new URLSearchParams(location.search).has("embed")) return;
  document.documentElement.dataset.embed = "";
  if (window.parent === window) return;
  const report = () =>
    window.parent.postMessage(
      { type: HEIGHT_MESSAGE, height: Math.ceil(document.documentElement.getBoundingClientRect().height) },
      "*",
    );
  new ResizeObserver(report).observe(document.documentElement);
  report();
}
