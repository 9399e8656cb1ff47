// Service worker of a documentation site with live cells (the rankcells package; plain script,
// written to the documentation's root as rankcells-sw.js when its `offline` option is on). Its
// first line, written by the package, sets self.RANKCELLS = {cache, prefix, runtime, files,
// pages}: py/rankcells/__init__.py write_service_worker.
// - Python's runtime (`files`, under the folder `runtime`) is stored when the worker installs,
//   in a cache named for this copy of it (`cache`), and served from there: a reload, another
//   page, a private window's next page, or a reader offline, none downloads it again. A new copy
//   means a new cache; older ones (`prefix`) are deleted when the new worker takes over.
// - The documentation's pages, and what they load, come from the network as before, and a copy
//   of each is kept (`pages`): offline, the pages already read open from there. The page that
//   installed the worker asks for its own files to be kept ("rankcells:keep").
// - With the option off, the build writes this worker with {off: true, prefix, pages}: a browser
//   that installed an earlier build's worker fetches this one on its next visit to any page,
//   and it deletes the caches, unregisters itself and serves nothing, so pages come from the
//   network again.
const { off: OFF, cache: CACHE, prefix: PREFIX, runtime: RUNTIME, files: FILES, pages: PAGES } = self.RANKCELLS;
const RUNTIME_PATH = OFF ? null : new URL(RUNTIME, self.location).pathname;

self.addEventListener("install", (event) => {
  if (OFF) {
    event.waitUntil(self.skipWaiting());
    return;
  }
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // The browser's own cache may hold them already: the page has just loaded them.
      await cache.addAll(FILES.map((path) => new URL(path, self.location).href));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  if (OFF) {
    event.waitUntil(retire());
    return;
  }
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (OFF || event.data?.type !== "rankcells:keep") return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(PAGES);
      for (const url of event.data.urls) {
        if (!isOurs(url) || isRuntime(url)) continue;
        const response = await fetch(url).catch(() => null);
        if (response?.ok && response.type === "basic") await cache.put(url, response);
      }
      event.ports[0]?.postMessage("kept");
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (OFF || (request.method !== "GET" && request.method !== "HEAD") || !isOurs(request.url)) return;
  event.respondWith(isRuntime(request.url) ? fromRuntime(request) : fromNetworkFirst(request));
});

/** The offline option is off: delete what an earlier worker stored, and stop being a worker
 *  (a page it controls now keeps running; its next load comes from the network). */
async function retire() {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) || name === PAGES) await caches.delete(name);
  }
  await self.registration.unregister();
}

function isOurs(url) {
  const address = new URL(url);
  return address.origin === self.location.origin && address.href.startsWith(self.registration.scope);
}

function isRuntime(url) {
  return new URL(url).pathname.startsWith(RUNTIME_PATH);
}

/** A runtime file: the stored response as it is (Chromium then reuses the wasm it compiled), or
 *  the network's, stored for next time. */
async function fromRuntime(request) {
  const cache = await caches.open(CACHE);
  const stored = await cache.match(request.url, { ignoreSearch: true });
  if (stored) return request.method === "HEAD" ? headOnly(stored) : stored;
  const response = await fetch(request);
  if (request.method === "GET" && response.ok && response.type === "basic") await cache.put(request, response.clone());
  return response;
}

/** A page or what it loads: the network's answer, a copy kept; offline, the copy. */
async function fromNetworkFirst(request) {
  const cache = await caches.open(PAGES);
  try {
    const response = await fetch(request);
    if (request.method === "GET" && response.ok && response.type === "basic")
      await cache.put(request.url, response.clone());
    return response;
  } catch (error) {
    const stored = await cache.match(request.url, { ignoreSearch: request.mode !== "navigate" });
    if (!stored) throw error;
    return request.method === "HEAD" ? headOnly(stored) : stored;
  }
}

function headOnly(response) {
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
}
