"""Read lesson files into plain records (the format is specified in lessons/README.md).

Loading never raises for a broken lesson: every problem found is recorded with its file and
line, so one build run reports them all. Loading ends with complete records (complete.py fills
quizzes and links each exercise to its hint, solution and own check); `validate.py` checks them.
"""

from __future__ import annotations

import ast
import difflib
import shlex
from pathlib import Path

import yaml
from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_plugins.dollarmath import dollarmath_plugin
from mdit_py_plugins.front_matter import front_matter_plugin

from .complete import complete_lesson, name_other_exercises
from .playground import PLAYGROUND_KIND, Playground, fill_playground
from .problems import Problem
from .records import (
    ATTACHMENT_KINDS,
    CHECK_KIND,
    OUTPUT_KIND,
    OWN_CHECK,  # noqa: F401 (re-exported)
    PREDICT_KIND,  # noqa: F401 (re-exported)
    SHARED_CHECK_FILE,
    SHARED_CHECK_MODULE,
    Attachment,
    CodeCell,
    Course,
    DeclaredCheck,
    Lesson,
    Quiz,
    QuizOption,  # noqa: F401 (re-exported)
    ShownOutput,
)

INDEX_FILE = "index.yml"
NOT_LESSONS = {"README.md"}


def make_markdown() -> MarkdownIt:
    """The one Markdown parser of the build: CommonMark, tables, front matter, $ math."""
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    md.use(front_matter_plugin).use(dollarmath_plugin, double_inline=True)
    return md


def load_course(lessons_dir: Path) -> Course:
    """Read `index.yml` and every lesson it lists, recording problems instead of raising."""
    problems: list[Problem] = []
    md = make_markdown()
    slugs = _read_index(lessons_dir, problems)
    lessons = []
    for slug, line in slugs:
        path = lessons_dir / f"{slug}.md"
        if not path.is_file():
            problems.append(
                Problem(
                    lessons_dir / INDEX_FILE,
                    line,
                    f"Lesson '{slug}' has no file {path.name}.",
                    f"Create lessons/{path.name} or remove '{slug}' from {INDEX_FILE}.",
                )
            )
            continue
        lessons.append(load_lesson(path, md, problems))
    listed = {slug for slug, _ in slugs}
    for path in sorted(lessons_dir.glob("*.md")):
        if path.name not in NOT_LESSONS and path.stem not in listed:
            problems.append(
                Problem(
                    path,
                    None,
                    f"This lesson is not listed in {INDEX_FILE}.",
                    f"Add '{path.stem}' to the lessons list in lessons/{INDEX_FILE} (or delete the file).",
                )
            )
    name_other_exercises(lessons)
    return Course(lessons_dir, lessons, problems)


def load_pages(course: Course, paths: list[Path]) -> None:
    """Read pages that are not lessons (in the lesson format, e.g. site/pages/playground.md) into
    `course.pages`, recording their problems with the course's."""
    md = make_markdown()
    course.pages += [load_lesson(path, md, course.problems) for path in paths]


def course_slugs(lessons_dir: Path) -> list[str]:
    """The lesson slugs in course order, as `lessons_dir/index.yml` lists them.

    Args:
        lessons_dir: the lessons folder (holding index.yml).
    Raises:
        ValueError: the index is missing or is not a list of slugs (the problems, one a line).
    """
    problems: list[Problem] = []
    slugs = [slug for slug, _ in _read_index(lessons_dir, problems)]
    if problems:
        raise ValueError("\n".join(str(problem) for problem in problems))
    return slugs


def _read_index(lessons_dir: Path, problems: list[Problem]) -> list[tuple[str, int | None]]:
    """Return (slug, line) pairs in course order."""
    path = lessons_dir / INDEX_FILE
    if not path.is_file():
        problems.append(
            Problem(path, None, "The lesson index is missing.", "Create it with a 'lessons:' list of lesson slugs.")
        )
        return []
    text = path.read_text(encoding="utf-8")
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        line = error.problem_mark.line + 1 if getattr(error, "problem_mark", None) else None
        problems.append(Problem(path, line, f"This is not valid YAML ({_yaml_reason(error)}).", "Fix the YAML syntax."))
        return []
    if not isinstance(data, dict) or not isinstance(data.get("lessons"), list):
        problems.append(
            Problem(
                path,
                1,
                "The index must be a mapping with a 'lessons' list.",
                "Write 'lessons:' followed by '  - slug' lines.",
            )
        )
        return []
    lines = _entry_lines(text)
    entries = []
    seen: dict[str, int | None] = {}
    for position, slug in enumerate(data["lessons"]):
        line = lines[position] if position < len(lines) else None
        if not isinstance(slug, str):
            problems.append(
                Problem(
                    path,
                    line,
                    f"Index entry {slug!r} is not a lesson slug.",
                    "Write the lesson's file name without '.md'.",
                )
            )
            continue
        if slug in seen:
            problems.append(
                Problem(path, line, f"Lesson '{slug}' is listed twice (first on line {seen[slug]}).", "Keep one entry.")
            )
            continue
        seen[slug] = line
        entries.append((slug, line))
    return entries


def _entry_lines(text: str) -> list[int]:
    """Line numbers of the `- slug` entries, in order (YAML loses them)."""
    return [number for number, line in enumerate(text.splitlines(), start=1) if line.lstrip().startswith("- ")]


def read_check_file(declared: DeclaredCheck, lesson_path: Path, report) -> None:
    """Read the Python of a ```check block with `file=PATH` (relative to the lesson's folder, a
    `.py` file inside it) into `declared`; report a missing or misplaced file or a body beside it."""
    if declared.file is None:
        return
    folder = lesson_path.parent.resolve()
    source = (folder / declared.file).resolve()
    if declared.code.strip():
        report(
            declared.line,
            f"This check has both file={declared.file} and code of its own.",
            "Keep the check's code in one place: in the file, with an empty block, or in the block, without file=.",
        )
        return
    if source.suffix != ".py" or not source.is_relative_to(folder):
        report(
            declared.line,
            f"The check file '{declared.file}' is not a .py file in the lesson's folder.",
            "Name a Python file beside the lesson, e.g. file=checks/SLUG/EXERCISE-ID.py.",
        )
        return
    if not source.is_file():
        report(
            declared.line,
            f"There is no check file '{declared.file}' beside this lesson.",
            f"Create {declared.file} (relative to the lesson's folder) or fix the file= path.",
        )
        return
    declared.code = source.read_text(encoding="utf-8").rstrip("\n")
    declared.source = source


def read_shared_module(declared: DeclaredCheck, lesson_path: Path, report) -> None:
    """When the check's code imports the course's shared check module (`from common import …`),
    read that file (SHARED_CHECK_FILE, relative to the lesson's folder) into `declared`, to ship
    with it; report it missing."""
    if SHARED_CHECK_MODULE not in _imported_modules(declared.code):
        return
    path = lesson_path.parent.resolve() / SHARED_CHECK_FILE
    if not path.is_file():
        report(
            declared.line,
            f"This check imports {SHARED_CHECK_MODULE}, but there is no {SHARED_CHECK_FILE} beside this lesson.",
            f"Create {SHARED_CHECK_FILE} (relative to the lesson's folder) or define what the check imports in it.",
        )
        return
    declared.modules[SHARED_CHECK_MODULE] = path.read_text(encoding="utf-8")
    declared.module_files[SHARED_CHECK_MODULE] = path


def _imported_modules(code: str) -> set[str]:
    """The top-level modules `code` imports by absolute name (none when it does not compile:
    the build reports that)."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return set()
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.partition(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.partition(".")[0])
    return names


def load_lesson(path: Path, md: MarkdownIt, problems: list[Problem]) -> Lesson:
    """Parse one lesson file into a Lesson record."""
    text = path.read_text(encoding="utf-8")
    tokens = md.parse(text)
    front_matter, fm_line = _front_matter(path, tokens, problems)
    cells: list[CodeCell] = []
    quizzes: list[Quiz] = []
    predictions: list[Quiz] = []
    attachments: list[Attachment] = []
    shown_outputs: list[ShownOutput] = []
    own_checks: list[DeclaredCheck] = []
    playgrounds: list[Playground] = []
    report = lambda line, message, fix: problems.append(Problem(path, line, message, fix))  # noqa: E731
    for position, token in enumerate(tokens):
        if token.type != "fence":
            continue
        kind, options = _fence_options(path, token, problems)
        line = token.map[0] + 1
        _check_fence_kind(path, line, kind, problems)
        if kind == "python":
            cell = CodeCell(line=line, code=token.content.rstrip("\n"), options=options)
            token.meta["block"] = cell
            cells.append(cell)
        elif kind in ("quiz", PREDICT_KIND):
            before = len(problems)
            body = _quiz_yaml(path, token, problems)
            quiz = Quiz(line=line, options=options, body=body, yaml_failed=len(problems) > before, kind=kind)
            token.meta["block"] = quiz
            (predictions if kind == PREDICT_KIND else quizzes).append(quiz)
        elif kind in ATTACHMENT_KINDS:
            attachment = Attachment(kind, line, options, token.content.rstrip("\n"))
            token.meta["block"] = attachment
            attachments.append(attachment)
        elif kind == CHECK_KIND:
            declared = DeclaredCheck(line, options, token.content.rstrip("\n"))
            read_check_file(declared, path, report)
            read_shared_module(declared, path, report)
            token.meta["block"] = declared
            own_checks.append(declared)
        elif kind == PLAYGROUND_KIND:
            playground = Playground(line, options, token.content)
            fill_playground(playground, report)
            token.meta["block"] = playground
            playgrounds.append(playground)
        elif kind == OUTPUT_KIND:
            shown = ShownOutput(line, options, token.content, _code_block_before(tokens, position))
            if shown.follows is not None and shown.follows.shown_output is None:
                shown.follows.shown_output = shown
            token.meta["block"] = shown
            shown_outputs.append(shown)
    number_cells(cells)
    lesson = Lesson(
        path.stem,
        path,
        front_matter,
        fm_line,
        tokens,
        cells,
        quizzes,
        attachments,
        shown_outputs,
        predictions,
        own_checks,
        playgrounds,
    )
    complete_lesson(lesson, problems)
    return lesson


def _code_block_before(tokens: list[Token], position: int) -> CodeCell | None:
    """The code cell whose fence comes right before this token, with nothing in between."""
    if position == 0 or tokens[position - 1].type != "fence":
        return None
    block = tokens[position - 1].meta.get("block")
    return block if isinstance(block, CodeCell) else None


BLOCK_KINDS = ("python", "quiz", PREDICT_KIND, *ATTACHMENT_KINDS, OUTPUT_KIND, CHECK_KIND, PLAYGROUND_KIND)


def _check_fence_kind(path: Path, line: int, kind: str, problems: list[Problem]) -> None:
    """Catch misspelt block names (```pyhton, ```Python, ```quizz), which would turn silently
    into plain code blocks."""
    if kind in BLOCK_KINDS or not kind:
        return
    close = difflib.get_close_matches(kind.lower(), BLOCK_KINDS, n=1, cutoff=0.75)
    if close:
        problems.append(
            Problem(
                path,
                line,
                f"'```{kind}' is not a block name.",
                f"Write '```{close[0]}' (or use a language such as 'text' for a plain code block).",
            )
        )


def number_cells(cells: list[CodeCell]) -> None:
    """Number the cells a reader sees (hidden and static ones are not counted)."""
    number = 0
    for cell in cells:
        if not cell.hidden and not cell.static:
            number += 1
            cell.number = number


def _front_matter(path: Path, tokens: list[Token], problems: list[Problem]) -> tuple[dict, int]:
    if not tokens or tokens[0].type != "front_matter":
        problems.append(
            Problem(
                path,
                1,
                "The lesson has no front matter.",
                "Start the file with '---', 'title: …', 'summary: …', '---'.",
            )
        )
        return {}, 1
    token = tokens[0]
    try:
        data = yaml.safe_load(token.content) or {}
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = 2 + mark.line if mark else 1
        problems.append(
            Problem(
                path,
                line,
                f"The front matter is not valid YAML ({_yaml_reason(error)}).",
                "Fix the YAML between the '---' lines.",
            )
        )
        return {}, 1
    if not isinstance(data, dict):
        problems.append(
            Problem(path, 2, "The front matter must be 'key: value' lines.", "Write 'title: …' and 'summary: …'.")
        )
        return {}, 1
    return data, 1


def _fence_options(path: Path, token: Token, problems: list[Problem]) -> tuple[str, dict[str, str | bool]]:
    """Split a fence info string like `python id=x label="a b" hidden` into kind and options."""
    line = token.map[0] + 1
    try:
        words = shlex.split(token.info)
    except ValueError as error:
        problems.append(
            Problem(
                path,
                line,
                f"The fence options cannot be read ({error}).",
                "Close every quote in the options after ``` .",
            )
        )
        return "", {}
    if not words:
        return "", {}
    kind, options = words[0], {}
    for word in words[1:]:
        key, has_value, value = word.partition("=")
        if key in options:
            problems.append(Problem(path, line, f"Option '{key}' is given twice.", "Keep one of them."))
        options[key] = value if has_value else True
    return kind, options


def _quiz_yaml(path: Path, token: Token, problems: list[Problem]) -> object:
    try:
        return yaml.safe_load(token.content)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = token.map[0] + 2 + mark.line if mark else token.map[0] + 1
        noun = "prediction" if token.info.split()[:1] == [PREDICT_KIND] else "quiz"
        problems.append(
            Problem(
                path,
                line,
                f"The {noun} is not valid YAML ({_yaml_reason(error)}).",
                "Fix the YAML; quote option text that contains ': ' or starts with a symbol.",
            )
        )
        return None


def _yaml_reason(error: yaml.YAMLError) -> str:
    return str(getattr(error, "problem", None) or error).strip()
