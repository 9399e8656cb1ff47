// The indentation a cell's own code is written with, so that Enter, Tab and Shift+Tab in its
// editor keep to it. CodeMirror's default unit is 2 spaces; the lessons use 4, as PEP 8 does,
// and a body indented 2 under a header indented 4 is a different block (or an IndentationError).
import { indentUnit } from "@codemirror/language";

export const DEFAULT_INDENT_UNIT = "    "; // PEP 8's four spaces, for code with no block yet

/**
 * The indent unit of Python source: how much deeper the first line of each block sits than its
 * header (the line ending in ":"), the smallest such step; a tab when blocks are indented with tabs.
 * @param {string} code  a cell's code
 * @returns {string}  spaces or a tab, for CodeMirror's `indentUnit` facet
 */
export function indentUnitOf(code) {
  const lines = code.split("\n").filter((line) => line.trim() && !line.trim().startsWith("#"));
  let step = Infinity;
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!/:\s*(#.*)?$/.test(lines[i])) continue;
    const header = /^[ \t]*/.exec(lines[i])[0];
    const body = /^[ \t]*/.exec(lines[i + 1])[0];
    if (body.length <= header.length || !body.startsWith(header)) continue;
    const added = body.slice(header.length);
    if (added.includes("\t")) return "\t";
    step = Math.min(step, added.length);
  }
  return Number.isFinite(step) ? " ".repeat(step) : DEFAULT_INDENT_UNIT;
}

/** The editor extension that sets the cell's indent unit (see indentUnitOf). */
export function cellIndentation(code) {
  return indentUnit.of(indentUnitOf(code));
}
