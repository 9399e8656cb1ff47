// Counts, by address, the fetches whose answer the page has finished reading: a response that
// is not OK once the page has it, an OK one once its text() has resolved. The count moves
// before the page's own code goes on with that answer, in the same microtask checkpoint, so a
// test that sees the count from a later task knows the page has handled the answer.
(() => {
  const settled = new Map();
  const count = (url) => settled.set(url, (settled.get(url) ?? 0) + 1);
  globalThis.settledFetches = (suffix) =>
    [...settled].filter(([url]) => url.endsWith(suffix)).reduce((sum, [, n]) => sum + n, 0);
  const original = globalThis.fetch;
  globalThis.fetch = function (...args) {
    const answer = original.apply(this, args);
    answer.then(
      (response) => {
        if (!response.ok) {
          count(response.url);
          return;
        }
        const text = response.text;
        response.text = function () {
          return text.call(this).then((body) => {
            count(response.url);
            return body;
          });
        };
      },
      () => {},
    );
    return answer;
  };
})();
