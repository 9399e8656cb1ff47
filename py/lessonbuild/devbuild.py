"""The dev server's build: the stages of build.py, redoing only what a change needs.

A full build spends most of its time on what no lesson edit changes: esbuild, Pyodide's files,
the wheels and snapshot, the service worker and the precompressed copies. `DevBuild` keeps the
assets of its last build in memory and, when only lessons changed, runs load → validate → render
again against them. A change under site/ or py/ collects the assets again first (templates and
the math script only need the render). It writes nothing: the result is a `DevSite`, served from
memory by devserver.py, and dist/ stays the one-shot build's.

A dev site has no service worker (the dev server answers /sw.js with one that removes itself)
and only the assets' precompressed copies (pages change on every edit and are small).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from .compress import precompress
from .mathrender import forget_rendered
from .paths import PY, SITE
from .stages import SiteAssets, collect_site_assets, load_lessons, render_course, validate_lessons

# Read by every render (no asset depends on them): a change needs the pages again, not the assets.
RENDER_ONLY = (SITE / "templates", SITE / "pages", SITE / "tools" / "render-math.mjs")


@dataclass(frozen=True)
class Changes:
    """What a batch of changed files asks the dev build to redo.

    Attributes:
        assets: collect the assets again (site/ or py/ changed).
        pages: render the pages again (always true when anything the build reads changed).
        math: forget the kept KaTeX output (site/tools/render-math.mjs changed).
    """

    assets: bool = False
    pages: bool = False
    math: bool = False

    @staticmethod
    def of(paths: set[Path], lessons_dir: Path) -> Changes:
        """Sort changed `paths` by what they feed: lessons, templates, the other site/ and py/ files.
        Paths under none of them ask for nothing."""
        assets = pages = math = False
        for path in paths:
            if _under(path, lessons_dir):
                pages = True
            elif any(_under(path, folder) for folder in RENDER_ONLY):
                pages = True
                math = math or path.name == "render-math.mjs"
            elif _under(path, SITE) or _under(path, PY):
                assets = pages = True
        return Changes(assets=assets, pages=pages, math=math)


@dataclass(frozen=True)
class DevSite:
    """One good build, as the dev server serves it.

    Attributes:
        files: {relative path: bytes}: pages, assets and the assets' .br/.gz copies.
        etags: {relative path: hash of its content}.
        version: a hash of the whole site; equal sites have equal versions.
        pages: the relative paths of the HTML pages.
    """

    files: dict[str, bytes]
    etags: dict[str, str]
    version: str
    pages: tuple[str, ...]


class DevBuild:
    """Builds the lessons in `lessons_dir` again and again, keeping the assets between builds.

    Args:
        lessons_dir: the lesson folder (index.yml and the lessons).
        snapshot: include the Pyodide memory snapshot (as build.py --no-snapshot leaves it out).
        snapshot_use: when pages boot from the snapshot (build.py --snapshot-use).

    `asset_collections` and `renders` count the stages run, for the terminal and the tests.
    """

    def __init__(self, lessons_dir: Path, snapshot: bool = True, snapshot_use: str = "auto"):
        self.lessons_dir = lessons_dir.resolve()
        self.snapshot = snapshot
        self.snapshot_use = snapshot_use
        self.asset_collections = 0
        self.renders = 0
        self._assets: SiteAssets | None = None
        self._compressed: dict[str, bytes] = {}
        self._etags: dict[str, str] = {}

    def build(self, changes: Changes | None = None) -> DevSite:
        """Build again after `changes` (None: the first build, everything). Returns the new site.

        Raises BuildError for mistakes in the lessons (the kept assets stay for the next try),
        RuntimeError when a tool (Node, esbuild) fails.
        """
        changes = changes or Changes(assets=True, pages=True, math=True)
        if changes.math:
            forget_rendered()
        if changes.assets or self._assets is None:
            self._collect_assets()
        course = load_lessons(self.lessons_dir)
        validate_lessons(course)
        site = render_course(course, self._assets, snapshot_use=self.snapshot_use)
        self.renders += 1
        files = {
            path: content.encode() if isinstance(content, str) else content for path, content in site.files.items()
        }
        etags = {path: self._etags.get(path) or _hash(data) for path, data in files.items() if path not in site.pages}
        etags.update({path: _hash(files[path]) for path in site.pages})
        files.update(self._compressed)
        etags.update({path: _hash(data) for path, data in self._compressed.items()})
        version = _hash("\n".join(f"{path} {etags[path]}" for path in sorted(etags)).encode())
        return DevSite(files, etags, version, tuple(sorted(site.pages)))

    def _collect_assets(self) -> None:
        assets = collect_site_assets(snapshot=self.snapshot)
        self._assets = assets
        self._compressed = precompress(assets.files)
        self._etags = dict(assets.hashes)
        self.asset_collections += 1


def _under(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def _hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]
