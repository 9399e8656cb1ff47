// "Take the code away": the lesson as a Jupyter notebook (nbformat 4) or a .py file, with the
// learner's current code in every cell. Built in the page, from the outline the build embeds.

/** @returns {object} an nbformat 4 notebook */
export function toNotebook(lesson, codeOf) {
  const lines = (text) => text.split("\n").map((line, i, all) => (i < all.length - 1 ? `${line}\n` : line));
  return {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {
      kernelspec: { name: "python3", display_name: "Python 3", language: "python" },
      language_info: { name: "python" },
    },
    cells: lesson.notebook.map((part, index) => (part.markdown !== undefined
      ? { cell_type: "markdown", id: `md-${index}`, metadata: {}, source: lines(part.markdown) }
      : { cell_type: "code", id: part.cell, metadata: {}, execution_count: null, outputs: [],
          source: lines(codeOf(part.cell)) })),
  };
}

/** The lesson as a Python script: prose as comments, cells split by "# %%" markers. */
export function toPython(lesson, codeOf) {
  const parts = lesson.notebook.map((part) => (part.markdown !== undefined
    ? `# %% [markdown]\n${part.markdown.split("\n").map((line) => (line ? `# ${line}` : "#")).join("\n")}`
    : `# %% ${part.cell}\n${codeOf(part.cell)}`));
  return `${parts.join("\n\n")}\n`;
}

/** Make the tools' download buttons (lesson.html: `data-tool="notebook"` and `"python"`)
 *  download the lesson; `codeOf(id)` gives a cell's current code. */
export function setupTakeaway(tools, lesson, codeOf, signal) {
  const offer = (tool, extension, type, build) => {
    tools.querySelector(`[data-tool="${tool}"]`).addEventListener("click", () => {
      const url = URL.createObjectURL(new Blob([build()], { type }));
      const link = document.createElement("a");
      link.href = url;
      link.download = `${lesson.slug}.${extension}`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    }, { signal });
  };
  offer("notebook", "ipynb", "application/x-ipynb+json", () => JSON.stringify(toNotebook(lesson, codeOf), null, 1));
  offer("python", "py", "text/x-python", () => toPython(lesson, codeOf));
}
