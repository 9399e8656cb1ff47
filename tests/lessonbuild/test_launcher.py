"""The handout zip and its launcher (start.py): file modes, the fixed port, a taken port."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
import urllib.request
import zipfile

import pytest

import build
from lessonbuild.handout import TOP, write_handout
from lessonbuild.launcher import DEFAULT_PORT, course_url
from lessonbuild.snapshot import SNAPSHOT_PATH
from lessonbuild.serve import make_server
from lessonbuild.paths import ROOT

SW = b'self.BUILD = {"cache":"lessons-0123456789abcdef","prefix":"lessons-","files":["./"]};\n'


@pytest.fixture
def handout(tmp_path):
    """A handout of a small site, unzipped: the folder that holds start.py."""
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text("<h1>The course</h1>")
    (dist / "index.html.br").write_bytes(b"left out")
    (dist / "pyodide").mkdir()
    (dist / SNAPSHOT_PATH).write_bytes(b"kept: no snapshot.bin beside it")
    (dist / "assets" / "site.css").write_text("body {}")
    (dist / "sw.js").write_bytes(SW)
    (dist / "offline-size.json").write_text('{"bytes": 30, "optional": 10}')  # the build's, with Brotli copies
    target = write_handout(dist, tmp_path / "course.zip")
    with zipfile.ZipFile(target) as archive:
        archive.extractall(tmp_path / "unpacked")
    return tmp_path / "unpacked" / TOP


def start(folder, *args):
    """Run start.py without a browser; return the process and its output up to the course's address."""
    process = subprocess.Popen(
        [sys.executable, "start.py", "--no-browser", *args], cwd=folder, stdout=subprocess.PIPE, text=True
    )
    lines = []
    for line in process.stdout:
        lines.append(line)
        if line.startswith(("The course is at", "The course is already running at")):
            break
    return process, "".join(lines)


def address(output: str) -> str:
    return output.rsplit(" at ", 1)[1].split()[0]


def get(url: str) -> bytes:
    with urllib.request.build_opener(urllib.request.ProxyHandler({})).open(url, timeout=10) as response:
        return response.read()


def stop(process):
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture
def other_server(tmp_path):
    """Serve a folder on a free port of this computer; yields (folder, port)."""
    folder = tmp_path / "other"
    folder.mkdir()
    server = make_server(folder, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield folder, server.server_address[1]
    server.shutdown()
    server.server_close()


def test_every_file_is_readable_by_everyone_and_start_py_runs_directly(handout, tmp_path):
    with zipfile.ZipFile(tmp_path / "course.zip") as archive:
        modes = {info.filename.removeprefix(f"{TOP}/"): info.external_attr >> 16 for info in archive.infolist()}
    assert set(modes) == {
        "README.txt",
        "start.py",
        "course_server.py",
        "site/index.html",
        "site/assets/site.css",
        "site/sw.js",
        f"site/{SNAPSHOT_PATH}",  # compressed, but no copy of a file beside it: kept
        "site/offline-size.json",
    }  # index.html.br, a copy of index.html, is left out: start.py serves index.html itself
    for name, mode in modes.items():
        assert stat.S_ISREG(mode), name
        assert stat.S_IMODE(mode) == (0o755 if name == "start.py" else 0o644), name
    assert (handout / "start.py").read_text().startswith("#!/usr/bin/env python3\n")


def test_the_course_is_served_on_its_fixed_port(handout):
    process, output = start(handout)
    try:
        assert address(output) == f"http://127.0.0.1:{DEFAULT_PORT}/" == course_url(DEFAULT_PORT), (
            f"port {DEFAULT_PORT} must be free on this computer for this test:\n{output}"
        )
        assert get(address(output)) == b"<h1>The course</h1>"
    finally:
        stop(process)


def test_a_port_taken_by_another_program_gives_a_free_port_and_a_warning(handout, other_server):
    _, port = other_server
    process, output = start(handout, "--port", str(port))
    try:
        url = address(output)
        used = int(url.rsplit(":", 1)[1].strip("/"))
        assert used != port
        assert f"Port {port} is taken by another program, so the course uses port {used} this time." in output
        assert (
            "the browser keeps your progress (your code, passed exercises, answers and the offline copy) per port"
            in output
        )
        assert f"What you saved on port {port} does not show on port {used}" in output
        assert get(url) == b"<h1>The course</h1>"
    finally:
        stop(process)


def test_a_port_taken_by_another_version_of_the_course_says_so(handout, other_server):
    folder, port = other_server
    (folder / "sw.js").write_bytes(SW.replace(b"0123456789abcdef", b"fedcba9876543210"))
    process, output = start(handout, "--port", str(port))
    try:
        assert f"Port {port} is taken by another version of this course" in output
        assert "stop it (Ctrl+C in its window) and run start.py again" in output
        assert address(output) != course_url(port)
    finally:
        stop(process)


@pytest.mark.parametrize("browser", [False, True], ids=["no browser", "browser"])
def test_the_same_course_already_running_on_the_port_is_named_and_not_started_again(handout, other_server, browser):
    first, output = start(handout, "--port", "0")
    try:
        url = address(output)
        port = url.rsplit(":", 1)[1].strip("/")
        # Python's webbrowser runs the BROWSER variable's command: here one that prints the address.
        opener = {"BROWSER": "echo browser-opened %s"} if browser else {}
        second = subprocess.run(
            [sys.executable, "start.py", *([] if browser else ["--no-browser"]), "--port", port],
            cwd=handout,
            capture_output=True,
            text=True,
            timeout=30,
            env={**os.environ, **opener},
        )
        assert second.returncode == 0
        running = f"The course is already running at {url} (started from another window)"
        if browser:
            assert second.stdout == f"{running}: opening it there.\nbrowser-opened {url}\n"
        else:
            assert second.stdout == f"{running}: open that address in your browser.\n"
    finally:
        stop(first)


def test_help_names_the_fixed_port_and_why(handout):
    shown = subprocess.run(
        [sys.executable, "start.py", "--help"], cwd=handout, capture_output=True, text=True, check=True
    )
    text = " ".join(shown.stdout.split())
    assert f"--port PORT port (default: {DEFAULT_PORT}; 0: any free port)" in text
    assert "--no-browser do not open a browser" in text
    assert "The browser keeps your progress per port" in text


def test_build_zip_says_it_builds_then_zips(capsys):
    """`build.py --zip` always builds first: its help and the README say so."""
    with pytest.raises(SystemExit):
        build.main(["--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--zip FILE build the site into --out, then zip it with a launcher (python3 start.py) into FILE" in text
    readme = " ".join((ROOT / "README.md").read_text().split())
    assert "build.py --zip course.zip` builds the site into `dist/` (as `make build` does), then zips it" in readme
    assert "after `make build`" not in readme


def test_the_offline_offer_counts_the_files_as_start_py_sends_them(handout):
    """start.py sends each file as it is (no .br or .gz copy): the size the offline offer tells
    is every precached file's own size (the snapshot's part optional), not the build's figure."""
    served = {
        path: (handout / "site" / path).stat().st_size for path in ("index.html", SNAPSHOT_PATH, "assets/site.css")
    }
    process, output = start(handout, "--port", "0")
    try:
        told = json.loads(get(address(output) + "offline-size.json"))
    finally:
        process.terminate()
        process.wait(timeout=10)
    assert told == {"bytes": sum(served.values()), "optional": served[SNAPSHOT_PATH]}
