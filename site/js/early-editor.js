// A cell's code before CodeMirror is in. The static <code> the lesson's HTML shows is itself
// editable (contenteditable="plaintext-only", role="textbox"; templates/cell.html), so a click
// or Tab on it gives a caret at once and what the learner types is kept. CodeMirror then takes
// over with the text, the caret and the selection (cells.js attachEditors).
import { canEditPlainText } from "./capabilities.js";

/** The cell's early editable element, or null (a read-only cell, or an embedded one). */
export function earlyEditorOf(cellElement) {
  return cellElement.querySelector("[data-early-editor]");
}

/**
 * Make `early` answer like the editor will: typing reports the code, Enter keeps the line's
 * indentation, Shift+Enter and Ctrl/Cmd+Enter run the cell. Where this browser cannot edit
 * plain text in place (`contenteditable="plaintext-only"` unknown; the capability note says
 * so), `early` becomes the focusable static code it was before, and a click or Tab on it still
 * brings the editor, which takes the focus.
 * @param {HTMLElement} early  the cell's [data-early-editor] <code>
 * @param {{onChange: (code: string) => void, onRun: () => void}} handlers
 * @returns {boolean} whether the element is editable
 */
export function wireEarlyEditor(early, { onChange, onRun }) {
  if (!canEditPlainText() || !early.isContentEditable) {
    for (const name of ["contenteditable", "role", "aria-multiline"]) early.removeAttribute(name);
    early.tabIndex = 0;
    return false;
  }
  early.addEventListener("compositionstart", () => { early.dataset.composing = ""; });
  early.addEventListener("compositionend", () => {
    delete early.dataset.composing;
    early.dispatchEvent(new Event("composition-done"));
  });
  early.addEventListener("input", () => onChange(earlyText(early)));
  early.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || event.isComposing) return;
    event.preventDefault();
    if (event.shiftKey || event.ctrlKey || event.metaKey) onRun();
    else document.execCommand("insertText", false, `\n${indentationAtCaret(early)}`);
  });
  return true;
}

/** Resolves once the learner is not composing text in `early` (an input method's draft would
 *  be lost if the element were replaced under it). */
export function whenNotComposing(early) {
  if (!early || !("composing" in early.dataset)) return Promise.resolve();
  return new Promise((resolve) => early.addEventListener("composition-done", resolve, { once: true }));
}

/** The code in `early`: its text, less the newline that ends every shown line's last. */
export function earlyText(early) {
  const text = early.textContent;
  return text.endsWith("\n") ? text.slice(0, -1) : text;
}

/** The selection in `early` as text offsets `{anchor, head}`, or null when it is elsewhere. */
export function earlySelection(early) {
  const root = early.getRootNode();
  const selection = typeof root.getSelection === "function" ? root.getSelection() : document.getSelection();
  if (!selection || selection.rangeCount === 0) return null;
  const length = earlyText(early).length;
  const offsetOf = (node, offset) => {
    if (!node || !early.contains(node)) return null;
    const range = document.createRange();
    range.setStart(early, 0);
    range.setEnd(node, offset);
    return Math.min(range.toString().length, length);
  };
  const anchor = offsetOf(selection.anchorNode, selection.anchorOffset);
  const head = offsetOf(selection.focusNode, selection.focusOffset);
  return anchor === null || head === null ? null : { anchor, head };
}

/** The spaces and tabs that start the line the caret is on. */
function indentationAtCaret(early) {
  const caret = earlySelection(early);
  if (!caret) return "";
  const text = earlyText(early);
  const lineStart = text.lastIndexOf("\n", Math.min(caret.anchor, caret.head) - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))[0];
}
