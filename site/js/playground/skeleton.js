// The playground's fixed parts, built once when it mounts: the controls, the places the lists
// and readouts are drawn in, the table alternative, and the live region. The views fill them.
import { el, select } from "./dom.js";
import { GAINS } from "./model.js";
import { PLAYGROUND_METRICS } from "../shared/metrics.js";

/**
 * Build the playground inside `container` (its static fallback list is replaced; a prediction
 * form in it stays, above).
 * @param {HTMLElement} container  the [data-playground] element
 * @param {{id: string, readouts: string[]}} config
 * @param {{maxItems: number, maxGrade: number}} limits
 * @returns {object} the parts (partsOf): {controls: {k, gain, threshold, add, reset, undo, copy},
 *   ranked, unretrieved, unretrievedZone, rankedEmpty, unretrievedEmpty, ideal, readouts, summary,
 *   relevant, metrics: {name: {root, label, value, trend, formula, rowName, rowValue, summaryName,
 *   summaryValue}}, table, status, notice, lockNote, hold, summaryHold, problems: {k, threshold},
 *   announce}
 */
export function buildSkeleton(container, config, limits) {
  for (const child of [...container.children]) {
    if (!child.matches("script[data-playground-config], form[data-predict]")) child.remove();
  }
  const id = config.id;
  const fieldId = (name) => `pg-${id}-${name}`;
  const labelled = (name, text, control) =>
    el("div", { class: "pg-field" }, el("label", { for: fieldId(name), text }), control);
  // What a number field wants, shown under the fields (and named by the field's aria-describedby)
  // while its value is not one.
  const problem = (name, text) =>
    el(
      "p",
      { class: "pg-field-problem", id: fieldId(`${name}-problem`), "data-field-problem": name, hidden: true },
      text,
    );

  const k = el("input", {
    type: "number",
    id: fieldId("k"),
    min: 1,
    max: limits.maxItems,
    step: 1,
    inputmode: "numeric",
  });
  const gain = select(
    "Gain",
    GAINS.map((name) => [name, name]),
    GAINS[0],
    { id: fieldId("gain") },
  );
  gain.removeAttribute("aria-label"); // its <label> names it
  const threshold = el("input", {
    type: "number",
    id: fieldId("threshold"),
    min: 1,
    max: Math.max(1, limits.maxGrade),
    step: 1,
    inputmode: "numeric",
  });
  const add = el("button", { type: "button", "data-part": "add", text: "Add item" });
  const reset = el("button", { type: "button", "data-part": "reset", text: "Reset" });
  const undo = el("button", { type: "button", "data-part": "undo", text: "Undo reset", hidden: true });
  const copy = el("button", { type: "button", "data-part": "copy", text: "Copy link" });
  const controls = el(
    "div",
    { class: "pg-controls" },
    labelled("k", "k", k),
    labelled("gain", "Gain", gain),
    labelled("threshold", "Relevance threshold", threshold),
    el("div", { class: "pg-buttons" }, add, reset, undo, copy),
    el(
      "div",
      { class: "pg-field-problems" },
      problem("k", `k is a whole number from 1 to ${limits.maxItems}.`),
      problem("threshold", `The threshold is a whole number from 1 to ${Math.max(1, limits.maxGrade)}.`),
    ),
  );

  const ranked = el("ol", { role: "list", "aria-label": "Ranked list", class: "pg-list", "data-part": "ranked" });
  const unretrieved = el("ul", {
    role: "list",
    "aria-label": "Not retrieved",
    class: "pg-list pg-unretrieved",
    "data-part": "unretrieved",
  });
  // Said when a list is empty (a list has no room for a sentence: only its items).
  const rankedEmpty = el("p", {
    class: "pg-empty",
    "data-part": "ranked-empty",
    hidden: true,
    text: "No item is ranked: add one with Add item, or retrieve a judged one.",
  });
  const unretrievedEmpty = el("p", {
    class: "pg-empty",
    "data-part": "unretrieved-empty",
    hidden: true,
    text: "None: Drop puts a ranked item here.",
  });
  const ideal = el("ol", { "data-ideal": true, "aria-label": "Ideal ordering", class: "pg-ideal" });
  const lists = el(
    "div",
    { class: "pg-lists" },
    el("div", { class: "pg-column" }, el("p", { class: "pg-heading", text: "Ranked list" }), ranked, rankedEmpty),
    el(
      "div",
      { class: "pg-column" },
      el("p", { class: "pg-heading", text: "Ideal ordering" }),
      ideal,
      // The zone a dragged ranked item is dropped on to take it out of the ranking.
      el(
        "div",
        { class: "pg-drop-zone", "data-part": "unretrieved-zone" },
        el("p", { class: "pg-heading", text: "Not retrieved" }),
        unretrieved,
        unretrievedEmpty,
      ),
    ),
  );

  // On a phone the readouts sit far below the list: a compact line of the same values stays in
  // view at the bottom of the screen while the list is (people's copy only: the readouts and
  // the table are the ones read out).
  const summary = el(
    "div",
    { class: "pg-summary", "data-playground-summary": true, "aria-hidden": "true" },
    el("p", { class: "pg-summary-hold", "data-part": "summary-hold", hidden: true }),
  );
  const status = el("p", { class: "pg-status", "data-playground-status": true });
  const metrics = {};
  const readoutList = el("div", { class: "pg-metrics" });
  const table = el("table", { "data-playground-table": true, class: "pg-table" });
  const names = (config.readouts?.length ? config.readouts : PLAYGROUND_METRICS).filter((name) =>
    PLAYGROUND_METRICS.includes(name),
  );
  // The phone's compact line has a row for every three readouts (site.css, .pg-summary).
  container.style.setProperty("--pg-summary-rows", String(Math.max(1, Math.ceil(names.length / 3))));
  const body = el("tbody");
  table.append(
    el("caption", { text: "Readouts as a table" }),
    el(
      "thead",
      {},
      el("tr", {}, el("th", { scope: "col", text: "Metric" }), el("th", { scope: "col", text: "Value" })),
    ),
    body,
  );
  for (const name of names) {
    const label = el("span", { class: "pg-metric-name", "data-part": "label" });
    const value = el("span", { class: "pg-metric-value", "data-part": "value", text: "…" });
    const trend = el("span", { class: "pg-trend", "data-trend": "none" });
    const formula = el("div", { "data-formula": name, class: "pg-formula" });
    const root = el(
      "details",
      { "data-metric": name, class: "pg-metric" },
      el("summary", {}, label, " ", value, trend, el("span", { class: "pg-why", "data-part": "why" })),
      formula,
    );
    readoutList.append(root);
    summary.append(
      el(
        "span",
        { class: "pg-summary-item", "data-summary-for": name },
        el("span", { class: "pg-summary-name", "data-part": "summary-name" }),
        " ",
        el("span", { class: "pg-summary-value", "data-part": "summary-value", text: "…" }),
      ),
    );
    const rowName = el("th", { scope: "row", "data-part": "row-name" });
    const rowValue = el("td", { "data-part": "row-value", text: "…" });
    body.append(el("tr", { "data-row": name }, rowName, rowValue));
    metrics[name] = { root, label, value, trend, formula, rowName, rowValue };
  }
  const relevant = el("p", { class: "pg-relevant", "data-part": "relevant" });
  // Said while a number field's value is not valid: the readouts are still the last valid ones.
  const hold = el("p", { class: "pg-hold", "data-playground-hold": true, hidden: true });
  const readouts = el(
    "div",
    { class: "pg-readouts", "data-playground-readouts": true },
    hold,
    relevant,
    readoutList,
    table,
  );
  const notice = el("p", { class: "pg-notice", "data-playground-notice": true, hidden: true });
  // Said while a prediction is still to be committed: the list waits for the answer.
  const lockNote = el("p", {
    class: "pg-lock-note",
    "data-playground-lock": true,
    hidden: true,
    text: "Commit your prediction above first: the list can be changed once you have answered.",
  });
  const announce = el("p", { class: "pg-announce", "data-playground-announce": true, "aria-live": "polite" });

  container.append(notice, lockNote, controls, lists, summary, status, readouts, announce);
  container.dataset.playgroundBuilt = "";
  return partsOf(container);
}

/** The parts of a playground buildSkeleton built (maybe in the page's early script: see
 *  site/js/early/playground-early.js), found by their hooks. */
export function partsOf(container) {
  const one = (selector) => container.querySelector(selector);
  const metrics = {};
  for (const root of container.querySelectorAll("[data-metric]")) {
    const name = root.dataset.metric;
    const row = one(`tr[data-row="${name}"]`);
    const brief = one(`[data-summary-for="${name}"]`);
    metrics[name] = {
      root,
      summaryName: brief.querySelector('[data-part="summary-name"]'),
      summaryValue: brief.querySelector('[data-part="summary-value"]'),
      label: root.querySelector('[data-part="label"]'),
      value: root.querySelector('[data-part="value"]'),
      trend: root.querySelector("[data-trend]"),
      why: root.querySelector('[data-part="why"]'),
      formula: root.querySelector("[data-formula]"),
      rowName: row.querySelector('[data-part="row-name"]'),
      rowValue: row.querySelector('[data-part="row-value"]'),
    };
  }
  const id = container.dataset.playground;
  return {
    controls: {
      k: one(`#${CSS.escape(`pg-${id}-k`)}`),
      gain: one(`#${CSS.escape(`pg-${id}-gain`)}`),
      threshold: one(`#${CSS.escape(`pg-${id}-threshold`)}`),
      add: one('[data-part="add"]'),
      reset: one('[data-part="reset"]'),
      undo: one('[data-part="undo"]'),
      copy: one('[data-part="copy"]'),
    },
    ranked: one('[data-part="ranked"]'),
    unretrieved: one('[data-part="unretrieved"]'),
    unretrievedZone: one('[data-part="unretrieved-zone"]'),
    rankedEmpty: one('[data-part="ranked-empty"]'),
    unretrievedEmpty: one('[data-part="unretrieved-empty"]'),
    ideal: one("[data-ideal]"),
    readouts: one("[data-playground-readouts]"),
    hold: one("[data-playground-hold]"),
    summary: one("[data-playground-summary]"),
    summaryHold: one('[data-part="summary-hold"]'),
    problems: { k: one('[data-field-problem="k"]'), threshold: one('[data-field-problem="threshold"]') },
    relevant: one('[data-part="relevant"]'),
    metrics,
    table: one("table[data-playground-table]"),
    status: one("[data-playground-status]"),
    notice: one("[data-playground-notice]"),
    lockNote: one("[data-playground-lock]"),
    announce: one("[data-playground-announce]"),
  };
}
