// Editor colours for light and dark pages. Every token colour meets WCAG AA contrast (4.5:1)
// against the editor background, which CodeMirror's stock styles do not. The tokens' colours are
// the stylesheet's (site.css, --code-*): light by default and on paper, dark only on a dark
// screen (or a documentation theme's dark mode), so code prints in its light colours whatever the
// screen's scheme.
import { EditorView } from "@codemirror/view";
import { HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { tags as t } from "@lezer/highlight";

const highlight = syntaxHighlighting(
  HighlightStyle.define([
    {
      tag: [t.keyword, t.controlKeyword, t.operatorKeyword, t.definitionKeyword, t.moduleKeyword],
      color: "var(--code-keyword)",
    },
    { tag: [t.string, t.special(t.string)], color: "var(--code-string)" },
    { tag: [t.comment, t.lineComment, t.docComment], color: "var(--code-comment)", fontStyle: "italic" },
    { tag: [t.number, t.bool, t.null, t.atom], color: "var(--code-number)" },
    {
      tag: [t.function(t.definition(t.variableName)), t.function(t.variableName), t.className],
      color: "var(--code-function)",
    },
    { tag: [t.definition(t.variableName)], color: "var(--code-definition)" },
    { tag: [t.self, t.standard(t.variableName)], color: "var(--code-keyword)" },
    { tag: t.invalid, color: "var(--code-invalid)" },
  ]),
);

// The editor's colours are the stylesheet's too (--text, --code-bg, --code-gutter, ...), so its
// background always belongs to the same scheme as its tokens: light by default and on paper, dark
// on a dark screen, inside a documentation page's shadow root as in a lesson. `dark` only tells
// CodeMirror which of its own base styles to use.
function theme(dark) {
  const base = EditorView.theme(
    {
      "&": { color: "var(--text)", backgroundColor: "var(--code-bg)" },
      ".cm-content": { caretColor: "var(--text)" },
      ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--text)" },
      "&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection": {
        backgroundColor: "var(--code-selection)",
      },
      ".cm-gutters": { backgroundColor: "var(--code-gutter)", color: "var(--code-gutter-text)", border: "none" },
      ".cm-activeLine, .cm-activeLineGutter": { backgroundColor: "transparent" },
      "&.cm-focused .cm-activeLine": { backgroundColor: "var(--code-active-line)" },
      "&.cm-focused .cm-activeLineGutter": { color: "var(--text)" },
      ".cm-matchingBracket": { outline: "1px solid var(--code-gutter-text)", backgroundColor: "transparent" },
    },
    { dark },
  );
  return [base, highlight];
}

export const lightTheme = theme(false);

export const darkTheme = theme(true);
