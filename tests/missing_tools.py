"""What a test does when a tool it needs is not on this machine."""

import os

import pytest


def missing_tool(problem: str):
    """A tool the tests need is not here: fail under CI (CI=true), where everything must run;
    elsewhere skip, saying what to install."""
    if os.environ.get("CI") == "true":
        pytest.fail(problem)
    pytest.skip(problem)
