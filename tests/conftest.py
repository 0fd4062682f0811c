import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def compile_catalogs() -> None:
    """The app reads .mo files, which are built, never committed: build them for the tests."""
    subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "compile", "-d", str(ROOT / "translations"), "--domain", "messages"],
        check=True, capture_output=True,
    )


@pytest.fixture(scope="session")
def app():
    compile_catalogs()
    from tutor import create_app

    return create_app({"TESTING": True})


@pytest.fixture()
def client(app):
    return app.test_client()
