// The page's Stop reaches Python through the interrupt buffer: the page writes a signal number
// (2, SIGINT) into a shared byte, and CPython's Emscripten signal check, run every 50 loop turns,
// reads it and writes 0. It does so in two steps, so a Stop written between the read and the
// write is overwritten and lost: the cell runs on, and the page falls back to restarting Python.
// A loop checks so often that a worker paused by a busy machine between the two steps is enough:
// 10 of 1,110 Stops of a busy loop were lost on 2 cores at load average 12 to 30. CPython's fix,
// one Atomics.exchange, is https://github.com/python/cpython/issues/157548.

/**
 * What Pyodide's `setInterruptBuffer` should get instead of `buffer` (a Uint8Array, or any
 * integer typed array, over a SharedArrayBuffer): reading its element 0 takes the signal and
 * leaves 0 in one atomic step, and writing it does nothing (Python's own clearing write is the
 * one that could lose a Stop). The page keeps writing and reading `buffer` itself.
 * @param {Uint8Array} buffer
 * @returns {{0: number}}
 */
export function atomicSignalBuffer(buffer) {
  return Object.defineProperty({}, 0, {
    get: () => Atomics.exchange(buffer, 0, 0),
    set: () => {},
    enumerable: true,
  });
}
