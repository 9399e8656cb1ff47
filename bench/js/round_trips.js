async (id, count) => {
  // Runs the cell `id` `count` times, each timed in the page from the Run click to the cell's
  // `done`; resolves to {times, states, text} as JSON.
  const cell = document.querySelector(`[data-cell="${CSS.escape(id)}"]`);
  const run = cell.querySelector('[data-action="run"]');
  const once = () =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`cell stuck in state ${cell.dataset.state}`)), 30000);
      const observer = new MutationObserver(() => {
        const state = cell.dataset.state;
        if (state === "done" || state === "error") {
          observer.disconnect();
          clearTimeout(timer);
          resolve([performance.now(), state]);
        }
      });
      observer.observe(cell, { attributes: true, attributeFilter: ["data-state"] });
      run.click();
    });
  const times = [];
  const states = new Set();
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const [ended, state] = await once();
    times.push(ended - started);
    states.add(state);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return JSON.stringify({ times, states: [...states], text: cell.querySelector("[data-output]").textContent });
};
