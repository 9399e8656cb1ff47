#!/usr/bin/env python3
"""Start the course on this computer: serves the `site` folder beside this file and opens it.

Copied into the handout zip as start.py, beside serve.py as course_server.py. Needs only
Python 3.8+ (standard library).
    python3 start.py              # serves on port 18601 and opens the browser
    python3 start.py --port 8000 --no-browser
Stop it with Ctrl+C.

The browser keeps the learner's progress (code, passed exercises, answers, the offline copy) per
address, and the port is part of the address: so the course always asks for the same port,
DEFAULT_PORT. When that port is taken and this same course answers there (started from another
window), the browser opens there. Otherwise the course takes a free port and says that progress
saved on the usual one does not show there.
"""

from __future__ import annotations

import argparse
import socket
import threading
import urllib.request
import webbrowser
from pathlib import Path

DEFAULT_PORT = 18601  # no common service uses it
HOST = "127.0.0.1"
SITE = Path(__file__).resolve().parent / "site"
PROBE_SECONDS = 3
PROGRESS = "your code, passed exercises, answers and the offline copy"
# What a port answers for /sw.js (site/js/service-worker/sw.js, written by the build).
SAME_COURSE, OTHER_VERSION, OTHER_PROGRAM = "same course", "another version of the course", "another program"


def course_url(port: int) -> str:
    """The course's address on `port` of this computer."""
    return f"http://{HOST}:{port}/"


def port_answers(port: int) -> bool:
    """Whether something on this computer accepts connections on `port` (int, 1-65535)."""
    try:
        with socket.create_connection((HOST, port), timeout=PROBE_SECONDS):
            return True
    except OSError:
        return False


def who_is_at(port: int, site: Path) -> str:
    """What serves `port`: SAME_COURSE when its /sw.js is this build's (the file names a hash of
    every file of the build), OTHER_VERSION when it is another build's, else OTHER_PROGRAM."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # this computer, never a proxy
    try:
        with opener.open(course_url(port) + "sw.js", timeout=PROBE_SECONDS) as response:
            served = response.read()
    except (OSError, ValueError):
        return OTHER_PROGRAM
    if served == (site / "sw.js").read_bytes():
        return SAME_COURSE
    return OTHER_VERSION if served.startswith(b"self.BUILD = ") else OTHER_PROGRAM


def taken_message(port: int, used: int, who: str) -> str:
    """What to tell the learner when `port` is taken by `who` and the course runs on `used`."""
    if who == OTHER_VERSION:
        holder = f"Port {port} is taken by another version of this course (another folder or an older handout)"
        remedy = "stop it (Ctrl+C in its window)"
    else:
        holder = f"Port {port} is taken by another program"
        remedy = f"stop the program that uses port {port}"
    return (
        f"{holder}, so the course uses port {used} this time.\n"
        f"Warning: the browser keeps your progress ({PROGRESS}) per port. What you saved on "
        f"port {port} does not show on port {used}, and what you do now stays with port {used}.\n"
        f"To keep your progress, {remedy} and run start.py again."
    )


def parse_arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """start.py's command line: --port (int, default DEFAULT_PORT) and --no-browser."""
    parser = argparse.ArgumentParser(
        description="Serve the course on this computer and open it in the browser.",
        epilog=f"The browser keeps your progress per port: start the course on the same port each time "
        f"(the default, {DEFAULT_PORT}, unless you choose one). When the port is taken by this same course, "
        f"the browser opens there; otherwise the course uses a free port and says so.",
    )
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"port (default: {DEFAULT_PORT}; 0: any free port)"
    )
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Serve the course until Ctrl+C, or open the copy already running on the port; return 0."""
    from course_server import make_server  # serve.py, beside this file in the handout

    args = parse_arguments(argv)
    server = None
    if args.port and not port_answers(args.port):
        try:
            server = make_server(SITE, args.port, HOST, quiet=True)
        except OSError:
            pass  # taken by a program that does not answer, or not allowed
    if server is None:
        who = who_is_at(args.port, SITE) if args.port else OTHER_PROGRAM
        if who == SAME_COURSE:
            url = course_url(args.port)
            running = f"The course is already running at {url} (started from another window)"
            if args.no_browser:
                print(f"{running}: open that address in your browser.")
            else:
                print(f"{running}: opening it there.")
                webbrowser.open(url)
            return 0
        server = make_server(SITE, 0, HOST, quiet=True)
        if args.port:
            print(taken_message(args.port, server.server_address[1], who), flush=True)
    url = course_url(server.server_address[1])
    print(f"The course is at {url}  (keep this window open; Ctrl+C stops it)", flush=True)
    if not args.no_browser:
        threading.Timer(0.5, webbrowser.open, [url]).start()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nStopped.")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
