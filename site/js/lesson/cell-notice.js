// The one-line note at the top of a code cell: saved code is back, the lesson changed since, or
// another tab changed the cell.
import { textButton } from "../shared/button.js";

/**
 * Show `text` at the top of the cell `element`, replacing its note; null removes the note.
 * @param {Element} element  the cell ([data-cell])
 * @param {string | null} text
 * @param {{label: string, onClick: (note: HTMLElement) => void}} [action]  a button in the note
 */
export function setCellNotice(element, text, action = null) {
  element.querySelector("[data-notice]")?.remove();
  if (text === null) return;
  const note = document.createElement("p");
  note.className = "cell-notice";
  note.dataset.notice = "";
  note.setAttribute("role", "status");
  note.textContent = text;
  if (action) note.append(textButton(action.label, () => action.onClick(note)));
  element.prepend(note);
}
