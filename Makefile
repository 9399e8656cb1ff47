# Two entry points do all set-up on a fresh machine (Python 3.11+, Node 20+):
#   make serve   build the site and serve it on http://localhost:8000/, rebuilt and reloaded on every save
#   make test    run every test (Python units, build, Pyodide under Node, Chromium, Firefox, WebKit)
# For authors and contributors (CONTRIBUTING.md):
#   make lesson SLUG=my-topic TITLE="My topic"   start a new lesson from the template (lessons/README.md)
#   make docs-package   the rankcells wheel: live cells in Sphinx and MkDocs (README.md)
#   make unit    only the tests that need neither a browser nor Pyodide (Python, and the pages'
#                JavaScript under Node): a couple of minutes at most
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
LESSONS ?= lessons

.PHONY: serve build test unit lint format lesson setup browser bench clean docs-package

serve: setup
	$(PY) build.py --serve --port $(PORT)

build: setup
	$(PY) build.py

# Two workers (pytest-xdist), each test file on one of them: the browser tests spend much of
# their time waiting on pages, so two share two cores well. TEST_WORKERS=0 runs in one process.
TEST_WORKERS ?= 2

test: setup browser
	$(PY) -m pytest -n $(TEST_WORKERS) --dist loadfile $(PYTEST_ARGS)

# The markers are set by directory and fixture use (tests/conftest.py). The JavaScript unit tests
# run here directly; in `make test`, tests/site/test_site_js.py runs them.
unit: setup
	node --test tests/site/js/
	$(PY) -m pytest -n auto -m "not browser and not pyodide" --ignore=tests/browser --deselect tests/site/test_site_js.py $(PYTEST_ARGS)

# Python: ruff (lint rules and format in pyproject.toml); JavaScript: Biome (biome.json).
lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	npx --no-install biome check .

format: setup
	$(VENV)/bin/ruff format .
	npx --no-install biome check --write .

# Writes $(LESSONS)/$(SLUG).md from the template and lists it last in $(LESSONS)/index.yml.
lesson: setup
	@if [ -z "$(SLUG)" ] || [ -z "$(TITLE)" ]; then \
	  echo 'Usage: make lesson SLUG=my-topic TITLE="My topic"'; exit 2; fi
	PYTHONPATH=py $(PY) -m lessonbuild.new_lesson "$(SLUG)" "$(TITLE)" --lessons "$(LESSONS)"

# Re-run set-up only when the dependency lists change.
setup: $(VENV)/.installed node_modules/.package-lock.json

$(VENV)/.installed: requirements.txt requirements-test.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-test.txt
	touch $@

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

# Browser tests use an installed Chromium when there is one, else Playwright's own. Firefox and
# WebKit come from Debian only (firefox-esr; webkit2gtk-driver, run under xvfb): without root or
# apt their tests skip, saying what to install (under CI=true they fail instead).
OTHER_BROWSERS := firefox-esr:firefox-esr WebKitWebDriver:webkit2gtk-driver Xvfb:xvfb

browser: $(VENV)/.installed
	@packages=""; \
	PYTHONPATH=py $(PY) -m browserdrive.find_chromium >/dev/null 2>&1 || packages=" chromium"; \
	for pair in $(OTHER_BROWSERS); do \
	  command -v $${pair%%:*} >/dev/null || packages="$$packages $${pair#*:}"; done; \
	if [ -n "$$packages" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "Installing Debian's$$packages"; \
	    apt-get update -qq && apt-get install -y -qq $$packages >/dev/null; \
	  else \
	    case "$$packages" in " chromium"*) $(PY) -m playwright install chromium;; esac; \
	    echo "Not installed (needs root and apt):$$packages; their browser tests will be skipped."; \
	  fi; fi

# The rankcells wheel (live cells in Sphinx and MkDocs: README.md) from the built site, into
# build-docs-package/dist/.
docs-package: build
	PYTHONPATH=py $(PY) -m lessonbuild.docspackage --site dist --out build-docs-package

bench: setup
	$(PY) bench/metrics_speed.py

clean:
	rm -rf dist dist.* build-docs-package $(VENV) node_modules
