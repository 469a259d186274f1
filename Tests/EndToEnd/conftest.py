import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from harness import Display, FixtureServer  # noqa: E402


@pytest.fixture(scope="session")
def display():
    display = Display()
    yield display
    display.stop()


@pytest.fixture()
def server():
    server = FixtureServer()
    yield server
    server.stop()
