// Values the build hands to every bundle, each with its home in the build's Python
// (py/lessonbuild/scriptconstants.py, passed as JSON text: esbuild --define:BUILD_CONSTANTS=…).
// Node.js tests set globalThis.BUILD_CONSTANTS from the same function
// (tests/site/js/build-constants.mjs).
/* global BUILD_CONSTANTS */
export const {
  pyodideCoreFiles, // Pyodide's files the site ships and the worker checks when its boot stalls
  snapshotUses, // the snapshot policies runtime.snapshot.use may name
  siteCachePrefix, // the service worker's Cache Storage names start with it
  workerScript, // the Python worker's script, from the site's root: "assets/worker.js"
  embedRuntime, // the site's runtime settings for the embed script, from the site's root
  snapshotPages, // the packed snapshot's layout: {magic, headerBytes, runBytes}
  streams, // the output streams cellruntime writes to: {stdout, stderr, notice, cut}
  metrics, // every metric's facts, in display order (rankmetrics/registry.py page_facts)
} = JSON.parse(BUILD_CONSTANTS);
