#!/usr/bin/env python3
"""Build the lesson site: lessons/*.md → dist/.

Read top to bottom, it is the whole recipe:
  1. load      read lessons/index.yml and every lesson it lists
  2. validate  check every lesson against lessons/README.md; stop with FILE:LINE messages
  3. assets    copy Pyodide and KaTeX, bundle the page scripts, build the project's wheels
  4. render    prose, math, cells and quizzes to HTML pages
  5. offline   a service worker that precaches the whole build, and .br/.gz copies of files
  6. write     a fresh folder swapped in for dist/ (a failed build leaves dist/ untouched)

Usage: python build.py [--serve] [--port 8000] [--out dist] [--zip course.zip]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "py"))

from lessonbuild.assets import collect_assets, content_hash, package_wheels, static_imports, wheel_paths  # noqa: E402
from lessonbuild.compress import precompress  # noqa: E402
from lessonbuild.lessonformat import load_course  # noqa: E402
from lessonbuild.offline import service_worker  # noqa: E402
from lessonbuild.output import write_site  # noqa: E402
from lessonbuild.paths import EMBED_RUNTIME, ROOT  # noqa: E402
from lessonbuild.problems import BuildError  # noqa: E402
from lessonbuild.render import PageContext, render_site  # noqa: E402
from lessonbuild.runtime import runtime_settings  # noqa: E402
from lessonbuild.buildcache import prune as prune_build_cache  # noqa: E402
from lessonbuild.snapshot import SNAPSHOT_PATH, USES, runtime_setting  # noqa: E402
from lessonbuild.stdlib import runtime_setting as stdlib_setting  # noqa: E402
from lessonbuild.validate import validate_course  # noqa: E402


def build(lessons_dir: Path, out: Path, snapshot: bool = True, snapshot_use: str = "auto") -> int:
    """Build the site into `out`; return the number of files written. Raises BuildError.

    `snapshot=False` leaves out the Pyodide memory snapshot (pages then start Python from scratch).
    `snapshot_use` is when pages boot from it: "auto", "cached", "always" or "off" (see
    site/js/worker.js); ValueError for another value.
    """
    started = time.perf_counter()
    step("load", f"lessons from {lessons_dir}")
    course = load_course(lessons_dir)

    step("validate", f"{len(course.lessons)} lessons")
    problems = validate_course(course)
    if problems:
        raise BuildError(problems)

    step("assets", "Pyodide, KaTeX, scripts (esbuild), wheels")
    assets = collect_assets(snapshot=snapshot)
    core_wheels = wheel_paths(assets)
    extra = package_wheels({name for lesson in course.lessons for name in lesson.packages})
    for wheels in extra.values():
        assets.update(wheels)
    hashes = {path: content_hash(data) for path, data in assets.items()}
    versioned: dict[str, str] = {}  # what pages ask for as path?v=hash, for the service worker

    def asset(path: str) -> str:
        versioned[path] = hashes[path]
        return f"{path}?v={hashes[path]}"

    snapshot_setting = runtime_setting(assets, use=snapshot_use)
    if snapshot_setting:
        versioned[SNAPSHOT_PATH] = snapshot_setting["url"].split("?v=", 1)[1]
    context = PageContext(
        asset=asset,
        runtime=runtime_settings(core_wheels, snapshot=snapshot_setting, stdlib=stdlib_setting(assets)),
        package_wheels={name: sorted(wheels) for name, wheels in extra.items()},
        lesson_imports=tuple(static_imports(assets, "assets/lesson.js")),
        katex_css=assets["assets/katex/katex.min.css"].decode(),
    )

    step("render", "pages")
    pages = render_site(course, ROOT / "site" / "templates", context)

    step("offline", "service worker, precompressed copies")
    site = {**assets, **pages}
    site[EMBED_RUNTIME] = json.dumps(context.runtime)  # for embed.js on other sites
    site.update(service_worker(site, versioned, optional=(SNAPSHOT_PATH,)))
    site.update(precompress(site))

    step("write", str(out))
    write_site(site, out)
    prune_build_cache()
    print(f"Built {len(pages)} pages and {len(assets)} assets in {time.perf_counter() - started:.1f} s.")
    return len(pages) + len(assets)


def step(name: str, detail: str) -> None:
    print(f"[{name}] {detail}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lessons", type=Path, default=ROOT / "lessons", help="lesson folder")
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output folder")
    parser.add_argument("--serve", action="store_true", help="serve the site after building it")
    parser.add_argument("--port", type=int, default=8000, help="port for --serve (default 8000)")
    parser.add_argument("--zip", type=Path, metavar="FILE",
                        help="also write a handout zip: the site plus a launcher (python3 start.py)")
    parser.add_argument("--no-snapshot", dest="snapshot", action="store_false",
                        help="leave out the Pyodide memory snapshot (a faster build; slower page start)")
    parser.add_argument("--snapshot-use", choices=USES, default="auto",
                        help="when pages boot from the snapshot: auto (default: a cached copy, or a "
                             "download on a fast link), cached (only a cached copy), always, off")
    args = parser.parse_args(argv)
    try:
        build(args.lessons, args.out, snapshot=args.snapshot, snapshot_use=args.snapshot_use)
    except BuildError as error:
        print(f"\nThe build stopped; {args.out} was left as it was. "
              f"{len(error.problems)} problem(s):", file=sys.stderr)
        for problem in error.problems:
            print(f"  {problem}", file=sys.stderr)
        return 1
    if args.zip:
        from lessonbuild.handout import write_handout
        print(f"Handout: {write_handout(args.out, args.zip)}")
    if args.serve:
        from lessonbuild.serve import serve
        serve(args.out, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
