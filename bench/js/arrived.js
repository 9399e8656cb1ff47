(path) => {
  // The recorder's figures of the document at `path` once its first output is in, as JSON, else
  // null. `window.__left` marks a document being left, so that waiting for the next document's
  // figures cannot read the old one's.
  const bench = window.__bench;
  if (window.__left || !bench || bench.output === null || !location.pathname.endsWith(path)) return null;
  return JSON.stringify(bench);
};
