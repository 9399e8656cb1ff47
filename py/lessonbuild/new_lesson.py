"""Start a new lesson: write lessons/SLUG.md from a template that keeps every house rule
(lessons/README.md, "House rules") and add SLUG to the end of lessons/index.yml.

    PYTHONPATH=py .venv/bin/python -m lessonbuild.new_lesson my-topic "My topic"
    make lesson SLUG=my-topic TITLE="My topic"

The template holds prose, two editable cells, an exercise with its own check, two hints (a
question, then the key step) and a solution, a Summary section and a quiz: replace its content,
keep its parts.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

import yaml

from .lessonformat import INDEX_FILE, NOT_LESSONS
from .paths import LESSONS

TEMPLATE = Path(__file__).resolve().parent / "templates" / "new-lesson.md"
#: A lesson slug: lowercase words of letters and digits joined by single hyphens, starting with a letter.
KEBAB_CASE = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")


class NewLessonError(Exception):
    """Why the lesson was not created, said so the teacher knows what to change."""


def new_lesson(lessons_dir: Path, slug: str, title: str) -> Path:
    """Write `lessons_dir/SLUG.md` from the template with `title`, and list SLUG last in
    `lessons_dir/index.yml`. Returns the new file's path.

    Raises NewLessonError, writing nothing, when the slug is not kebab-case, a lesson with that
    slug exists (a file or an index entry), the title is empty, or there is no index.
    """
    if not KEBAB_CASE.match(slug):
        suggestion = "-".join(re.findall(r"[a-z0-9]+", slug.lower())) or "my-topic"
        raise NewLessonError(
            f"'{slug}' is not a kebab-case slug. Use lowercase letters and digits in words joined by "
            f"single hyphens, starting with a letter, e.g. '{suggestion}'."
        )
    if not title.strip():
        raise NewLessonError('The title is empty. Give the lesson\'s title in quotes, e.g. "My topic".')
    index = lessons_dir / INDEX_FILE
    if not index.is_file():
        raise NewLessonError(f"There is no {index}. Run this in the project folder, or pass --lessons FOLDER.")
    path = lessons_dir / f"{slug}.md"
    listed = (yaml.safe_load(index.read_text(encoding="utf-8")) or {}).get("lessons") or []
    if path.exists() or slug in listed or path.name in NOT_LESSONS:
        raise NewLessonError(
            f"A lesson '{slug}' already exists ({path.name} or an entry in {INDEX_FILE}). "
            "Choose another slug, or edit that lesson."
        )
    text = TEMPLATE.read_text(encoding="utf-8").replace("{{title}}", json.dumps(title.strip(), ensure_ascii=False))
    _append_to_index(index, slug)
    path.write_text(text, encoding="utf-8")
    return path


def _append_to_index(index: Path, slug: str) -> None:
    """Add `- SLUG` after the last entry, indented like it, keeping the file's comments.
    NewLessonError (the index left as it was) when the result does not list SLUG last."""
    text = index.read_text(encoding="utf-8")
    entries = [line for line in text.splitlines() if line.lstrip().startswith("- ")]
    indent = entries[-1][: len(entries[-1]) - len(entries[-1].lstrip())] if entries else "  "
    updated = f"{text}{'' if text.endswith(chr(10)) or not text else chr(10)}{indent}- {slug}\n"
    if ((yaml.safe_load(updated) or {}).get("lessons") or [None])[-1] != slug:
        raise NewLessonError(f"{index} does not end with its 'lessons:' list. Add '{slug}' to that list by hand.")
    index.write_text(updated, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("slug", help="the lesson's file name without .md, in kebab-case: my-topic")
    parser.add_argument("title", help='the lesson\'s title, in quotes: "My topic"')
    parser.add_argument("--lessons", type=Path, default=LESSONS, help="lesson folder (default: lessons/)")
    args = parser.parse_args(argv)
    try:
        path = new_lesson(args.lessons, args.slug, args.title)
    except NewLessonError as error:
        print(f"No lesson created: {error}", file=sys.stderr)
        return 2
    print(
        f"Wrote {path} and added '{args.slug}' to {args.lessons / INDEX_FILE}.\n"
        "Next: replace the template's content (keep its parts), then follow "
        "'Adding a lesson' in lessons/README.md (golden transcript, build, tests)."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
