(nextPath) => {
  // Once the move by link (next_by_link.js) has ended: how it went, as JSON (in place, or the
  // new document's figures); null until then.
  const bench = window.__bench;
  if (bench?.byLink) return JSON.stringify({ how: "in place", ...bench.byLink });
  if (window.__left || !bench || bench.output === null || !location.pathname.endsWith(nextPath)) return null;
  return JSON.stringify({
    how: "whole page",
    end: performance.timeOrigin + bench.output,
    state: bench.state,
    text: bench.text,
  });
};
