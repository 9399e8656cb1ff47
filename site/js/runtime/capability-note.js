// The one line `[data-capability-note]` (UI contract, "Capabilities") that tells the learner what
// this browser reduces and why. What can be found at once (capabilities.js) is shown before the
// page is painted past the status line, so nothing moves; what is found later (a service worker
// refused, Cache Storage that will not open, a worker that cannot unpack the snapshot) is shown
// without moving anything either, and remembered so the next page shows it at once.
import {
  canEditPlainText,
  canKeepLocally,
  canShareMemory,
  hasCacheStorage,
  hasPrecommitHandlers,
  hasServiceWorkers,
} from "./capabilities.js";

// Each reduction: what it changes for the learner, why (a sentence alone), and why in a few
// words (in a list of several).
const REDUCTIONS = {
  "shared-memory": [
    "Stop restarts Python",
    "this browser cannot share memory with Python's worker",
    "no shared memory",
  ],
  "not-isolated": ["Stop restarts Python", "this page is not cross-origin isolated", "page not isolated"],
  gunzip: ["Python starts more slowly", "this browser cannot unpack its gzip snapshot", "no gzip streams"],
  navigation: [
    "each lesson loads as a new page",
    "this browser has no Navigation API to open it in place",
    "no Navigation API",
  ],
  "service-worker": ["no offline copy", "this browser has no service workers", "no service workers"],
  "service-worker-blocked": ["no offline copy", "this browser refused its service worker", "service worker refused"],
  "cache-storage": ["no offline copy", "this browser has no Cache Storage", "no Cache Storage"],
  "cache-storage-blocked": ["no offline copy", "this browser blocks the course's file storage", "file storage blocked"],
  storage: ["your edits are not kept", "this browser does not let the page save them", "storage blocked"],
  "plain-text-editing": [
    "typing waits for the code editor",
    "this browser cannot edit plain text in place",
    "no plain-text editing",
  ],
};
// Found after the page was painted, so remembered (localStorage) for the next page.
export const LATE = ["gunzip", "service-worker-blocked", "cache-storage-blocked"];
const REMEMBERED_KEY = "rankmetrics-lessons:reduced";

/** The reductions of a lesson page found at once, with those an earlier page found late. */
export function lessonReductions() {
  return [
    ...sharedMemoryReductions(),
    ...(hasPrecommitHandlers() ? [] : ["navigation"]),
    ...(hasServiceWorkers() ? [] : ["service-worker"]),
    ...(hasCacheStorage() ? [] : ["cache-storage"]),
    ...(canKeepLocally() ? [] : ["storage"]),
    ...(canEditPlainText() ? [] : ["plain-text-editing"]),
    ...remembered(),
  ];
}

// What a page without code cells and without lessons to move between (the rank playground's page,
// the evaluate page) can lose: Stop, code editing and opening a lesson in place are not its.
const TOOL_PAGE = [
  "gunzip",
  "service-worker",
  "service-worker-blocked",
  "cache-storage",
  "cache-storage-blocked",
  "storage",
];

/** The reductions of a page without code cells or lessons to move between (its runtime bar has
 *  `data-no-cells`), found at once, with those an earlier page found late. */
export function toolPageReductions() {
  return lessonReductions().filter((id) => TOOL_PAGE.includes(id));
}

/** The reductions found at once for the page whose runtime status line is `status`. */
export function pageReductions(status) {
  return status.closest("[data-no-cells]") ? toolPageReductions() : lessonReductions();
}

/** The reductions of a page that runs cells through embed.js (no offline copy, no lessons to
 *  move between), found at once, with those an earlier page found late. */
export function embedReductions() {
  return [
    ...sharedMemoryReductions(),
    ...(canKeepLocally() ? [] : ["storage"]),
    ...remembered().filter((id) => id === "gunzip"),
  ];
}

/** Why Stop restarts Python, if it does: memory cannot be shared with the worker (detected on
 *  the buffer itself), because the page is not cross-origin isolated (the host sent no
 *  isolation headers, or the page is embedded in another origin's page) or else because this
 *  browser cannot, as WebKit on an isolated page. */
function sharedMemoryReductions() {
  if (canShareMemory()) return [];
  return [globalThis.crossOriginIsolated === true ? "shared-memory" : "not-isolated"];
}

/** The note's text for reduction ids (REDUCTIONS): one sentence for one, a short list for
 *  several; reductions with the same effect are told once. */
export function noteText(ids) {
  const byEffect = new Map();
  for (const id of ids) {
    const [effect, why, short] = REDUCTIONS[id];
    if (!byEffect.has(effect)) byEffect.set(effect, { why, short });
  }
  const effects = [...byEffect];
  if (effects.length === 1) {
    const [effect, { why }] = effects[0];
    return `${effect[0].toUpperCase()}${effect.slice(1)} here: ${why}.`;
  }
  return `Reduced in this browser: ${effects.map(([effect, { short }]) => `${effect} (${short})`).join("; ")}.`;
}

/**
 * Show the note for `ids` right after `status` (the runtime status line), in the flow: call it
 * before anything after the status line is laid out, or when the whole region is new. Replaces
 * a note already there; nothing when `ids` is empty.
 * @returns {HTMLElement|null} the note
 */
export function showNote(status, ids) {
  noteNear(status)?.remove();
  const note = makeNote(ids);
  if (note) status.after(note);
  return note;
}

/** A note element for reduction ids, or null when none is known. */
function makeNote(ids) {
  const unique = [...new Set(ids)].filter((id) => id in REDUCTIONS);
  if (!unique.length) return null;
  const note = document.createElement("p");
  note.className = "capability-note";
  note.setAttribute("role", "note");
  note.dataset.capabilityNote = unique.join(" ");
  note.textContent = noteText(unique);
  return note;
}

/**
 * Tell the note near `status` what a late check found: reduction `id` applies (`reduced`) or
 * not. Nothing moves: a note already shown takes the new reason only if its height stays (else
 * the next page shows it); with no note, it lies over the space below the status line's bar
 * (`data-overlay`), which holds no control. Remembered for the next page either way.
 * @param {HTMLElement|null} status  the runtime status line; null only remembers
 * @param {{inFlow?: boolean}} options  inFlow: no layout to keep (a note in a part of the page
 *   that is being built anyway, as embed.js's cells)
 */
export function reportLate(status, id, reduced, { inFlow = false } = {}) {
  remember(id, reduced);
  if (!reduced || !status) return;
  const note = noteNear(status);
  const shown = note?.dataset.capabilityNote.split(" ") ?? [];
  if (shown.includes(id)) return;
  if (!note) {
    // The lines a lesson page keeps free for notes (lesson.html's [data-page-notes]) take it;
    // elsewhere it lies over the space below the bar.
    const notes = notesLines(status);
    if (notes && !inFlow) {
      notes.append(makeNote([id]));
      return;
    }
    const added = showNote(status, [id]);
    if (!inFlow) added.dataset.overlay = "";
    return;
  }
  const height = note.offsetHeight;
  const before = note.textContent;
  note.textContent = noteText([...shown, id]);
  if (!inFlow && !note.hasAttribute("data-overlay") && note.offsetHeight !== height) {
    note.textContent = before; // it would push the lesson down: the next page says it
    return;
  }
  note.dataset.capabilityNote = [...shown, id].join(" ");
}

/** The note placed after `status`, or in its bar's notes lines, if any. */
function noteNear(status) {
  const next = status.nextElementSibling;
  if (next?.hasAttribute("data-capability-note")) return next;
  return notesLines(status)?.querySelector("[data-capability-note]") ?? null;
}

/** The notes lines kept free in the status line's bar, if the page has them. */
function notesLines(status) {
  return status.parentElement?.querySelector("[data-page-notes]") ?? null;
}

function remembered() {
  try {
    const ids = JSON.parse(globalThis.localStorage?.getItem(REMEMBERED_KEY) ?? "[]");
    return Array.isArray(ids) ? ids.filter((id) => LATE.includes(id)) : [];
  } catch {
    return []; // storage blocked: that one is told at once anyway
  }
}

function remember(id, reduced) {
  if (!LATE.includes(id)) return;
  const ids = new Set(remembered());
  if (reduced === ids.has(id)) return;
  if (reduced) ids.add(id);
  else ids.delete(id);
  try {
    localStorage.setItem(REMEMBERED_KEY, JSON.stringify([...ids]));
  } catch {
    // storage blocked or full: each page finds it again
  }
}
