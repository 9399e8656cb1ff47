// The plain button every note, banner and status line of the pages adds beside its words.

/**
 * A `<button type="button">` labelled `label` that calls `onClick` when pressed.
 * @param {string} label
 * @param {(event: MouseEvent) => void} onClick
 * @returns {HTMLButtonElement}
 */
export function textButton(label, onClick) {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = label;
  button.addEventListener("click", onClick);
  return button;
}
