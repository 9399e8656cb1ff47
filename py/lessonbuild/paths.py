"""Where things are: the repository's folders, and the site's own layout (paths in dist/ as
pages and scripts ask for them). Every build module and bench script takes them from here."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the repository
NODE_MODULES = ROOT / "node_modules"
PY = ROOT / "py"  # the Python: rankmetrics, cellruntime, lessonbuild
LESSONS = ROOT / "lessons"
SITE = ROOT / "site"  # the page scripts (js/), styles, templates and the build's Node.js tools
TOOLS = SITE / "tools"
PAGES = SITE / "pages"  # pages of the site that are not lessons, in the lesson format
PLAYGROUND_PAGE = PAGES / "playground.md"  # dist/playground.html: a rank playground of its own
EVALUATE_PAGE = PAGES / "evaluate.md"  # dist/evaluate.html: evaluate and compare your own run files
# Each page of the site that is not a lesson, and the template it is rendered with.
SITE_PAGE_TEMPLATES = {PLAYGROUND_PAGE: "playground.html", EVALUATE_PAGE: "evaluate.html"}
BUILD_CACHE = ROOT / "build-cache"

# In the built site.
PYODIDE_DIR = "pyodide/"  # Pyodide's files (the runtime JSON's `pyodide`)
WHEELS_DIR = "wheels/"  # the project's and the lessons' wheels
ASSETS_DIR = "assets/"  # scripts (esbuild's output), styles, fonts, settings
WORKER_ENTRY = "worker"  # the esbuild entry of the Python worker (site/js/worker/main.js)
WORKER_SCRIPT = f"{ASSETS_DIR}{WORKER_ENTRY}.js"  # also in serve.py WORKER_SCRIPTS, which stands alone
NOT_FOUND_PAGE = "404.html"  # any unknown address (also in serve.py, which stands alone, and sw.js's BUILD)
EMBED_RUNTIME = f"{ASSETS_DIR}embed-runtime.json"  # the site's runtime settings, for the embed script
# Pyodide's files the site ships and the worker asks for when its boot stalls (worker/core-files.js).
PYODIDE_CORE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
