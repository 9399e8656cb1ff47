// Learner progress kept in the browser (localStorage): edited code per cell, quiz answers and
// exercise verdicts. Keys name the lesson and the block, so lessons never mix. When storage is
// unavailable (private modes, blocked iframes) everything still works, just without memory.
import { canKeepLocally } from "../runtime/capabilities.js";

const PREFIX = "rankmetrics-lessons:v1";

// A packaged lesson that reports to a learning management system (scorm.js marks its <html>
// with data-lms-session before any script reads the work) keeps the work in this tab alone
// (sessionStorage): the system's record of a tab then holds that tab's work whole, never a mix
// with another tab's.
export const LMS_SESSION = "lmsSession";
let chosen;
const storageArea = () => {
  chosen ??= globalThis.document?.documentElement.dataset[LMS_SESSION] === undefined ? localArea() : tabArea();
  return chosen;
};
const localArea = () => (canKeepLocally() ? window.localStorage : null);
function tabArea() {
  try {
    const area = window.sessionStorage;
    area.setItem(`${PREFIX}:probe`, "1");
    area.removeItem(`${PREFIX}:probe`);
    return area;
  } catch {
    return null; // blocked: the lesson works without memory
  }
}
const keyOf = (slug, kind, id) => `${PREFIX}:${slug}:${kind}:${id}`;

const TAB_KEY = `${PREFIX}:tab`;
const newTabId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** This tab's id, kept in sessionStorage, so a reload is still the same tab (cell-versions.js
 *  tells apart edits made in two tabs with it). Without sessionStorage each page load is a tab.
 *  A tab opened with window.open or "Duplicate tab" starts with a copy of its opener's
 *  sessionStorage, so the id is checked with the tabs open now (claimTabId). */
export let tabId = (() => {
  const fresh = newTabId();
  try {
    const kept = window.sessionStorage.getItem(TAB_KEY);
    if (kept) return kept;
    window.sessionStorage.setItem(TAB_KEY, fresh);
  } catch {
    // blocked: this load is a tab of its own
  }
  return fresh;
})();

/** Ask the course's other open pages whether one already goes by this tab's id; if so, this
 *  page (the newer) takes a new one. Pages answer for as long as they are open. Called once per
 *  page, by the lesson page's script (a second caller in the page would answer itself). */
export function claimTabId() {
  if (typeof BroadcastChannel !== "function") return;
  const channel = new BroadcastChannel(TAB_KEY);
  const asking = newTabId(); // names this page's question
  channel.addEventListener("message", ({ data }) => {
    if (data?.type === "whose" && data.tab === tabId && data.asking !== asking) {
      channel.postMessage({ type: "taken", asking: data.asking });
    } else if (data?.type === "taken" && data.asking === asking) {
      tabId = newTabId();
      try {
        window.sessionStorage.setItem(TAB_KEY, tabId);
      } catch {
        // kept for this page only
      }
    }
  });
  channel.postMessage({ type: "whose", tab: tabId, asking });
}

/** The saved value of a lesson's block (`kind` is "cell", "quiz" or "exercise"), or null. */
export function load(slug, kind, id) {
  try {
    return JSON.parse(storageArea()?.getItem(keyOf(slug, kind, id)) ?? "null");
  } catch {
    return null;
  }
}

/** Carry saved state over to blocks that moved from another lesson (a lesson's `movedFrom`:
 *  `[{from, kind, id}]`, from its `moved_from` front matter). Each entry saved under the old
 *  lesson moves to this one, unless this lesson already has its own; the old entry is removed
 *  either way, so a later Reset here never brings the old one back. */
export function carryOver(slug, moves) {
  const storage = storageArea();
  if (!storage) return;
  for (const { from, kind, id } of moves ?? []) {
    try {
      const old = storage.getItem(keyOf(from, kind, id));
      if (old === null) continue;
      if (storage.getItem(keyOf(slug, kind, id)) === null) storage.setItem(keyOf(slug, kind, id), old);
      storage.removeItem(keyOf(from, kind, id));
    } catch {
      return; // storage full or blocked: the old entries stay, and are tried again next time
    }
  }
}

/** Every value saved for the lesson `slug`, as {"kind:id": JSON text} (a learning management
 *  system keeps it for the learner: scorm.js); null when this page may not use storage. */
export function savedLesson(slug) {
  const storage = storageArea();
  if (!storage) return null;
  const start = `${PREFIX}:${slug}:`;
  const saved = {};
  try {
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key?.startsWith(start)) saved[key.slice(start.length)] = storage.getItem(key);
    }
  } catch {
    // blocked meanwhile: what was read is all there is
  }
  return saved;
}

/** Remove every value saved for the lesson `slug` (a learning management system's record
 *  replaces them: scorm.js). */
export function forgetLesson(slug) {
  const start = `${PREFIX}:${slug}:`;
  const storage = storageArea();
  try {
    const keys = [];
    for (let index = 0; index < (storage?.length ?? 0); index += 1) {
      const key = storage.key(index);
      if (key?.startsWith(start)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // blocked: there is nothing this page could read either
  }
}

/** Put back values `savedLesson` gave for the lesson `slug` (before the page reads them). */
export function restoreLesson(slug, saved) {
  for (const [kindAndId, text] of Object.entries(saved)) {
    try {
      storageArea()?.setItem(`${PREFIX}:${slug}:${kindAndId}`, text);
    } catch {
      failed("full");
      return;
    }
  }
}

let onFailure = null; // told once, the first time a value cannot be kept
let failureTold = false;

/** Call `callback(reason)` the first time a value cannot be saved: reason "blocked" (this page
 *  may not use the browser's storage) or "full" (the browser's storage for this site is full). */
export function onSaveFailure(callback) {
  onFailure = callback;
}

function failed(reason) {
  if (failureTold) return;
  failureTold = true;
  onFailure?.(reason);
}

/** Save a JSON-able value; null removes it. Returns whether it was kept. A failure (quota,
 *  blocked storage) leaves the page working with what is on screen, and is told once
 *  (onSaveFailure). */
export function save(slug, kind, id, value) {
  const storage = storageArea();
  if (!storage) {
    if (value !== null) failed("blocked");
    return false;
  }
  try {
    if (value === null) storage.removeItem(keyOf(slug, kind, id));
    else storage.setItem(keyOf(slug, kind, id), JSON.stringify(value));
    return true;
  } catch {
    failed("full");
    return false;
  }
}

/** Call `callback(kind, id, value)` when another tab changes this lesson's saved state, until
 *  `signal` (an AbortSignal, optional) aborts. */
export function onOtherTabChange(slug, callback, { signal } = {}) {
  const start = `${PREFIX}:${slug}:`;
  window.addEventListener(
    "storage",
    (event) => {
      if (!event.key?.startsWith(start)) return;
      const [kind, id] = event.key.slice(start.length).split(":");
      let value = null;
      try {
        value = event.newValue === null ? null : JSON.parse(event.newValue);
      } catch {
        return;
      }
      callback(kind, id, value);
    },
    { signal },
  );
}
