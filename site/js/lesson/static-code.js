// A cell's code as shown before its editor is in: one element per line, laid out as the editor
// lays it out (site.css), as the build writes it (lessonbuild/highlight.py highlight_lines).

const TAB_SIZE = 4; // CodeMirror's default, which the editor keeps

/** The width in columns of the indentation of the line `source` (a tab is TAB_SIZE columns). */
export function indentWidth(source) {
  return /^[ \t]*/.exec(source)[0].replaceAll("\t", " ".repeat(TAB_SIZE)).length;
}

/** Show `text` (plain, not highlighted) in the cell's static `<code>` element. */
export function showStaticCode(code, text) {
  code.replaceChildren(
    ...text.split("\n").map((source) => {
      const line = document.createElement("span");
      line.className = "code-line";
      setIndent(line, source);
      line.textContent = `${source}\n`;
      return line;
    }),
  );
}

/** Give the line element `line` the hanging indentation of its text `source` (site.css). */
export function setIndent(line, source) {
  const indent = indentWidth(source);
  if (indent) line.style.setProperty("--indent", String(indent));
  else line.style.removeProperty("--indent");
}
