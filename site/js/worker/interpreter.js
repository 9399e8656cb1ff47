// The steps the worker takes inside Pyodide's Python, shared with the build's Node.js tools
// (site/tools/make-snapshot.mjs, make-boot-stdlib.mjs), so those boot Python as the page does.
// The Python itself is interpreter.py, bundled as text (esbuild --loader:.py=text; under
// Node.js, site/tools/python-as-text.mjs).
import SOURCE from "./interpreter.py";
import { failureReason, isTrap } from "./failure.js";

const namespaces = new WeakMap(); // pyodide → interpreter.py's namespace (a PyProxy of a dict)

/** Call interpreter.py's function `name` with `args` in `pyodide`'s Python and return what it
 *  returns (converted by Pyodide); runs interpreter.py there first if it has not yet. */
function call(pyodide, name, ...args) {
  let namespace = namespaces.get(pyodide);
  if (!namespace) {
    const dict = pyodide.globals.get("dict");
    namespace = dict();
    dict.destroy();
    pyodide.runPython(SOURCE, { globals: namespace });
    namespaces.set(pyodide, namespace);
  }
  const method = namespace.get(name);
  try {
    return method(...args);
  } finally {
    method.destroy();
  }
}

/** Drop interpreter.py's namespace (before a memory snapshot: it must hold no proxies). */
export function forget(pyodide) {
  namespaces.get(pyodide)?.destroy();
  namespaces.delete(pyodide);
}

/** The folder wheels are unpacked into. */
export const sitePackages = (pyodide) => call(pyodide, "site_packages");

/** The path of the standard library's zip on sys.path. */
export const stdlibZip = (pyodide) => call(pyodide, "stdlib_zip");

/** Forget the cached listing of the sys.path entry `path` after its files changed. */
export const refreshFinder = (pyodide, path) => call(pyodide, "refresh_finder", path);

/** Let a module no finder found call `installNow()` (true: the full standard library is now in
 *  place, look again) before the import fails. */
export const addOnMissFinder = (pyodide, installNow) => call(pyodide, "add_on_miss_finder", installNow);

/** Remove the finder addOnMissFinder added. */
export const dropOnMissFinder = (pyodide) => call(pyodide, "drop_on_miss_finder");

/** Import the modules `names` (an array of strings); returns how many modules Python holds.
 *  Throws Pyodide's PythonError when one does not import. */
export const importModules = (pyodide, names) => call(pyodide, "import_modules", names);

/** Free what the imports left behind, before a memory snapshot. */
export const collectGarbage = (pyodide) => call(pyodide, "collect_garbage");

/** Seed Python's `random` afresh (a snapshot's was seeded at build time). */
export const reseedRandom = (pyodide) => call(pyodide, "reseed_random");

/** Unpack wheels (their `paths` and their bytes, `downloads`, Uint8Arrays) into `folder`
 *  (sitePackages): they are pure Python, so unpacking is the install. Throws an Error naming a
 *  wheel that is damaged; a trap of Python's WebAssembly is thrown as it is (the wheel may be
 *  sound, and the page starts a trapped boot once more). */
export function unpackWheels(pyodide, folder, paths, downloads) {
  if (!paths.length) return;
  downloads.forEach((wheel, index) => {
    try {
      pyodide.unpackArchive(wheel, "wheel", { extractDir: folder });
    } catch (error) {
      if (isTrap(error)) throw error;
      throw new Error(`the site's ${paths[index]} is damaged (${failureReason(error)})`);
    }
  });
  refreshFinder(pyodide, folder);
}
