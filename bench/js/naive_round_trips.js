(count) => {
  // The naive page's `count` print(1) round trips (naive.html), as JSON.
  return JSON.stringify(window.naiveRoundTrips(count));
};
