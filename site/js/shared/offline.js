// Registers the service worker (site/js/service-worker/sw.js) and offers "updated — reload" when a new build
// of the course has been installed in the background. Where the browser asks to save data or
// reports a slow link (capabilities.js dataSaving), the course is stored only when the learner
// asks (showOfflineOffer).
import { showBanner } from "./banner.js";
import { cacheStorageUsable, dataSaving, hasCacheStorage, hasServiceWorkers } from "../runtime/capabilities.js";
import { UNPACKED_CACHE } from "../runtime/snapshot-source.js";

// The sizes of the service worker's precache, written by the build (py/lessonbuild/offline.py).
const PRECACHE_SIZE = "offline-size.json";

/** Whether this page is in a SCORM package (build.py --scorm marks every page's <html> with
 *  data-lms-package): a service worker there would control, and cache, a path of the learning
 *  management system's own site, so none is registered and the package carries no sw.js. */
const inLmsPackage = () => globalThis.document?.documentElement.dataset.lmsPackage !== undefined;

/** Registering gave no service worker (the dev server's pages register none, site/dev/reload.js):
 *  nothing will store the course here. */
class NoServiceWorker extends Error {}

/**
 * @param {(reload: () => void) => void} onUpdate  called when a new build is ready
 * @param {() => void} [onOfflineReady]  called once the whole course is stored in this browser
 *   (the service worker is active: its install precached every file)
 * @param {(id: string, reduced: boolean) => void} [onReduction]  what this found the browser
 *   refuses: "cache-storage-blocked" or "service-worker-blocked" (capability-note.js)
 * @param {(save: () => Promise<void>) => void} [onOffer]  called instead of registering when the
 *   page spares the learner's data and this browser holds no copy of the course yet: `save()`
 *   registers the service worker, resolving once the course is stored and rejecting when it
 *   could not be (showOfflineOffer). Without it, the page registers as usual.
 */
export async function registerServiceWorker(onUpdate, onOfflineReady = null, onReduction = () => {}, onOffer = null) {
  if (inLmsPackage()) return;
  // No service workers or no Cache Storage at all: the page says so at once (capability-note.js).
  if (!hasServiceWorkers() || !hasCacheStorage() || location.protocol === "file:") return;
  // The service worker stores the course in Cache Storage: where that will not open (some
  // private windows, site data blocked), it could never store anything. (The probe opens the
  // cache the Python worker keeps its snapshot in, so it leaves nothing new behind.)
  const cacheOpens = await cacheStorageUsable(UNPACKED_CACHE);
  onReduction("cache-storage-blocked", !cacheOpens);
  if (!cacheOpens) return;
  const register = () => registerNow(onUpdate, onOfflineReady, onReduction);
  // Sparing data, the whole course is downloaded only when the learner asks; a course already
  // stored here stays registered (and is kept up to date, as the browser checks sw.js itself).
  if (onOffer && dataSaving() && !(await navigator.serviceWorker.getRegistration().catch(() => null))) {
    onOffer(register);
    return;
  }
  register().catch(() => {}); // reported through onReduction, or the course simply stays online
}

/** Register the service worker; resolves once it is active (the course is stored), rejects when
 *  registering fails or its install does (a download that broke off), and with NoServiceWorker
 *  when register() gives none. */
async function registerNow(onUpdate, onOfflineReady, onReduction) {
  let registration;
  try {
    registration = await navigator.serviceWorker.register(new URL("sw.js", document.baseURI));
  } catch (error) {
    onReduction("service-worker-blocked", true); // the course still works online
    throw error;
  }
  onReduction("service-worker-blocked", false);
  if (!registration) throw new NoServiceWorker(); // register() stubbed out (the dev server's pages)
  const stored = new Promise((resolve, reject) => {
    navigator.serviceWorker.ready.then(resolve, reject);
    const installing = registration.installing;
    installing?.addEventListener("statechange", () => {
      if (installing.state === "redundant" && !registration.active) reject(new Error("the course could not be stored"));
    });
  });
  if (onOfflineReady) stored.then(onOfflineReady, () => {});
  const hadController = Boolean(navigator.serviceWorker.controller);
  let reloadAsked = false;
  // The banner's Reload looks, when pressed, for what to do: a new build still waiting is asked
  // to take over (the reload follows its controllerchange); one that has already taken over
  // (another tab's Reload, or the browser) needs only the reload.
  const reload = () => {
    reloadAsked = true;
    if (registration.waiting) registration.waiting.postMessage("skip-waiting");
    else location.reload();
  };
  const offerWhenInstalled = (worker) =>
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed") onUpdate(reload);
    });
  if (hadController && registration.waiting) onUpdate(reload);
  // A new build replaces an active worker; the first install replaces none. (Asking for the
  // page's controller when "installed" arrives does not tell them apart: in Firefox the first
  // worker may have claimed the page by then, and the learner was told of an update.) The
  // browser's own check on this page's load may have started installing it already.
  if (hadController && registration.installing && registration.active) offerWhenInstalled(registration.installing);
  registration.addEventListener("updatefound", () => {
    if (registration.installing && registration.active) offerWhenInstalled(registration.installing);
  });
  // Reload once the new build has taken over, and only when the learner asked for it: never on
  // the first install (no reload-twice), never under a learner's click.
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloadAsked) location.reload();
    else if (hadController) onUpdate(reload); // another tab took the update
  });
  return stored;
}

/** Ask the service worker's registration to look for a new build of the course now: the browser
 *  does so on each page load, but a lesson opened in place (lesson-navigation.js) is none. A
 *  new build found is offered as on a load (registerServiceWorker's onUpdate). */
export function checkForUpdate() {
  if (inLmsPackage()) return; // the registration here, if any, is not the course's
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

let saving = null; // the learner's save, once asked for (a lesson opened in place shows it again)
let unavailable = false; // the save found that this server's pages register no service worker
const UNAVAILABLE = "Nothing was saved: the server of these pages does not let lessons be stored for offline use.";

/**
 * Offer, in the lesson's reserved notes line (`notes`), the download a page that spares the
 * learner's data left out: one button, "Save every lesson for offline use (N MB)", that calls
 * `save` (registerServiceWorker's onOffer). The line's `data-offline-offer` is "offered",
 * "saving" while the course downloads, or "failed" (the button offers it again); once the course
 * is stored the line gives way to showOfflineReady's. Where the server's pages register no
 * service worker, pressing it says so ("unavailable", no button), and later pages offer nothing.
 */
export async function showOfflineOffer(notes, save) {
  const bytes = await precacheBytes();
  if (!notes || notes.querySelector("[data-offline-offer]") || document.querySelector("[data-offline-ready]")) return;
  if (unavailable) return;
  const line = document.createElement("p");
  line.className = "offline-offer";
  const button = document.createElement("button");
  button.type = "button";
  const size = bytes ? ` (${megabytes(bytes)})` : "";
  const show = (state) => {
    line.dataset.offlineOffer = state;
    button.disabled = state === "saving";
    if (state === "saving") button.textContent = "Saving every lesson for offline use…";
    else if (state === "failed") button.textContent = `Could not save the lessons. Try again${size}`;
    else button.textContent = `Save every lesson for offline use${size}`;
    if (state === "unavailable") {
      // The button goes: the line that says why takes the focus it had, and is read out.
      line.setAttribute("role", "status");
      line.tabIndex = -1;
      const focused = document.activeElement === button;
      line.replaceChildren(UNAVAILABLE);
      if (focused) line.focus();
    }
  };
  const follow = () => {
    show("saving");
    saving.then(
      () => line.remove(), // the "works offline" line takes its place
      (error) => {
        saving = null;
        unavailable = error instanceof NoServiceWorker;
        if (line.isConnected) show(unavailable ? "unavailable" : "failed");
      },
    );
  };
  button.addEventListener("click", () => {
    saving ??= save();
    follow();
  });
  line.append(button);
  notes.append(line);
  if (saving) follow();
  else show("offered");
}

/** What saving the course downloads, in bytes, or null when the build's figures cannot be read:
 *  a browser asking to save data leaves the optional files out (sw.js does the same). */
async function precacheBytes() {
  try {
    const response = await fetch(new URL(PRECACHE_SIZE, document.baseURI));
    if (!response.ok) return null;
    const { bytes, optional } = await response.json();
    return dataSaving() === "save-data" ? bytes - optional : bytes;
  } catch {
    return null;
  }
}

const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
