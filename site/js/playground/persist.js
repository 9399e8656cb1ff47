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
 * @param {{slug: string, id: string, config: object, useFragment: boolean}} where
 * @param {AbortSignal} [signal]  ends the pagehide listener
 * @returns {{keep: (state: object|null) => void, settle: () => void}}
 */
export function stateKeeper(where, signal) {
  let pending; // the state whose fragment is not written yet (null: the block's own), or undefined
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending === undefined) return;
    const state = pending;
    pending = undefined;
    keepState(where, state);
  };
  if (where.useFragment) window.addEventListener("pagehide", flush, { signal });
  return {
    keep(state) {
      if (!where.useFragment) return keepState(where, state);
      const value = state ? encodeState(state, configHash(where.config)) : null;
      save(where.slug, KIND, where.id, value === null ? null : { state: value });
      pending = state;
    },
    settle() {
      if (pending === undefined || scheduled) return;
      scheduled = true;
      // After the frame that shows the change, when the page has nothing else to do.
      if (window.requestIdleCallback) requestIdleCallback(flush, { timeout: IDLE_WAIT_MS });
      else requestAnimationFrame(() => setTimeout(flush, 0));
    },
  };
}

/** The address of this page with `state` in its fragment (Copy link). */
export function linkTo({ id, config }, state) {
  const hash = writeKey(location.hash, fragmentKey(id), encodeState(state, configHash(config)));
  return `${location.origin}${location.pathname}${location.search}${hash}`;
}
