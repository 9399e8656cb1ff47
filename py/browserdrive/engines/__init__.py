"""Drive a lesson page the same way in Chromium, Firefox and WebKit.

One small surface over three drivers, so one test body (or the bench) runs in every engine:
Playwright for Chromium, WebDriver BiDi for Debian's stock Firefox (no geckodriver), classic
WebDriver through Selenium and `WebKitWebDriver` for WebKitGTK (under an Xvfb it starts itself).

    from browserdrive.engines import launch, by_role, by_hook
    with launch("firefox") as browser:
        page = browser.new_page()
        page.goto(url)
        page.wait_for("document.querySelector('[data-runtime-status]').dataset.runtimeStatus === 'ready'")
        page.click(by_role("button", "Run", within='[data-cell="first"]'))

Nothing here imports pytest: `missing(engine)` says what to install, and callers decide whether
that skips or fails. The lesson page's contract over any engine is in `browserdrive.engines.lesson`.
"""

from __future__ import annotations

from .base import Browser, EngineError, Page, Target, by_hook, by_role
from .install import ENGINES, missing

__all__ = ["ENGINES", "Browser", "EngineError", "Page", "Target", "by_hook", "by_role", "launch", "missing"]


def launch(engine: str) -> Browser:
    """Start `engine` ("chromium", "firefox" or "webkit") headless; close it with `.close()`
    or use it as a context manager. Raises EngineError when the engine is not installed."""
    problem = missing(engine)
    if problem:
        raise EngineError(problem)
    if engine == "chromium":
        from .chromium import ChromiumBrowser

        return ChromiumBrowser()
    if engine == "firefox":
        from .firefox import FirefoxBrowser

        return FirefoxBrowser()
    if engine == "webkit":
        from .webkit import WebKitBrowser

        return WebKitBrowser()
    raise EngineError(f"unknown engine {engine!r}: choose one of {', '.join(ENGINES)}")
