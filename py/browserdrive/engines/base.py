"""What every engine's page offers, and the parts they share: finding an element, a pointer
click at its centre, keys by name, waiting on page state."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass

DEFAULT_TIMEOUT_S = 30.0
POLL_INTERVAL_S = 0.05  # between two looks at the page's state while waiting on it

# WebDriver's key codes (the same in classic WebDriver and BiDi): names as Playwright spells them.
KEYS = {
    "Shift": "\ue008",
    "Control": "\ue009",
    "Alt": "\ue00a",
    "Meta": "\ue03d",
    "Enter": "\ue007",
    "Tab": "\ue004",
    "Escape": "\ue00c",
    "Backspace": "\ue003",
    "Delete": "\ue017",
    "ArrowLeft": "\ue012",
    "ArrowUp": "\ue013",
    "ArrowRight": "\ue014",
    "ArrowDown": "\ue015",
    "Home": "\ue011",
    "End": "\ue010",
    "Space": " ",
}

# Every element matching a CSS selector, looking into open shadow roots too (embedded cells).
DEEP_QUERY = """function deepQueryAll(selector, root) {
  const found = [...root.querySelectorAll(selector)];
  for (const element of root.querySelectorAll("*")) {
    if (element.shadowRoot) found.push(...deepQueryAll(selector, element.shadowRoot));
  }
  return found;
}"""

# The element's centre in viewport coordinates once a pointer there would hit it, else null
# (not laid out, covered, or moving). An element out of view is scrolled into view first and
# gets null this time: a browser that scrolls off the main thread (Firefox) hit-tests input at
# the old offset until it has painted the new one, so the next look measures it again.
CENTRE_IF_HIT = """async (element) => {
  const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const centre = () => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return null;
    return [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2), box];
  };
  let at = centre();
  if (!at) return null;
  if (at[0] < 0 || at[0] >= innerWidth || at[1] < 0 || at[1] >= innerHeight) {
    element.scrollIntoView({block: "center", inline: "center"});
    await frames();
    return null;
  }
  await frames();
  const again = centre();
  if (!again || again[0] !== at[0] || again[1] !== at[1]) return null;
  const [x, y] = again;
  let hit = document.elementFromPoint(x, y);
  while (hit && hit.shadowRoot) {
    const inner = hit.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit && (hit === element || element.contains(hit)) ? [x, y] : null;
}"""


# Notes where the next click lands: the element it targets, or another (a short description).
WATCH_CLICK = """(element) => {
  window.__engineClick = null;
  document.addEventListener("click", (event) => {
    const hit = event.composedPath()[0];
    window.__engineClick = hit === element || element.contains(hit) ? "target"
      : `${hit.localName || "document"}${hit.id ? "#" + hit.id : ""}: ${(hit.textContent || "").trim().slice(0, 40)}`;
  }, {capture: true, once: true});
}"""
# A page that has left (the click followed a link to a whole page) has no note: "navigated".
CLICK_LANDED = "() => window.__engineClick === undefined ? 'navigated' : window.__engineClick"
CLICK_TIMEOUT_S = 5.0  # for the click event to be dispatched once the driver has pressed


class EngineError(RuntimeError):
    """The engine cannot be driven, or a driver command failed."""


class EngineGone(EngineError):
    """The browser's session ended under the test (its page or browser process crashed or was
    ended): no later look can succeed, so waits stop at once and say so."""


class EngineHang(EngineError):
    """The engine stopped answering: a navigation that never finished, however simple the page
    (WebKitGTK's web view wedges so, rarely, even on about:blank). The browser is replaced for
    the next test, and a test that met this runs once more, reported as a rerun
    (tests/conftest.py)."""


@dataclass(frozen=True)
class Target:
    """An element to act on: by role and accessible name (the browser's own), or by a CSS
    selector on data- hooks; `within` is a CSS selector for the element to search inside."""

    role: str | None = None
    name: str | None = None
    css: str | None = None
    within: str | None = None

    def __str__(self) -> str:
        what = f"{self.role} named {self.name!r}" if self.role else self.css
        return f"{what} in {self.within}" if self.within else str(what)


def by_role(role: str, name: str, within: str | None = None) -> Target:
    """The element with this ARIA role and exactly this accessible name."""
    return Target(role=role, name=name, within=within)


def by_hook(css: str, within: str | None = None) -> Target:
    """The first element matching `css` (data- hooks, not classes), shadow roots included."""
    return Target(css=css, within=within)


FUNCTION_SOURCE = re.compile(r"^\s*(async\s+)?(function\b|\([^()]*\)\s*=>|[\w$]+\s*=>)")


def is_function(js: str) -> bool:
    """Whether `js` is a function's source (called with arguments) rather than an expression."""
    return FUNCTION_SOURCE.match(js) is not None


TYPED_AS_KEYS = {"\n": KEYS["Enter"], "\b": KEYS["Backspace"]}


def typed_keys(text: str) -> list[str]:
    """The WebDriver key values that type `text`: each character, a newline as Enter and a
    backspace character as Backspace."""
    return [TYPED_AS_KEYS.get(char, char) for char in text]


def key_sequence(keys: str) -> list[str]:
    """'Shift+Enter' -> the WebDriver codes of Shift and Enter, pressed in that order."""
    return [KEYS.get(part, part) for part in keys.split("+")]


class Page:
    """One tab of an engine. Subclasses implement the driver calls; tests use only these."""

    engine: str

    def goto(self, url: str) -> None:
        """Open `url` and return once its load event has fired."""
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def evaluate(self, js: str, *args):
        """The value of a JavaScript expression, or of a function source called with `args`
        (promises are awaited). Values come back as JSON-like Python values."""
        raise NotImplementedError

    def click(self, target: Target, timeout: float = DEFAULT_TIMEOUT_S) -> None:
        """A real pointer click at the centre of `target`, once it is there and nothing covers it."""
        element = self.wait_until(lambda: self._find(target), timeout, f"no {target}")
        centre = self.wait_until(lambda: self._centre(element), timeout, f"{target} never clickable")
        self.evaluate(WATCH_CLICK, element)
        self._pointer_click(*centre)
        landed = self.wait_until(
            lambda: self._look(CLICK_LANDED), CLICK_TIMEOUT_S, f"the click at {centre} on {target} reached no element"
        )
        if landed not in ("target", "navigated"):
            raise EngineError(f"the click at {centre} on {target} landed on {landed}: the page moved under the pointer")

    def click_at(self, x: float, y: float) -> None:
        """A real pointer click at the viewport point (x, y), on whatever is there then."""
        self._pointer_click(round(x), round(y))

    def pointer_down(self, x: float, y: float) -> None:
        """Move the mouse to the viewport point (x, y) and press its main button, holding it (a drag
        begins): pointer_move and pointer_up go on from there."""
        self._pointer_steps([move_step(x, y), {"type": "pointerDown", "button": 0}])

    def pointer_move(self, x: float, y: float) -> None:
        """Move the mouse, its button as it is, to the viewport point (x, y)."""
        self._pointer_steps([move_step(x, y)])

    def pointer_up(self) -> None:
        """Release the mouse's main button where it is (a drag ends)."""
        self._pointer_steps([{"type": "pointerUp", "button": 0}])

    def type_text(self, text: str) -> None:
        """Type `text` key by key into whatever has the focus; a newline is the Enter key and "\\b"
        Backspace (Firefox and WebKit; Chromium's Playwright keyboard types newlines only). The keys
        go to the browser in one batch, as fast as a person typing ahead of the page."""
        raise NotImplementedError

    def press(self, keys: str) -> None:
        """Press a key or a chord named as in Playwright: 'Enter', 'Shift+Enter', 'Control+a'."""
        raise NotImplementedError

    def set_files(self, target: Target, paths: list) -> None:
        """Choose the files at `paths` (on this machine) in the file input `target`, as a person
        choosing them in its file picker: the input fires its input and change events."""
        raise NotImplementedError

    def screenshot(self, path) -> None:
        raise NotImplementedError

    def set_viewport(self, width: int, height: int) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def wait_for(self, js: str, *args, timeout: float = DEFAULT_TIMEOUT_S):
        """Look at the page's state until `js` (expression or function of `args`) is truthy;
        returns its value. A look that fails while the page navigates counts as not yet."""
        last_error: list[str] = []

        def look():
            try:
                return self.evaluate(js, *args)
            except EngineGone:
                raise
            except EngineError as error:
                last_error[:] = [str(error)]
                return None

        return self.wait_until(
            look, timeout, lambda: f"never true: {js}" + (f" (last error: {last_error[0]})" if last_error else "")
        )

    def _look(self, js: str):
        """The value of `js`, or None while the page cannot answer (it is navigating)."""
        try:
            return self.evaluate(js)
        except EngineError:
            return None

    def wait_until(self, look, timeout: float, failure):
        """Call `look` until it returns something truthy; raise TimeoutError after `timeout` s."""
        deadline = time.monotonic() + timeout
        while True:
            value = look()
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(failure() if callable(failure) else failure)
            time.sleep(POLL_INTERVAL_S)

    # What each engine implements for click().
    def _find(self, target: Target):
        """A handle on the element, or None when there is none (yet)."""
        raise NotImplementedError

    def _centre(self, element):
        """[x, y] of the element's centre when a click there hits it, else None."""
        raise NotImplementedError

    def _pointer_click(self, x: int, y: int) -> None:
        raise NotImplementedError

    def _pointer_steps(self, steps: list[dict]) -> None:
        """Perform WebDriver pointer actions (`steps`, each a pointerMove, pointerDown or pointerUp)
        of the page's one mouse, leaving its button state as they leave it."""
        raise NotImplementedError


def move_step(x: float, y: float) -> dict:
    """A WebDriver pointer action: straight to the viewport point (x, y), in no time."""
    return {"type": "pointerMove", "x": round(x), "y": round(y), "origin": "viewport", "duration": 0}


class Browser:
    """One running engine; pages from `new_page()` share its profile unless noted."""

    engine: str

    def new_page(self) -> Page:
        raise NotImplementedError

    def version(self) -> str:
        """The engine's name and version as the browser reports it."""
        raise NotImplementedError

    def alive(self) -> bool:
        """Whether the browser still answers its driver (a crashed one does not)."""
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self):
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()
