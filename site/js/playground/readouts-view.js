// Draws Python's readouts: each metric's value (data-value: Python's repr), rounded text, the
// arrow showing which way it just moved, its working, the table alternative, |R|.
import { el } from "./dom.js";
import { direction, metricLabel, rounded, shortLabel } from "./format.js";
import { formulaOf } from "./formula.js";

// Which way each metric just moved: an arrow, and a word people and screen readers read alike
// (an "=" alone read like an unfinished formula).
const TREND_TEXT = { up: ["▲", "up"], down: ["▼", "down"], same: ["", "unchanged"] };

function drawFormula(element, lines) {
  element.replaceChildren(
    ...lines.map((line) =>
      el(
        "p",
        { class: "pg-formula-line" },
        ...line.map((part) =>
          typeof part === "string"
            ? part
            : el("span", { class: "pg-term", tabindex: 0, "data-term-for": part.item, text: part.text }),
        ),
      ),
    ),
  );
}

/**
 * Show `readouts` (rankmetrics.pages.playground.readouts' answer, each metric with "repr") for `state`.
 * @param {object} parts  the skeleton's parts
 * @param {object} readouts  {ideal, relevant, metrics: {name: {value, repr, why, terms, ...}}}
 * @param {object} state  the state they are of (k and threshold label the formulas)
 * @param {object|null} before  the metrics shown before, for the arrows (null: first readouts)
 */
export function drawReadouts(parts, readouts, state, before) {
  const { k, threshold } = state;
  parts.relevant.textContent = `Relevant judged items (grade ≥ ${threshold}): |R| = ${readouts.relevant}`;
  for (const [name, view] of Object.entries(parts.metrics)) {
    const metric = readouts.metrics[name];
    if (!metric) continue;
    const text = rounded(metric.value);
    view.root.dataset.value = metric.repr ?? String(metric.value);
    view.label.textContent = metricLabel(name, k);
    view.value.textContent = text;
    view.rowName.textContent = metricLabel(name, k);
    view.rowValue.textContent = text;
    view.summaryName.textContent = shortLabel(name, k);
    view.summaryValue.textContent = text;
    const trend = direction(before?.[name]?.value ?? null, metric.value);
    view.trend.dataset.trend = trend ?? "none";
    const [symbol, words] = TREND_TEXT[trend] ?? ["", ""];
    view.trend.replaceChildren(
      ...(symbol ? [el("span", { "aria-hidden": "true", text: `${symbol} ` })] : []),
      el("span", { class: "pg-trend-word", text: words }),
    );
    view.why.textContent = metric.value === 0 && metric.why ? metric.why : ""; // why it is 0, at a glance
    drawFormula(view.formula, formulaOf(name, metric, { k, relevant: readouts.relevant, threshold }));
  }
}

/** Before the first readouts: each metric's name for `state`'s k and a placeholder value, so the
 *  readouts have their full size from the first paint. */
export function drawPlaceholders(parts, state) {
  parts.relevant.textContent = `Relevant judged items (grade ≥ ${state.threshold}): |R| = …`;
  for (const [name, view] of Object.entries(parts.metrics)) {
    view.label.textContent = metricLabel(name, state.k);
    view.rowName.textContent = metricLabel(name, state.k);
    view.summaryName.textContent = shortLabel(name, state.k);
  }
}
