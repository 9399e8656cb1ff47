// A one-line notice at the top of the page (role="status"), at most one per `hook`: the course
// was updated, or the learner's edits cannot be kept.

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
    const element = document.createElement("button");
    element.type = "button";
    element.textContent = button.label;
    element.addEventListener("click", () => {
      element.disabled = true;
      button.onClick();
    });
    banner.append(" ", element);
  }
  document.body.prepend(banner);
  return banner;
}
