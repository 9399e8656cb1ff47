"""sphinx-autobuild's command line (the arguments are its own), which also prints "Listening"
once its server takes connections: sphinx-autobuild says "Serving on" before that, and nothing
after (tests/browser/test_docs_package.py waits for it)."""

import sys

import uvicorn
from sphinx_autobuild import __main__ as autobuild


class AnnouncingServer(uvicorn.Server):
    async def startup(self, sockets=None) -> None:
        await super().startup(sockets=sockets)
        print("Listening", flush=True)


def run(app, **options) -> None:
    """uvicorn.run, saying so once the server listens."""
    AnnouncingServer(uvicorn.Config(app, **options)).run()


autobuild.uvicorn.run = run
autobuild.main(sys.argv[1:])
