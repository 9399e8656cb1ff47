// Editor colours for light and dark pages. Every token colour meets WCAG AA contrast (4.5:1)
// against the editor background, which CodeMirror's stock styles do not.
import { EditorView } from "@codemirror/view";
import { HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { tags as t } from "@lezer/highlight";

function theme({ dark, background, text, gutter, gutterText, selection, cursor, colors }) {
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
  const highlight = HighlightStyle.define(
    [
      {
        tag: [t.keyword, t.controlKeyword, t.operatorKeyword, t.definitionKeyword, t.moduleKeyword],
        color: colors.keyword,
      },
      { tag: [t.string, t.special(t.string)], color: colors.string },
      { tag: [t.comment, t.lineComment, t.docComment], color: colors.comment, fontStyle: "italic" },
      { tag: [t.number, t.bool, t.null, t.atom], color: colors.number },
      {
        tag: [t.function(t.definition(t.variableName)), t.function(t.variableName), t.className],
        color: colors.function,
      },
      { tag: [t.definition(t.variableName)], color: colors.definition },
      { tag: [t.self, t.standard(t.variableName)], color: colors.keyword },
      { tag: t.invalid, color: colors.invalid },
    ],
    { themeType: dark ? "dark" : "light" },
  );
  return [base, syntaxHighlighting(highlight)];
}

export const lightTheme = theme({
  dark: false,
  background: "#f8f8f8",
  text: "#1b1f24",
  gutter: "#eef0f2",
  gutterText: "#4d5560",
  selection: "#cfe3ff",
  cursor: "#1b1f24",
  colors: {
    keyword: "#8a1f9c",
    string: "#a31515",
    comment: "#3f6b3f",
    number: "#0b5394",
    function: "#5a3fa8",
    definition: "#0a5a6e",
    invalid: "#a4161a",
  },
});

export const darkTheme = theme({
  dark: true,
  background: "#1e2227",
  text: "#e6e8eb",
  gutter: "#1a1d21",
  gutterText: "#a3acb6",
  selection: "#3a4a63",
  cursor: "#e6e8eb",
  colors: {
    keyword: "#d7a6ff",
    string: "#b5e0a0",
    comment: "#a3acb6",
    number: "#f5b97a",
    function: "#8fb8ff",
    definition: "#7fd8e6",
    invalid: "#ff8b8b",
  },
});
