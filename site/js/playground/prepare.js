// A playground's first drawing: its config, the state it opens with (a link's, the learner's
// kept one, or the block's own), and its parts drawn. Done by the page's early script right
// after the playground's HTML, before the first paint (site/js/early/playground-early.js), so nothing
// moves when the full script (main.js) wires it later; main.js does it itself when the early
// script did not run.
import { drawIdeal, drawLists, lockLists } from "./list-view.js";
import * as model from "./model.js";
import { openingState } from "./persist.js";
import { hasCommitted } from "../lesson/predict.js";
import { drawPlaceholders } from "./readouts-view.js";
import { buildSkeleton, partsOf } from "./skeleton.js";

const PROBLEMS = {
  malformed: "This link's playground state could not be read, so the playground shows its own list.",
  stale: "This link was made for an older version of this playground, so it shows its own list.",
};

/**
 * Read and draw the playground `container` (once: a drawn one is only read back).
 * @param {HTMLElement} container  a [data-playground] element (docs/ui-contract.md)
 * @param {{slug: string, useFragment: boolean, predictions: object}} options  slug: keys the
 *   kept state; predictions: the lesson JSON's (a playground's readouts wait for its own)
 * @returns {{where: object, own: object, opening: {state: object|null, problem: string|null},
 *   state: object, parts: object}}  where: {slug, id, config, limits, useFragment} (persist.js)
 */
export function preparePlayground(container, { slug, useFragment, predictions }) {
  const config = JSON.parse(container.querySelector("script[data-playground-config]").textContent);
  const id = container.dataset.playground || config.id;
  config.id = id;
  const limits = model.limitsOf(config);
  const where = { slug, id, config, limits, useFragment };
  const own = model.initialState(config);
  const opening = openingState(where);
  const state = opening.state ?? own;
  if (container.dataset.playgroundBuilt !== undefined) return { where, own, opening, state, parts: partsOf(container) };
  const parts = buildSkeleton(container, config, limits);
  const notices = [config.notice, PROBLEMS[opening.problem]].filter(Boolean); // the host's list's, the link's
  if (notices.length) {
    parts.notice.textContent = notices.join(" ");
    parts.notice.hidden = false;
  }
  drawLists(parts, state, limits);
  drawIdeal(parts, model.idealOrder(state), state.grades);
  drawPlaceholders(parts, state);
  const form = container.querySelector("form[data-predict]");
  const prediction = form && predictions[form.dataset.predict];
  const held = prediction?.playground === id && !hasCommitted(slug, form.dataset.predict, prediction);
  parts.readouts.dataset.held = held ? "true" : "false";
  parts.summary.dataset.held = parts.readouts.dataset.held; // the phone's copy of the readouts waits too
  // Until the playground's script wires it (main.js), its controls are drawn inert and the
  // status line says it is loading; the lock line is shown only while a prediction waits.
  lockLists(parts, true, held);
  parts.controls.copy.setAttribute("aria-disabled", "true");
  parts.status.textContent = LOADING;
  if (held) form.addEventListener("committed", () => (parts.lockNote.hidden = true), { once: true });
  return { where, own, opening, state, parts };
}

/** What the status line says until the playground's script has wired it. */
export const LOADING = "Loading the playground…";

/** The notice for a link that could not be opened ("malformed" or "stale"). */
export const problemText = (problem) => PROBLEMS[problem];
