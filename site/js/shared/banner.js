// A one-line notice over the bottom edge of the window (role="status"), at most one per `hook`:
// the course was updated, or the learner's edits cannot be kept. It moves nothing on the page:
// it lies over it, and the page gets room at its end so that nothing stays under the notice.
import { textButton } from "./button.js";

/**
 * Show `text` in a banner marked `data-{hook}`, with an optional button; does nothing if that
 * banner is already shown. Returns the banner element (the one already shown, if any).
 * @param {string} hook  the data- attribute that marks it (its test hook), e.g. "update"
 * @param {string} text
 * @param {{label: string, onClick: () => void}} [button]
 */
export function showBanner(hook, text, button = null) {
  const shown = document.querySelector(`[data-${hook}]`);
  if (shown) return shown;
  const banner = document.createElement("div");
  banner.className = "page-banner";
  banner.setAttribute(`data-${hook}`, "");
  banner.setAttribute("role", "status");
  banner.textContent = text;
  if (button) {
    const element = textButton(button.label, () => {
      element.disabled = true;
      button.onClick();
    });
    banner.append(" ", element);
  }
  bannerArea().append(banner);
  return banner;
}

/** The fixed area at the bottom of the window that holds the banners; the page's end keeps as
 *  much room as it takes, so every control can still be scrolled clear of it. */
function bannerArea() {
  let area = document.querySelector("[data-page-banners]");
  if (area) return area;
  area = document.createElement("div");
  area.className = "page-banners";
  area.dataset.pageBanners = "";
  document.body.append(area);
  new ResizeObserver(() => {
    document.body.style.paddingBottom = area.childElementCount ? `${area.offsetHeight}px` : "";
  }).observe(area);
  return area;
}
