"""How the browser tests (tests/browser) and the benches (bench/) drive browsers, in one place.

- `browserdrive.find_chromium`: an installed Chromium, else Playwright's own, and the flags to
  launch it headless (run as a script, it prints the executable, for the Makefile).
- `browserdrive.engines`: one small surface over Chromium (Playwright), Firefox (WebDriver BiDi)
  and WebKitGTK (WebDriver), and a lesson page's contract over any of them.
- `browserdrive.serving`: serve a folder on a free port, with the course's server or a plain one.
- `browserdrive.layout_shift`: the scripts that measure how much a page moves (Chromium).
- `browserdrive.docsenv`: a Python with the rankcells wheel, to build documentation with it.

The repository's root and `py/` must be on `sys.path` (pytest's `pythonpath` in pyproject.toml;
the benches' `bench/lib`).
"""
