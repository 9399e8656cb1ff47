() => {
  // [the navigation's start, when Python was ready (ready_recorder.js)], both in epoch ms.
  return [performance.timeOrigin, window.__readyAt];
};
