// When the worker boots from the memory snapshot, and keeping it for the next page.
// A snapshot (made at build time, py/lessonbuild/snapshot.py) holds Python with the core
// packages already imported: booting from it skips starting Python, but it is a download of its
// own. `runtime.snapshot.use` (snapshot-source.js snapshotPlan) says when:
//   "auto"    (the build's choice) a copy the browser already has (HTTP cache or the service
//             worker's) is used at once. Otherwise it is downloaded beside Pyodide's own files
//             while the link proves fast enough to bring it within AUTO_BUDGET_MS; on a slower
//             link the download stops and Python starts normally, so a slow link never waits.
//   "cached"  only a copy the browser already has.
//   "always"  download it on every boot, however slow the link.
//   "off"     never.
// "auto" and "cached" fetch it in the background after a normal boot (unless the service
// worker precaches it), for the next page. When the page spares the learner's data (boot.js)
// only a copy the browser already has is used, and nothing is fetched for the next page.
// Whatever goes wrong with the snapshot (missing, another Pyodide build, a failed restore) the
// worker boots normally.
// Once unpacked, the snapshot is also kept in this worker's Cache Storage (UNPACKED_CACHE),
// which is read back faster than the file is read and unpacked again; one entry per snapshot
// path: a new build's replaces the old one.
import { siteCachePrefix } from "../shared/build-constants.js";
import { canGunzip } from "../runtime/capabilities.js";
import { UNPACKED_CACHE, openSnapshot } from "../runtime/snapshot-source.js";
import { readSnapshot } from "./snapshot-pages.js";

const AUTO_BUDGET_MS = 1000; // about what a snapshot saves on a laptop; more than that and it loses
const AUTO_MIN_OBSERVED_MS = 50; // judge the link's speed only after this long
const AUTO_DEADLINE_MS = 2000; // and give up then in any case (a stalled server sends nothing to judge)

/**
 * The snapshot's bytes (the memory image, unpacked) for `plan` (snapshotPlan), or null with a
 * reason why this boot does without: {bytes, reason, unpacked?, damaged?}. `unpacked`: they
 * came from UNPACKED_CACHE; `damaged`: the file is bad. `started`: the boot's start
 * (performance.now()). `lookForKept` false: the page knows none was kept (see openSnapshot).
 */
export async function snapshotBytes(plan, started, lookForKept) {
  if (plan.use === "off") return { bytes: null, reason: plan.reason ?? "snapshot turned off" };
  const controller = new AbortController();
  const deadline =
    plan.use !== "always" &&
    setTimeout(
      () => controller.abort(new Error(`it did not arrive within ${AUTO_DEADLINE_MS} ms`)),
      Math.max(0, started + AUTO_DEADLINE_MS - performance.now()),
    );
  const aborted = new Promise((resolve) =>
    controller.signal.addEventListener("abort", () =>
      resolve({
        reason: `snapshot not used: ${controller.signal.reason?.message ?? "download stopped"}`,
      }),
    ),
  );
  try {
    const source = await Promise.race([openSnapshot(plan, controller.signal, { lookForKept }), aborted]);
    if (source.kept) return { bytes: new Uint8Array(source.kept), reason: null, unpacked: true };
    if (!source.body) return { bytes: null, reason: source.reason };
    if (controller.signal.aborted) {
      source.body.cancel().catch(() => {});
      return { bytes: null, reason: (await aborted).reason };
    }
    const judged = !source.cached && plan.use !== "always" && plan.bytes;
    const judge = judged ? paceJudge({ bytes: plan.bytes, started, abort: (error) => controller.abort(error) }) : null;
    return await readSnapshot(source.body, judge, controller.signal);
  } finally {
    clearTimeout(deadline);
  }
}

/**
 * "auto": a progress callback (received, firstByteAt) for a download of `bytes` that calls
 * `abort(Error)` as soon as its pace says it cannot arrive within `budgetMs` of `started`.
 * The pace is judged only once the first byte is `minObservedMs` old. `now`: the clock
 * (performance.now).
 */
export function paceJudge({
  bytes,
  started,
  abort,
  budgetMs = AUTO_BUDGET_MS,
  minObservedMs = AUTO_MIN_OBSERVED_MS,
  now = () => performance.now(),
}) {
  return (received, firstByteAt) => {
    const time = now();
    if (time - firstByteAt < minObservedMs) return;
    const expectedEnd = time + ((bytes - received) * (time - firstByteAt)) / received;
    if (expectedEnd - started > budgetMs) {
      abort(new Error(`the link is too slow for it (it would arrive after ${Math.round(expectedEnd - started)} ms)`));
    }
  };
}

/** Keep `bytes` (an unpacked snapshot) for `url` in UNPACKED_CACHE, dropping the copies kept
 *  for other versions of the same file; null bytes only drop (a kept copy that failed to
 *  restore). Rejects when Cache Storage does. */
export async function keepUnpacked(url, bytes) {
  const cache = await self.caches.open(UNPACKED_CACHE);
  const path = new URL(url).pathname;
  for (const request of await cache.keys()) {
    if (new URL(request.url).pathname === path && (request.url !== url || !bytes)) await cache.delete(request);
  }
  if (bytes) await cache.put(url, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
}

/** Get the snapshot at `url` for the next page, unpacked and kept (keepUnpacked); `post`s
 *  {type: "kept", ok, reason, url} when done. When the site's service worker (site/js/service-worker/sw.js)
 *  has a cache, the copy it precached is used and nothing is downloaded: it precaches every
 *  file, the snapshot included, so a download here would fetch it twice. (A dedicated worker
 *  cannot see the service worker itself; its cache names start with siteCachePrefix.) */
export async function warmSnapshot(url, post) {
  let ok = false;
  let reason = null;
  if (!canGunzip()) {
    post({ type: "kept", ok, reason: "this browser cannot unpack gzip" });
    return;
  }
  try {
    const keys = (await self.caches?.keys().catch(() => null)) ?? [];
    let response;
    if (keys.some((name) => name.startsWith(siteCachePrefix))) {
      response = await caches.match(url);
      if (!response) reason = "the service worker has not precached it yet";
    } else {
      response = await fetch(url, { priority: "low" });
      if (!response.ok) reason = `snapshot answered ${response.status}`;
    }
    if (response?.ok) {
      const { bytes, reason: unread } = await readSnapshot(response.body, null);
      reason = unread;
      if (bytes) await keepUnpacked(url, bytes);
      ok = Boolean(bytes);
    }
  } catch (error) {
    reason = String(error.message || error); // offline: the next page boots normally and tries again
  }
  post({ type: "kept", ok, reason, url });
}
