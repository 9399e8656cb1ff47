// Editor colours for light and dark pages. Every token colour meets WCAG AA contrast (4.5:1)
// against the editor background, which CodeMirror's stock styles do not. The tokens' colours are
// the stylesheet's (site.css, --code-*): light by default and on paper, dark only on a dark
// screen, so code prints in its light colours whatever the screen's scheme.
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

function theme({ dark, background, text, gutter, gutterText, selection, cursor }) {
  const base = EditorView.theme(
    {
      "&": { color: text, backgroundColor: background },
      ".cm-content": { caretColor: cursor },
      ".cm-cursor, .cm-dropCursor": { borderLeftColor: cursor },
      "&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection": { backgroundColor: selection },
      ".cm-gutters": { backgroundColor: gutter, color: gutterText, border: "none" },
      ".cm-activeLine, .cm-activeLineGutter": { backgroundColor: "transparent" },
      "&.cm-focused .cm-activeLine": { backgroundColor: dark ? "#ffffff0d" : "#0000000a" },
      "&.cm-focused .cm-activeLineGutter": { color: text },
      ".cm-matchingBracket": { outline: `1px solid ${gutterText}`, backgroundColor: "transparent" },
    },
    { dark },
  );
  return [base, highlight];
}

export const lightTheme = theme({
  dark: false,
  background: "#f8f8f8",
  text: "#1b1f24",
  gutter: "#eef0f2",
  gutterText: "#4d5560",
  selection: "#cfe3ff",
  cursor: "#1b1f24",
});

export const darkTheme = theme({
  dark: true,
  background: "#1e2227",
  text: "#e6e8eb",
  gutter: "#1a1d21",
  gutterText: "#a3acb6",
  selection: "#3a4a63",
  cursor: "#e6e8eb",
});
