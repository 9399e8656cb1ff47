// The evaluate page reads each file when Evaluate is pressed, from the reference the browser gave
// when it was chosen, so an edited file is read as it is now. A browser that keeps a snapshot of
// a chosen file (Chromium) refuses to read one changed on disk since (a NotReadableError): then
// the page asks for that file to be chosen again.

/**
 * Whether `file` can still be read (its first byte is asked for).
 * @param {Blob} file
 * @returns {Promise<boolean>}
 */
export async function readable(file) {
  try {
    await file.slice(0, 1).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

/** Of `files`, those the browser no longer reads, in their order. */
export async function unreadable(files) {
  const answers = await Promise.all(files.map(readable));
  return files.filter((_, index) => !answers[index]);
}

/** What the page says beside a file the browser refuses to read since it was chosen. */
export const changedOnDisk = (name) => `${name} changed on disk since you chose it: choose it again.`;

// A gzip file and the file it unpacks to are one run's file (A.txt.gz, then A.txt once unpacked).
const runFileKey = (name) => name.replace(/\.gz$/i, "");

/**
 * The runs after choosing `files`: a file of the same name as a run's file takes that run's place
 * (an edited file chosen again keeps its run's name), and so does the unpacked file of a run's
 * gzip file, or the reverse; the others are added after the runs.
 * @param {{file: {name: string}}[]} runs  the runs kept, in order
 * @param {{name: string}[]} files  the files just chosen
 * @returns {{replaced: Map<number, object>, added: object[]}} replaced: run index -> its new
 *   file; added: the files that replace none, in their order
 */
export function placeChosen(runs, files) {
  const replaced = new Map();
  const added = [];
  for (const file of files) {
    const key = runFileKey(file.name);
    const index = runs.findIndex((run, i) => runFileKey(run.file.name) === key && !replaced.has(i));
    if (index < 0) added.push(file);
    else replaced.set(index, file);
  }
  return { replaced, added };
}

/**
 * Each file's summary after an evaluation, by the File it was read from (a file chosen again is a
 * new File, so what was found in the one before no longer applies to it).
 * @param {Record<string, {role: string, run?: string}>} summaries  file name -> summary (evaluate.py)
 * @param {{qrels: Blob, runs: {file: Blob, name: string}[]}} job  the files and run names evaluated
 * @returns {Map<Blob, object>}
 */
export function summariesByFile(summaries, { qrels, runs }) {
  const found = new Map();
  for (const summary of Object.values(summaries ?? {})) {
    const file = summary.role === "qrels" ? qrels : runs.find((run) => run.name === summary.run)?.file;
    if (file) found.set(file, summary);
  }
  return found;
}
