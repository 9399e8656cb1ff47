// The evaluate page's charts, as inline SVG drawn here (no chart library): the distribution of a
// measure over queries for each run, and each query's difference from the baseline, sorted.
// The geometry is pure (histogram, differenceBars); the drawing makes SVG elements.
import { measureLabel } from "./measures.js";
import { queryValue } from "./per-query.js";

const SVG = "http://www.w3.org/2000/svg";
export const BINS = 10;
const WIDTH = 640;
const HEIGHT = 200;
const PAD = { left: 40, right: 10, top: 10, bottom: 30 };
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

function frame(label, chart) {
  const root = svg("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: "img",
    "aria-label": label,
    class: "evaluate-chart",
    "data-chart": chart,
  });
  root.append(svg("title", {}, label));
  return root;
}

const text = (x, y, content, anchor = "middle") =>
  svg("text", { x, y, "text-anchor": anchor, class: "evaluate-chart-text" }, content);

/** The distribution of measure `key` over queries: one histogram per run, bars side by side. */
export function distributionChart(result, key) {
  const runs = result.runs.map((run) => ({
    name: run.name,
    counts: histogram((run.perQuery[key] ?? []).map(Number)),
  }));
  const most = Math.max(1, ...runs.flatMap((run) => run.counts));
  const summary = runs.map((run) => `${run.name}: ${run.counts.join(", ")}`).join("; ");
  const root = frame(
    `Distribution of ${measureLabel(key)} over queries, queries per tenth from 0 to 1. ${summary}.`,
    "distribution",
  );
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const binWidth = plotWidth / BINS;
  const barWidth = (binWidth * 0.8) / runs.length;
  runs.forEach((run, r) => {
    run.counts.forEach((count, bin) => {
      const height = (count / most) * plotHeight;
      root.append(
        svg("rect", {
          x: PAD.left + bin * binWidth + binWidth * 0.1 + r * barWidth,
          y: PAD.top + plotHeight - height,
          width: barWidth,
          height,
          class: `evaluate-bar evaluate-bar-${r % 4}`,
        }),
      );
    });
  });
  runs.forEach((run, r) => {
    const x = WIDTH - PAD.right - 140;
    const y = PAD.top + 4 + r * 16;
    root.append(
      svg("rect", { x, y, width: 10, height: 10, class: `evaluate-bar-${r % 4}` }),
      text(x + 14, y + 9, run.name, "start"),
    );
  });
  for (let bin = 0; bin <= BINS; bin += 2)
    root.append(text(PAD.left + bin * binWidth, HEIGHT - PAD.bottom + 16, (bin / BINS).toFixed(1)));
  root.append(
    text(PAD.left - 6, PAD.top + 10, String(most), "end"),
    text(PAD.left - 6, PAD.top + plotHeight, "0", "end"),
  );
  root.append(
    svg("line", {
      x1: PAD.left,
      x2: WIDTH - PAD.right,
      y1: PAD.top + plotHeight,
      y2: PAD.top + plotHeight,
      class: "evaluate-axis",
    }),
  );
  return root;
}

/** Each query's difference (run − baseline) in measure `key`, sorted: losses left, wins right. */
export function differenceChart(run, baseline, key) {
  const bars = differenceBars(run, baseline, key);
  const wins = bars.filter((bar) => bar.difference > 0).length;
  const losses = bars.filter((bar) => bar.difference < 0).length;
  const root = frame(
    `${run.name} − ${baseline.name} in ${measureLabel(key)}, per query, sorted: ${losses} lower, ` +
      `${bars.length - wins - losses} equal, ${wins} higher.`,
    "difference",
  );
  const largest = Math.max(1e-9, ...bars.map((bar) => Math.abs(bar.difference)));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const half = (HEIGHT - PAD.top - PAD.bottom) / 2;
  const middle = PAD.top + half;
  const drawn = spacedBars(bars);
  const width = plotWidth / Math.max(1, drawn.length);
  drawn.forEach((bar, index) => {
    const height = (Math.abs(bar.difference) / largest) * half;
    const rect = svg("rect", {
      x: PAD.left + index * width,
      y: bar.difference > 0 ? middle - height : middle,
      width: Math.max(width, 0.5),
      height,
      class: bar.difference > 0 ? "evaluate-bar-win" : "evaluate-bar-loss",
    });
    rect.append(svg("title", {}, `${bar.query}: ${bar.difference.toFixed(4)}`));
    root.append(rect);
  });
  root.append(
    svg("line", { x1: PAD.left, x2: WIDTH - PAD.right, y1: middle, y2: middle, class: "evaluate-axis" }),
    text(PAD.left - 6, PAD.top + 10, `+${largest.toFixed(2)}`, "end"),
    text(PAD.left - 6, HEIGHT - PAD.bottom, `−${largest.toFixed(2)}`, "end"),
    text(
      WIDTH / 2,
      HEIGHT - 8,
      `${bars.length} queries, sorted by difference${drawn.length < bars.length ? `, ${drawn.length} of them drawn, evenly spaced` : ""}`,
    ),
  );
  return root;
}
