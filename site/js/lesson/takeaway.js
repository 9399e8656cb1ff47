// "Take the code away": the lesson as a Jupyter notebook (nbformat 4) or a .py file, with the
// learner's current code in every cell, that runs in any Python 3.11+ with no network. Built in
// the page, from the outline the build embeds; its first code cell carries the site's wheels
// (py/lessonbuild/takeaway.py says how).

import { showBanner } from "../shared/banner.js";

const SETUP_ID = "course-packages"; // the set-up cell's id in a notebook, its marker in a .py
const CHECK_ID_PREFIX = "check-"; // + the exercise's id: the cell that checks it

/** The base64 text of `buffer` (an ArrayBuffer). */
function toBase64(buffer) {
  const bytes = new Uint8Array(buffer);
  const CHUNK = 0x8000; // String.fromCharCode takes this many arguments safely
  let text = "";
  for (let at = 0; at < bytes.length; at += CHUNK) text += String.fromCharCode(...bytes.subarray(at, at + CHUNK));
  return btoa(text);
}

/** The set-up cell's code: the build's template with the lesson's wheels filled in, as
 *  {file name: base64}. `takeaway` is the lesson's takeaway data (setup, placeholder, wheels). */
export async function setupCell(takeaway, baseURL = document.baseURI) {
  const get = async (path, read) => {
    const response = await fetch(new URL(path, baseURL));
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return read(response);
  };
  const [template, ...wheels] = await Promise.all([
    get(takeaway.setup, (response) => response.text()),
    ...takeaway.wheels.map((path) => get(path, (response) => response.arrayBuffer())),
  ]);
  if (!template.includes(takeaway.placeholder))
    throw new Error("the set-up cell's template has no place for the wheels");
  const carried = Object.fromEntries(
    takeaway.wheels.map((path, index) => [path.split("/").pop(), toBase64(wheels[index])]),
  );
  return template.replace(takeaway.placeholder, () => JSON.stringify(carried, null, 1)).trimEnd();
}

/** The outline's parts with the set-up cell after the title: {markdown} | {id, code}. */
function parts(lesson, codeOf, setup) {
  const [title, ...rest] = lesson.notebook;
  return [title, { id: SETUP_ID, code: setup }, ...rest].map((part) => {
    if (part.check !== undefined) return { id: `${CHECK_ID_PREFIX}${part.check}`, code: part.code };
    if (part.cell !== undefined) return { id: part.cell, code: codeOf(part.cell) };
    return part; // prose, or the set-up cell
  });
}

/** @returns {object} an nbformat 4 notebook; `setup` is the set-up cell's code (setupCell). */
export function toNotebook(lesson, codeOf, setup) {
  const lines = (text) => text.split("\n").map((line, i, all) => (i < all.length - 1 ? `${line}\n` : line));
  return {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {
      kernelspec: { name: "python3", display_name: "Python 3", language: "python" },
      language_info: { name: "python" },
    },
    cells: parts(lesson, codeOf, setup).map((part, index) =>
      part.markdown !== undefined
        ? { cell_type: "markdown", id: `md-${index}`, metadata: {}, source: lines(part.markdown) }
        : {
            cell_type: "code",
            id: part.id,
            metadata: {},
            execution_count: null,
            outputs: [],
            source: lines(part.code),
          },
    ),
  };
}

/** The lesson as a Python script: prose as comments, cells split by "# %%" markers. */
export function toPython(lesson, codeOf, setup) {
  const text = parts(lesson, codeOf, setup).map((part) =>
    part.markdown !== undefined
      ? `# %% [markdown]\n${part.markdown
          .split("\n")
          .map((line) => (line ? `# ${line}` : "#"))
          .join("\n")}`
      : `# %% ${part.id}\n${part.code}`,
  );
  return `${text.join("\n\n")}\n`;
}

/** Make the tools' download buttons (lesson.html: `data-tool="notebook"` and `"python"`)
 *  download the lesson; `codeOf(id)` gives a cell's current code. */
export function setupTakeaway(tools, lesson, codeOf, signal) {
  const offer = (tool, extension, type, build) => {
    tools.querySelector(`[data-tool="${tool}"]`).addEventListener(
      "click",
      async () => {
        let content;
        try {
          content = build(await setupCell(lesson.takeaway));
        } catch (error) {
          console.warn("the download could not be made:", error);
          showBanner(
            "download-warning",
            `The download could not be made: ${error.message || error}. ` +
              "Reload the page when you are online, then try again.",
          );
          return;
        }
        const url = URL.createObjectURL(new Blob([content], { type }));
        const link = document.createElement("a");
        link.href = url;
        link.download = `${lesson.slug}.${extension}`;
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 1000);
      },
      { signal },
    );
  };
  offer("notebook", "ipynb", "application/x-ipynb+json", (setup) =>
    JSON.stringify(toNotebook(lesson, codeOf, setup), null, 1),
  );
  offer("python", "py", "text/x-python", (setup) => toPython(lesson, codeOf, setup));
}
