// Import first in a test of a module that reads site/js/shared/build-constants.js: sets
// globalThis.BUILD_CONSTANTS as esbuild's --define does for the bundles, from the build's own
// Python (py/lessonbuild/scriptconstants.py). Also runs the build's Python for other tests.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const VENV_PYTHON = `${ROOT}.venv/bin/python`;
const PYTHON = existsSync(VENV_PYTHON) ? VENV_PYTHON : "python3";

/** Run `code` with the build's Python (py/ on its path); returns its stdout (a Buffer). */
export function runPython(code) {
  return execFileSync(PYTHON, ["-c", code], { cwd: ROOT, env: { ...process.env, PYTHONPATH: `${ROOT}py` } });
}

globalThis.BUILD_CONSTANTS = runPython(
  "from lessonbuild.scriptconstants import constants_json; print(constants_json())",
)
  .toString()
  .trim();
