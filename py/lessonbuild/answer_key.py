"""A teacher's answer key of the course: static pages for the screen and for paper.

`build.py --answer-key DIR` writes it. One page per lesson (SLUG.html), so a teacher prints the
lesson they teach, and an index (index.html) that lists them. Each lesson page shows, in the
order of the lesson: each exercise's task (the lesson's text before its cell and its starting
code), hints and solution, each quiz and prediction with its right options marked "Correct" (the
others "Wrong") and the explanation of every option, under the lesson's section headings. On
paper the sections flow one after another; only an item's small parts (an option, a hint, a
heading with what follows it) are kept together.

The key runs no script: it opens from the file system and prints as it shows. It reuses the
site's stylesheet (its print rules included) and the site's static code template, so code is
highlighted as the lessons' static code is; math is KaTeX's HTML, its fonts inside each page.

The key is written whole into a fresh folder beside DIR, then swapped in for it: a failure leaves
an earlier key as it was. DIR must be a folder that is new, empty, or an earlier key (it holds
MARKER), and outside the built site (learners must not get the answers).
"""

from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markdown_it import MarkdownIt
from markupsafe import Markup

from .assets import site_stylesheet
from .highlight import highlight_lines
from .lessonformat import PREDICT_KIND, CodeCell, Course, Lesson, Quiz, load_course, make_markdown
from .mathfonts import FONT_FACE, font_faces, math_fonts
from .output import write_files
from .paths import NODE_MODULES, SITE
from .problems import BuildError
from .render import SITE_TITLE, math_rules, render_all_math, render_inline, render_markdown
from .validate import validate_course

HERE = Path(__file__).resolve().parent
KEY_TEMPLATES = HERE / "templates" / "answer-key"
#: A file in every key: only a folder that holds it (or an empty one) is replaced by a new key.
MARKER = ".answer-key"
MARKER_TEXT = (
    "The answer key of the course, written by build.py --answer-key. The whole folder is replaced on the next run.\n"
)
KATEX = NODE_MODULES / "katex" / "dist"
# The site's own stylesheet, the key's marks and layout, and KaTeX's without its font files
# (each page carries its math's fonts inside it, as the site's pages do).
STYLESHEETS = ("assets/site.css", "assets/answer-key.css", "assets/katex.css")


class AnswerKeyError(Exception):
    """The key cannot be written where asked; the message says why and what to do."""


@dataclass(frozen=True)
class Part:
    """One part of a lesson's key, in the lesson's order.

    kind: "heading" (a section of the lesson), "exercise", "quiz" or "prediction".
    html: the part rendered (a heading's text, or the whole section of an item).
    """

    kind: str
    html: Markup


def write_answer_key(lessons_dir: Path, target: Path, site_dir: Path | None = None) -> Path:
    """Write the answer key of the course in `lessons_dir` into the folder `target`; return it.

    Args:
        lessons_dir: the lessons (index.yml and the lesson files).
        target: the key's folder. It may not exist yet (its parents are made); an earlier key
            there is replaced once the new one is written whole.
        site_dir: the built site's folder (build.py's --out), which `target` must stay out of.
    Raises:
        BuildError: a lesson the build would reject (every problem, with FILE:LINE).
        AnswerKeyError: `target` is a file, lies inside `site_dir`, is a folder that holds
            files and is no earlier key, or cannot be written (the reason is in the message).
            Nothing is changed then.
    """
    target = Path(target)
    _check_target(target, site_dir)
    course = load_course(lessons_dir)
    problems = validate_course(course)
    if problems:
        raise BuildError(problems)
    files = answer_key_files(course)
    _write_whole(files, target)
    return target


def answer_key_files(course: Course) -> dict[str, str | bytes]:
    """{path in the key: content}: index.html, one SLUG.html per lesson, the stylesheets and
    MARKER. Raises BuildError for math KaTeX rejects."""
    md = make_markdown()
    math_html = render_all_math(course, md)
    env = _environment()
    katex_css = (KATEX / "katex.min.css").read_text(encoding="utf-8")
    fonts = {f"fonts/{font.name}": font.read_bytes() for font in (KATEX / "fonts").glob("*.woff2")}
    lessons = course.lessons
    files: dict[str, str | bytes] = {
        "index.html": env.get_template("key-index.html").render(
            lessons=[(lesson, _contents(lesson)) for lesson in lessons]
        ),
        "assets/site.css": site_stylesheet(),
        "assets/answer-key.css": (KEY_TEMPLATES / "answer-key.css").read_bytes(),
        "assets/katex.css": FONT_FACE.sub("", katex_css),
        MARKER: MARKER_TEXT,
    }
    for position, lesson in enumerate(lessons):
        parts = lesson_parts(lesson, md, env, math_html)
        body = "".join(part.html for part in parts)
        files[f"{lesson.slug}.html"] = env.get_template("key-lesson.html").render(
            lesson=lesson,
            parts=parts,
            math_font_faces=Markup(font_faces(math_fonts(body, katex_css), katex_css, fonts)),
            position=position + 1,
            total=len(lessons),
            previous=lessons[position - 1] if position > 0 else None,
            next=lessons[position + 1] if position + 1 < len(lessons) else None,
        )
    return files


def lesson_parts(lesson: Lesson, md: MarkdownIt, env: Environment, math_html: dict) -> list[Part]:
    """The key of one lesson: its exercises, quizzes and predictions in the lesson's order, each
    under the section (## heading) it stands in; sections with none of them are left out. An
    exercise starts with what the lesson asks: the text right before its cell (since the last
    heading or block) and the cell's starting code.

    `math_html`: {(tex, display): KaTeX HTML} with every expression of the lesson (render_all_math).
    """
    cells = {cell.id: cell for cell in lesson.cells if cell.id}
    parts: list[Part] = []
    tokens = lesson.tokens
    prose_start = 0  # where the text since the last heading or block begins
    for position, token in enumerate(tokens):
        if token.type == "heading_open" and token.tag == "h2":
            parts.append(Part("heading", Markup(render_inline(tokens[position + 1].content, md, math_html))))
        block = token.meta.get("block") if token.type == "fence" else None
        if isinstance(block, CodeCell) and block.check and block.solution:
            task = _render_tokens(tokens[prose_start:position], md, math_html)
            parts.append(Part("exercise", _exercise(block, task, md, env, math_html)))
        elif isinstance(block, Quiz):
            kind = "prediction" if block.kind == PREDICT_KIND else "quiz"
            where = _asked_before(cells.get(block.guards)) if kind == "prediction" else None
            parts.append(Part(kind, _quiz(block, kind, where, md, env, math_html)))
        if token.level == 0 and token.type in ("heading_close", "fence", "hr", "front_matter"):
            prose_start = position + 1
    # A heading stays only when an item follows it before the next heading.
    return [
        part
        for position, part in enumerate(parts)
        if part.kind != "heading" or (position + 1 < len(parts) and parts[position + 1].kind != "heading")
    ]


def _asked_before(cell: CodeCell | None) -> str:
    """Where a prediction is asked: before its cell, or its rank playground (not a cell)."""
    if cell is None:
        return "Asked before the rank playground."
    name = cell.accessible_name
    return f"Asked before {name[:1].lower()}{name[1:]}."


def _render_tokens(tokens: list, md: MarkdownIt, math_html: dict) -> Markup:
    """Block tokens of a lesson (its prose) as HTML, their $math$ from `math_html`."""
    with math_rules(md, math_html):
        return Markup(md.renderer.render(tokens, md.options, {}))


def _exercise(cell: CodeCell, task: Markup, md: MarkdownIt, env: Environment, math_html: dict) -> Markup:
    code = env.get_template("static-code.html")
    hints = [Markup(render_markdown(hint.content, md, math_html)) for hint in cell.hints]
    # A line of code each, which wraps under its own indentation on paper (answer-key.css).
    solution = code.render(code_html=Markup(highlight_lines(cell.solution.content)))
    start = code.render(code_html=Markup(highlight_lines(cell.code)))
    return Markup(
        env.get_template("key-exercise.html").render(
            cell=cell, task_html=task, start_html=Markup(start), hints=hints, solution_html=Markup(solution)
        )
    )


def _quiz(quiz: Quiz, kind: str, where: str | None, md: MarkdownIt, env: Environment, math_html: dict) -> Markup:
    inline = lambda text: Markup(render_inline(text, md, math_html))  # noqa: E731
    options = [
        {"correct": option.correct, "answer_html": inline(option.answer), "explain_html": inline(option.explain)}
        for option in quiz.choices
    ]
    return Markup(
        env.get_template("key-quiz.html").render(
            quiz=quiz, kind=kind, where=where, question_html=inline(quiz.question), options=options
        )
    )


def _contents(lesson: Lesson) -> str:
    """What a lesson's key holds, in words: "2 exercises, 1 quiz, 1 prediction"."""
    exercises = sum(1 for cell in lesson.cells if cell.check and cell.solution)
    counts = [(exercises, "exercise", "exercises"), (len(lesson.quizzes), "quiz", "quizzes")]
    counts.append((len(lesson.predictions), "prediction", "predictions"))
    return ", ".join(f"{count} {one if count == 1 else many}" for count, one, many in counts if count)


def _environment() -> Environment:
    """The key's own templates first, then the site's (static-code.html)."""
    env = Environment(
        loader=FileSystemLoader([KEY_TEMPLATES, SITE / "templates"]),
        autoescape=select_autoescape(["html"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals.update(site_title=SITE_TITLE, stylesheets=STYLESHEETS)
    return env


def _check_target(target: Path, site_dir: Path | None) -> None:
    """Raise AnswerKeyError when `target` cannot take the key (see write_answer_key)."""
    if site_dir is not None:
        site = site_dir.resolve()
        if target.resolve().is_relative_to(site):
            raise AnswerKeyError(
                f"{target} is inside the site's folder {site_dir}, where learners would find the answers "
                "(and the next build would remove it). Choose a folder outside it."
            )
    if target.exists() and not target.is_dir():
        raise AnswerKeyError(f"{target} is a file, not a folder. Choose a new folder for the answer key.")
    if target.is_dir() and any(target.iterdir()) and not (target / MARKER).is_file():
        raise AnswerKeyError(
            f"{target} holds files and is not an earlier answer key, so it is not replaced. "
            "Choose a new or empty folder."
        )
    for folder in target.parents:
        if folder.exists():
            if not folder.is_dir():
                raise AnswerKeyError(f"{folder} is a file, so {target} cannot be made. Choose another folder.")
            break


def _write_whole(files: dict[str, str | bytes], target: Path) -> None:
    """Write `files` into a fresh folder beside `target`, then put it in `target`'s place (an
    earlier key is removed only then). Raises AnswerKeyError when a file cannot be written."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fresh = Path(tempfile.mkdtemp(prefix=f".{target.name}.new-", dir=target.parent))
    except OSError as error:
        raise AnswerKeyError(f"Cannot make a folder beside {target}: {error.strerror or error}.") from None
    try:
        write_files(fresh, files)
        fresh.chmod(0o755)  # mkdtemp makes it private; the key is shared like any folder
        old = target.with_name(f"{fresh.name}.old") if target.exists() else None
        if old is not None:
            target.rename(old)
        try:
            fresh.rename(target)
        except OSError:
            if old is not None:
                old.rename(target)  # the earlier key back in its place
            raise
    except OSError as error:
        shutil.rmtree(fresh, ignore_errors=True)
        raise AnswerKeyError(f"Cannot write the answer key into {target}: {error.strerror or error}.") from None
    except BaseException:
        shutil.rmtree(fresh, ignore_errors=True)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
