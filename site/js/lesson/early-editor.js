// A cell's code before CodeMirror is in. The static <code> the lesson's HTML shows is itself
// editable (contenteditable="plaintext-only", role="textbox"; templates/cell.html), so a click
// or Tab on it gives a caret at once and what the learner types is kept. CodeMirror then takes
// over with the text, the caret and the selection (cells.js attachEditors).
import { canEditPlainText } from "../runtime/capabilities.js";
import { setIndent, showStaticCode } from "./static-code.js";

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
  early.addEventListener("compositionstart", () => {
    early.dataset.composing = "";
  });
  early.addEventListener("compositionend", () => {
    delete early.dataset.composing;
    early.dispatchEvent(new Event("composition-done"));
  });
  // Edits are applied to the text here, not left to the browser: its own editing joins and
  // splits the per-line elements in ways that differ between engines (Chromium's Backspace at a
  // line start also dropped the next line break). The code is then shown again as plain lines.
  early.addEventListener("beforeinput", (event) => {
    const edit = textEdit(event, early);
    if (!edit) return; // composition and the rarer kinds: the browser's edit, read on "input"
    event.preventDefault();
    replaceText(early, edit);
    onChange(earlyText(early));
  });
  early.addEventListener("input", () => onChange(earlyText(early)));
  early.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || event.isComposing || !(event.shiftKey || event.ctrlKey || event.metaKey)) return;
    event.preventDefault(); // Shift+Enter and Ctrl/Cmd+Enter run the cell, as in the editor
    onRun();
  });
  return true;
}

/** What a `beforeinput` event would do, as {from, to, text} in the code's text; null for the
 *  kinds left to the browser (composition, formatting, history). */
function textEdit(event, early) {
  const range = earlySelectionRange(early);
  if (!range) return null;
  const input = { inputType: event.inputType, data: event.data, dropped: event.dataTransfer?.getData("text/plain") };
  return editOf(input, range, earlyText(early));
}

/**
 * The edit an input makes to the code, as the editor would make it.
 * @param {{inputType: string, data?: string | null, dropped?: string}} input  a `beforeinput`
 *   event's kind and its text (`data`, or `dropped`: the plain text it carries, pasted or dropped)
 * @param {{from: number, to: number}} range  the selection, as offsets in `text`
 * @param {string} text  the code
 * @returns {{from: number, to: number, text: string} | null}  what to put in place of
 *   `from`..`to`; null for the kinds left to the browser (composition, formatting, history)
 */
export function editOf({ inputType, data, dropped }, { from, to }, text) {
  switch (inputType) {
    case "insertText":
    case "insertReplacementText":
      return { from, to, text: data ?? dropped ?? "" };
    case "insertFromPaste":
    case "insertFromDrop":
      return { from, to, text: (dropped ?? "").replace(/\r\n?/g, "\n") };
    case "insertLineBreak":
    case "insertParagraph":
      return { from, to, text: `\n${indentationAt(text, from)}` };
    case "deleteContentBackward":
      return from === to ? { from: Math.max(0, from - 1), to, text: "" } : { from, to, text: "" };
    case "deleteContentForward":
      return from === to ? { from, to: Math.min(text.length, to + 1), text: "" } : { from, to, text: "" };
    case "deleteWordBackward":
      return from === to ? { from: wordStartBefore(text, from), to, text: "" } : { from, to, text: "" };
    case "deleteWordForward":
      return from === to ? { from, to: wordEndAfter(text, to), text: "" } : { from, to, text: "" };
    default:
      return null;
  }
}

/** Replace `from`..`to` of the code with `text`, caret after it. Firefox loses keys typed right
 *  after the text node under its caret was replaced, so the node that holds the caret is kept:
 *  an edit inside it changes that node only, a line break at a caret splits its line around it,
 *  and deleting the line break at either end of the caret's line joins the two lines. Any other
 *  edit is shown again as plain lines. */
function replaceText(early, { from, to, text }) {
  const selection = getSelectionOf(early);
  const head = earlySelection(early)?.head;
  if (selection?.isCollapsed && head != null && selection.focusNode.nodeType !== Node.TEXT_NODE) {
    placeCaret(early, head); // a caret between elements (as focus() leaves it): the same place in a text node
  }
  const node = selection?.focusNode;
  if (node?.nodeType === Node.TEXT_NODE && early.contains(node)) {
    const start = textOffsetOf(early, node, 0);
    const removed = earlyText(early).slice(from, to);
    const inNode = from >= start && to <= start + node.length && !removed.includes("\n");
    if (inNode && !text.includes("\n")) {
      node.replaceData(from - start, to - from, text);
      selection.collapse(node, from - start + text.length);
      return;
    }
    if (inNode && from === to && /^\n[ \t]*$/.test(text) && splitLine(node, from - start, text.slice(1))) {
      selection.collapse(node, text.length - 1);
      return;
    }
    const caret = selection.focusOffset;
    if (removed === "\n" && text === "" && selection.isCollapsed && joinAtCaret(node, caret, from, to, start)) {
      selection.collapse(node, caret);
      return;
    }
  }
  const code = earlyText(early);
  showStaticCode(early, code.slice(0, from) + text + code.slice(to));
  placeCaret(early, from + text.length);
}

/** Break the shown line that holds `node` at `offset` in it: what comes before moves to a new
 *  line element above, and `node` stays, starting the second line with `indentation`. Returns
 *  false, changing nothing, where `node` is not inside one line element of its own. */
function splitLine(node, offset, indentation) {
  const line = node.parentElement?.closest(".code-line");
  if (!line) return false;
  const before = document.createRange();
  before.setStart(line, 0);
  before.setEnd(node, offset);
  if (before.toString().includes("\n")) return false;
  const above = document.createElement("span");
  above.className = "code-line";
  above.append(before.extractContents(), "\n");
  line.before(above);
  node.insertData(0, indentation);
  for (const each of [above, line]) setIndent(each, each.textContent);
  return true;
}

/** Delete the line break next to the caret (at text offsets `from`..`to`; the caret is at
 *  (`node`, `caret`), `node` starting at text offset `start`), where the caret is at the start
 *  of its line (Backspace) or at its end (Delete), by joining the two lines. Returns false,
 *  changing nothing, elsewhere. */
function joinAtCaret(node, caret, from, to, start) {
  const line = node.parentElement?.closest(".code-line");
  if (!line) return false;
  const at = start + caret;
  const sibling = at === to ? line.previousElementSibling : at === from ? line.nextElementSibling : null;
  if (!sibling?.classList.contains("code-line")) return false;
  const [upper, lower] = at === to ? [sibling, line] : [line, sibling];
  return joinLines(upper, lower, line);
}

/** Join the shown line `upper` with `lower`, the one below it, dropping the line break between
 *  them. `keep` (one of the two) stays in place and takes the other's content. */
function joinLines(upper, lower, keep) {
  const walker = document.createTreeWalker(upper, NodeFilter.SHOW_TEXT);
  let last = null;
  for (let text = walker.nextNode(); text; text = walker.nextNode()) last = text;
  if (!last?.data.endsWith("\n")) return false;
  last.deleteData(last.length - 1, 1);
  if (keep === lower) lower.prepend(...upper.childNodes);
  else upper.append(...lower.childNodes);
  (keep === lower ? upper : lower).remove();
  setIndent(keep, keep.textContent);
  return true;
}

/** The offset in `early`'s text of the point (`node`, `offset`). */
function textOffsetOf(early, node, offset) {
  const range = document.createRange();
  range.setStart(early, 0);
  range.setEnd(node, offset);
  return range.toString().length;
}

/** Where Ctrl+Backspace deletes to: back over spaces, then one word or run of punctuation. */
export function wordStartBefore(text, at) {
  const start = at - /(\w+|[^\w\s]+)?[ \t]*$/.exec(text.slice(0, at))[0].length;
  return start < at ? start : Math.max(0, at - 1);
}

/** Where Ctrl+Delete deletes to: over spaces, then one word or run of punctuation. */
export function wordEndAfter(text, at) {
  const length = /^[ \t]*(\w+|[^\w\s]+)?/.exec(text.slice(at))[0].length;
  return Math.min(text.length, at + (length || 1));
}

/** Put the caret at text offset `offset` of `early`. An offset just after a line break is the
 *  start of the next line, not the end of the text node that holds the break. */
function placeCaret(early, offset) {
  const walker = document.createTreeWalker(early, NodeFilter.SHOW_TEXT);
  let left = offset;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (left < node.length || (left === node.length && !node.data.endsWith("\n"))) {
      getSelectionOf(early)?.collapse(node, left);
      return;
    }
    left -= node.length;
  }
  getSelectionOf(early)?.collapse(early, early.childNodes.length);
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

function getSelectionOf(early) {
  const root = early.getRootNode();
  return typeof root.getSelection === "function" ? root.getSelection() : document.getSelection();
}

/** The selection in `early` as text offsets `{anchor, head}`, or null when it is elsewhere. */
export function earlySelection(early) {
  const selection = getSelectionOf(early);
  if (!selection || selection.rangeCount === 0) return null;
  const length = earlyText(early).length;
  const offsetOf = (node, offset) =>
    node && early.contains(node) ? Math.min(textOffsetOf(early, node, offset), length) : null;
  const anchor = offsetOf(selection.anchorNode, selection.anchorOffset);
  const head = offsetOf(selection.focusNode, selection.focusOffset);
  return anchor === null || head === null ? null : { anchor, head };
}

/** The selection as an ordered range `{from, to}`, or null. */
function earlySelectionRange(early) {
  const selection = earlySelection(early);
  return (
    selection && { from: Math.min(selection.anchor, selection.head), to: Math.max(selection.anchor, selection.head) }
  );
}

/** The spaces and tabs that start the line of `text` holding offset `at`. */
export function indentationAt(text, at) {
  const lineStart = text.lastIndexOf("\n", at - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))[0];
}
