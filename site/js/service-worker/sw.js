// Service worker (plain script, served as /sw.js; its first line, written by the build, sets
// self.BUILD = {cache, prefix, files, optional, notFound}: py/lessonbuild/offline.py).
// - Offline: the first visit precaches every file of the build; later visits are served from
//   that cache, so every lesson loads and runs with no network.
// - Updates: a new build means a new cache name; its worker installs beside the old one and
//   takes over only when the learner reloads ("updated — reload"), so pages never mix builds.
// - Isolation: responses get COOP/COEP headers, so Stop can interrupt Python even on hosts that
//   cannot set headers. This applies from the second page load on (the first load came from
//   the network); the page does not force a reload for it.
// - Addresses: `/slug` is served as `/slug.html`. Another address that is not in the cache goes
//   to the network; when that fails (offline), a page gets the course's own 404 page.
const {
  cache: CACHE,
  prefix: CACHE_PREFIX,
  files: FILES,
  optional: OPTIONAL = [],
  notFound: NOT_FOUND = "404.html",
} = self.BUILD;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // A browser asking to save data gets what pages need, not what only makes them faster.
      const files = self.navigator.connection?.saveData ? FILES.filter((path) => !OPTIONAL.includes(path)) : FILES;
      await cache.addAll(files.map((path) => new Request(path, { cache: "no-cache" })));
      if (!self.registration.active) await self.skipWaiting(); // first visit: nothing to replace
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (new URL(request.url).origin !== self.location.origin) return;
  if (request.method !== "GET" && request.method !== "HEAD") return;
  event.respondWith(respond(request));
});

async function respond(request) {
  if (request.method === "GET" && new URL(request.url).pathname.endsWith(".wasm")) return respondWasm(request);
  const cache = await caches.open(CACHE);
  // Match by URL (so HEAD finds the GET entry) and ignore ?v= version queries: the cache
  // belongs to one build, so the version is already right.
  const cached =
    (await cache.match(request.url, { ignoreSearch: true })) ??
    (await cache.match(htmlAddress(request.url), { ignoreSearch: true }));
  if (cached) return withIsolation(cached, request.method);
  try {
    return withIsolation(await fetch(request), request.method);
  } catch (error) {
    const page = request.mode === "navigate" ? await notFoundPage(cache) : undefined;
    if (!page) throw error;
    return withIsolation(page, request.method);
  }
}

// `/slug` → `/slug.html`: an address whose last part has no dot (the same one when it has).
function htmlAddress(url) {
  const address = new URL(url);
  if (/\/[^/.]+$/.test(address.pathname)) address.pathname += ".html";
  return address.href;
}

// The cached 404 page, with status 404 and a <base> of the site's root (where its relative
// links lead from, whatever the address it stands for).
async function notFoundPage(cache) {
  const stored = await cache.match(new URL(NOT_FOUND, self.location).href);
  if (!stored) return undefined;
  const root = new URL("./", self.location).href;
  const page = (await stored.text()).replace("<head>", `<head>\n<base href="${root}">`);
  const headers = { "Content-Type": "text/html; charset=utf-8" };
  return new Response(page, { status: 404, statusText: "Not Found", headers });
}

// Pyodide's wasm: the stored response handed over as it is. Chromium keeps a page's compiled
// code beside a Cache Storage entry and gives it to the next page that compiles that same
// entry; a response the service worker builds anew (withIsolation), or passes through from the
// network, is compiled again on every page (measured: docs/performance.md). A same-origin
// wasm file needs no isolation headers of its own.
async function respondWasm(request) {
  const cache = await caches.open(CACHE);
  return (await cache.match(request.url, { ignoreSearch: true })) ?? fetch(request);
}

function withIsolation(response, method) {
  if (response.type === "opaque" || response.type === "opaqueredirect" || response.status === 0) return response;
  const headers = new Headers(response.headers);
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Embedder-Policy", "require-corp");
  headers.set("Cross-Origin-Resource-Policy", "cross-origin"); // lessons may be embedded elsewhere
  const body = method === "HEAD" || response.status === 204 || response.status === 304 ? null : response.body;
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
