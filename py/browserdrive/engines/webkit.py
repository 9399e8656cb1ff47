"""WebKitGTK (WebKit, not Safari) over classic WebDriver: Selenium and Debian's
`WebKitWebDriver`, which drives WebKitGTK's MiniBrowser. WebKitGTK has no headless mode, so
the browser gets an Xvfb display of its own, started here on a free display number.

One WebDriver session per browser: its pages take turns in one window. Tests that need fresh
storage use a server of their own (another origin).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import warnings
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import (
    InvalidSessionIdException,
    StaleElementReferenceException,
    TimeoutException,
    WebDriverException,
)
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.command import Command
from selenium.webdriver.webkitgtk.options import Options
from selenium.webdriver.webkitgtk.service import Service
from urllib3.exceptions import MaxRetryError

from .base import (
    CENTRE_IF_HIT,
    DEEP_QUERY,
    DEFAULT_TIMEOUT_S,
    Browser,
    EngineError,
    EngineGone,
    EngineHang,
    Page,
    Target,
    is_function,
    key_sequence,
    typed_keys,
)
from .install import WEBKIT_DRIVER, XVFB

SCREEN = "1280x1024x24"
# JavaScriptCore options, read from the environment by the web process. WebKitGTK 2.50's in-place
# WebAssembly interpreter (IPInt) once crashed the web process while Python booted: the trap was
# at its handler slot for 0xe5, a byte that is no WebAssembly opcode.
# The tests run WebAssembly in JavaScriptCore's older interpreter (LLInt) instead, which, like
# IPInt, starts without compiling the whole module; what they check (the page, Stop, storage,
# layout) does not depend on the tier.
JSC_OPTIONS = {"JSC_useWasmIPInt": "0", "JSC_useWasmLLInt": "1"}
# A lesson loads in seconds even on a loaded machine; a load that has not finished by then never
# will (the web view has wedged), and waiting for the driver's own 300 s only delays the news.
PAGE_LOAD_TIMEOUT_S = 60
# Elements that may carry each role; the browser's computed role and label then decide.
ROLE_CANDIDATES = {
    "button": "button, [role=button], input[type=submit], input[type=button], summary",
    "link": "a[href], [role=link]",
    "textbox": "[role=textbox], textarea, input:not([type]), input[type=text]",
    "radio": "input[type=radio], [role=radio]",
    "checkbox": "input[type=checkbox], [role=checkbox]",
    "heading": "h1, h2, h3, h4, h5, h6, [role=heading]",
}
# WebDriver's answer once WebKitGTK's web view is gone: its web process crashed or was ended.
SESSION_GONE = "WebKitGTK's session ended: its web process crashed or was ended"
# WebKitWebDriver's answer to a script whose web process ended while it ran: the reply arrives
# empty, and the driver cannot parse it.
SCRIPT_REPLY_LOST = "Could not parse script result"
# Lines of the browser's own output quoted when its session ends under a test.
LOG_LINES_QUOTED = 15
# Window sizes tried before set_viewport gives up: the first measures the frame, the next corrects.
VIEWPORT_ATTEMPTS = 4
VIEWPORT_AFTER_FRAMES = """async () => {
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  return [innerWidth, innerHeight];
}"""


def kernel_lines_about_webkit() -> list[str]:
    """The kernel log's last lines on a WebKit process or an out-of-memory kill ([] if unreadable)."""
    try:
        log = subprocess.run(["dmesg"], capture_output=True, text=True, timeout=5, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    about = re.compile(r"WebKit|WebCore|javascriptcore|MiniBrowser|Out of memory|oom-kill", re.IGNORECASE)
    return [line for line in log.splitlines() if about.search(line)][-LOG_LINES_QUOTED:]


class Xvfb:
    """A virtual X display on the first free display number (Xvfb picks it: -displayfd)."""

    def __init__(self):
        read_end, write_end = os.pipe()
        self._process = subprocess.Popen(
            [shutil.which(XVFB), "-displayfd", str(write_end), "-screen", "0", SCREEN, "-nolisten", "tcp"],
            pass_fds=[write_end],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write_end)
        with os.fdopen(read_end) as pipe:
            number = pipe.readline().strip()
        if not number:
            self._process.kill()
            raise EngineError("Xvfb did not start")
        self.display = f":{number}"

    def close(self) -> None:
        self._process.terminate()
        self._process.wait()


class WebKitBrowser(Browser):
    engine = "webkit"

    def __init__(self):
        self._xvfb = Xvfb()
        try:
            environment = {**os.environ, **JSC_OPTIONS, "DISPLAY": self._xvfb.display}
            # The driver's and the browser's output (a web process that crashed says so there).
            descriptor, log_name = tempfile.mkstemp(prefix="webkit-", suffix=".log")
            os.close(descriptor)  # the driver's service opens the file by its name
            self.log_path = Path(log_name)
            service = Service(shutil.which(WEBKIT_DRIVER), env=environment, log_output=str(self.log_path))
            options = Options()
            options.add_argument("--automation")
            with warnings.catch_warnings():  # Selenium's own WebKitGTK class uses a deprecated setting
                warnings.simplefilter("ignore", DeprecationWarning)
                self.driver = webdriver.WebKitGTK(service=service, options=options)
        except Exception:
            self._xvfb.close()
            raise
        self.driver.set_script_timeout(120)
        self.set_page_load_timeout(PAGE_LOAD_TIMEOUT_S)
        self.hung = False  # a navigation never finished: every later command would wait too

    def set_page_load_timeout(self, seconds: float) -> None:
        """How long a navigation may take before it counts as a hang (EngineHang)."""
        self.page_load_timeout_s = seconds
        self.driver.set_page_load_timeout(seconds)

    def new_page(self) -> WebKitPage:
        return WebKitPage(self.driver, self)

    def last_output(self) -> str:
        """The driver's and the browser's last lines of output, indented (a web process that
        crashed, or a page's console errors where the driver logs them)."""
        try:
            lines = self.log_path.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            lines = []
        return "\n".join(f"  {line}" for line in lines[-LOG_LINES_QUOTED:]) or "  (nothing)"

    def gone(self) -> EngineGone:
        """The error for a session that ended under a test, quoting the browser's last output."""
        quoted = self.last_output()
        kernel = "\n".join(f"  {line}" for line in kernel_lines_about_webkit()) or "  (none, or not readable)"
        return EngineGone(
            f"{SESSION_GONE}. The browser's last output:\n{quoted}\n"
            f"The kernel log's last lines about WebKit (earlier ones included):\n{kernel}"
        )

    def version(self) -> str:
        return f"WebKitGTK {self.driver.capabilities['browserVersion']}"

    def alive(self) -> bool:
        if self.hung:
            return False
        try:
            self.driver.execute_script("return 1;")
        except Exception:  # noqa: BLE001 - a dead session, or no driver left to ask
            return False
        return True

    def close(self) -> None:
        try:
            if self.hung:  # quit would wait on the wedged web view: end the processes instead
                self.driver.service.stop()
            else:
                self.driver.quit()
        finally:
            self._xvfb.close()
            self.log_path.unlink(missing_ok=True)


class WebKitPage(Page):
    engine = "webkit"

    def __init__(self, driver, browser: WebKitBrowser):
        self.driver = driver
        self._browser = browser

    def goto(self, url: str) -> None:
        self._navigate(self.driver.get, url)

    def wait_until(self, look, timeout: float, failure):
        """As Page.wait_until; a wait that times out also quotes the browser's last output."""
        try:
            return super().wait_until(look, timeout, failure)
        except TimeoutError as error:
            raise TimeoutError(f"{error}\nThe browser's last output:\n{self._browser.last_output()}") from None

    def reload(self) -> None:
        self._navigate(self.driver.refresh)

    def _navigate(self, command, *args) -> None:
        try:
            command(*args)
        except TimeoutException:
            self._browser.hung = True
            what = args[0] if args else "the page again"
            seconds = self._browser.page_load_timeout_s
            raise EngineHang(f"WebKitGTK did not finish loading {what} within {seconds} s") from None

    def evaluate(self, js: str, *args):
        # WebDriver awaits a returned promise.
        source = f"return ({js})(...arguments);" if is_function(js) else f"return ({js});"
        try:
            return self.driver.execute_script(source, *args)
        except (InvalidSessionIdException, MaxRetryError):  # the web view, or the driver, is gone
            raise self._browser.gone() from None
        except WebDriverException as error:
            if error.msg == SCRIPT_REPLY_LOST:
                raise self._browser.gone() from None
            raise EngineError(error.msg or str(error)) from None

    def _find(self, target: Target):
        try:
            scopes = (
                self.evaluate(f"(within) => {{ {DEEP_QUERY}\n return deepQueryAll(within, document); }}", target.within)
                if target.within
                else [None]
            )
            for scope in scopes:
                if target.role is None:
                    found = self.evaluate(
                        f"(css, scope) => {{ {DEEP_QUERY}\n return deepQueryAll(css, scope || document)[0] || null; }}",
                        target.css,
                        scope,
                    )
                    if found is not None:
                        return found
                    continue
                candidates = (scope or self.driver).find_elements(By.CSS_SELECTOR, ROLE_CANDIDATES[target.role])
                for element in candidates:
                    try:
                        matches = element.aria_role == target.role and element.accessible_name.strip() == target.name
                    except StaleElementReferenceException:
                        return None  # the page changed under the search: look again
                    except WebDriverException:
                        continue  # WebKitWebDriver computes no role for a hidden element, which is no target
                    if matches:
                        return element
        except WebDriverException:  # the page changed under the search: look again
            return None
        return None

    def _centre(self, element):
        try:
            return self.evaluate(CENTRE_IF_HIT, element)
        except EngineError:
            return None

    def _pointer_click(self, x: int, y: int) -> None:
        actions = ActionBuilder(self.driver, duration=0)  # no 250 ms glide to the point
        actions.pointer_action.move_to_location(x, y).click()
        actions.perform()

    def _pointer_steps(self, steps: list[dict]) -> None:
        source = {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": steps}
        self.driver.execute(Command.W3C_ACTIONS, {"actions": [source]})

    def type_text(self, text: str) -> None:
        chain = ActionChains(self.driver, duration=0)
        for key in typed_keys(text):
            chain.key_down(key).key_up(key)
        chain.perform()

    def press(self, keys: str) -> None:
        codes = key_sequence(keys)
        chain = ActionChains(self.driver, duration=0)
        for code in codes:
            chain.key_down(code)
        for code in reversed(codes):
            chain.key_up(code)
        chain.perform()

    def screenshot(self, path) -> None:
        Path(path).write_bytes(self.driver.get_screenshot_as_png())

    def set_viewport(self, width: int, height: int) -> None:
        """Sizes the window so that its viewport is `width` × `height`. The window manager applies
        a size a moment after the driver returns, so each size is read once it has held still, and
        the window's frame is measured rather than assumed. MiniBrowser's window has a minimum
        width (447 px of viewport here): narrower raises EngineError."""
        window = [width, height]
        inner = None
        for _ in range(VIEWPORT_ATTEMPTS):
            self.driver.set_window_size(*window)
            inner = self._viewport_once_still()
            if inner == [width, height]:
                return
            window = [window[0] + width - inner[0], window[1] + height - inner[1]]
        raise EngineError(f"WebKitGTK's viewport became {inner[0]} × {inner[1]}, not {width} × {height}")

    def _viewport_once_still(self) -> list[int]:
        """[innerWidth, innerHeight] once two looks, each after two animation frames, agree."""
        last: list[list[int]] = []

        def look():
            now = self.evaluate(VIEWPORT_AFTER_FRAMES)
            held = bool(last) and last[0] == now
            last[:] = [now]
            return now if held else None

        return self.wait_until(look, DEFAULT_TIMEOUT_S, "WebKitGTK's viewport never held still")

    def close(self) -> None:
        if self._browser.hung:
            return
        try:
            self.driver.get("about:blank")
        except (InvalidSessionIdException, MaxRetryError):
            pass  # the session ended with the test (SESSION_GONE); the next test gets a new browser
        except WebDriverException:
            # Just after its web process ended, the driver may answer with an empty "unknown
            # error" before it calls the session gone: a page of an ended browser closes quietly.
            if self._browser.alive():
                raise
