"""Debian's stock Firefox over WebDriver BiDi, which it speaks itself: no geckodriver.

Started with `--remote-debugging-port=0` and a fresh profile; the BiDi endpoint is read from
what Firefox prints. Each page gets its own user context (its own cookies, storage, caches and
service workers), like a fresh profile, while the browser process is shared.
"""

from __future__ import annotations

import base64
import re
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

from .base import (
    DEEP_QUERY,
    CENTRE_IF_HIT,
    DEFAULT_TIMEOUT_S,
    Browser,
    EngineError,
    EngineGone,
    Page,
    Target,
    is_function,
    key_sequence,
    typed_keys,
)
from .bidi import BidiConnection, RemoteNode, from_remote_value, to_local_value
from .install import FIREFOX

STARTUP_TIMEOUT_S = 60.0
# A quiet profile: no first-run pages, updates, telemetry or default-browser prompts.
PREFERENCES = {
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.aboutwelcome.enabled": False,
    "app.update.disabledForTesting": True,
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "browser.tabs.warnOnClose": False,
}
ENDPOINT = re.compile(r"WebDriver BiDi listening on (ws://\S+)")


class FirefoxBrowser(Browser):
    engine = "firefox"

    def __init__(self, executable: str | None = None):
        self._profile = Path(tempfile.mkdtemp(prefix="firefox-profile-"))
        (self._profile / "user.js").write_text(
            "".join(f"user_pref({_js(name)}, {_js(value)});\n" for name, value in PREFERENCES.items())
        )
        self._process = subprocess.Popen(
            [
                executable or shutil.which(FIREFOX),
                "--headless",
                "--no-remote",
                "--remote-debugging-port=0",
                "--profile",
                str(self._profile),
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        url = self._read_endpoint()
        self.connection = BidiConnection(f"{url}/session")
        self.capabilities = self.connection.command("session.new", capabilities={})["capabilities"]
        self.errors: dict[str, list[str]] = {}  # per browsing context: uncaught errors in its pages
        self.connection.on_event(self._log)
        self.connection.command("session.subscribe", events=["log.entryAdded"])

    def _read_endpoint(self) -> str:
        found: list[str] = []
        announced = threading.Event()

        def read():
            for line in self._process.stderr:
                match = ENDPOINT.search(line)
                if match and not found:
                    found.append(match.group(1))
                    announced.set()
            announced.set()  # Firefox ended without announcing it

        # Keeps draining Firefox's messages afterwards, so its pipe never fills.
        threading.Thread(target=read, daemon=True).start()
        if not announced.wait(STARTUP_TIMEOUT_S) or not found:
            self._process.kill()
            raise EngineError(f"{FIREFOX} did not open WebDriver BiDi within {STARTUP_TIMEOUT_S:.0f} s")
        return found[0]

    def _log(self, method: str, params: dict) -> None:
        if method == "log.entryAdded" and params.get("type") == "javascript" and params.get("level") == "error":
            self.errors.setdefault(params["source"].get("context"), []).append(params.get("text", ""))

    def new_page(self) -> FirefoxPage:
        user_context = self.connection.command("browser.createUserContext")["userContext"]
        context = self.connection.command("browsingContext.create", type="tab", userContext=user_context)["context"]
        return FirefoxPage(self, context, user_context)

    def version(self) -> str:
        return f"Firefox {self.capabilities['browserVersion']}"

    def alive(self) -> bool:
        if self._process.poll() is not None:
            return False
        try:
            self.connection.command("session.status", timeout=10)
        except Exception:  # noqa: BLE001 - any failure to answer means it is gone
            return False
        return True

    def close(self) -> None:
        try:
            self.connection.command("browser.close", timeout=10)
        except Exception:  # noqa: BLE001 - closing anyway
            pass
        self.connection.close()
        try:
            self._process.wait(10)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        shutil.rmtree(self._profile, ignore_errors=True)


class FirefoxPage(Page):
    engine = "firefox"

    def __init__(self, browser: FirefoxBrowser, context: str, user_context: str):
        self._browser = browser
        self._command = browser.connection.command
        self.context = context
        self._user_context = user_context

    @property
    def errors(self) -> list[str]:
        """Uncaught errors reported by this tab's pages so far."""
        return self._browser.errors.get(self.context, [])

    def goto(self, url: str) -> None:
        self._command("browsingContext.navigate", context=self.context, url=url, wait="complete")

    def reload(self) -> None:
        self._command("browsingContext.reload", context=self.context, wait="complete")

    def evaluate(self, js: str, *args):
        target = {"context": self.context}
        common = {"target": target, "awaitPromise": True, "resultOwnership": "none"}
        if is_function(js):
            answer = self._command(
                "script.callFunction", functionDeclaration=js, arguments=[to_local_value(arg) for arg in args], **common
            )
        else:
            answer = self._command("script.evaluate", expression=js, **common)
        if answer["type"] == "exception":
            details = answer["exceptionDetails"]
            raise EngineError(f"{details.get('text')} in {js[:80]!r}")
        return from_remote_value(answer["result"])

    def _find(self, target: Target):
        if target.role is None:
            nodes = self.evaluate(
                f"(css, within) => {{ {DEEP_QUERY}\n"
                "  const scopes = within ? deepQueryAll(within, document) : [document];\n"
                "  return scopes.flatMap((scope) => deepQueryAll(css, scope)).slice(0, 1); }",
                target.css,
                target.within,
            )
            return nodes[0] if nodes else None
        start = {}
        if target.within:
            scopes = self.evaluate(
                f"(within) => {{ {DEEP_QUERY}\n return deepQueryAll(within, document); }}", target.within
            )
            if not scopes:
                return None
            start = {"startNodes": [{"sharedId": node.shared_id} for node in scopes]}
        nodes = self._command(
            "browsingContext.locateNodes",
            context=self.context,
            locator={"type": "accessibility", "value": {"role": target.role, "name": target.name}},
            **start,
        )["nodes"]
        return RemoteNode(nodes[0]["sharedId"]) if nodes else None

    def set_files(self, target: Target, paths: list) -> None:
        element = self.wait_until(lambda: self._find(target), DEFAULT_TIMEOUT_S, f"no {target}")
        files = [str(path) for path in paths]
        self._command("input.setFiles", context=self.context, element={"sharedId": element.shared_id}, files=files)

    def _centre(self, element: RemoteNode):
        return self.evaluate(CENTRE_IF_HIT, element)

    def _pointer_click(self, x: int, y: int) -> None:
        self._actions(
            [
                {
                    "type": "pointer",
                    "id": "mouse",
                    "parameters": {"pointerType": "mouse"},
                    "actions": [
                        {"type": "pointerMove", "x": x, "y": y, "origin": "viewport"},
                        {"type": "pointerDown", "button": 0},
                        {"type": "pointerUp", "button": 0},
                    ],
                }
            ]
        )

    def _pointer_steps(self, steps: list[dict]) -> None:
        source = {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": steps}
        self._command("input.performActions", context=self.context, actions=[source])

    def type_text(self, text: str) -> None:
        actions = []
        for key in typed_keys(text):
            actions += [{"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]
        self._actions([{"type": "key", "id": "keyboard", "actions": actions}])

    def press(self, keys: str) -> None:
        codes = key_sequence(keys)
        actions = [{"type": "keyDown", "value": code} for code in codes]
        actions += [{"type": "keyUp", "value": code} for code in reversed(codes)]
        self._actions([{"type": "key", "id": "keyboard", "actions": actions}])

    def _actions(self, sources: list[dict]) -> None:
        self._command("input.performActions", context=self.context, actions=sources)
        self._command("input.releaseActions", context=self.context)

    def screenshot(self, path) -> None:
        data = self._command("browsingContext.captureScreenshot", context=self.context)["data"]
        Path(path).write_bytes(base64.b64decode(data))

    def set_viewport(self, width: int, height: int) -> None:
        self._command("browsingContext.setViewport", context=self.context, viewport={"width": width, "height": height})

    def close(self) -> None:
        try:
            self._command("browsingContext.close", context=self.context)
            self._command("browser.removeUserContext", userContext=self._user_context)
        except EngineGone:
            pass  # the browser ended with the test; the next test gets a new one


def _js(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return str(value)
