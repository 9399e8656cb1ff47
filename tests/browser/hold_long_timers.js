(action) => {
  // Holds the page's timers of a second or more: among them the grace periods after which Stop
  // gives up on an interrupt and restarts Python (site/js/runtime/runtime.js), so a test of the interrupt
  // sees the interrupt however slowly a loaded machine lets Python take it. Shorter timers run as
  // usual. "hold" starts holding; "fire" runs the held timers now and goes on holding (so a
  // test ends a grace period when it chooses); "release" runs them now and stops holding.
  // Returns true once the page's setTimeout is the one asked for.
  window.heldTimers ??= { native: window.setTimeout, callbacks: [] };
  const held = window.heldTimers;
  if (action === "hold") {
    window.setTimeout = (callback, delay = 0, ...args) => {
      if (delay < 1000) return held.native.call(window, callback, delay, ...args);
      held.callbacks.push(() => callback(...args));
      return 0;
    };
  } else {
    if (action === "release") window.setTimeout = held.native;
    for (const callback of held.callbacks.splice(0)) held.native.call(window, callback, 0);
  }
  return (window.setTimeout === held.native) === (action === "release");
};
