// Whether the page's cells are drawn in their dark colours. A lesson follows the reader's system
// (prefers-color-scheme); a documentation page's cells follow its theme's own light/dark switch
// when it has one (embed/host-scheme.js sets the source).
const system = window.matchMedia("(prefers-color-scheme: dark)");
const listeners = new Set();
let source = () => system.matches;

/** Whether the cells are dark now. */
export function isDark() {
  return source();
}

/** Call `listener(dark)` each time the scheme changes; returns what stops that. */
export function onSchemeChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Take the scheme from `isDarkNow` (a function returning a boolean) from now on. */
export function setSchemeSource(isDarkNow) {
  source = isDarkNow;
  schemeChanged();
}

/** Tell the listeners the scheme may have changed (its source says so). */
export function schemeChanged() {
  const dark = isDark();
  for (const listener of listeners) listener(dark);
}

system.addEventListener("change", schemeChanged);
