// What this browser can do for the course, each detected on the thing itself (never inferred
// from another: WebKit, for one, is cross-origin isolated yet has no SharedArrayBuffer). Works
// in the page and in the Python worker; nothing here touches the DOM.

/**
 * A SharedArrayBuffer of `bytes` bytes that can be sent to a worker, or null where this browser
 * cannot share memory with one (no constructor, or one that refuses to be sent: a page that is
 * not cross-origin isolated).
 */
export function shareableBuffer(bytes) {
  if (typeof SharedArrayBuffer !== "function") return null;
  try {
    const buffer = new SharedArrayBuffer(bytes);
    new MessageChannel().port1.postMessage(buffer); // throws DataCloneError where it cannot be shared
    return buffer;
  } catch {
    return null;
  }
}

/** Whether a worker can share memory with this page (Stop interrupts Python instead of
 *  restarting it). */
export const canShareMemory = () => shareableBuffer(1) !== null;

/** Whether this browser starts module workers (`new Worker(url, {type: "module"})`). A browser
 *  without them ignores the `type` option, so it never reads it; the invalid address makes the
 *  constructor throw before anything is fetched. */
export function canRunModuleWorkers() {
  if (typeof Worker !== "function") return false;
  let readsType = false;
  try {
    new Worker("http://[", {
      get type() {
        readsType = true;
        return "module";
      },
    }).terminate();
  } catch {
    // the invalid address: expected
  }
  return readsType;
}

/** Whether this browser can unpack a gzip stream (DecompressionStream("gzip")). */
export function canGunzip() {
  try {
    return typeof new DecompressionStream("gzip").readable === "object";
  } catch {
    return false;
  }
}

/** Whether WebAssembly is here and compiles a module (the smallest valid one). */
export function hasWebAssembly() {
  try {
    return (
      typeof WebAssembly === "object" &&
      WebAssembly.validate(new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]))
    );
  } catch {
    return false;
  }
}

/** Whether the Navigation API can hold a navigation until its page is fetched (precommit
 *  handlers): what opening a lesson in place needs. */
export function hasPrecommitHandlers() {
  return (
    typeof globalThis.navigation?.addEventListener === "function" &&
    typeof globalThis.NavigationPrecommitController === "function"
  );
}

/** Whether this browser has service workers at all (it may still refuse to register one:
 *  see offline.js). */
export function hasServiceWorkers() {
  try {
    return typeof navigator.serviceWorker?.register === "function";
  } catch {
    return false;
  }
}

/** Whether elements can be made editable as plain text (`contenteditable="plaintext-only"`): the
 *  code a lesson shows at once is editable that way until its editor is in (early-editor.js). */
export function canEditPlainText() {
  const probe = document.createElement("code");
  probe.setAttribute("contenteditable", "plaintext-only");
  return probe.contentEditable === "plaintext-only";
}

/** Whether Cache Storage is here at all (missing outside secure contexts). Usable is another
 *  question, answered by cacheStorageUsable. */
export function hasCacheStorage() {
  try {
    return typeof globalThis.caches?.open === "function";
  } catch {
    return false;
  }
}

/** Resolves to whether Cache Storage opens `name` (it rejects in some private windows and
 *  where the learner blocks site data). */
export async function cacheStorageUsable(name) {
  if (!hasCacheStorage()) return false;
  try {
    await globalThis.caches.open(name);
    return true;
  } catch {
    return false;
  }
}

/** Whether the page may keep values in localStorage (blocked in some private modes and
 *  frames, or when the learner blocks site data). */
export function canKeepLocally() {
  try {
    const storage = globalThis.localStorage;
    const probe = "rankmetrics-lessons:probe";
    storage.setItem(probe, "1");
    storage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

// The browser's own estimates of a link too slow for background downloads (effectiveType).
const SLOW_CONNECTIONS = ["slow-2g", "2g", "3g"];

/**
 * Why the page should fetch nothing large the learner did not ask for: "save-data" (the
 * browser's data saver is on: navigator.connection.saveData, the setting behind the Save-Data
 * request header, which a page cannot read), "slow" (its effectiveType is "slow-2g", "2g" or
 * "3g"), or null. Null where the browser has no navigator.connection (Firefox, Safari): it says
 * nothing, so the page does as usual. `nav`: the navigator (a page's or a worker's).
 */
export function dataSaving(nav = globalThis.navigator) {
  const connection = nav?.connection;
  if (!connection) return null;
  if (connection.saveData === true) return "save-data";
  if (SLOW_CONNECTIONS.includes(connection.effectiveType)) return "slow";
  return null;
}
