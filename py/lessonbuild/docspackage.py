"""The documentation package, rankcells (py/rankcells): live cells in Sphinx and MkDocs sites.

Its wheel carries the embed script's runtime: the files of a built course that the embed script
(site/js/embed/embed.js) loads, at the same paths, so the script finds them beside itself as it finds
them in the course. `embed_runtime_paths` picks them from the built site (what the embed script
and the Python worker import, and what their runtime settings, assets/embed-runtime.json, name);
`build_docs_package` writes the wheel with the package's source, those files and the course's
version, as the build writes the course's own wheels (wheels.py: offline and reproducible). It
also carries the lesson build's playground rules (playground.py) as `rankcells/_playground.py`,
their one import from rankmetrics written in as a value, so a documentation build checks a rank
playground as the lesson build does without the course's packages, and the offline service
worker's code (site/js/service-worker/docs-sw.js) as `rankcells/service-worker.js`.

Usage: python -m lessonbuild.docspackage [--site dist] [--out build-docs-package]
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from collections.abc import Mapping
from pathlib import Path

from .assets import all_imports
from .wheels import build_wheel
from . import playground
from .paths import ASSETS_DIR, EMBED_RUNTIME, PY, PYODIDE_CORE_FILES, ROOT, WORKER_SCRIPT

PACKAGE_SOURCE = PY / "rankcells"
OUT = ROOT / "build-docs-package"
EMBED_SCRIPT = f"{ASSETS_DIR}embed.js"
EMBED_STYLES = f"{ASSETS_DIR}site.css"  # each cell's shadow root links it (embed.js)
# The build's compressed copies of files (FILE.br, FILE.gz beside FILE): not needed here.
COMPRESSED_SUFFIXES = (".br", ".gz")
SUMMARY = "Live Python cells for Sphinx and MkDocs pages, running in the reader's browser."
ENTRY_POINTS = "[mkdocs.plugins]\nrankcells = rankcells.mkdocs:RankCellsPlugin\n"
REQUIRES = ("PyYAML",)  # the playground rules read YAML
PLAYGROUND_RULES = Path(playground.__file__)
SERVICE_WORKER = ROOT / "site" / "js" / "service-worker" / "docs-sw.js"  # rankcells/service-worker.js
RULES_IMPORT = "from rankmetrics.pages.playground import METRIC_NAMES\n"  # the rules' one course import


def course_version() -> str:
    """The course's version: package.json's `version` (the course's one home for it)."""
    return json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["version"]


def embed_runtime_paths(site: Mapping[str, bytes]) -> list[str]:
    """The paths (sorted) of the files in `site` ({path: bytes}, a built course) that the embed
    script may load: itself and the modules it and the worker import (also on demand), the cells'
    stylesheet, the runtime settings, and what those name (Pyodide's core files, the wheels, the
    standard library zips and the memory snapshot, when the settings have them).

    Raises RuntimeError when `site` lacks one of them.
    """
    settings = json.loads(site[EMBED_RUNTIME])
    paths = {EMBED_SCRIPT, WORKER_SCRIPT, EMBED_STYLES, EMBED_RUNTIME}
    paths.update(all_imports(site, EMBED_SCRIPT), all_imports(site, WORKER_SCRIPT))
    paths.update(f"{settings['pyodide']}{name}" for name in PYODIDE_CORE_FILES)
    paths.update(settings["wheels"])
    if settings.get("snapshot"):
        paths.add(settings["snapshot"]["url"].split("?", 1)[0])
    if settings.get("stdlib"):
        paths.update((settings["stdlib"]["boot"], settings["stdlib"]["full"]))
    missing = sorted(path for path in paths if path not in site)
    if missing:
        raise RuntimeError(f"the built course lacks files the embed script loads: {', '.join(missing)}")
    return sorted(paths)


def playground_rules() -> bytes:
    """The playground rules (lessonbuild/playground.py) as a module of their own: their import of
    METRIC_NAMES replaced by its value.

    Raises RuntimeError when the rules no longer import exactly that from the course.
    """
    text = PLAYGROUND_RULES.read_text(encoding="utf-8")
    others = [line for line in text.splitlines() if line.startswith(("from rankmetrics", "import rankmetrics"))]
    if text.count(RULES_IMPORT) != 1 or len(others) != 1:
        raise RuntimeError(f"{PLAYGROUND_RULES} must import only METRIC_NAMES from rankmetrics: {RULES_IMPORT}")
    value = f"METRIC_NAMES = {tuple(playground.METRIC_NAMES)!r}  # rankmetrics.pages.playground's\n"
    return text.replace(RULES_IMPORT, value).encode()


def read_site(folder: Path) -> dict[str, bytes]:
    """{path: bytes} of a built course in `folder` (as build.py writes it), without the
    compressed copies of its files (a file that is shipped compressed, the snapshot, stays).
    Raises FileNotFoundError when `folder` holds no built course."""
    if not (folder / EMBED_RUNTIME).is_file():
        raise FileNotFoundError(f"{folder} holds no built course (no {EMBED_RUNTIME}): run 'make build' first")
    return {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file() and not (path.suffix in COMPRESSED_SUFFIXES and path.with_suffix("").is_file())
    }


def build_docs_package(site_dir: Path, out: Path = OUT) -> Path:
    """Build the rankcells wheel from the built course in `site_dir` into `out`/dist (emptied
    first); return the wheel's path.

    Raises FileNotFoundError when `site_dir` holds no built course, RuntimeError when it lacks a
    runtime file.
    """
    site = read_site(site_dir)
    version = course_version()
    data = {f"runtime/{path}": site[path] for path in embed_runtime_paths(site)}
    data["_version.py"] = f'__version__ = "{version}"\n'.encode()
    data["_playground.py"] = playground_rules()
    data["service-worker.js"] = SERVICE_WORKER.read_bytes()
    name, wheel = build_wheel(
        PACKAGE_SOURCE, SUMMARY, version=version, data=data, entry_points=ENTRY_POINTS, requires=REQUIRES
    )
    wheels = out / "dist"
    if out.exists():
        shutil.rmtree(out)
    wheels.mkdir(parents=True)
    (wheels / name).write_bytes(wheel)
    return wheels / name


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the rankcells wheel from a built course.")
    parser.add_argument("--site", type=Path, default=ROOT / "dist", help="the built course (build.py's output)")
    parser.add_argument("--out", type=Path, default=OUT, help="where the wheel goes (in OUT/dist/)")
    args = parser.parse_args(argv)
    try:
        wheel = build_docs_package(args.site, args.out)
    except (FileNotFoundError, RuntimeError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    print(f"Built {wheel} ({wheel.stat().st_size / 1e6:.1f} MB).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
