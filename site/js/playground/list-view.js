// Draws the ranked list (with the k cut line), the "Not retrieved" list and the ideal ordering
// from a state. Each change redraws them; the element that had the focus gets it back in its
// item's new place (its control is found again by data-item and data-control).
import { el, select } from "./dom.js";

const gradeOptions = (maxGrade) => Array.from({ length: maxGrade + 1 }, (_, grade) => [grade, String(grade)]);

function button(control, label, text, disabled = false) {
  return el("button", {
    type: "button",
    "data-control": control,
    "aria-label": label,
    "aria-disabled": disabled ? "true" : null, // not `disabled`: a focused button keeps the focus
    text,
  });
}

function rankedItem(state, id, index, { maxGrade }) {
  const rank = index + 1;
  const last = index === state.ranking.length - 1;
  return el(
    "li",
    {
      role: "listitem",
      tabindex: 0,
      class: "pg-item",
      "data-item": id,
      "data-control": "item",
      "data-cut": rank === state.k && !last ? "true" : null, // the k cut line, drawn below it
      "data-beyond-k": rank > state.k ? "true" : null,
      "data-relevant": state.grades[id] >= state.threshold ? "true" : null,
      "aria-label": `Rank ${rank}: ${id}, grade ${state.grades[id]}${rank > state.k ? ", below the cut" : ""}`,
    },
    el("span", { class: "pg-handle", "data-drag-handle": true, "aria-hidden": "true", text: "⠿" }),
    el("span", { class: "pg-rank", "aria-hidden": "true", text: String(rank) }),
    el("span", { class: "pg-id", text: id }),
    select(`Grade of ${id}`, gradeOptions(maxGrade), state.grades[id], { "data-control": "grade" }),
    el(
      "span",
      { class: "pg-item-buttons" },
      button("up", `Move ${id} up`, "↑", index === 0),
      button("down", `Move ${id} down`, "↓", last),
      button("drop", `Drop ${id}`, "Drop"),
      button("remove", `Remove ${id}`, "×"),
    ),
  );
}

function unretrievedItem(state, id, { maxGrade, maxItems }) {
  return el(
    "li",
    {
      role: "listitem",
      tabindex: 0,
      class: "pg-item",
      "data-item": id,
      "data-control": "item",
      "aria-label": `Not retrieved: ${id}, grade ${state.grades[id]}`,
    },
    el("span", { class: "pg-id", text: id }),
    select(`Grade of ${id}`, gradeOptions(maxGrade), state.grades[id], { "data-control": "grade" }),
    el(
      "span",
      { class: "pg-item-buttons" },
      button("retrieve", `Retrieve ${id}`, "Retrieve", state.ranking.length >= maxItems),
      button("remove", `Remove ${id}`, "×"),
    ),
  );
}

/** Where the focus is in the lists: {item, control} (control: "item", "grade", "up", …), or null. */
export function focusInLists(parts) {
  const active = parts.ranked.getRootNode().activeElement; // the document's, or a shadow root's (embed.js)
  if (!active || !(parts.ranked.contains(active) || parts.unretrieved.contains(active))) return null;
  const item = active.closest("[data-item]");
  return item ? { item: item.dataset.item, control: active.dataset.control ?? "item" } : null;
}

/** Put the focus back on `focus` ({item, control}) after a redraw: the same control of the same
 *  item, wherever it is now; else that item; else `fallback`. */
export function restoreFocus(parts, focus, fallback) {
  if (!focus) return;
  const selector = `[data-item="${CSS.escape(focus.item)}"]`;
  const item = parts.ranked.querySelector(selector) ?? parts.unretrieved.querySelector(selector);
  const control =
    focus.control === "item" ? item : item?.querySelector(`[data-control="${CSS.escape(focus.control)}"]`);
  const target = control ?? item ?? fallback;
  if (!target) return;
  // Focused without scrolling, which would lay the page out then and there, in the change's
  // handler; the next frame, laid out anyway, brings the control into view if it left it.
  target.focus({ preventScroll: true });
  requestAnimationFrame(() => {
    if (target.isConnected && target.getRootNode().activeElement === target)
      target.scrollIntoView({ block: "nearest" });
  });
}

/** Draw both lists and the add/retrieve limits from `state`. */
export function drawLists(parts, state, limits) {
  parts.ranked.replaceChildren(...state.ranking.map((id, index) => rankedItem(state, id, index, limits)));
  parts.unretrieved.replaceChildren(...state.unretrieved.map((id) => unretrievedItem(state, id, limits)));
  parts.unretrieved.dataset.empty = state.unretrieved.length === 0 ? "true" : "false";
  parts.rankedEmpty.hidden = state.ranking.length > 0;
  parts.unretrievedEmpty.hidden = state.unretrieved.length > 0;
  parts.controls.add.setAttribute("aria-disabled", String(state.ranking.length >= limits.maxItems));
  // A field is only written when it says another number: one being typed in keeps its text, and
  // so does one whose value is not valid while the state keeps the value it held at (main.js).
  const show = (field, value) => {
    if (field.dataset.heldAt === String(value)) return;
    if (field.value === "" || Number(field.value) !== value) field.value = String(value);
  };
  show(parts.controls.k, state.k);
  parts.controls.gain.value = state.gain;
  show(parts.controls.threshold, state.threshold);
}

/** Draw the ideal ordering (Python's, ids best first) with each item's grade. */
export function drawIdeal(parts, ideal, grades) {
  parts.ideal.replaceChildren(
    ...ideal.map((id) =>
      el("li", { "data-ideal-item": id }, el("span", { class: "pg-id", text: id }), ` (grade ${grades[id] ?? 0})`),
    ),
  );
}

/** Mark the items that a hovered or focused formula term comes from (null: none). */
export function highlight(parts, item) {
  for (const element of parts.ranked.querySelectorAll("[data-highlight]")) element.removeAttribute("data-highlight");
  for (const element of parts.unretrieved.querySelectorAll("[data-highlight]"))
    element.removeAttribute("data-highlight");
  for (const element of parts.ideal.querySelectorAll("[data-highlight]")) element.removeAttribute("data-highlight");
  if (item === null) return;
  const selector = `[data-item="${CSS.escape(item)}"]`;
  parts.ranked.querySelector(selector)?.setAttribute("data-highlight", "true");
  parts.unretrieved.querySelector(selector)?.setAttribute("data-highlight", "true");
  parts.ideal.querySelector(`[data-ideal-item="${CSS.escape(item)}"]`)?.setAttribute("data-highlight", "true");
}

/** Lock (or unlock) every control that changes the list, while the playground's script loads
 *  or a prediction waits to be committed; `note`: show the line saying a prediction waits.
 *  Buttons keep the focus (aria-disabled); fields and selects are disabled. After unlocking,
 *  drawLists puts back the per-item limits. */
export function lockLists(parts, locked, note = locked) {
  parts.lockNote.hidden = !note;
  const { k, gain, threshold, add, reset, undo } = parts.controls;
  for (const field of [
    k,
    gain,
    threshold,
    ...parts.ranked.querySelectorAll("select"),
    ...parts.unretrieved.querySelectorAll("select"),
  ])
    field.disabled = locked;
  const buttons = [
    add,
    reset,
    undo,
    ...parts.ranked.querySelectorAll("button"),
    ...parts.unretrieved.querySelectorAll("button"),
  ];
  for (const button of buttons) {
    if (locked) button.setAttribute("aria-disabled", "true");
    else button.removeAttribute("aria-disabled");
  }
}
