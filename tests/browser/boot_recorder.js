// Loaded before a lesson page's own scripts: keeps the Python worker's
// {type: "boot", mode, reason, ...} messages in window.__boots, so a test can read how it booted.
(() => {
  const NativeWorker = window.Worker;
  window.__boots = [];
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", ({ data }) => {
        if (data?.type === "boot") window.__boots.push(data);
      });
    }
  };
})();
