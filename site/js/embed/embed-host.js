// For a page that embeds lessons in iframes (…/lesson.html?embed): resizes each frame to its
// lesson's height. Include once: <script type="module" src="…/assets/embed-host.js"></script>
const HEIGHT_MESSAGE = "ranking-lessons:height";

window.addEventListener("message", (event) => {
  if (event.data?.type !== HEIGHT_MESSAGE || typeof event.data.height !== "number") return;
  for (const frame of document.querySelectorAll("iframe")) {
    if (frame.contentWindow === event.source) frame.style.height = `${event.data.height}px`;
  }
});
