// The evaluate page's charts, as inline SVG drawn here (no chart library): the distribution of a
// measure over queries for each run, and each query's difference from the baseline, sorted.
// The geometry is pure (histogram, differenceBars); the drawing makes SVG elements. A chart is
// drawn at the width (CSS px) of its box, one SVG unit a pixel, so its text keeps the CSS font size
// (12px, site.css) at a phone's width too, instead of shrinking with the drawing.
import { measureLabel } from "./measures.js";
import { queryValue } from "./per-query.js";
import { counted } from "./words.js";

const SVG = "http://www.w3.org/2000/svg";
export const BINS = 10;
// The width drawn at until the box's own is known, and the narrowest drawn (a narrower box shrinks
// the drawing, and its text with it).
export const WIDTH = 640;
export const MIN_WIDTH = 280;
const HEIGHT = 220;
// Room for the axes' numbers and titles in 12px text: "+1.00" is about 35px wide.
const PAD = { left: 58, right: 16, top: 24, bottom: 46 };
const LEGEND_CHAR = 7.5; // px: about a 12px character's width, to space the legend's names
const LEGEND_ROW = 16; // px between two lines of the legend
const LEGEND_SWATCH = 14; // px: a name's coloured square and the gap after it
const LEGEND_GAP = 16; // px between two names on a line
// Colours for the runs (.evaluate-bar-N, site.css): run N is drawn in colour N % SERIES.
export const SERIES = 8;
// Bars the difference chart draws at most: about one per pixel of its plot.
export const MAX_BARS = WIDTH - PAD.left - PAD.right;

/**
 * How many values fall in each of BINS equal bins over [0, 1] (1 goes in the last bin).
 * @param {number[]} values  per-query values, each in [0, 1]
 * @returns {number[]} BINS counts
 */
export function histogram(values) {
  const counts = new Array(BINS).fill(0);
  for (const value of values) {
    if (!Number.isFinite(value)) continue;
    counts[Math.min(BINS - 1, Math.max(0, Math.floor(value * BINS)))]++;
  }
  return counts;
}

/**
 * Per-query differences (run − baseline) sorted from the largest loss to the largest win.
 * @param {{queries: string[], perQuery: Record<string, string[]>}} run  as the worker sends it
 * @param {{queries: string[], perQuery: Record<string, string[]>}} baseline
 * @param {string} key  the measure
 * @returns {{query: string, difference: number}[]} only queries both have
 */
export function differenceBars(run, baseline, key) {
  const values = run.perQuery[key] ?? [];
  const bars = [];
  run.queries.forEach((query, position) => {
    const base = queryValue(baseline, key, query);
    if (base !== undefined) bars.push({ query, difference: Number(values[position]) - Number(base) });
  });
  return bars.sort((a, b) => a.difference - b.difference || (a.query < b.query ? -1 : a.query > b.query ? 1 : 0));
}

/**
 * At most `most` of the sorted bars, evenly spaced (the first and the last kept): the chart's
 * shape without one SVG element per query when there are thousands.
 * @param {object[]} bars  sorted
 * @param {number} most
 */
export function spacedBars(bars, most = MAX_BARS) {
  if (bars.length <= most) return bars;
  return Array.from({ length: most }, (_, i) => bars[Math.round((i * (bars.length - 1)) / (most - 1))]);
}

function svg(tag, attributes = {}, ...children) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  element.append(...children);
  return element;
}

/**
 * Where the distribution chart's legend puts each run's name: on lines above the plot, a name
 * moved to the next line when it would pass the chart's right edge, and cut short (ending in
 * "…") when it is wider than a whole line.
 * @param {string[]} names  the runs' names, in order
 * @param {number} width  the chart's width in CSS px
 * @returns {{entries: {x: number, line: number, text: string}[], lines: number}} x of each
 *   name's square, its line (0 first), the text shown; and the number of lines
 */
export function legendLayout(names, width) {
  const right = width - PAD.right;
  const most = Math.max(1, Math.floor((right - PAD.left - LEGEND_SWATCH) / LEGEND_CHAR));
  let x = PAD.left;
  let line = 0;
  const entries = names.map((name) => {
    const text = name.length > most ? `${name.slice(0, most - 1)}\u2026` : name;
    const span = LEGEND_SWATCH + LEGEND_CHAR * text.length;
    if (x > PAD.left && x + span > right) {
      x = PAD.left;
      line++;
    }
    const entry = { x, line, text };
    x += span + LEGEND_GAP;
    return entry;
  });
  return { entries, lines: line + 1 };
}

function frame(label, chart, width, height = HEIGHT) {
  const root = svg("svg", {
    viewBox: `0 0 ${width} ${height}`,
    role: "img",
    "aria-label": label,
    class: "evaluate-chart",
    "data-chart": chart,
  });
  root.append(svg("title", {}, label));
  return root;
}

const text = (x, y, content, anchor = "middle", attributes = {}) =>
  svg("text", { x, y, "text-anchor": anchor, class: "evaluate-chart-text", ...attributes }, content);

/** A signed axis label: "+0.50", "−0.50" (the minus sign, U+2212), "0.00". */
export const signed = (value, digits = 2) =>
  `${value > 0 ? "+" : value < 0 ? "\u2212" : ""}${Math.abs(value).toFixed(digits)}`;

/**
 * The distribution of measure `key` over queries: one histogram per run, bars side by side.
 * @param {object} result  the worker's result
 * @param {string} key  the measure
 * @param {number} width  the drawing's width in CSS px (its box's)
 */
export function distributionChart(result, key, width = WIDTH) {
  const runs = result.runs.map((run) => ({
    name: run.name,
    counts: histogram((run.perQuery[key] ?? []).map(Number)),
  }));
  const most = Math.max(1, ...runs.flatMap((run) => run.counts));
  const summary = runs.map((run) => `${run.name}: ${run.counts.join(", ")}`).join("; ");
  // The legend's lines above the plot: each line after the first makes the chart taller.
  const legend = legendLayout(
    runs.map((run) => run.name),
    width,
  );
  const top = PAD.top + (legend.lines - 1) * LEGEND_ROW;
  const height = HEIGHT + (legend.lines - 1) * LEGEND_ROW;
  const root = frame(
    `Distribution of ${measureLabel(key)} over queries, queries per tenth from 0 to 1. ${summary}.`,
    "distribution",
    width,
    height,
  );
  const plotWidth = width - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const binWidth = plotWidth / BINS;
  const barWidth = (binWidth * 0.8) / runs.length;
  runs.forEach((run, r) => {
    run.counts.forEach((count, bin) => {
      const barHeight = (count / most) * plotHeight;
      root.append(
        svg("rect", {
          x: PAD.left + bin * binWidth + binWidth * 0.1 + r * barWidth,
          y: top + plotHeight - barHeight,
          width: barWidth,
          height: barHeight,
          class: `evaluate-bar evaluate-bar-${r % SERIES}`,
        }),
      );
    });
  });
  // The legend, on its lines above the plot (inside it, it covered the highest bars).
  runs.forEach((run, r) => {
    const { x, line, text: name } = legend.entries[r];
    const y = line * LEGEND_ROW;
    root.append(
      svg("rect", { x, y: y + 4, width: 10, height: 10, class: `evaluate-bar-${r % SERIES}` }),
      text(x + LEGEND_SWATCH, y + 13, name, "start", { "data-legend": run.name }),
    );
  });
  for (let bin = 0; bin <= BINS; bin += 2)
    root.append(text(PAD.left + bin * binWidth, height - PAD.bottom + 16, (bin / BINS).toFixed(1)));
  root.append(
    text(PAD.left - 6, top + 10, String(most), "end"),
    text(PAD.left - 6, top + plotHeight, "0", "end"),
    // The axes' titles: what is counted (up) and what is binned (across).
    text(PAD.left + plotWidth / 2, height - 6, `${measureLabel(key)} of a query`, "middle", {
      "data-axis-title": "x",
    }),
    text(0, 0, "Queries", "middle", {
      "data-axis-title": "y",
      transform: `translate(14 ${top + plotHeight / 2}) rotate(-90)`,
    }),
  );
  root.append(
    svg("line", {
      x1: PAD.left,
      x2: width - PAD.right,
      y1: top + plotHeight,
      y2: top + plotHeight,
      class: "evaluate-axis",
    }),
  );
  return root;
}

/**
 * Each query's difference (run − baseline) in measure `key`, sorted: losses left, wins right.
 * @param {object} run  as the worker sends it
 * @param {object} baseline
 * @param {string} key  the measure
 * @param {number} width  the drawing's width in CSS px (its box's)
 */
export function differenceChart(run, baseline, key, width = WIDTH) {
  const bars = differenceBars(run, baseline, key);
  const wins = bars.filter((bar) => bar.difference > 0).length;
  const losses = bars.filter((bar) => bar.difference < 0).length;
  const root = frame(
    `${run.name} − ${baseline.name} in ${measureLabel(key)}, per query, sorted: ${losses} lower, ` +
      `${bars.length - wins - losses} equal, ${wins} higher.`,
    "difference",
    width,
  );
  const largest = Math.max(1e-9, ...bars.map((bar) => Math.abs(bar.difference)));
  const plotWidth = width - PAD.left - PAD.right;
  const half = (HEIGHT - PAD.top - PAD.bottom) / 2;
  const middle = PAD.top + half;
  const drawn = spacedBars(bars, Math.min(MAX_BARS, Math.floor(plotWidth)));
  const barWidth = plotWidth / Math.max(1, drawn.length);
  drawn.forEach((bar, index) => {
    const height = (Math.abs(bar.difference) / largest) * half;
    const rect = svg("rect", {
      x: PAD.left + index * barWidth,
      y: bar.difference > 0 ? middle - height : middle,
      width: Math.max(barWidth, 0.5),
      height,
      class: bar.difference > 0 ? "evaluate-bar-win" : "evaluate-bar-loss",
    });
    rect.append(svg("title", {}, `${bar.query}: ${bar.difference.toFixed(4)}`));
    root.append(rect);
  });
  root.append(
    svg("line", { x1: PAD.left, x2: width - PAD.right, y1: middle, y2: middle, class: "evaluate-axis" }),
    text(PAD.left - 6, PAD.top + 10, signed(largest), "end", { "data-axis-label": "top" }),
    text(PAD.left - 6, middle + 4, signed(0), "end"),
    text(PAD.left - 6, HEIGHT - PAD.bottom, signed(-largest), "end", { "data-axis-label": "bottom" }),
    text(0, 0, "Difference", "middle", {
      "data-axis-title": "y",
      transform: `translate(14 ${middle}) rotate(-90)`,
    }),
    text(
      PAD.left + plotWidth / 2,
      HEIGHT - 14,
      `${counted(bars.length, "query", "queries")}, sorted by difference${drawn.length < bars.length ? `, ${drawn.length} of them drawn, evenly spaced` : ""}`,
    ),
  );
  return root;
}
