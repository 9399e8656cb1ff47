// The course's sizes are in rem: on the course's pages they follow the reader's default font
// size. A documentation theme may set its own root font size (Material for MkDocs: 125 %, more on
// wide screens), which would scale an embedded cell or playground with it, and squeeze a
// playground's rows on a phone. Each embedded element is zoomed back, so it is as large as on the
// course's pages, whatever the host's root font size, and again when the host changes it.
const hosts = new Set();

/** Size `host` (the element holding a cell's or a playground's shadow root) from the reader's
 *  default font size rather than the host page's root one. */
export function sizeFromOwnBase(host) {
  if (hosts.size === 0) addEventListener("resize", refit);
  hosts.add(host);
  fit(host);
}

function refit() {
  for (const host of hosts) {
    if (host.isConnected) fit(host);
    else hosts.delete(host); // its page has left (a theme's instant navigation)
  }
}

function fit(host) {
  const zoom = defaultFontSize() / parseFloat(getComputedStyle(document.documentElement).fontSize);
  host.style.zoom = Number.isFinite(zoom) && Math.abs(zoom - 1) > 0.001 ? String(zoom) : "";
}

let probe = null;
/** The reader's default font size (`medium`), in px: what the course's rem is. */
function defaultFontSize() {
  if (probe === null) {
    probe = document.createElement("div");
    probe.style.cssText = "position: absolute; visibility: hidden; font-size: medium";
  }
  document.documentElement.append(probe);
  const size = parseFloat(getComputedStyle(probe).fontSize);
  probe.remove();
  return size;
}
