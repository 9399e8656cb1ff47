"""MkDocs plugin: `plugins: [rankcells]` in mkdocs.yml makes every code block with the class
`runnable` a live cell (with the attr_list extension: ```` ```{.python .runnable} ````).

The runtime is copied into the site's `rankcells/` folder after the build, and every page loads
its embed script from there (a module script), so the cells need nothing but the documentation's
own host. `time_limit` (seconds one cell may run; none by default) sets a limit:

    plugins:
      - rankcells:
          time_limit: 10
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.config import config_options
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.utils import get_relative_url

from . import EMBED_SCRIPT, RUNTIME_DIR, check_time_limit, copy_runtime


class RankCellsConfig(Config):
    time_limit = config_options.Optional(config_options.Type((int, float)))


class RankCellsPlugin(BasePlugin[RankCellsConfig]):
    """Adds the embed script to every page and the runtime to the built site."""

    def on_config(self, config):
        try:
            check_time_limit(self.config.time_limit)
        except ValueError as error:
            raise PluginError(f"rankcells: {error}") from None
        return config

    def on_post_page(self, output: str, page, config) -> str:
        """`output` (a page's HTML) with the embed script before its `</body>`."""
        src = get_relative_url(f"{RUNTIME_DIR}/{EMBED_SCRIPT}", page.url)
        tag = f'<script type="module" src="{src}"></script>'
        head, found, tail = output.rpartition("</body>")
        return f"{head}{tag}\n{found}{tail}" if found else f"{output}\n{tag}"

    def on_post_build(self, config) -> None:
        copy_runtime(Path(config["site_dir"]) / RUNTIME_DIR, self.config.time_limit)
