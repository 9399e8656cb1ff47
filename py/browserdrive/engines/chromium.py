"""Chromium through Playwright, behind the same surface as the other engines (the existing
Chromium tests use Playwright directly)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

from ..find_chromium import LAUNCH_ARGS, find_chromium

from .base import Browser, EngineError, Page, Target, is_function


class ChromiumBrowser(Browser):
    engine = "chromium"

    def __init__(self):
        self._playwright = sync_playwright().start()
        self._browser = self._playwright.chromium.launch(executable_path=find_chromium(), args=LAUNCH_ARGS)

    def new_page(self) -> ChromiumPage:
        return ChromiumPage(self._browser.new_context())

    def version(self) -> str:
        return f"Chromium {self._browser.version}"

    def alive(self) -> bool:
        return self._browser.is_connected()

    def close(self) -> None:
        self._browser.close()
        self._playwright.stop()


class ChromiumPage(Page):
    engine = "chromium"

    def __init__(self, context):
        self._context = context
        self.page = context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def reload(self) -> None:
        self.page.reload()

    def evaluate(self, js: str, *args):
        try:
            if is_function(js):
                return self.page.evaluate(f"(args) => ({js})(...args)", list(args))
            return self.page.evaluate(js)
        except PlaywrightError as error:
            raise EngineError(error.message) from None

    def _locator(self, target: Target):
        scope = self.page.locator(target.within).first if target.within else self.page
        if target.role:
            return scope.get_by_role(target.role, name=target.name, exact=True)
        return scope.locator(target.css).first

    def click(self, target: Target, timeout: float = 30.0) -> None:
        self._locator(target).click(timeout=timeout * 1000)

    def type_text(self, text: str) -> None:
        self.page.keyboard.type(text)

    def press(self, keys: str) -> None:
        self.page.keyboard.press(keys)

    def screenshot(self, path) -> None:
        self.page.screenshot(path=str(Path(path)))

    def set_viewport(self, width: int, height: int) -> None:
        self.page.set_viewport_size({"width": width, "height": height})

    def close(self) -> None:
        self._context.close()
