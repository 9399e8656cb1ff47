"""Which engines this machine has, and what to install for a missing one."""

from __future__ import annotations

import shutil

ENGINES = ("chromium", "firefox", "webkit")

# Debian's packages, as the Makefile's `browser` target installs them.
FIREFOX = "firefox-esr"
WEBKIT_DRIVER = "WebKitWebDriver"
XVFB = "Xvfb"
HOW_TO_INSTALL = {
    "chromium": "install Debian's chromium (apt-get install chromium) or run 'python -m playwright install chromium'",
    "firefox": "install Debian's firefox-esr (apt-get install firefox-esr), or run 'make browser' as root",
    "webkit": "install Debian's webkit2gtk-driver and xvfb (apt-get install webkit2gtk-driver xvfb), "
    "or run 'make browser' as root",
}


def missing(engine: str) -> str | None:
    """None when `engine` can be driven here, else a sentence naming what to install."""
    if engine == "chromium":
        from ..find_chromium import find_chromium

        found = find_chromium() is not None
    elif engine == "firefox":
        found = shutil.which(FIREFOX) is not None
    elif engine == "webkit":
        found = shutil.which(WEBKIT_DRIVER) is not None and shutil.which(XVFB) is not None
    else:
        return f"unknown engine {engine!r}"
    return None if found else f"No {engine} here: {HOW_TO_INSTALL[engine]}."
