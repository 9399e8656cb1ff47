// The documentation theme's own light/dark switch, where it has one, which the cells follow; else
// they follow the reader's system. The stylesheet's dark colours sit under
// `@media screen and (prefers-color-scheme: dark)`: in each cell's shadow root those rules are
// made to apply on any screen (the host is dark), on none (the host is light), or as written.
import { schemeChanged, setSchemeSource } from "../shared/scheme.js";

// Where themes say which scheme they show: the element, the attribute, and its value for each
// scheme (another value, such as Furo's "auto", leaves the choice to the reader's system).
const HOST_SWITCHES = [
  // Material for MkDocs: its palette toggle; "slate" is its dark scheme, any other is light.
  {
    element: () => document.body,
    attribute: "data-md-color-scheme",
    scheme: (value) => (value === "slate" ? "dark" : "light"),
  },
  // Furo (on body) and pydata-sphinx-theme (on html): "dark", "light" (Furo also "auto").
  { element: () => document.body, attribute: "data-theme", scheme: lightOrDark },
  { element: () => document.documentElement, attribute: "data-theme", scheme: lightOrDark },
  // MkDocs' own theme (Bootstrap's colour modes).
  { element: () => document.documentElement, attribute: "data-bs-theme", scheme: lightOrDark },
];
const DARK_RULES = "prefers-color-scheme: dark";
const system = window.matchMedia("(prefers-color-scheme: dark)");
const roots = new Set(); // the cells' shadow roots
const written = new WeakMap(); // a dark rule: its media as the stylesheet wrote it

function lightOrDark(value) {
  return value === "dark" || value === "light" ? value : null;
}

/** "dark" or "light" when the host page's theme has chosen one, else null. */
export function hostScheme() {
  for (const { element, attribute, scheme } of HOST_SWITCHES) {
    const value = element()?.getAttribute(attribute);
    if (value !== null && value !== undefined) {
      const chosen = scheme(value);
      if (chosen) return chosen;
    }
  }
  return null;
}

/** Follow the host's switch from now on: the cells' colours and their editors change with it. */
export function followHostScheme() {
  setSchemeSource(() => (hostScheme() ?? (system.matches ? "dark" : "light")) === "dark");
  const filter = [...new Set(HOST_SWITCHES.map(({ attribute }) => attribute))];
  new MutationObserver(applyAll).observe(document.documentElement, {
    attributes: true,
    attributeFilter: filter,
    subtree: true,
  });
}

/** Draw the shadow root `root`'s cells in the host's scheme now and after each change;
 *  `stylesheet` is its link to the site's stylesheet (its rules are read when it has loaded). */
export function schemeFollows(root, stylesheet) {
  roots.add(root);
  stylesheet.addEventListener("load", () => apply(root, hostScheme()));
  apply(root, hostScheme());
}

function applyAll() {
  const scheme = hostScheme();
  for (const root of roots) {
    if (root.host.isConnected) apply(root, scheme);
    else roots.delete(root);
  }
  schemeChanged();
}

/** Make the dark rules of `root`'s stylesheets apply for `scheme` ("dark", "light", or null: as written). */
function apply(root, scheme) {
  root.host.dataset.scheme = scheme ?? "system";
  for (const sheet of root.styleSheets) {
    let rules;
    try {
      rules = sheet.cssRules;
    } catch {
      continue; // another origin's stylesheet, not sent for reading: the system's scheme, then
    }
    for (const rule of rules) {
      if (!(rule instanceof CSSMediaRule)) continue;
      const media = written.get(rule) ?? rule.media.mediaText;
      if (!media.includes(DARK_RULES)) continue;
      written.set(rule, media);
      // On paper the colours stay light, as the stylesheet has them.
      rule.media.mediaText = scheme === "dark" ? "screen" : scheme === "light" ? "not all" : media;
    }
  }
}
