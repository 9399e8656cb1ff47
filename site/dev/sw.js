// The dev server's /sw.js (py/lessonbuild/devserver.py), in place of the built site's service
// worker; the built site never has it. A browser that kept the course's service worker from a
// built site on this origin fetches /sw.js on its next page load to look for an update, and gets
// this one: it deletes this origin's caches, unregisters itself and reloads the pages it
// controlled, which then come from the dev server, never from a cache.
self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) await caches.delete(name);
      await self.registration.unregister();
      for (const client of await self.clients.matchAll({ type: "window" })) client.navigate(client.url);
    })(),
  );
});
