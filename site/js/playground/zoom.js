// The playground's lengths under a CSS zoom (an embedded playground: embed/own-base.js, which
// zooms only where the engine keeps the rectangles of a zoomed element's inside in the page's
// px). Pointer, scrolling and rectangles are then in the page's px; a transform is in the
// element's own px.

/**
 * How many of `element`'s own px one page px is: 1 / its CSS zoom, measured (not every engine
 * has currentCSSZoom).
 * @param {HTMLElement} element  a laid-out element (its offsetHeight above 0)
 * @returns {number}  1 where the element is not zoomed, or cannot be measured
 */
export function ownPxPerPagePx(element) {
  const height = element.getBoundingClientRect().height;
  return element.offsetHeight > 0 && height > 0 ? element.offsetHeight / height : 1;
}
