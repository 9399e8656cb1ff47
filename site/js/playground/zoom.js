// The playground's lengths under a CSS zoom (an embedded playground: embed/own-base.js). The
// pointer and scrolling are in the page's px; getBoundingClientRect is in the page's px too
// (Chromium, Firefox) or, in WebKit, in the zoomed element's own px; a transform is in its own px.

/**
 * Conversions for the rectangles of `element`'s subtree.
 * @param {HTMLElement} element  a laid-out element (its offsetHeight above 0)
 * @returns {{toRect: number, toOwn: number}}  toRect: rectangle units per page px; toOwn: the
 *   element's own px per rectangle unit
 */
export function rectScales(element) {
  const height = element.getBoundingClientRect().height;
  const ownPerRect = element.offsetHeight > 0 && height > 0 ? element.offsetHeight / height : 1;
  return { toRect: 1 / (ownPerRect * effectiveZoom(element)), toOwn: ownPerRect };
}

/** The CSS zoom `element` is drawn at: currentCSSZoom where the engine has it, else the product
 *  of its own and its ancestors' zoom, across shadow roots (as currentCSSZoom is defined). */
function effectiveZoom(element) {
  if (typeof element.currentCSSZoom === "number") return element.currentCSSZoom;
  let zoom = 1;
  for (let node = element; node; node = node.parentElement ?? node.getRootNode().host) {
    zoom *= Number.parseFloat(getComputedStyle(node).zoom) || 1;
  }
  return zoom;
}
