// For tests/site/test_indent.py: reads [{code, lines: [n, ...]}] as JSON on stdin; for each cell
// and each 1-based line n, puts the caret at the end of line n of an editor state configured as
// a cell's editor indents (Python, site/js/lesson/indent.js), presses Enter (CodeMirror's
// insertNewlineAndIndent, what the Enter key runs) and types "pass". Writes the resulting codes,
// [[code, ...], ...], as JSON on stdout.
import { EditorState, EditorSelection } from "@codemirror/state";
import { insertNewlineAndIndent } from "@codemirror/commands";
import { python } from "@codemirror/lang-python";
import { ensureSyntaxTree } from "@codemirror/language";
import { cellIndentation } from "../../site/js/lesson/indent.js";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const cells = JSON.parse(Buffer.concat(chunks).toString("utf8"));

const results = cells.map(({ code, lines }) =>
  lines.map((number) => {
    let state = EditorState.create({ doc: code, extensions: [python(), cellIndentation(code)] });
    // The whole parse, as an editor has by the time a learner presses Enter: EditorState.create
    // parses for a few milliseconds only, and a loaded machine left long cells half parsed.
    ensureSyntaxTree(state, state.doc.length, 10_000);
    const end = state.doc.line(number).to;
    state = state.update({ selection: EditorSelection.cursor(end) }).state;
    insertNewlineAndIndent({
      state,
      dispatch: (transaction) => {
        state = transaction.state;
      },
    });
    state = state.update(state.replaceSelection("pass")).state;
    return state.doc.toString();
  }),
);
process.stdout.write(JSON.stringify(results));
