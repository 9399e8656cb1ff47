// Python starts with a small standard library (runtime.stdlib.boot: the files its start and the
// cell runtime's imports read, compiled; py/lessonbuild/stdlib.py) and is ready without waiting
// for the full one, which is put in its place when it arrives. An import that needs it sooner
// waits for it. It is fetched once Python runs: on a slow link the files Python starts with come
// first.
import { addOnMissFinder, dropOnMissFinder, refreshFinder, stdlibZip } from "./interpreter.js";

/**
 * Put the full standard library where Python's zip importer reads it once `download` (a
 * promise of its bytes, or null: none asked for) brings it; until then an import that finds nothing fetches it from
 * `url` at once (a synchronous download: this thread is running Python) and looks again.
 * `state.session`, once there, learns whether the standard library is whole
 * (`stdlib_incomplete`, which its import errors mention). Returns a promise that settles when it
 * is in place (or could not be had).
 */
export function installFullStdlibWhenItComes(pyodide, download, url, state) {
  let installed = false;
  const path = stdlibZip(pyodide);
  // A snapshot was made with the full zip there: its zip importer still lists the full zip's
  // files (and where they were in it), not the small zip's.
  refreshFinder(pyodide, path);
  const install = (bytes) => {
    if (installed) return;
    installed = true;
    pyodide.FS.writeFile(path, bytes);
    refreshFinder(pyodide, path);
    dropOnMissFinder(pyodide);
    if (state.session) state.session.stdlib_incomplete = false;
  };
  const installNow = () => {
    if (installed) return false; // nothing more to look in
    try {
      install(fetchBytesSync(url));
      return true;
    } catch (error) {
      console.warn("the full standard library could not be fetched:", error);
      if (state.session) state.session.stdlib_incomplete = true; // its import errors say so
      return false;
    }
  };
  addOnMissFinder(pyodide, installNow);
  if (!download) return Promise.resolve();
  return download.then(install, (error) => console.warn("the full standard library did not arrive:", error));
}

/** The bytes at `url`, fetched synchronously (a worker may; Python waits meanwhile). Throws
 *  when it does not answer 200. */
function fetchBytesSync(url) {
  const request = new XMLHttpRequest();
  request.open("GET", url, false);
  request.responseType = "arraybuffer";
  request.send();
  if (request.status !== 200) throw new Error(`${url} answered ${request.status}`);
  return new Uint8Array(request.response);
}
