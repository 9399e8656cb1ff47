() => {
  // Whether a service worker controls the page.
  return navigator.serviceWorker.controller !== null;
};
