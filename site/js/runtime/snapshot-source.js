// Where a boot's memory snapshot comes from: the unpacked copy the worker kept in Cache Storage,
// the browser's cache (HTTP or the service worker's), or the network (worker/snapshot.js opens
// it). The page's side (worker-start.js, runtime.js) remembers whether a copy was kept.
import { snapshotUses } from "../shared/build-constants.js";
import { canGunzip, hasCacheStorage } from "./capabilities.js";

export const UNPACKED_CACHE = "snapshot-unpacked";

/** Why a boot does without a download when the page spares the learner's data. */
export const SAVE_DATA_REASON = "the browser asks to save data";

// A page remembers (localStorage) which snapshot its worker kept unpacked: opening Cache Storage
// is slow on a first visit, on the way to the download, so a page that knows nothing was kept
// skips it. (A dedicated worker has no localStorage: it always looks.)
const KEPT_HINT_KEY = "rankmetrics-lessons:snapshot-kept";

/** Whether a kept copy of `url` may exist: false only when this page knows none was kept. */
export function mayHaveKept(url) {
  try {
    return globalThis.localStorage?.getItem(KEPT_HINT_KEY) === url;
  } catch {
    return true; // storage blocked: look
  }
}

/** Remember that the worker kept the snapshot at `url` unpacked (its {type: "kept"} message). */
export function rememberKept(url) {
  try {
    globalThis.localStorage?.setItem(KEPT_HINT_KEY, url);
  } catch {
    // storage full or blocked: the next page looks in Cache Storage anyway
  }
}

/** What `runtime.snapshot` (the lesson's JSON) asks for: {use, url, bytes, sameOrigin}, or
 *  {use: "off", reason}. A `use` that is not one of snapshotUses is "auto". `origin`: this
 *  script's origin. The worker adds `saveData` (the page's boot setting): then openSnapshot
 *  takes only a copy the browser already has. */
export function snapshotPlan(runtime, baseURL, origin = self.location.origin) {
  const snapshot = runtime.snapshot;
  if (!snapshot?.url) return { use: "off", reason: "the site has no snapshot" };
  const url = new URL(snapshot.url, baseURL);
  let use = snapshot.use ?? "auto";
  if (!snapshotUses.includes(use)) use = "auto";
  // Embedded in another site's page this worker runs on that site's origin, where the browser
  // will not say whether a file of the course's origin is cached.
  const sameOrigin = url.origin === origin;
  if (use === "cached" && !sameOrigin) return { use: "off", reason: "snapshot is on another origin" };
  return { use, url: url.href, bytes: snapshot.bytes ?? 0, sameOrigin };
}

/**
 * Open the snapshot `plan` names, without reading it: one of
 *   {kept: ArrayBuffer}  the unpacked copy kept in Cache Storage (ready to use);
 *   {body: ReadableStream, cached: boolean}  the file (gzip) from the browser's cache or not;
 *   {reason: string}  why this boot does without.
 * `signal` aborts the download; `lookForKept` false skips the kept copy (see mayHaveKept).
 */
export async function openSnapshot(plan, signal, { lookForKept = true } = {}) {
  if (plan.use === "off") return { reason: plan.reason ?? "snapshot turned off" };
  const kept = lookForKept ? await keptUnpacked(plan.url) : null;
  if (kept) return { kept };
  // The file is gzip: a browser that cannot unpack it would download it for nothing.
  if (!canGunzip()) return { reason: "this browser cannot unpack gzip" };
  if (plan.sameOrigin) {
    // "only-if-cached" answers from the HTTP cache (or the service worker's) without the
    // network, and fails at once when the file is not there.
    const cached = await fetch(plan.url, { cache: "only-if-cached", mode: "same-origin", signal }).catch(() => null);
    if (cached?.ok) return { body: cached.body, cached: true };
  }
  if (plan.use === "cached") return { reason: "snapshot not cached yet" };
  // The browser asks to save data, or reports a slow link (capabilities.js dataSaving; the page
  // decides and tells the worker). (Its speed estimate, navigator.connection.downlink, is no
  // guide: headless Chromium said 1.5 Mbit/s on localhost.)
  if (plan.saveData) return { reason: SAVE_DATA_REASON };
  const response = await fetch(plan.url, { signal }).catch((error) => error);
  if (response instanceof Error) return { reason: `snapshot not used: ${response.message}` };
  if (!response.ok) return { reason: `snapshot answered ${response.status}` };
  return { body: response.body, cached: false };
}

/** The unpacked snapshot kept for `url` (an ArrayBuffer), or null (none kept, or no Cache
 *  Storage here: an opaque origin, an insecure context, or storage blocked). */
async function keptUnpacked(url) {
  if (!hasCacheStorage()) return null;
  try {
    const response = await (await self.caches.open(UNPACKED_CACHE)).match(url);
    return response ? await response.arrayBuffer() : null;
  } catch {
    return null;
  }
}
