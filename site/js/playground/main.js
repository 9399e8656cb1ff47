// The rank playground (docs/ui-contract.md, "Rank playground"): a ranked list a learner takes
// in hand (move, grade, retrieve, drop, add, remove; k, gain, threshold), and the six metrics
// answering from rankmetrics in the worker's Python, each with its working. This module mounts
// every playground of a page and wires its parts; each part has a module of its own.
import { announcer } from "./announce.js";
import { computeReadouts } from "./compute.js";
import { startDrag } from "./drag.js";
import { clickMemory, keepInPlace } from "./steady.js";
import { drawIdeal, drawLists, focusInLists, highlight, lockLists, restoreFocus } from "./list-view.js";
import * as model from "./model.js";
import { keepState, linkTo, openingState, stateKeeper } from "./persist.js";
import { preparePlayground, problemText } from "./prepare.js";
import { drawReadouts } from "./readouts-view.js";

/**
 * Mount every `[data-playground]` in `root`.
 * @param {ParentNode} root
 * @param {{runtime: object|null, slug: string, predictions?: object, useFragment?: boolean,
 *   signal?: AbortSignal}} options  predictions: the lesson JSON's (entries with `playground`);
 *   useFragment: keep the state in this page's address (false on another site's page)
 * @returns {Array<{unmount: () => void}>}
 */
export function mountPlaygrounds(root, options) {
  return [...root.querySelectorAll("[data-playground]")].flatMap((container) => {
    try {
      return [mountPlayground(container, options)];
    } catch (error) {
      console.warn("a rank playground could not start:", error);
      return [];
    }
  });
}

function mountPlayground(container, { runtime, slug, predictions = {}, useFragment = true, signal }) {
  const { where, own, opening, parts, ...first } = preparePlayground(container, { slug, useFragment, predictions });
  const { id, limits } = where;
  let state = first.state;
  let beforeReset = null; // the state Reset replaced, for Undo reset
  let shown = null; // the metrics on screen ({name: {value}}), for the arrows and announcements
  const announce = announcer((text) => {
    parts.announce.textContent = text;
  }, Object.keys(parts.metrics));
  let moving = null; // the item the latest change moved, and its rank before its run of moves: {item, from}
  const say = announce.say;
  if (opening.problem) say(problemText(opening.problem));

  // Predict, then reveal: readouts stay held back until the form's answer is committed
  // (predict.js does the committing, as for a cell).
  const form = container.querySelector("form[data-predict]");
  const guarded = form && predictions[form.dataset.predict]?.playground === id;
  const held = () => guarded && form.dataset.committed === undefined;
  // The list is locked too until then, so the answer's explanation matches the list it is about.
  // The early drawing's controls are inert until now (prepare.js): unlocked here unless a
  // prediction waits, the focus kept on the control that had it.
  const showHeld = () => {
    parts.readouts.dataset.held = held() ? "true" : "false";
    parts.summary.dataset.held = parts.readouts.dataset.held;
    lockLists(parts, held());
    if (held()) return;
    const focus = focusInLists(parts);
    drawLists(parts, state, limits); // the per-item limits (first item's Move up, …)
    restoreFocus(parts, focus, null);
  };
  showHeld();
  form?.addEventListener("committed", showHeld, { signal });
  const LOCKED = "Commit your prediction first: then the list can be changed.";

  const keeper = stateKeeper(where, signal);
  const compute = computeReadouts(runtime, {
    current: () => model.toPython(state, limits),
    onState(value, reason) {
      container.dataset.state = value;
      drawStatus(value, reason);
      if (value !== "computing") keeper.settle(); // the address is written once the change is shown
    },
    onReadouts(readouts, asked) {
      drawIdeal(parts, readouts.ideal, asked.grades);
      drawReadouts(parts, readouts, state, shown);
      const after = readouts.metrics;
      announce.readouts(held() ? null : shown, held() ? null : after, state.k);
      shown = after;
    },
  });

  function drawStatus(value, reason) {
    const texts = { computing: "Computing…", ready: "" };
    parts.status.replaceChildren(texts[value] ?? reason ?? "");
    if (value === "error") {
      const retry = document.createElement("button");
      retry.type = "button";
      retry.textContent = "Retry";
      retry.addEventListener("click", () => compute.retry());
      parts.status.append(" ", retry);
    }
  }

  /** Make `next` the state: keep it, ask for its readouts, redraw, and say `action`. `move`: the
   *  move it makes ({item, from}: the item's rank before its run of moves). */
  function change(next, action, { focus = focusInLists(parts), fallback = null, keepUndo = false, move = null } = {}) {
    if (next === state) return;
    if (held()) {
      // Locked until the prediction is committed: the controls are put back as the state has them.
      drawLists(parts, state, limits);
      lockLists(parts, true);
      restoreFocus(parts, focus, fallback);
      return say(LOCKED);
    }
    state = next;
    moving = move;
    keeper.keep(model.sameState(state, own) ? null : state);
    const computing = container.dataset.state === "computing" || container.dataset.state === "ready";
    // No readouts will come soon: said now too. A run of moves of one item is said from its start.
    announce.changed(action, { sayNow: !computing, run: move?.item ?? null });
    compute.changed(); // asked first: Python computes while the page redraws the lists
    if (!keepUndo) {
      beforeReset = null; // Undo reset would now throw away the changes made since
      parts.controls.undo.hidden = true;
    }
    drawLists(parts, state, limits);
    drawIdeal(parts, model.idealOrder(state), state.grades);
    restoreFocus(parts, focus, fallback);
  }

  /** Move `item` to where `next` has it; moves of one item in a row are said from where it started. */
  const moveTo = (next, item, options) => {
    const at = state.ranking.indexOf(item) + 1;
    const from = moving?.item === item ? moving.from : at;
    const to = next.ranking.indexOf(item) + 1;
    const action =
      from === at
        ? `Moved ${item} to rank ${to}`
        : to === from
          ? `Moved ${item} back to rank ${to}`
          : `Moved ${item} to rank ${to}, from rank ${from}`;
    change(next, action, { ...options, move: { item, from } });
  };

  const rowOf = (item) => parts.ranked.querySelector(`[data-item="${CSS.escape(item)}"]`);
  /** Move `item` by `delta` ranks; `pointer`: a click's, whose row is kept under the pointer. */
  const moveBy = (item, delta, pointer = null) => {
    const top = pointer ? rowOf(item)?.getBoundingClientRect().top : null;
    const next = model.moveBy(state, item, delta);
    // A click's focus follows the item it moved: the press may have focused the neighbour's
    // button that slid under a still pointer, where the page could not scroll.
    const focus = pointer ? { item, control: delta < 0 ? "up" : "down" } : undefined;
    if (pointer && next.ranking.indexOf(item) === state.ranking.indexOf(item)) {
      restoreFocus(parts, focus, null);
      return say(`${item} is already at the ${delta < 0 ? "top" : "bottom"} of the list`);
    }
    moveTo(next, item, { focus });
    if (pointer && top !== undefined) keepInPlace(rowOf(item), top);
  };

  // Buttons and selects in the lists (one listener each: the lists are redrawn on every change).
  const clicks = clickMemory(signal);
  const onListClick = (event) => {
    const control = event.target.closest("button[data-control]");
    if (!control) return;
    let item = control.closest("[data-item]").dataset.item;
    let kind = control.dataset.control;
    const earlier = clicks.repeat(event);
    if (earlier && (earlier.kind === "up" || earlier.kind === "down")) {
      // The same still spot again: the learner goes on moving the same item, even where the page
      // could not scroll its row back under the pointer (at the top or bottom of the page).
      if (kind === "up" || kind === "down") [item, kind] = [earlier.item, earlier.kind];
    } else if (earlier && item !== earlier.item && event.detail > 1) {
      // After Drop, Remove or Retrieve the next row slid under a still pointer: the second click
      // of a double click is not its click (a click of its own, later, is).
      return say(`Move the pointer to ${kind === "remove" ? "remove" : kind} ${item}: it just slid into place.`);
    } else if (control.getAttribute("aria-disabled") === "true") return held() ? say(LOCKED) : undefined;
    clicks.clicked(event, item, kind);
    const pointer = event.detail > 0 ? event : null; // a key's click (Enter, Space) has detail 0
    if (kind === "up") moveBy(item, -1, pointer);
    else if (kind === "down") moveBy(item, 1, pointer);
    else if (kind === "drop")
      change(model.drop(state, item), `Dropped ${item}: not retrieved`, { focus: { item, control: "item" } });
    else if (kind === "retrieve")
      change(model.retrieve(state, item, limits), `Retrieved ${item} at rank ${state.ranking.length + 1}`, {
        focus: { item, control: "item" },
      });
    else if (kind === "remove") {
      const list = state.ranking.includes(item) ? state.ranking : state.unretrieved;
      const neighbour = list[list.indexOf(item) + 1] ?? list[list.indexOf(item) - 1];
      change(model.removeItem(state, item), `Removed ${item}`, {
        focus: neighbour ? { item: neighbour, control: "item" } : null,
        fallback: parts.controls.add,
      });
      if (!neighbour) parts.controls.add.focus();
    }
  };
  const onListChange = (event) => {
    if (event.target.dataset.control !== "grade") return;
    const item = event.target.closest("[data-item]").dataset.item;
    change(
      model.setGrade(state, item, event.target.value, limits),
      `Set the grade of ${item} to ${event.target.value}`,
    );
  };
  const onListKey = (event) => {
    if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    if (event.target.localName === "select") return; // Alt+ArrowDown opens a select's options
    const item = event.target.closest("[data-item]");
    if (!item || !parts.ranked.contains(item)) return;
    event.preventDefault();
    moveBy(item.dataset.item, event.key === "ArrowUp" ? -1 : 1);
  };
  for (const list of [parts.ranked, parts.unretrieved]) {
    list.addEventListener("click", onListClick, { signal });
    list.addEventListener("change", onListChange, { signal });
    list.addEventListener("keydown", onListKey, { signal });
  }
  parts.ranked.addEventListener(
    "pointerdown",
    (event) => {
      if (!event.target.closest("[data-drag-handle]")) return;
      if (held()) return say(LOCKED);
      startDrag(
        event,
        { list: parts.ranked, dropZone: parts.unretrievedZone },
        {
          onMove(item, index) {
            moveTo(model.moveTo(state, item, index), item, { focus: { item, control: "item" } });
          },
          onDrop(item) {
            change(model.drop(state, item), `Dropped ${item}: not retrieved`, { focus: { item, control: "item" } });
          },
        },
      );
    },
    { signal },
  );

  // Terms of a formula light up the item they come from.
  const onTerm = (event) => {
    const term = event.target.closest?.("[data-term-for]");
    highlight(parts, term && (event.type === "pointerover" || event.type === "focusin") ? term.dataset.termFor : null);
  };
  for (const type of ["pointerover", "pointerout", "focusin", "focusout"])
    parts.readouts.addEventListener(type, onTerm, { signal });

  // The controls above the lists.
  const { k, gain, threshold, add, reset, undo, copy } = parts.controls;
  copy.hidden = !useFragment; // on another site's page the state is not in the address
  copy.removeAttribute("aria-disabled"); // inert while the script loaded (prepare.js)
  // A number field answers as the learner types (input), once its value is a whole number in
  // range. Any other value (blank, "0", "2.5", too big) stays as typed: the page never puts
  // another number in its place, and the readouts say they are on hold (still those of the last
  // valid value) until it is one. A line under the field says what it wants once the value is
  // more than a blank being typed (a blank says so on Enter or on leaving the field).
  const waiting = new Map(); // field -> its name in a sentence, while its value is not valid
  const drawHold = () => {
    const names = [...waiting.values()];
    const onHold = names.length > 0;
    const text = onHold
      ? `On hold: these readouts are still for k = ${state.k}, threshold ${state.threshold}, ` +
        `until ${names.join(" and ")} ${names.length > 1 ? "are" : "is"} fixed above.`
      : "";
    for (const line of [parts.hold, parts.summaryHold]) {
      line.textContent = text;
      line.hidden = !onHold;
    }
    parts.readouts.dataset.onHold = String(onHold);
    parts.summary.dataset.onHold = String(onHold);
  };
  const numberField = (field, key, set, name, wanted) => {
    const problem = parts.problems[key];
    /** `held`: the readouts wait for this field; `told`: its line and outline say what it wants. */
    const mark = (held, told = held) => {
      // Held but not yet told (a blank being typed), the line keeps its room unseen, so telling
      // on leaving the field moves nothing under the tap that leaves it.
      problem.hidden = !held;
      problem.dataset.told = String(told);
      if (told) {
        field.setAttribute("aria-invalid", "true");
        field.setAttribute("aria-describedby", problem.id);
      } else {
        field.removeAttribute("aria-invalid");
        field.removeAttribute("aria-describedby");
      }
      if (held) {
        field.dataset.heldAt = String(state[key]); // drawLists leaves the learner's text alone
        waiting.set(field, wanted);
      } else {
        delete field.dataset.heldAt;
        waiting.delete(field);
      }
      drawHold();
    };
    field.addEventListener(
      "input",
      () => {
        // Blank, being typed: told on Enter or leaving (or kept told if it was). A value the field
        // cannot read ("e", "-") is blank too, but flagged as bad input: that one is invalid.
        if (field.value === "" && !field.validity.badInput) return mark(true, problem.dataset.told === "true");
        if (!field.validity.valid) {
          const toldBefore = waiting.has(field) && !problem.hidden && problem.dataset.told === "true";
          mark(true);
          // The live line's last "k is now …" no longer holds: say so once, not at every key.
          if (!toldBefore) say(`${problem.textContent} The readouts are on hold until it is.`);
          return;
        }
        if (waiting.has(field)) mark(false);
        const next = set(state, field.value, limits);
        if (next === state) return;
        change(next, `${name} is now ${next[key]}`);
        drawHold(); // another field may still wait: its line names the values shown now
      },
      { signal },
    );
    field.addEventListener(
      "change",
      () => {
        const invalid = field.value === "" || !field.validity.valid;
        mark(invalid);
        if (invalid) say(`${problem.textContent} The readouts are on hold until it is.`);
      },
      { signal },
    );
    // A change made elsewhere (Reset, Undo reset, a link) puts its own number in the field.
    return () => {
      if (!waiting.has(field)) return;
      mark(false);
      field.value = String(state[key]);
    };
  };
  const settlers = [
    numberField(k, "k", model.setK, "k", "k"),
    numberField(threshold, "threshold", model.setThreshold, "The relevance threshold", "the threshold"),
  ];
  const settleFields = () => {
    for (const settle of settlers) settle();
  };
  gain.addEventListener("change", () => change(model.setGain(state, gain.value), `Gain is now ${gain.value}`), {
    signal,
  });
  add.addEventListener(
    "click",
    () => {
      if (held()) return say(LOCKED);
      if (add.getAttribute("aria-disabled") === "true") return say(`The list holds at most ${limits.maxItems} items.`);
      const next = model.addItem(state, limits);
      const item = next.ranking.at(-1);
      change(next, `Added ${item} at rank ${next.ranking.length}`, { focus: { item, control: "item" } });
    },
    { signal },
  );
  reset.addEventListener(
    "click",
    () => {
      if (model.sameState(state, own) && !waiting.size) return say("The playground already shows its own list.");
      const replaced = state;
      settleFields();
      change(own, "Reset to the playground's own list");
      beforeReset = replaced;
      undo.hidden = false;
    },
    { signal },
  );
  undo.addEventListener(
    "click",
    () => {
      settleFields();
      if (beforeReset) change(beforeReset, "Undid the reset", { keepUndo: true });
      beforeReset = null;
      undo.hidden = true;
      reset.focus(); // the Undo button hides itself: keep the keyboard nearby
    },
    { signal },
  );
  copy.addEventListener(
    "click",
    () => {
      const url = linkTo(where, state);
      navigator.clipboard?.writeText(url).then(
        () => say("Link copied: it opens this playground as it is now."),
        () => say("The link could not be copied; the address bar holds it."),
      ) ?? say("The link could not be copied; the address bar holds it.");
    },
    { signal },
  );

  // A link to another state of this playground followed in this page (a jump within it).
  if (useFragment)
    window.addEventListener(
      "hashchange",
      () => {
        const linked = openingState({ ...where, fromStorage: false });
        settleFields();
        if (linked.problem) {
          parts.notice.textContent = problemText(linked.problem);
          parts.notice.hidden = false;
          change(own, "The link could not be used: back to the playground's own list");
        } else if (linked.state && !model.sameState(linked.state, state))
          change(linked.state, "Opened the link's list");
      },
      { signal },
    );
  if (opening.state) keepState(where, state); // a link's state is kept, as if just made here
  container.dataset.wired = ""; // its list and controls answer from now on (drawn earlier by its early script)
  return {
    unmount() {
      compute.stop();
    },
  };
}
