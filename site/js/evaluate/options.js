// The evaluate page's options: their defaults (trec_eval's where it has one), reading them from
// the form, and the trec_eval command line that gives the same numbers.
import { METRICS } from "../shared/metrics.js";

export const DEFAULT_OPTIONS = Object.freeze({
  cutoffs: "10",
  threshold: "1", // trec_eval -l 1
  gain: "linear", // trec_eval's ndcg_cut
  missing: "score 0", // trec_eval -c
  useRank: false, // trec_eval ignores the rank column
});
export const OPTION_NAMES = Object.keys(DEFAULT_OPTIONS);
export const MAX_CUTOFF = 10_000;

/**
 * The cut-offs in `text` ("5, 10, 20"; commas or spaces), sorted and without repeats.
 * @returns {{cutoffs: number[]} | {error: string}}
 */
export function parseCutoffs(text) {
  const parts = String(text)
    .split(/[\s,;]+/)
    .filter(Boolean);
  if (parts.length === 0) return { error: "Give at least one cut-off, e.g. 10." };
  const cutoffs = [];
  for (const part of parts) {
    const k = Number(part);
    if (!Number.isInteger(k) || k < 1 || k > MAX_CUTOFF)
      return { error: `Cut-off "${part}" is not a whole number from 1 to ${MAX_CUTOFF}.` };
    if (!cutoffs.includes(k)) cutoffs.push(k);
  }
  return { cutoffs: cutoffs.sort((a, b) => a - b) };
}

/** The threshold in `text` as a number above 0 (rankmetrics refuses the rest: a document
 *  nobody judged has grade 0, and would count as relevant), or {error}. */
export function parseThreshold(text) {
  const value = Number(text);
  if (String(text).trim() === "" || !Number.isFinite(value))
    return { error: "The relevance threshold must be a number, e.g. 1." };
  if (value <= 0)
    return {
      error: "The relevance threshold must be a number above 0 (a document nobody judged has grade 0), e.g. 1.",
    };
  return { threshold: value };
}

/**
 * The trec_eval command line for these options, and what it cannot reproduce.
 * @param {{cutoffs: number[], threshold: number, gain: string, missing: string, useRank: boolean}} options
 * @param {{qrels?: string, run?: string, others?: string[], formats?: Record<string, string>}} files
 *   file names (placeholders when missing); `others` are the other runs' files, each needing a
 *   command of its own; `formats`: file name -> the format detected when it was read (evaluate.py)
 * @returns {{command: string, parts?: string[], files?: string[], notes: string[]}}  command "" when
 *   trec_eval cannot read the judgments or any run (a CSV or TSV file): the notes say why. `parts`:
 *   the program and its options, each option with its value; `files`: the two file arguments.
 */
export function trecEvalCommand(options, { qrels = "qrels", run = "run", others = [], formats = {} } = {}) {
  // trec_eval reads whitespace-separated TREC files only: a run it cannot read leaves the command,
  // and the judgments or every run in such a format leave no command at all.
  const foreign = [qrels, run, ...others].filter((name) => notTrec(formats[name]));
  const foreignNote = foreign.length
    ? `trec_eval reads only whitespace-separated TREC files: ${foreign.map((name) => `${quote(name)} is ${formats[name]}`).join(", ")}.`
    : null;
  const readable = [run, ...others].filter((name) => !notTrec(formats[name]));
  if (notTrec(formats[qrels]) || !readable.length) return { command: "", parts: [], files: [], notes: [foreignNote] };
  [run, ...others] = readable;
  // trec_eval reads plain text only: the command names a gzip file as it is once unpacked.
  const packed = [qrels, run, ...others].filter(isGzipName);
  [qrels, run, others] = [unpackedName(qrels), unpackedName(run), others.map(unpackedName)];
  const ks = options.cutoffs.join(",");
  // An option and its value are one part: a narrow screen breaks the line between parts only.
  const parts = ["trec_eval"];
  if (options.missing === "score 0") parts.push("-c");
  parts.push(`-l ${Number.isInteger(options.threshold) ? options.threshold : Math.ceil(options.threshold)}`);
  for (const metric of METRICS) if (metric.trecEval) parts.push(`-m ${metric.trecEval}.${ks}`);
  for (const metric of METRICS) if (metric.fullList && metric.trecEvalFull) parts.push(`-m ${metric.trecEvalFull}`);
  parts.push("-q");
  const files = [quote(qrels), quote(run)];
  const notes = [ownMeasuresNote(options, qrels, run)];
  if (packed.length)
    notes.push(
      `trec_eval cannot read gzip: unpack ${packed.map(quote).join(", ")} first (gunzip -k ${packed.map(quote).join(" ")}).`,
    );
  // trec_eval scores one run per call: the command shows the first, the note names the rest.
  if (others.length)
    notes.push(
      `trec_eval takes one run at a time: run it again with ${others.map(quote).join(", ")} in place of ${quote(run)}.`,
    );
  if (foreignNote) notes.push(foreignNote);
  if (!Number.isInteger(options.threshold))
    notes.push("trec_eval's -l takes a whole grade: a threshold between grades counts from the next one up.");
  if (options.gain === "exponential")
    notes.push("Exponential gain has no trec_eval equivalent: its ndcg_cut uses linear gain.");
  if (options.useRank)
    notes.push("trec_eval cannot rank by the rank column: it orders by score (ties by docid, descending).");
  return { command: [...parts, ...files].join(" "), parts, files, notes };
}

/** What trec_eval does not compute, and the ir_measures command for those it has (each metric's
 *  names from rankmetrics/registry.py). */
function ownMeasuresNote(options, qrels, run) {
  const missing = METRICS.filter((metric) => !metric.trecEval);
  const names = missing.map((metric) => `${metric.title}@k`);
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : names[0];
  const threshold = String(Number.isInteger(options.threshold) ? options.threshold : Math.ceil(options.threshold));
  const irMeasures = missing
    .filter((metric) => metric.irMeasures)
    .flatMap((metric) => {
      const named = metric.irMeasures.replaceAll("{threshold}", threshold);
      return named.includes("{k}") ? options.cutoffs.map((k) => named.replaceAll("{k}", String(k))) : [named];
    });
  const command = `ir_measures ${quote(qrels)} ${quote(run)} '${irMeasures.join(" ")}'`;
  return `trec_eval has no ${list}. ir_measures gives some: ${command}; the rest are this page's own.`;
}

// The formats trec_eval reads ("" when a file had no line to detect one from); a file not read yet
// has none (undefined), and gets the command.
const TREC_FORMATS = new Set(["", "TREC run", "TREC qrels"]);
const notTrec = (format) => format !== undefined && !TREC_FORMATS.has(format);
const isGzipName = (name) => /\.gz$/i.test(name);
const unpackedName = (name) => (isGzipName(name) ? name.slice(0, -3) : name);
const quote = (name) => (/^[\w./+-]+$/.test(name) ? name : `'${name.replaceAll("'", "'\\''")}'`);
