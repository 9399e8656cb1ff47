// Where the learner's playground state is kept: the address's fragment under the playground's
// own key (so a link reopens it), and the browser's storage, as a cell's edits are (so a reload
// does). A link's fragment wins over storage.
import { load, save } from "../shared/storage.js";
import { configHash, decodeState, encodeState, fragmentKey, readKey, writeKey } from "./fragment.js";

const KIND = "playground"; // the storage kind (storage.js keys)
const IDLE_WAIT_MS = 500; // the longest a changed state waits for an idle moment to reach the address

/**
 * The state to open with: the fragment's, else (`fromStorage`) the one kept in the browser.
 * @returns {{state: object|null, problem: "malformed"|"stale"|null}}  state null: the block's own
 */
export function openingState({ slug, id, config, limits, useFragment, fromStorage = true }) {
  const base = configHash(config);
  const linked = useFragment ? readKey(location.hash, fragmentKey(id)) : null;
  if (linked !== null) {
    const decoded = decodeState(linked, base, limits);
    return decoded.state ? { state: decoded.state, problem: null } : { state: null, problem: decoded.problem };
  }
  const kept = fromStorage ? load(slug, KIND, id) : null;
  if (typeof kept?.state === "string") {
    const decoded = decodeState(kept.state, base, limits);
    if (decoded.state) return { state: decoded.state, problem: null };
  }
  return { state: null, problem: null };
}

/** Keep `state` (null: the block's own list, so nothing is kept and the fragment key goes). */
export function keepState({ slug, id, config, useFragment }, state) {
  const value = state ? encodeState(state, configHash(config)) : null;
  save(slug, KIND, id, value === null ? null : { state: value });
  if (useFragment) {
    const hash = writeKey(location.hash, fragmentKey(id), value);
    if (hash !== location.hash && !(hash === "" && location.hash === "#"))
      history.replaceState(history.state, "", `${location.pathname}${location.search}${hash}`);
  }
}

/**
 * Keeps the state as keepState does, with the address written later: Chromium's
 * history.replaceState took 7–25 ms of the main thread now and then, in the middle of a change's
 * way to its readouts. `keep` saves to storage at once and holds the fragment; `settle` writes
 * it once the page is idle after that (call it when the readouts are on screen, or will not come
 * soon); leaving the page writes it too.
 * While the page moves to another address (a link, Next, Back: a `navigate` event of the
 * Navigation API), the fragment waits: a replaceState then would cancel that move, or, once the
 * next lesson's address is in place, write this lesson's key into it. If the move is cancelled,
 * the write is made after all; if the page loads whole, on leaving; if the next lesson opens in
 * this document, never (`signal` has ended this playground by then, and storage holds the state).
 * @param {{slug: string, id: string, config: object, useFragment: boolean}} where
 * @param {AbortSignal} [signal]  ends the listeners
 * @returns {{keep: (state: object|null) => void, settle: () => void}}
 */
export function stateKeeper(where, signal) {
  const path = location.pathname; // the address whose fragment holds this playground's state
  let pending; // the state whose fragment is not written yet (null: the block's own), or undefined
  let scheduled = false;
  let moving = null; // the navigate event of a move to another address, under way
  const flush = () => {
    scheduled = false;
    if (pending === undefined || moving || signal?.aborted || location.pathname !== path) return;
    const state = pending;
    pending = undefined;
    keepState(where, state);
  };
  const settle = () => {
    if (pending === undefined || scheduled) return;
    scheduled = true;
    // After the frame that shows the change, when the page has nothing else to do.
    if (window.requestIdleCallback) requestIdleCallback(flush, { timeout: IDLE_WAIT_MS });
    else requestAnimationFrame(() => setTimeout(flush, 0));
  };
  if (where.useFragment) {
    const leave = () => {
      moving = null;
      flush();
    };
    window.addEventListener("pagehide", leave, { signal });
    globalThis.navigation?.addEventListener(
      "navigate",
      (event) => {
        if (new URL(event.destination.url).pathname === path) return;
        moving = event;
        // Cancelled (Stop, or another move that stays here): the page stays, and so does the write.
        event.signal.addEventListener("abort", () => {
          if (moving !== event) return;
          moving = null;
          settle();
        });
      },
      { signal },
    );
  }
  return {
    keep(state) {
      if (!where.useFragment) return keepState(where, state);
      const value = state ? encodeState(state, configHash(where.config)) : null;
      save(where.slug, KIND, where.id, value === null ? null : { state: value });
      pending = state;
    },
    settle,
  };
}

/** The address of this page with `state` in its fragment (Copy link). */
export function linkTo({ id, config }, state) {
  const hash = writeKey(location.hash, fragmentKey(id), encodeState(state, configHash(config)));
  return `${location.origin}${location.pathname}${location.search}${hash}`;
}
