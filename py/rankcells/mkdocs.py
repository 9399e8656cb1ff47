"""MkDocs plugin: `plugins: [rankcells]` in mkdocs.yml makes every code block with the class
`runnable` a live cell (with the attr_list extension: ```` ```{.python .runnable} ````).

The runtime is copied into the site's `rankcells/` folder after the build, and every page loads
its embed script from there (a module script), so the cells need nothing but the documentation's
own host. `time_limit` (seconds one cell may run; none by default) sets a limit:

    plugins:
      - rankcells:
          time_limit: 10
          offline: true   # the offline service worker at the site's root (write_service_worker)

A fence ```` ```rank-playground id=ID ```` with a YAML body (a lesson's playground block:
lessons/README.md, "Rank playground") draws a rank playground (rankcells/playground.py).

A runnable fence the cells cannot use (not Python, or one the page does not show as a code block:
a fence inside a list, quote or admonition without pymdownx.superfences), and each mistake of a
playground, is noted as `FILE:LINE: what is wrong and what to change` (FILE the page's source,
in the docs folder); once every page is read, the build stops with one PluginError listing them
all, page by page in line order.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

from mkdocs.config import config_options
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.utils import get_relative_url

from . import EMBED_SCRIPT, RUNTIME_DIR, SERVICE_WORKER, check_time_limit, copy_runtime, write_service_worker
from .blocks import RUNNABLE, is_python, language_problem
from .fences import Fence, find_fences
from .playground import PlaygroundError, render_playground

PLAYGROUND_FENCE = "rank-playground"


class RankCellsConfig(Config):
    time_limit = config_options.Optional(config_options.Type((int, float)))
    offline = config_options.Type(bool, default=False)


class RankCellsPlugin(BasePlugin[RankCellsConfig]):
    """Adds the embed script to every page and the runtime to the built site."""

    def __init__(self):
        super().__init__()
        self._runnable: dict[str, list] = {}  # a page's source path: its runnable fences
        self._problems: dict[str, list[tuple[int, str]]] = {}  # a page's source path: (line, text)

    def on_pre_build(self, config) -> None:
        self._problems = {}

    def on_config(self, config):
        try:
            check_time_limit(self.config.time_limit)
        except ValueError as error:
            raise PluginError(f"rankcells: {error}") from None
        return config

    def on_page_markdown(self, markdown: str, page, config, files) -> str:
        """Note a runnable fence that is not Python, and note the others (to find them on the
        page); write each rank-playground fence as its playground's HTML (nothing, its mistakes
        noted, when it has some)."""
        path = page.file.src_path
        self._runnable[path] = []
        self._problems[path] = []
        lines = markdown.split("\n")
        for fence in reversed(find_fences(markdown)):  # from the end: a replacement moves no fence
            if fence.info.split(" ", 1)[0] == PLAYGROUND_FENCE:
                try:
                    markup = _playground_html(fence)
                except PlaygroundError as error:
                    self._problems[path].extend(error.problems)
                    markup = ""
                lines[fence.line - 1 : fence.end] = ["", markup, ""]
            elif RUNNABLE in fence.classes:
                if fence.is_python:
                    self._runnable[path].insert(0, fence)
                else:
                    self._problems[path].append((fence.line, _fence_language_problem(fence)))
        return "\n".join(lines)

    def on_page_content(self, html: str, page, config, files) -> str:
        """Note a runnable fence whose code is in no runnable element of the page's HTML."""
        shown = _runnable_texts(html)
        for fence in self._runnable.pop(page.file.src_path, []):
            if not any(fence.code.strip() in text for text in shown):
                self._problems.setdefault(page.file.src_path, []).append(
                    (
                        fence.line,
                        "this runnable block is not a code block on the page, so no cell can reach it "
                        "(a fence inside a list, quote or admonition needs the pymdownx.superfences "
                        "extension): move the fence out to the start of a line",
                    )
                )
        return html

    def on_env(self, env, config, files):
        """Stop the build, once every page is read, when a page has a problem: one PluginError
        with a line `FILE:LINE: text` for each, page by page in line order."""
        report = [
            f"{path}:{line}: {text}"
            for path, problems in self._problems.items()
            for line, text in sorted(problems, key=lambda problem: problem[0])
        ]
        if report:
            raise PluginError("\n".join(report))
        return env

    def on_post_page(self, output: str, page, config) -> str:
        """`output` (a page's HTML) with the embed script before its `</body>`."""
        src = get_relative_url(f"{RUNTIME_DIR}/{EMBED_SCRIPT}", page.url)
        tag = f'<script type="module" src="{src}"></script>'
        head, found, tail = output.rpartition("</body>")
        return f"{head}{tag}\n{found}{tail}" if found else f"{output}\n{tag}"

    def on_post_build(self, config) -> None:
        worker = f"../{SERVICE_WORKER}" if self.config.offline else None  # from the runtime to the root
        copy_runtime(Path(config["site_dir"]) / RUNTIME_DIR, self.config.time_limit, worker)
        # Off: a worker that retires one an earlier build installed.
        write_service_worker(Path(config["site_dir"]), f"{RUNTIME_DIR}/" if self.config.offline else None)


def _fence_language_problem(fence: Fence) -> str:
    """The error line for a runnable fence that is not Python. Python-Markdown (and
    pymdownx.superfences) takes a fence's first class as its language, so `.python` after
    `.runnable` makes no Python block: that one is told to put `.python` first."""
    if fence.language is None and any(is_python(name) for name in fence.classes[1:]):
        return (
            "a fence's first class is its language, and this one starts with '.runnable': "
            "put the language first, as in ```{.python .runnable}"
        )
    return language_problem(fence.language)


def _playground_html(fence: Fence) -> str:
    """The HTML of a ```rank-playground id=ID fence.

    Raises PlaygroundError with each mistake's line: a fence that is indented (in a list or quote,
    where Markdown would not keep the HTML), an option other than id, a mistake in the body.
    """
    if fence.indent:
        raise PlaygroundError(
            [
                (
                    fence.line,
                    "a rank playground must start at the beginning of a line, "
                    "outside any list, quote or admonition: move the fence out",
                )
            ]
        )
    options = fence.info.split()[1:]
    ids = [option.removeprefix("id=") for option in options if option.startswith("id=")]
    unknown = [option for option in options if not option.startswith("id=")]
    if unknown or len(ids) > 1:
        raise PlaygroundError([(fence.line, f"write only id=… after ```{PLAYGROUND_FENCE}, not {' '.join(options)!r}")])
    return render_playground(ids[0] if ids else None, fence.code, fence.line, fence.line + 1)


class _RunnableText(HTMLParser):
    """Collects the text of each element with the class `runnable` (as the embed script reads it)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.open: list[list] = []  # [tag, depth of same-named tags, text] of the runnable elements
        self.texts: list[str] = []

    def handle_starttag(self, tag, attrs):
        for entry in self.open:
            entry[1] += entry[0] == tag
        classes = (dict(attrs).get("class") or "").split()
        if RUNNABLE in classes or "data-runnable" in dict(attrs):
            self.open.append([tag, 0, []])

    def handle_endtag(self, tag):
        for entry in list(self.open):
            if entry[0] == tag:
                if entry[1] == 0:
                    self.open.remove(entry)
                    self.texts.append("".join(entry[2]))
                else:
                    entry[1] -= 1

    def handle_data(self, data):
        for entry in self.open:
            entry[2].append(data)


def _runnable_texts(html: str) -> list[str]:
    """The text of every runnable element of `html`."""
    parser = _RunnableText()
    parser.feed(html)
    parser.close()
    return parser.texts + ["".join(entry[2]) for entry in parser.open]
