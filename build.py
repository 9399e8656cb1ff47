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
                      [--scorm course-scorm.zip [--scorm-version 2004]] [--answer-key DIR]
(--serve: the dev server, lessonbuild/devserver.py, which rebuilds and reloads on every save;
--zip: builds, then zips the built site with a launcher into a handout: lessonbuild/handout.py;
--scorm: builds, then zips the built site with an imsmanifest.xml for a learning management
system: lessonbuild/scorm.py; --answer-key: a teacher's answer key of the course, static pages
written into DIR, outside the site: lessonbuild/answer_key.py. Alone, it builds no site)
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "py"))

from lessonbuild.buildcache import prune as prune_build_cache  # noqa: E402
from lessonbuild.output import write_site  # noqa: E402
from lessonbuild.paths import ROOT  # noqa: E402
from lessonbuild.problems import BuildError  # noqa: E402
from lessonbuild.scorm import VERSIONS as SCORM_VERSIONS  # noqa: E402
from lessonbuild.snapshot import USES  # noqa: E402
from lessonbuild.stages import (
    collect_site_assets,
    load_lessons,
    offline_copies,  # noqa: E402
    render_course,
    validate_lessons,
)


def build(lessons_dir: Path, out: Path, snapshot: bool = True, snapshot_use: str = "auto") -> int:
    """Build the site into `out`; return the number of files written. Raises BuildError.

    `snapshot=False` leaves out the Pyodide memory snapshot (pages then start Python from scratch).
    `snapshot_use` is when pages boot from it: "auto", "cached", "always" or "off" (see
    site/js/worker/main.js); ValueError for another value.
    """
    started = time.perf_counter()
    step("load", f"lessons from {lessons_dir}")
    course = load_lessons(lessons_dir)

    step("validate", f"{len(course.lessons)} lessons")
    validate_lessons(course)

    step("assets", "Pyodide, KaTeX, scripts (esbuild), wheels")
    assets = collect_site_assets(snapshot=snapshot)

    step("render", "pages")
    site = render_course(course, assets, snapshot_use=snapshot_use)

    step("offline", "service worker, precompressed copies")
    files = offline_copies(site)

    step("write", str(out))
    write_site(files, out)
    prune_build_cache()
    print(
        f"Built {len(site.pages)} pages and {len(site.files) - len(site.pages)} assets "
        f"in {time.perf_counter() - started:.1f} s."
    )
    return len(site.files)


def step(name: str, detail: str) -> None:
    print(f"[{name}] {detail}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lessons", type=Path, default=ROOT / "lessons", help="lesson folder")
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output folder")
    parser.add_argument(
        "--serve",
        action="store_true",
        help="serve the lessons, rebuilt and reloaded in open pages on every save (from memory: --out is not written)",
    )
    parser.add_argument("--port", type=int, default=8000, help="port for --serve (default 8000)")
    parser.add_argument(
        "--zip",
        type=Path,
        metavar="FILE",
        help="build the site into --out, then zip it with a launcher (python3 start.py) into FILE, a handout",
    )
    parser.add_argument(
        "--scorm",
        type=Path,
        metavar="FILE",
        help="build the site into --out, then zip it with an imsmanifest.xml into FILE, a SCORM "
        "package for a learning management system (Moodle, Canvas...)",
    )
    parser.add_argument(
        "--scorm-version",
        choices=SCORM_VERSIONS,
        default="1.2",
        help="the SCORM version of --scorm: 1.2 (default) or 2004 (4th Edition)",
    )
    parser.add_argument(
        "--answer-key",
        type=Path,
        metavar="DIR",
        help="write a teacher's answer key (solutions, hints, right answers; printable pages, no "
        "script) into DIR, a new folder or an earlier key outside --out; alone, no site is built",
    )
    parser.add_argument(
        "--no-snapshot",
        dest="snapshot",
        action="store_false",
        help="leave out the Pyodide memory snapshot (a faster build; slower page start)",
    )
    parser.add_argument(
        "--snapshot-use",
        choices=USES,
        default="auto",
        help="when pages boot from the snapshot: auto (default: a cached copy, or a "
        "download on a fast link), cached (only a cached copy), always, off",
    )
    args = parser.parse_args(argv)
    # --serve alone builds in memory (lessonbuild/devserver.py); --answer-key alone needs no site
    if args.zip or args.scorm or not (args.serve or args.answer_key):
        try:
            build(args.lessons, args.out, snapshot=args.snapshot, snapshot_use=args.snapshot_use)
        except BuildError as error:
            print(
                f"\nThe build stopped; {args.out} was left as it was. {len(error.problems)} problem(s):",
                file=sys.stderr,
            )
            for problem in error.problems:
                print(f"  {problem}", file=sys.stderr)
            return 1
    if args.answer_key:
        from lessonbuild.answer_key import AnswerKeyError, write_answer_key

        try:
            key = write_answer_key(args.lessons, args.answer_key, site_dir=args.out)
        except BuildError as error:
            print(f"\nNo answer key was written. {len(error.problems)} problem(s):", file=sys.stderr)
            for problem in error.problems:
                print(f"  {problem}", file=sys.stderr)
            return 1
        except AnswerKeyError as error:
            print(f"No answer key was written: {error}", file=sys.stderr)
            return 1
        print(f"Answer key: {key / 'index.html'} (open it in a browser, or print its pages)")
    if args.zip:
        from lessonbuild.handout import write_handout

        print(f"Handout: {write_handout(args.out, args.zip)} (the site built in {args.out}, and start.py)")
    if args.scorm:
        from lessonbuild.scorm import write_scorm

        package = write_scorm(args.out, args.lessons, args.scorm, args.scorm_version)
        print(f"SCORM {args.scorm_version} package: {package} (the site built in {args.out})")
    if args.serve:
        from lessonbuild.devserver import serve_live

        serve_live(args.lessons, args.port, snapshot=args.snapshot, snapshot_use=args.snapshot_use)
    return 0


if __name__ == "__main__":
    sys.exit(main())
