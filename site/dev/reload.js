// Live reload, for the dev server only: py/lessonbuild/devserver.py adds this script to every
// HTML page it serves (`/__dev/reload.js?version=…`, the version of the build the page is from);
// the built site never loads it.
// - Reload: the dev server's event stream (/__dev/events) sends the version it serves now, on
//   connecting and after every build; a page of another version reloads.
// - Problems: while the lessons do not build, the stream carries the build's messages
//   (FILE:LINE: what is wrong. What to change.); they show over the page, which stays the last
//   version that built, until a build succeeds.
// - No service worker: pages here never register one, so a reload always asks the dev server
//   (offline.js accepts a register() that returns nothing). The dev server's /sw.js removes a
//   service worker a built site left on this origin.
(() => {
  const pageVersion = new URL(document.currentScript.src).searchParams.get("version");
  if (navigator.serviceWorker) navigator.serviceWorker.register = () => Promise.resolve(undefined);

  const events = new EventSource("/__dev/events");
  events.addEventListener("state", (event) => {
    const { version, problems } = JSON.parse(event.data);
    if (version !== pageVersion) location.reload();
    else showProblems(problems);
  });

  let panel = null;

  /** Show `problems` (strings) in a panel over the top of the page; none: remove the panel. */
  function showProblems(problems) {
    panel?.remove();
    panel = null;
    if (problems.length === 0) return;
    panel = document.createElement("section");
    panel.dataset.devProblems = "";
    panel.setAttribute("role", "alert");
    panel.setAttribute("aria-label", "Build problems");
    Object.assign(panel.style, {
      position: "fixed",
      insetInline: "0",
      top: "0",
      zIndex: "2147483647",
      maxHeight: "60vh",
      overflow: "auto",
      margin: "0",
      padding: "0.75rem 1rem",
      font: "14px/1.4 system-ui, sans-serif",
      background: "#7a1010",
      color: "#fff",
      boxShadow: "0 2px 8px rgb(0 0 0 / 40%)",
    });
    const heading = document.createElement("p");
    heading.style.margin = "0 0 0.5rem";
    heading.style.fontWeight = "bold";
    heading.textContent =
      `The lessons do not build (${problems.length} problem${problems.length === 1 ? "" : "s"}); ` +
      "this page is the last version that did. It reloads once they build.";
    const list = document.createElement("ul");
    Object.assign(list.style, { margin: "0", paddingInlineStart: "1.25rem" });
    for (const problem of problems) {
      const item = document.createElement("li");
      Object.assign(item.style, { fontFamily: "ui-monospace, monospace", whiteSpace: "pre-wrap" });
      item.textContent = problem;
      list.append(item);
    }
    panel.append(heading, list);
    (document.body ?? document.documentElement).append(panel);
  }
})();
