// Each readout's working, with its terms filled in, as a description the view turns into HTML
// (formula-view.js): no math library at run time. Pure functions.
//
// A formula is a list of lines; a line is a list of parts; a part is a string, or a term
// {text, item} (the item it comes from: hovering over or focusing it highlights that item).
import { metricLabel, short } from "./format.js";

const term = (text, item) => ({ text, item });

/** Terms joined with " + " ("0" when there are none). */
function sum(terms) {
  if (terms.length === 0) return ["0"];
  return terms.flatMap((part, index) => (index === 0 ? [part] : [" + ", part]));
}

/**
 * The working of metric `name` from Python's readouts.
 * @param {string} name  a metric key of rankmetrics/registry.py
 * @param {object} metric  readouts.metrics[name]: {value, why, terms, ...} (rankmetrics.pages.playground.readouts)
 * @param {{k: number, relevant: number, threshold: number}} context  |R| is `relevant`
 * @returns {Array<Array<string | {text: string, item: string}>>}
 */
export function formulaOf(name, metric, { k, relevant, threshold }) {
  const label = metricLabel(name, k);
  const hits = (metric.terms ?? []).map((each) => term(`${each.item} (rank ${each.rank})`, each.item));
  const lines = [];
  const value = short(metric.value);
  if (metric.lines) {
    // A metric whose working Python writes (rankmetrics/registry.py `working`): its lines, then the value.
    lines.push(...metric.lines, [`${label} = ${value}`]);
  } else if (name === "precision") {
    lines.push([`Relevant (grade ≥ ${threshold}) in the top ${k}: `, ...sum(hits)]);
    lines.push([`${label} = hits / k = ${hits.length} / ${k} = ${value}`]);
  } else if (name === "recall") {
    lines.push([`Relevant (grade ≥ ${threshold}) in the top ${k}: `, ...sum(hits)]);
    lines.push([`${label} = hits / |R| = ${hits.length} / ${relevant} = ${value}`]);
  } else if (name === "hit_rate") {
    lines.push([`First relevant item in the top ${k}: `, ...(hits.length ? hits.slice(0, 1) : ["none"])]);
    lines.push([`${label} = ${value}`]);
  } else if (name === "reciprocal_rank") {
    const first = metric.terms?.[0];
    lines.push([`First relevant item in the top ${k}: `, ...(first ? [hits[0]] : ["none"])]);
    lines.push([first ? `${label} = 1 / ${first.rank} = ${value}` : `${label} = ${value}`]);
  } else if (name === "average_precision") {
    const precisions = (metric.terms ?? []).map((each) =>
      term(`P@${each.rank} = ${short(each.precision)} (${each.item})`, each.item),
    );
    const total = metric.sum ?? (metric.terms ?? []).reduce((acc, each) => acc + each.precision, 0);
    lines.push(["Precision at each relevant rank: ", ...sum(precisions)]);
    lines.push([`${label} = sum / |R| = ${short(total)} / ${metric.denominator ?? relevant} = ${value}`]);
  } else if (name === "ndcg") {
    const gainTerms = (terms) =>
      (terms ?? []).map((each) =>
        term(`${short(each.gain)} / log₂(${each.rank + 1}) = ${short(each.value)} (${each.item})`, each.item),
      );
    lines.push([`DCG@${k} = `, ...sum(gainTerms(metric.dcg_terms)), ` = ${short(metric.dcg ?? 0)}`]);
    lines.push([`IDCG@${k} (ideal order of every judged item) = `, ...sum(gainTerms(metric.idcg_terms))]);
    lines.push([` = ${short(metric.idcg ?? 0)}`]);
    lines.push([`${label} = DCG / IDCG = ${short(metric.dcg ?? 0)} / ${short(metric.idcg ?? 0)} = ${value}`]);
    lines.push([metric.note ?? "NDCG uses the grades themselves; the relevance threshold does not apply."]);
  }
  if (metric.why) lines.push([metric.why]);
  return lines;
}
