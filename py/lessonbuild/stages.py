"""The build's stages, shared by the one-shot build (build.py) and the dev server (devbuild.py).

    load_lessons → validate_lessons → collect_site_assets → render_course → offline_copies

`collect_site_assets` depends only on site/, py/ and node_modules/, not on the lessons: the dev
server keeps its result between rebuilds and calls the other stages again when a lesson changes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from .assets import collect_assets, content_hash, package_wheels, static_imports, wheel_paths
from .compress import precompress
from .lessonformat import Course, load_course, load_pages
from .offline import precache_size, service_worker
from .paths import EMBED_RUNTIME, SITE, SITE_PAGE_TEMPLATES
from .problems import BuildError
from .render import PageContext, render_site
from .runtime import runtime_settings
from .snapshot import SNAPSHOT_PATH, runtime_setting
from .stdlib import runtime_setting as stdlib_setting
from .validate import validate_course

TEMPLATES = SITE / "templates"


@dataclass(frozen=True)
class SiteAssets:
    """Every file pages load besides their HTML and the lessons' extra wheels.

    Attributes:
        files: {relative path: bytes}.
        hashes: {relative path: content hash}, the `?v=` of each file.
    """

    files: dict[str, bytes]
    hashes: dict[str, str]


@dataclass(frozen=True)
class RenderedSite:
    """The site of one build before its offline copies.

    Attributes:
        files: {relative path: content}: the assets, the lessons' extra wheels, the pages and
            the embed runtime settings.
        pages: {relative path: html}, the part of `files` made from the lessons.
        versioned: {path: hash} of the files pages ask for as `path?v=hash`.
    """

    files: dict[str, bytes | str]
    pages: dict[str, str]
    versioned: dict[str, str] = field(default_factory=dict)


def load_lessons(lessons_dir: Path) -> Course:
    """Read `lessons_dir`/index.yml, every lesson it lists, and the site's other pages in the
    lesson format (the rank playground's page, the evaluate page). Problems are recorded, not raised."""
    course = load_course(lessons_dir)
    load_pages(course, list(SITE_PAGE_TEMPLATES))
    return course


def validate_lessons(course: Course) -> None:
    """Check every lesson against lessons/README.md. Raises BuildError with every problem found."""
    problems = validate_course(course)
    if problems:
        raise BuildError(problems)


def collect_site_assets(snapshot: bool = True) -> SiteAssets:
    """Pyodide, KaTeX, the bundled scripts (esbuild), the wheels and, with `snapshot`, the
    Pyodide memory snapshot. Raises RuntimeError when npm packages or tools are missing."""
    files = collect_assets(snapshot=snapshot)
    return SiteAssets(files, {path: content_hash(data) for path, data in files.items()})


def render_course(course: Course, assets: SiteAssets, snapshot_use: str = "auto") -> RenderedSite:
    """Render every page of `course` against `assets` (which it does not change).

    `snapshot_use` is when pages boot from the snapshot: "auto", "cached", "always" or "off"
    (see site/js/worker/main.js); ValueError for another value. Raises BuildError for math KaTeX
    rejects, RuntimeError when a pinned wheel cannot be downloaded.
    """
    extra = package_wheels({name for lesson in course.lessons for name in lesson.packages})
    files: dict[str, bytes | str] = dict(assets.files)
    hashes = dict(assets.hashes)
    for wheels in extra.values():
        files.update(wheels)
        hashes.update({path: content_hash(data) for path, data in wheels.items()})
    versioned: dict[str, str] = {}  # what pages ask for as path?v=hash, for the service worker

    def asset(path: str) -> str:
        versioned[path] = hashes[path]
        return f"{path}?v={hashes[path]}"

    snapshot_setting = runtime_setting(files, use=snapshot_use)
    if snapshot_setting:
        versioned[SNAPSHOT_PATH] = snapshot_setting["url"].split("?v=", 1)[1]
    context = PageContext(
        asset=asset,
        runtime=runtime_settings(wheel_paths(assets.files), snapshot=snapshot_setting, stdlib=stdlib_setting(files)),
        package_wheels={name: sorted(wheels) for name, wheels in extra.items()},
        lesson_imports=tuple(static_imports(files, "assets/lesson.js")),
        katex_css=assets.files["assets/katex/katex.min.css"].decode(),
        katex_fonts={
            path.removeprefix("assets/katex/"): data
            for path, data in assets.files.items()
            if path.startswith("assets/katex/fonts/")
        },
    )
    pages = render_site(course, TEMPLATES, context)
    files.update(pages)
    files[EMBED_RUNTIME] = json.dumps(context.runtime)
    return RenderedSite(files, pages, versioned)


def offline_copies(site: RenderedSite) -> dict[str, bytes | str]:
    """`site`'s files plus the service worker that precaches them (sw.js), what that precache
    downloads (offline-size.json) and the .br/.gz copies a server sends in their place."""
    files = dict(site.files)
    copies = precompress(files)
    files.update(precache_size({**files, **copies}, optional=(SNAPSHOT_PATH,)))
    files.update(service_worker(site.files, site.versioned, optional=(SNAPSHOT_PATH,)))
    files.update(precompress(files))
    return files
