// The course's sizes are in rem: on the course's pages they follow the reader's default font
// size. A documentation theme may set its own root font size (Material for MkDocs: 125 %, more on
// wide screens), which would scale an embedded cell or playground with it, and squeeze a
// playground's rows on a phone. Each embedded element is zoomed back, so it is as large as on the
// course's pages, whatever the host's root font size, and again when the host changes it; in an
// engine whose zoom does not keep the page's px (zoomKeepsPagePx), it is left as the host sizes it.
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
  const zoomed = Number.isFinite(zoom) && Math.abs(zoom - 1) > 0.001 && zoomKeepsPagePx();
  host.style.zoom = zoomed ? String(zoom) : "";
}

let keepsPagePx = null;
/** Whether this engine gives the rectangles of what is inside a zoomed element in the page's px,
 *  as CSS zoom is now specified (Chromium, Firefox). WebKitGTK gives them in the element's own
 *  px, while a pointer's position is in the page's: a click in a zoomed editor would put the
 *  caret elsewhere. There the element is left unzoomed (as large as the host's root font makes
 *  it), which works. Measured once, on a hidden probe. */
function zoomKeepsPagePx() {
  if (keepsPagePx !== null) return keepsPagePx;
  const outer = document.createElement("div");
  outer.style.cssText = "position: absolute; visibility: hidden; zoom: 0.5";
  const inner = document.createElement("div");
  inner.style.height = "100px";
  outer.append(inner);
  document.documentElement.append(outer);
  keepsPagePx = Math.abs(inner.getBoundingClientRect().height - 50) < 1;
  outer.remove();
  return keepsPagePx;
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
