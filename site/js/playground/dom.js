// A small element builder for the playground's views.

/**
 * A new element.
 * @param {string} tag
 * @param {Record<string, string|boolean|null>} attributes  `true`: present and empty; false or
 *   null: left out; "text": its text content
 * @param {...(Node|string)} children
 */
export function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name === "text") element.textContent = value;
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  element.append(...children);
  return element;
}

/** A <select> labelled `label` with `options` ([value, text] pairs) and `value` chosen. */
export function select(label, options, value, attributes = {}) {
  const element = el("select", { "aria-label": label, ...attributes });
  for (const [optionValue, text] of options) {
    element.append(el("option", { value: optionValue, text, selected: String(optionValue) === String(value) }));
  }
  return element;
}
