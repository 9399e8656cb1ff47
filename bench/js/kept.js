() => {
  // What the lesson's worker said once it kept the unpacked snapshot, as JSON; false until then.
  return window.__bench.kept !== null && JSON.stringify(window.__bench.kept);
};
