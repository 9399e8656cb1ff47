"""MkDocs plugin: `plugins: [rankcells]` in mkdocs.yml makes every code block with the class
`runnable` a live cell (with the attr_list extension: ```` ```{.python .runnable} ````).

The runtime is copied into the site's `rankcells/` folder after the build, and every page loads
its embed script from there (a module script), so the cells need nothing but the documentation's
own host. `time_limit` (seconds one cell may run; none by default) sets a limit:

    plugins:
      - rankcells:
          time_limit: 10

A runnable fence the cells cannot use (not Python, or one the page does not show as a code block:
a fence inside a list, quote or admonition without pymdownx.superfences) stops the build with a
PluginError naming the page's source file and the fence's line.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

from mkdocs.config import config_options
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.utils import get_relative_url

from . import EMBED_SCRIPT, RUNTIME_DIR, check_time_limit, copy_runtime
from .blocks import RUNNABLE, language_problem
from .fences import find_fences


class RankCellsConfig(Config):
    time_limit = config_options.Optional(config_options.Type((int, float)))


class RankCellsPlugin(BasePlugin[RankCellsConfig]):
    """Adds the embed script to every page and the runtime to the built site."""

    def __init__(self):
        super().__init__()
        self._runnable: dict[str, list] = {}  # a page's source path: its runnable fences

    def on_config(self, config):
        try:
            check_time_limit(self.config.time_limit)
        except ValueError as error:
            raise PluginError(f"rankcells: {error}") from None
        return config

    def on_page_markdown(self, markdown: str, page, config, files) -> str:
        """Refuse a runnable fence that is not Python; note the others, to find them on the page."""
        self._runnable[page.file.src_path] = []
        for fence in find_fences(markdown):
            if RUNNABLE not in fence.classes:
                continue
            if not fence.is_python:
                raise PluginError(f"{page.file.src_path}:{fence.line}: {language_problem(fence.language)}")
            self._runnable[page.file.src_path].append(fence)
        return markdown

    def on_page_content(self, html: str, page, config, files) -> str:
        """Refuse a runnable fence whose code is in no runnable element of the page's HTML."""
        shown = _runnable_texts(html)
        for fence in self._runnable.pop(page.file.src_path, []):
            if not any(fence.code.strip() in text for text in shown):
                raise PluginError(
                    f"{page.file.src_path}:{fence.line}: this runnable block is not a code block on the page, "
                    "so no cell can reach it (a fence inside a list, quote or admonition needs the "
                    "pymdownx.superfences extension): move the fence out to the start of a line"
                )
        return html

    def on_post_page(self, output: str, page, config) -> str:
        """`output` (a page's HTML) with the embed script before its `</body>`."""
        src = get_relative_url(f"{RUNTIME_DIR}/{EMBED_SCRIPT}", page.url)
        tag = f'<script type="module" src="{src}"></script>'
        head, found, tail = output.rpartition("</body>")
        return f"{head}{tag}\n{found}{tail}" if found else f"{output}\n{tag}"

    def on_post_build(self, config) -> None:
        copy_runtime(Path(config["site_dir"]) / RUNTIME_DIR, self.config.time_limit)


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
