// Build-time math: reads [{tex, display}] as JSON on stdin, writes [{html} | {error}] to stdout.
// KaTeX renders HTML for sight and MathML for screen readers, so the page runs no math script.
import katex from "katex";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const requests = JSON.parse(Buffer.concat(chunks).toString("utf8"));

const results = requests.map(({ tex, display }) => {
  try {
    return { html: katex.renderToString(tex, { displayMode: display, output: "htmlAndMathml", throwOnError: true }) };
  } catch (error) {
    return { error: String(error.message || error) };
  }
});
process.stdout.write(JSON.stringify(results));
