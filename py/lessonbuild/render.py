"""Turn validated lessons into HTML pages: prose and math, cells, quizzes, the index.

Everything here is pure: it returns {relative path: html} and touches no disk except reading
templates. Math goes to KaTeX in one batch per build.
"""

from __future__ import annotations

import hashlib
import json
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markdown_it import MarkdownIt
from markdown_it.token import Token
from markupsafe import Markup, escape

from .highlight import highlight_code, highlight_lines
from .lessonformat import (
    PREDICT_KIND,
    Attachment,
    CodeCell,
    Course,
    DeclaredCheck,
    Lesson,
    Quiz,
    ShownOutput,
    make_markdown,
)
from .mathfonts import font_faces, font_shorthands, math_fonts
from .mathrender import MathError, render_math
from .moves import moved_entries
from .paths import NOT_FOUND_PAGE, SITE_PAGE_TEMPLATES
from .playground import Playground, playground_config
from .problems import BuildError, Problem
from .runtime import lesson_runtime
from .takeaway import SETUP_CELL_ASSET, notebook_outline, takeaway_data
from .testpins import normalise, pinned_versions

SITE_TITLE = "Top-k ranking metrics"
SITE_DESCRIPTION = (
    "Precision@k, recall@k, hit-rate, MRR, MAP and NDCG, explained one idea at a time "
    "and computed from scratch in Python that runs in your browser."
)
MATH_TOKENS = {"math_inline": False, "math_inline_double": True, "math_block": True, "math_block_label": True}


@dataclass(frozen=True)
class PageContext:
    """What every page needs besides its lesson: asset URLs and the runtime's settings."""

    asset: Callable[[str], str]  # "assets/site.css" -> "assets/site.css?v=hash"
    runtime: dict  # JSON for every page's runtime: pyodide path, core wheels, importable packages
    package_wheels: dict[str, list[str]]  # extra package -> its wheel paths in dist/
    lesson_imports: tuple[str, ...] = ()  # the chunks assets/lesson.js imports (modulepreload)
    katex_css: str = ""  # KaTeX's stylesheet: which fonts a page's math needs (mathfonts.py)
    katex_fonts: dict[str, bytes] = field(default_factory=dict)  # "fonts/NAME.woff2" -> the font


def _math_font_faces(body: str, context: PageContext) -> Markup:
    """The @font-face rules that carry the fonts of the math in `body` inside its page."""
    return Markup(font_faces(math_fonts(body, context.katex_css), context.katex_css, context.katex_fonts))


def _math_font_names(body: str, context: PageContext) -> str:
    """The `font` shorthands of the math fonts in `body`, ";"-separated, for math-fonts.js."""
    return ";".join(font_shorthands(math_fonts(body, context.katex_css), context.katex_css))


def render_site(course: Course, templates_dir: Path, context: PageContext) -> dict[str, str]:
    """Render the index, every lesson page, the site's other pages and the page for unknown
    addresses (NOT_FOUND_PAGE). Raises BuildError for math KaTeX rejects."""
    md = make_markdown()
    math_html = render_all_math(course, md)
    env = _environment(templates_dir, context)
    course_data = [
        {
            "slug": lesson.slug,
            "quizzes": {quiz.id: _quiz_hash(quiz) for quiz in lesson.quizzes},
            "exercises": [cell.id for cell in lesson.cells if cell.check],
            "movedFrom": moved_entries(lesson),
        }
        for lesson in course.lessons
    ]
    pages = {
        "index.html": env.get_template("index.html").render(
            lessons=course.lessons, course_data=_script_json(course_data)
        )
    }
    lessons = course.lessons
    for position, lesson in enumerate(lessons):
        body = _render_body(lesson, md, env, math_html)
        pages[f"{lesson.slug}.html"] = env.get_template("lesson.html").render(
            lesson=lesson,
            body=Markup(body),
            math_font_faces=_math_font_faces(body, context),
            math_font_names=_math_font_names(body, context),
            position=position + 1,
            total=len(lessons),
            previous=lessons[position - 1] if position > 0 else None,
            next=lessons[position + 1] if position + 1 < len(lessons) else None,
            lesson_data=_script_json(lesson_data(lesson, context)),
        )
    for page in course.pages:  # the site's other pages (site/pages/*.md: playground, evaluate)
        body = _render_body(page, md, env, math_html)
        template = SITE_PAGE_TEMPLATES.get(page.path, "playground.html")
        pages[f"{page.slug}.html"] = env.get_template(template).render(
            lesson=page,
            body=Markup(body),
            math_font_faces=_math_font_faces(body, context),
            math_font_names=_math_font_names(body, context),
            previous=None,  # no place in the course: the navigation leads only to the index
            next=None,
            lesson_data=_script_json(lesson_data(page, context)),
        )
    pages[NOT_FOUND_PAGE] = env.get_template("404.html").render(lessons=lessons)
    return pages


def lesson_data(lesson: Lesson, context: PageContext) -> dict:
    """The JSON the browser reads instead of Markdown: cells in page order, quiz answers, and
    what the runtime installs (extra packages only on the pages that declare them)."""
    runtime = lesson_runtime(
        context.runtime,
        [w for name in lesson.packages for w in context.package_wheels[name]],
        lesson.packages,
        lesson.front_matter.get("time_limit"),
    )
    playground_ids = {playground.id for playground in lesson.playgrounds}
    return {
        "slug": lesson.slug,
        "title": lesson.title,
        "cells": [
            {
                "id": cell.id,
                "code": cell.code,
                "hidden": cell.hidden,
                "readonly": cell.readonly,
                "name": cell.accessible_name,
                "check": cell.check_name,
                "hash": hashlib.sha256(cell.code.encode()).hexdigest()[:16],  # keys saved edits to this version
                "solution": cell.solution.content if cell.solution else None,
            }
            for cell in lesson.runnable_cells
        ],
        "quizzes": {
            quiz.id: {
                "correct": quiz.correct_indexes,
                "multiple": quiz.multiple,
                "hash": _quiz_hash(quiz),
            }  # a saved answer only fits this version
            for quiz in lesson.quizzes
        },
        "predictions": {
            prediction.id: {
                "cell": prediction.guards,  # the cell, or playground, whose output waits
                "correct": prediction.correct_indexes,
                "hash": _quiz_hash(prediction),
                **({"playground": prediction.guards} if prediction.guards in playground_ids else {}),
            }
            for prediction in lesson.predictions
        },
        "runtime": runtime,
        "notebook": notebook_outline(lesson),
        "movedFrom": moved_entries(lesson),  # saved state to carry over from the blocks' old lessons
        "takeaway": takeaway_data(context.asset(SETUP_CELL_ASSET), runtime["wheels"]),
    }


def _quiz_hash(quiz: Quiz) -> str:
    text = json.dumps([quiz.question, [(o.answer, o.correct) for o in quiz.choices]], ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _environment(templates_dir: Path, context: PageContext) -> Environment:
    env = Environment(
        loader=FileSystemLoader(templates_dir),
        autoescape=select_autoescape(["html"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals.update(
        site_title=SITE_TITLE,
        site_description=SITE_DESCRIPTION,
        asset=context.asset,
        lesson_imports=context.lesson_imports,
    )
    env.filters["lower_first"] = lambda text: text[:1].lower() + text[1:]
    return env


def _render_body(lesson: Lesson, md: MarkdownIt, env: Environment, math_html: dict) -> str:
    renderer = md.renderer
    predicted = {prediction.guards for prediction in lesson.predictions}  # cells whose output waits
    playgrounds = {playground.id: playground for playground in lesson.playgrounds}
    predictions = {prediction.id: prediction for prediction in lesson.predictions}

    def fence_rule(self, tokens, idx, options, _env):
        token = tokens[idx]
        block = token.meta.get("block")
        if isinstance(block, CodeCell):
            return _render_cell(block, md, env, held=block.id in predicted)
        if isinstance(block, (Attachment, ShownOutput, DeclaredCheck)):
            return ""  # shown inside its exercise cell, or under its code block; a check is not shown
        if isinstance(block, Playground):
            prediction = predictions.get(block.prediction)
            prediction_html = _render_quiz(prediction, md, env, math_html) if prediction else ""
            return _render_playground(block, env, prediction_html)
        if isinstance(block, Quiz):
            if block.kind == PREDICT_KIND and block.guards in playgrounds:
                return ""  # shown inside its playground
            return _render_quiz(block, md, env, math_html)
        language = token.info.split()[0] if token.info.strip() else "text"
        return env.get_template("static-code.html").render(code_html=Markup(highlight_code(token.content, language)))

    with math_rules(md, math_html):
        renderer.rules["fence"] = fence_rule.__get__(renderer)
        body_tokens = _hold_prose_after([t for t in lesson.tokens if t.type != "front_matter"], predicted)
        return renderer.render(body_tokens, md.options, {})


@contextmanager
def math_rules(md: MarkdownIt, math_html: dict) -> Iterator[None]:
    """While inside, `md` renders $math$ as the KaTeX HTML of `math_html` ({(tex, display): html},
    from render_all_math); every rule of its renderer is put back afterwards."""
    renderer = md.renderer
    saved = dict(renderer.rules)

    def math_rule(display: bool):
        return lambda self, tokens, idx, options, _env: _math_markup(tokens[idx].content, display, math_html)

    try:
        for token_type, display in MATH_TOKENS.items():
            renderer.rules[token_type] = math_rule(display).__get__(renderer)
        yield
    finally:
        renderer.rules = saved


def render_markdown(text: str, md: MarkdownIt, math_html: dict) -> str:
    """Block Markdown (a hint's text) as HTML, its $math$ from `math_html` (render_all_math)."""
    with math_rules(md, math_html):
        return md.render(text)


def _hold_prose_after(tokens: list[Token], predicted: set[str]) -> list[Token]:
    """Wrap the prose right after each cell a prediction asks about (up to the next heading or
    block) in `<div data-held-prose=CELL data-held="true">`: it explains the output, so the page
    hides it until the learner commits (predict.js). Without scripts it shows."""
    out: list[Token] = []
    holding = False

    def html(text: str) -> Token:
        token = Token("html_block", "", 0)
        token.content = text
        return token

    for token in tokens:
        ends_prose = token.level == 0 and token.type in ("heading_open", "fence", "hr")
        if holding and ends_prose:
            out.append(html("</div>\n"))
            holding = False
        out.append(token)
        block = token.meta.get("block") if token.type == "fence" else None
        if isinstance(block, (CodeCell, Playground)) and block.id in predicted:
            out.append(html(f'<div class="held-prose" data-held-prose="{escape(block.id)}" data-held="true">\n'))
            holding = True
    if holding:
        out.append(html("</div>\n"))
    return out


def _render_cell(cell: CodeCell, md: MarkdownIt, env: Environment, held: bool = False) -> str:
    """A cell's HTML; `held`: a prediction asks first, so its output is held back until then."""
    if cell.hidden:
        return ""  # set-up code runs but is not shown
    if cell.static and cell.cpython:
        pins = pinned_versions()
        libraries = [(name, pins[normalise(name)]) for name in cell.cpython]
        return env.get_template("static-example.html").render(
            code_html=Markup(highlight_code(cell.code)), output=cell.shown_output.text, libraries=libraries
        )
    if cell.static:
        return env.get_template("static-code.html").render(code_html=Markup(highlight_code(cell.code)))
    render_hint = lambda hint: Markup(md.render(hint.content)) if hint else None  # noqa: E731
    solution_html = Markup(highlight_code(cell.solution.content)) if cell.solution else None
    return env.get_template("cell.html").render(
        cell=cell,
        code_html=Markup(highlight_lines(cell.code)),
        hint_html=render_hint(cell.hint),
        second_hint_html=render_hint(cell.second_hint),
        solution_html=solution_html,
        held=held,
    )


def _render_playground(playground: Playground, env: Environment, prediction_html: str) -> str:
    """A playground's container, config and static list; `prediction_html`: its prediction's form."""
    return (
        env.get_template("playground-block.html").render(
            playground=playground,
            config=_script_json(playground_config(playground)),
            prediction_html=Markup(prediction_html),
        )
        + "\n"
    )


def _render_quiz(quiz: Quiz, md: MarkdownIt, env: Environment, math_html: dict) -> str:
    inline = lambda text: Markup(render_inline(text, md, math_html))  # noqa: E731
    options = [
        {"answer_html": inline(option.answer), "explain_html": inline(option.explain)} for option in quiz.choices
    ]
    template = "predict.html" if quiz.kind == PREDICT_KIND else "quiz.html"
    return env.get_template(template).render(quiz=quiz, question_html=inline(quiz.question), options=options)


def render_inline(text: str, md: MarkdownIt, math_html: dict) -> str:
    """Inline Markdown (emphasis, code, $math$) for quiz text, its math from `math_html`
    ({(tex, display): KaTeX HTML}, from render_all_math)."""
    tokens = md.parseInline(text)
    parts = []
    for child in tokens[0].children or []:
        if child.type in MATH_TOKENS:
            parts.append(_math_markup(child.content, MATH_TOKENS[child.type], math_html))
        else:
            parts.append(md.renderer.renderInline([child], md.options, {}))
    return "".join(parts)


def _math_markup(tex: str, display: bool, math_html: dict) -> str:
    html = math_html[(tex.strip(), display)]
    # Focusable, so keyboard users can scroll a formula wider than a phone screen.
    return f'<div class="math-display" tabindex="0">{html}</div>\n' if display else html


def render_all_math(course: Course, md: MarkdownIt) -> dict[tuple[str, bool], str]:
    """Collect every expression of the course (prose, hints, quizzes), render them in one KaTeX
    run: {(tex, display): HTML}. Raises BuildError naming each expression KaTeX rejects."""
    found: dict[tuple[str, bool], tuple[Path, int]] = {}
    for lesson in course.lessons + course.pages:
        for token, line in _math_tokens(lesson, md):
            found.setdefault((token.content.strip(), MATH_TOKENS[token.type]), (lesson.path, line))
    try:
        return render_math(set(found))
    except MathError as error:
        raise BuildError(
            [
                Problem(*found[key], f"KaTeX cannot render ${key[0]}$: {message}", "Fix the TeX.")
                for key, message in error.errors.items()
            ]
        ) from None


def _math_tokens(lesson: Lesson, md: MarkdownIt) -> Iterable[tuple[Token, int]]:
    for token in lesson.tokens:
        line = token.map[0] + 1 if token.map else 1
        if token.type in MATH_TOKENS:
            yield token, line
        for child in token.children or []:
            if child.type in MATH_TOKENS:
                yield child, line
    for attachment in lesson.attachments:
        if attachment.kind == "hint":
            for token in md.parse(attachment.content):
                for child in [token, *(token.children or [])]:
                    if child.type in MATH_TOKENS:
                        yield child, attachment.line
    for quiz in lesson.quizzes + lesson.predictions:
        texts = [quiz.question] + [t for option in quiz.choices for t in (option.answer, option.explain)]
        for text in texts:
            for child in md.parseInline(text)[0].children or []:
                if child.type in MATH_TOKENS:
                    yield child, quiz.line


def _script_json(data: dict) -> Markup:
    """JSON safe inside <script type="application/json">: no '</script>' or '<!--' can form."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return Markup(text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))
