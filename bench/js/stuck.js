() => {
  // Where a page that gave no first output stands, as JSON.
  return JSON.stringify({
    url: location.href,
    left: window.__left ?? null,
    bench: window.__bench ?? null,
    status: document.querySelector("[data-runtime-status]")?.textContent ?? null,
    cell: document.querySelector("[data-cell]")?.dataset.state ?? null,
  });
};
