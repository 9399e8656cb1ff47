// Lets a build tool import the worker's modules under Node.js as esbuild bundles them for the
// page: a `.py` file imports as its text (esbuild --loader:.py=text, py/lessonbuild/assets.py).
import { readFile } from "node:fs/promises";
import { register } from "node:module";

/** Node.js module hook (module.register): a `.py` file is a module whose default export is its
 *  text; every other file loads as usual. */
export async function load(url, context, nextLoad) {
  if (!url.endsWith(".py")) return nextLoad(url, context);
  const text = await readFile(new URL(url), "utf8");
  return { format: "module", source: `export default ${JSON.stringify(text)};`, shortCircuit: true };
}

let registered = false;

/** Import `specifier` (a path relative to `parentURL`) with `.py` files as text. */
export async function importWithPythonText(specifier, parentURL) {
  if (!registered) register(import.meta.url);
  registered = true;
  return import(new URL(specifier, parentURL).href);
}
