// Registers the service worker (site/js/sw.js) and offers "updated — reload" when a new build
// of the course has been installed in the background.
import { showBanner } from "./banner.js";
import { cacheStorageUsable, hasCacheStorage, hasServiceWorkers } from "./capabilities.js";
import { UNPACKED_CACHE } from "./snapshot-source.js";

/**
 * @param {(reload: () => void) => void} onUpdate  called when a new build is ready
 * @param {() => void} [onOfflineReady]  called once the whole course is stored in this browser
 *   (the service worker is active: its install precached every file)
 * @param {(id: string, reduced: boolean) => void} [onReduction]  what this found the browser
 *   refuses: "cache-storage-blocked" or "service-worker-blocked" (capability-note.js)
 */
export async function registerServiceWorker(onUpdate, onOfflineReady = null, onReduction = () => {}) {
  // No service workers or no Cache Storage at all: the page says so at once (capability-note.js).
  if (!hasServiceWorkers() || !hasCacheStorage() || location.protocol === "file:") return;
  // The service worker stores the course in Cache Storage: where that will not open (some
  // private windows, site data blocked), it could never store anything. (The probe opens the
  // cache the Python worker keeps its snapshot in, so it leaves nothing new behind.)
  const cacheOpens = await cacheStorageUsable(UNPACKED_CACHE);
  onReduction("cache-storage-blocked", !cacheOpens);
  if (!cacheOpens) return;
  let registration;
  try {
    registration = await navigator.serviceWorker.register(new URL("sw.js", document.baseURI));
  } catch {
    onReduction("service-worker-blocked", true); // the course still works online
    return;
  }
  onReduction("service-worker-blocked", false);
  if (!registration) return; // a browser or test harness that stubs register() out
  if (onOfflineReady)
    navigator.serviceWorker.ready.then(
      () => onOfflineReady(),
      () => {},
    );
  const hadController = Boolean(navigator.serviceWorker.controller);
  let reloadAsked = false;
  const offer = (worker) =>
    onUpdate(() => {
      reloadAsked = true;
      worker.postMessage("skip-waiting");
    });
  if (registration.waiting && hadController) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    // A new build replaces an active worker; the first install replaces none. (Asking for the
    // page's controller when "installed" arrives does not tell them apart: in Firefox the first
    // worker may have claimed the page by then, and the learner was told of an update.)
    const replacing = registration.active;
    installing?.addEventListener("statechange", () => {
      if (installing.state === "installed" && replacing) offer(installing);
    });
  });
  // Reload once the new build has taken over, and only when the learner asked for it: never on
  // the first install (no reload-twice), never under a learner's click.
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloadAsked) location.reload();
    else if (hadController) onUpdate(() => location.reload()); // another tab took the update
  });
}

/** Ask the service worker's registration to look for a new build of the course now: the browser
 *  does so on each page load, but a lesson opened in place (lesson-navigation.js) is none. A
 *  new build found is offered as on a load (registerServiceWorker's onUpdate). */
export function checkForUpdate() {
  navigator.serviceWorker
    ?.getRegistration()
    .then((registration) => registration?.update())
    .catch(() => {
      // offline, or no service worker: the next check will do
    });
}

/** A banner that tells the learner a new version is ready, with a Reload button. */
export function showUpdateBanner(reload) {
  showBanner("update", "This course was updated.", { label: "Reload", onClick: reload });
}

/** Say, in the lesson's reserved notes line (`notes`, lesson.html's [data-page-notes]), that the
 *  course now works without a network (so a learner or teacher knows when it is safe to go
 *  offline). Shown once. */
export function showOfflineReady(notes) {
  if (!notes || document.querySelector("[data-offline-ready]")) return;
  const note = document.createElement("p");
  note.className = "offline-ready";
  note.dataset.offlineReady = "";
  note.setAttribute("role", "status");
  note.textContent = "Saved here: every lesson now works offline."; // one line at 390 px wide
  notes.append(note);
}
