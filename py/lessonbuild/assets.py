"""Everything the pages load besides their HTML, gathered as {relative path: bytes}.

Pyodide and KaTeX's stylesheet and fonts are copied from node_modules (nothing points at a CDN),
the page scripts are bundled by esbuild, and the project's packages become wheels.
"""

from __future__ import annotations

import hashlib
import posixpath
import re
import subprocess
import tempfile
from pathlib import Path

from .highlight import highlight_css
from .paths import ASSETS_DIR, NODE_MODULES, PYODIDE_CORE_FILES, PYODIDE_DIR, ROOT, SITE, WHEELS_DIR, WORKER_ENTRY
from .runtime import CORE_PACKAGES
from .scriptconstants import esbuild_define
from .snapshot import snapshot_assets
from .stdlib import boot_stdlib_assets
from .takeaway import setup_cell_asset
from .vendor import page_packages, pyodide_python_version, wheel_for
from .wheels import build_wheel

# Entry points bundled by esbuild (site/js/pages/: one per page of the course); the worker is
# its own entry so the page stays small.
JS = SITE / "js"
SCRIPT_ENTRIES = {
    "lesson": JS / "pages" / "lesson.js",
    WORKER_ENTRY: JS / "worker" / "main.js",
    "index": JS / "pages" / "index.js",
    "not-found": JS / "pages" / "not-found.js",
    "file-notice": JS / "pages" / "file-notice.js",
    "embed-host": JS / "embed" / "embed-host.js",
    "embed": JS / "embed" / "embed.js",
}
# Scripts a page runs where they stand (<script src>, no type="module"): no imports in the output.
CLASSIC_SCRIPT_ENTRIES = {
    "early-start": JS / "early" / "early-start.js",
    "early-note": JS / "early" / "early-note.js",
    "math-fonts": JS / "early" / "math-fonts.js",
    "playground-early": JS / "early" / "playground-early.js",
}
PACKAGES = CORE_PACKAGES


def collect_assets(snapshot: bool = True) -> dict[str, bytes]:
    """Return every asset of the site. Raises RuntimeError when npm packages are missing.

    `snapshot`: add a Pyodide memory snapshot with the wheels imported (see snapshot.py).
    """
    if not (NODE_MODULES / "pyodide").is_dir():
        raise RuntimeError("node_modules/ is missing: run 'npm ci' (make serve does it for you).")
    assets: dict[str, bytes] = {}
    for name in PYODIDE_CORE_FILES:
        assets[f"{PYODIDE_DIR}{name}"] = (NODE_MODULES / "pyodide" / name).read_bytes()
    katex = NODE_MODULES / "katex" / "dist"
    # Math never moves once shown: a math font that is not in by the first paint is not swapped
    # in later, which would re-lay the math out. (A lesson carries its math's fonts inside it,
    # mathfonts.py; these faces are for math a page's script adds.)
    css = (katex / "katex.min.css").read_bytes()
    if b"font-display:block" not in css:
        raise RuntimeError("KaTeX's stylesheet changed: its fonts no longer say font-display:block")
    assets["assets/katex/katex.min.css"] = css.replace(b"font-display:block", b"font-display:optional")
    for font in sorted((katex / "fonts").glob("*.woff2")):
        assets[f"assets/katex/fonts/{font.name}"] = font.read_bytes()
    assets["assets/site.css"] = site_stylesheet()
    assets.update(bundle_scripts())
    assets.update(setup_cell_asset())  # the first cell of a downloaded notebook
    for package, summary in PACKAGES.items():
        name, data = build_wheel(ROOT / "py" / package, summary)
        assets[f"{WHEELS_DIR}{name}"] = data
    assets.update(boot_stdlib_assets(assets))  # made with the wheels above imported
    if snapshot:
        assets.update(snapshot_assets(assets))
    return assets


def site_stylesheet() -> bytes:
    """The site's stylesheet (site/css/site.css) followed by the code highlighting's, UTF-8."""
    return (
        (SITE / "css" / "site.css").read_text(encoding="utf-8")
        + "\n/* Code highlighting (Pygments) */\n"
        + highlight_css()
    ).encode()


def package_wheels(names: set[str]) -> dict[str, dict[str, bytes]]:
    """{package: {"wheels/FILE.whl": bytes}} for the extra packages lessons declare.

    Raises RuntimeError when a pinned wheel cannot be downloaded.
    """
    python_version = pyodide_python_version(NODE_MODULES)
    packages = page_packages()
    return {
        name: {
            f"{WHEELS_DIR}{wheel.name}": wheel.read_bytes()
            for wheel in (wheel_for(pin, python_version) for pin in packages[name].pins)
        }
        for name in sorted(names)
    }


def bundle_scripts() -> dict[str, bytes]:
    """Bundle the page and worker scripts with esbuild (ES modules, code-split, minified), and
    the classic scripts (CLASSIC_SCRIPT_ENTRIES: one self-contained file each)."""
    modules = esbuild(SCRIPT_ENTRIES, "--format=esm", "--splitting", "--chunk-names=chunks/[name]-[hash]")
    return {**modules, **esbuild(CLASSIC_SCRIPT_ENTRIES, "--format=iife")}


def esbuild(entries: dict[str, Path], *options: str) -> dict[str, bytes]:
    """{"assets/NAME.js": bytes, ...}: `entries` ({name: source path}) bundled and minified, with
    the build's constants (scriptconstants.py) and `.py` files imported as text. Raises
    RuntimeError when esbuild fails."""
    with tempfile.TemporaryDirectory() as out:
        command = [
            str(NODE_MODULES / ".bin" / "esbuild"),
            *[f"{name}={path}" for name, path in entries.items()],
            "--bundle",
            *options,
            "--loader:.py=text",
            esbuild_define(),
            "--minify",
            "--target=es2022",
            f"--outdir={out}",
            "--log-level=warning",
        ]
        completed = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
        if completed.returncode != 0:
            raise RuntimeError(f"esbuild failed:\n{completed.stderr.strip()}")
        return {
            f"{ASSETS_DIR}{path.relative_to(out).as_posix()}": path.read_bytes()
            for path in sorted(Path(out).rglob("*"))
            if path.is_file()
        }


# A static import in esbuild's minified ESM output: `import{a as b}from"./chunks/x.js"` or
# `import"./chunks/x.js"`; not a dynamic `import("./chunks/x.js")` (loaded on demand).
STATIC_IMPORT = re.compile(rb"""(?:^|[;}\s])import(?:[^"'()]*?from)?\s*["'](\.{1,2}/[^"']+)["']""")
# A dynamic import of a relative path: `import("./chunks/x.js")`.
DYNAMIC_IMPORT = re.compile(rb"""(?:^|[^\w$.])import\(\s*["'](\.{1,2}/[^"']+)["']\s*\)""")


def static_imports(assets: dict[str, bytes], entry: str) -> list[str]:
    """Every module `entry` (a path in `assets`) needs before it runs, in load order: its static
    imports and theirs. The page lists them as <link rel="modulepreload">, so the browser asks for
    them all at once instead of discovering them one level at a time."""
    return _imports(assets, entry, (STATIC_IMPORT,))


def all_imports(assets: dict[str, bytes], entry: str) -> list[str]:
    """Every module `entry` (a path in `assets`) may ever load: static_imports() plus the
    modules it imports on demand (`import("./chunks/x.js")`) and theirs."""
    return _imports(assets, entry, (STATIC_IMPORT, DYNAMIC_IMPORT))


def _imports(assets: dict[str, bytes], entry: str, patterns: tuple[re.Pattern, ...]) -> list[str]:
    found: list[str] = []
    pending = [entry]
    while pending:
        module = pending.pop(0)
        for pattern in patterns:
            for match in pattern.finditer(assets[module]):
                path = posixpath.normpath(posixpath.join(posixpath.dirname(module), match.group(1).decode()))
                if path in assets and path not in found and path != entry:
                    found.append(path)
                    pending.append(path)
    return found


def content_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:10]


def wheel_paths(assets: dict[str, bytes]) -> list[str]:
    return sorted(path for path in assets if path.startswith(WHEELS_DIR))
