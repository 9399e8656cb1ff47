// A documentation site's offline copy (the rankcells package's `offline` option): its settings
// name a service worker (py/rankcells write_service_worker, site/js/service-worker/docs-sw.js),
// registered once Python has started on this page, so it stores the files Python came from
// while the browser still has them. The page then asks it to keep itself and what it loaded,
// and says so on the html element (data-rankcells-offline="kept"). Where service workers are
// missing or refused (some private windows), the page works as it did, without the copy.
export async function keepOffline(workerAddress, site, started) {
  if (!workerAddress || !("serviceWorker" in navigator)) return;
  try {
    await started;
    await navigator.serviceWorker.register(new URL(workerAddress, site));
    const { active } = await navigator.serviceWorker.ready;
    const urls = [location.href, ...performance.getEntriesByType("resource").map((entry) => entry.name)];
    const channel = new MessageChannel();
    const kept = new Promise((resolve) => {
      channel.port1.onmessage = resolve;
    });
    active.postMessage({ type: "rankcells:keep", urls: urls.filter(isSameOrigin) }, [channel.port2]);
    await kept;
    document.documentElement.dataset.rankcellsOffline = "kept";
  } catch {
    // No offline copy here: the cells work from the network as before.
  }
}

function isSameOrigin(url) {
  return new URL(url, location.href).origin === location.origin;
}
