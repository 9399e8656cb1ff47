// Names of the runs on the evaluate page: the learner's own, file names by default, never twice.

/** A run's default name: its file name without the extensions a run file carries. */
export const defaultName = (fileName) => fileName.replace(/\.gz$/i, "").replace(/\.(txt|tsv|csv|run|trec)$/i, "");

/**
 * Names for files chosen together: each file's default name, and "name (2)", "name (3)", ... for
 * a name already taken (by `taken` or an earlier file).
 * @param {string[]} fileNames
 * @param {string[]} taken  names already in use
 * @returns {string[]} one name per file, in order, all distinct
 */
export function uniqueNames(fileNames, taken = []) {
  const used = new Set(taken);
  return fileNames.map((fileName) => {
    const base = defaultName(fileName) || "run";
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base} (${n})`;
    used.add(name);
    return name;
  });
}

/** The names that occur more than once, or are empty after trimming (as a Set of indexes). */
export function badNames(names) {
  const bad = new Set();
  names.forEach((name, index) => {
    if (!name.trim() || names.findIndex((other) => other.trim() === name.trim()) !== index) bad.add(index);
  });
  return bad;
}

/**
 * What keeps the runs' names from being used, for the status line, or null when they can be.
 * @param {{name: string, label: string, fileName: string}[]} runs  each run's name as typed, its
 *   field's label ("Name of LABEL") and its file's name
 * @returns {{index: number, message: string}|null} the first run at fault (its field is focused)
 */
export function nameProblem(runs) {
  const empty = runs.findIndex((run) => !run.name.trim());
  if (empty >= 0) {
    const { label, fileName } = runs[empty];
    return {
      index: empty,
      message: `The run from ${fileName} needs a name: type one in "Name of ${label}" (its file's name will do).`,
    };
  }
  const bad = [...badNames(runs.map((run) => run.name))];
  if (!bad.length) return null;
  const name = runs[bad[0]].name.trim();
  return { index: bad[0], message: `Two runs are named "${name}": give each run a name of its own.` };
}

/**
 * Labels for the files of one evaluation (the judgments first, then the runs): a file's name,
 * and "name (2)", "name (3)", ... for a name an earlier file has (two folders' run.txt, or one
 * file chosen twice), so each file's line and problems are told apart.
 * @param {string[]} fileNames  in order
 * @returns {string[]} one label per file, in order, all distinct
 */
export function fileLabels(fileNames) {
  const used = new Set();
  return fileNames.map((fileName) => {
    let label = fileName;
    for (let n = 2; used.has(label); n++) label = `${fileName} (${n})`;
    used.add(label);
    return label;
  });
}

// A run's name is a file's name, with no space to wrap at: where a narrow column may wrap it.
const LONGEST_PART = 10; // characters: a part longer than this is cut into parts this long

/**
 * A run's name cut where it may wrap: after "_", "-", "." or "/", before a capital letter that
 * follows a small one (camelCase), and within a stretch of more than LONGEST_PART characters
 * with neither, every LONGEST_PART characters.
 * @param {string} name
 * @returns {string[]} its parts, in order (joined, the name)
 */
export function nameParts(name) {
  const words = name.split(/(?<=[_\-./])|(?<=\p{Ll})(?=\p{Lu})/u).filter(Boolean);
  return words.flatMap((word) => {
    const characters = [...word];
    const parts = [];
    for (let start = 0; start < characters.length; start += LONGEST_PART) {
      parts.push(characters.slice(start, start + LONGEST_PART).join(""));
    }
    return parts;
  });
}
