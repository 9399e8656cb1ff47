"""Start the course on this computer: serves the `site` folder beside this file and opens it.

Copied into the handout zip as start.py. Needs only Python 3.8+ (standard library).
    python3 start.py              # serves on a free port and opens the browser
    python3 start.py --port 8000 --no-browser
Stop it with Ctrl+C.
"""

from __future__ import annotations

import argparse
import threading
import webbrowser
from pathlib import Path

from course_server import make_server

SITE = Path(__file__).resolve().parent / "site"


def main() -> None:
    parser = argparse.ArgumentParser(description="Serve the course and open it in the browser.")
    parser.add_argument("--port", type=int, default=0, help="port (default: any free port)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    args = parser.parse_args()
    server = make_server(SITE, args.port, quiet=True)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"The course is at {url}  (keep this window open; Ctrl+C stops it)", flush=True)
    if not args.no_browser:
        threading.Timer(0.5, webbrowser.open, [url]).start()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nStopped.")
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
