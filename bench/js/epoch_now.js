() => {
  // Now, in the page's clock, in epoch ms.
  return performance.timeOrigin + performance.now();
};
