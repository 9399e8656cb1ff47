// CodeMirror 6 editors for code cells. Loaded lazily: the page shows highlighted static code
// first, and each cell swaps to an editor when this module arrives.
import { EditorView, basicSetup } from "codemirror";
import { Compartment, EditorSelection, EditorState, Prec, RangeSetBuilder } from "@codemirror/state";
import { Decoration, ViewPlugin, keymap } from "@codemirror/view";
import { indentWithTab, isolateHistory } from "@codemirror/commands";
import { ensureSyntaxTree } from "@codemirror/language";
import { autocompletion } from "@codemirror/autocomplete";
import { python } from "@codemirror/lang-python";
import { darkTheme, lightTheme } from "./editor-theme.js";
import { cellIndentation } from "./indent.js";
import { isDark, onSchemeChange } from "../shared/scheme.js";

// A cell parses in about a millisecond; this bounds the wait on a very slow machine.
const SYNTAX_PARSE_BUDGET_MS = 500;

const themeFor = (dark) => (dark ? darkTheme : lightTheme);

/** A long line that wraps goes on under its own indentation, not at the editor's left edge, so
 *  the block structure of Python stays visible on a narrow screen. */
const hangingIndent = ViewPlugin.fromClass(
  class {
    constructor(view) {
      this.decorations = this.build(view);
    }

    update(update) {
      if (update.docChanged || update.viewportChanged) this.decorations = this.build(update.view);
    }

    build(view) {
      const builder = new RangeSetBuilder();
      // Every line drawn (the viewport), not only those on screen: a line drawn before it is
      // scrolled into view must not move sideways when it gets its indent.
      for (const { from, to } of [view.viewport]) {
        for (let position = from; position <= to; ) {
          const line = view.state.doc.lineAt(position);
          const indent = /^[ \t]*/.exec(line.text)[0].replaceAll("\t", " ".repeat(view.state.tabSize)).length;
          if (indent > 0) {
            // CodeMirror's lines have 6px of padding on the left; keep it.
            const style = `padding-left: calc(${indent}ch + 6px); text-indent: -${indent}ch`;
            builder.add(line.from, line.from, Decoration.line({ attributes: { style } }));
          }
          position = line.to + 1;
        }
      }
      return builder.finish();
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

/** CodeMirror measures an editor only while it is in view; one made further down the page keeps
 *  estimated line heights (often tens of pixels off) until the learner scrolls to it, and then
 *  everything below it moves, under the pointer. So `parent` keeps the height of the static code
 *  it replaced until CodeMirror has measured the editor in view. The two are laid out alike
 *  (static-code.js), but where a long line wraps can differ by a fraction of a pixel (the text is
 *  split into different spans), so the editor then keeps at least that height until its code is
 *  edited: a line of space to spare rather than a page that moves.
 *  Returns {stop, edited}: stop holding (the editor goes away); the code was edited. */
function holdHeightUntilMeasured(view, parent, height) {
  parent.style.height = `${height}px`;
  parent.style.overflow = "clip";
  parent.dataset.measuring = ""; // its line numbers stand at estimated places: hidden (site.css)
  const letGo = () => {
    delete parent.dataset.measuring;
    parent.style.height = "";
    parent.style.overflow = "";
    parent.style.minHeight = `${height}px`;
  };
  // CodeMirror's own check comes an IntersectionObserver callback late, after a frame with the
  // estimated line numbers has been painted; a scroll event comes sooner.
  const inWindow = () => {
    const rect = parent.getBoundingClientRect();
    return rect.bottom > 0 && rect.top < window.innerHeight && rect.right > 0 && rect.left < window.innerWidth;
  };
  const measureInView = () => {
    stop();
    view.requestMeasure({ read: () => null, write: letGo });
  };
  const onScroll = () => {
    if (inWindow()) measureInView();
  };
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) measureInView();
  });
  const stop = () => {
    observer.disconnect();
    document.removeEventListener("scroll", onScroll, { capture: true });
  };
  observer.observe(parent); // made in view, or shown by something other than a scroll
  document.addEventListener("scroll", onScroll, { capture: true, passive: true });
  return {
    stop,
    edited: () => {
      parent.style.minHeight = "";
    },
  };
}

/**
 * Replace `parent`'s content with an editor.
 * @param {HTMLElement} parent
 * @param {{code: string, original?: string, readonly: boolean, label: string, onRun: () => void, onChange: (code: string) => void, root?: ShadowRoot, keys?: HTMLElement, staticHeight?: number, selection?: {anchor: number, head: number}}} options
 *   original: the lesson's own code for the cell (`code` may be the learner's edit), whose
 *   indentation the editor keeps (indent.js).
 *   keys: the page's own line that says which keys run the cell and leave the editor (shown
 *   from now on); without it, one is added under the editor.
 *   staticHeight: the height in CSS pixels of the static code the editor replaces, kept until
 *   the editor has been measured in view (holdHeightUntilMeasured)
 *   selection: the caret and selection to start with, as offsets in `code`
 * @returns {{getCode: () => string, setCode: (code: string) => void, focus: () => void}}
 */
let editorCount = 0;

export function createEditor(
  parent,
  { code, original, readonly, label, onRun, onChange, root, keys: pageKeys, staticHeight, selection },
) {
  const theme = new Compartment();
  // Tab indents inside the editor, so say how to run the cell and how to leave it (on screen
  // under the editor, and read out as its description).
  const keys = pageKeys ?? document.createElement("p");
  if (!pageKeys) {
    keys.className = "editor-keys";
    keys.textContent = readonly
      ? "Shift+Enter runs this cell."
      : "Shift+Enter runs this cell. Tab indents; Escape, then Tab, leaves the editor.";
  }
  keys.id ||= `editor-keys-${++editorCount}`;
  keys.dataset.editorKeys = "shown";
  let holding = null; // see holdHeightUntilMeasured
  // A key binding returns true: the key is handled, and no other binding sees it.
  const runAndHandle = () => {
    onRun();
    return true;
  };
  const runKeys = Prec.highest(
    keymap.of([
      { key: "Shift-Enter", run: runAndHandle },
      { key: "Mod-Enter", run: runAndHandle },
    ]),
  );
  let state = EditorState.create({
    doc: code,
    // Where the learner's caret was in the code shown before the editor came (early-editor.js).
    selection:
      selection &&
      EditorSelection.single(Math.min(selection.anchor, code.length), Math.min(selection.head, code.length)),
    extensions: [
      runKeys,
      basicSetup,
      // Completions only when asked for (Ctrl+Space): opened by typing, the list lay over the
      // cell's Run and Check buttons, and a click meant for them picked a completion instead.
      autocompletion({ activateOnTyping: false }),
      keymap.of([indentWithTab]),
      python(),
      cellIndentation(original ?? code), // Enter and Tab indent as the lesson's code does
      EditorView.lineWrapping,
      hangingIndent,
      theme.of(themeFor(isDark())),
      EditorState.readOnly.of(readonly),
      EditorView.contentAttributes.of({ "aria-label": label, "aria-describedby": keys.id }),
      EditorView.updateListener.of((update) => {
        if (!update.docChanged) return;
        holding?.edited();
        onChange(update.state.doc.toString());
      }),
    ],
  });
  // Highlighted from the first frame. CodeMirror gives a new state's parse 20 ms; on a busy
  // machine the rest of the cell was parsed later, and the highlighting it brought re-cut the
  // text of lines already painted (seen as a layout shift). Parse the whole cell now, then take
  // the finished tree into the state (an empty transaction does).
  if (ensureSyntaxTree(state, state.doc.length, SYNTAX_PARSE_BUDGET_MS)) state = state.update({}).state;
  const view = new EditorView({
    parent,
    root, // a shadow root when the editor lives inside one (embed.js)
    state,
  });
  if (!pageKeys) parent.append(keys);
  // With its own keys line added under it, the editor grows anyway: nothing to hold.
  if (staticHeight && pageKeys) holding = holdHeightUntilMeasured(view, parent, staticHeight);
  const stopFollowing = onSchemeChange((dark) => view.dispatch({ effects: theme.reconfigure(themeFor(dark)) }));
  return {
    getCode: () => view.state.doc.toString(),
    // Its own undo step, so Ctrl+Z after a Reset brings back exactly the code it replaced.
    setCode: (text) =>
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: text },
        annotations: isolateHistory.of("full"),
      }),
    focus: () => view.focus(),
    // The lesson is leaving the page (another lesson opened in its place): let go of it.
    destroy: () => {
      stopFollowing();
      holding?.stop();
      view.destroy();
    },
  };
}
