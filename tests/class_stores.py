"""The stores class mode runs on in the tests (tutor.web.class_store): SQLite in a temporary folder,
and a real Redis server (Debian's ``redis-server``, which ``make test`` installs) started here on
127.0.0.1 on a free port, and stopped at the end. A test module imports the fixtures it uses:
``from class_stores import redis_url, store_setting  # noqa: F401``; ``store_setting`` runs each
test once on each store, with the setting ``TUTOR_CLASS_STORE`` would hold."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest

STORES = ("sqlite", "redis")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory):
    """A Redis server of its own, for this test process (each xdist worker starts one)."""
    import redis

    binary = shutil.which("redis-server") or "/usr/sbin/redis-server"
    if not Path(binary).exists():
        pytest.fail("redis-server is missing: `make test` installs Debian's redis-server package")
    port = free_port()
    folder = tmp_path_factory.mktemp("redis")
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
         "--dir", str(folder), "--daemonize", "no"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    client = redis.Redis.from_url(url)
    try:
        for _ in range(200):
            try:
                client.ping()
                break
            except redis.ConnectionError:
                if process.poll() is not None:
                    pytest.fail(f"redis-server stopped at once (exit {process.returncode})")
                time.sleep(0.05)
        else:
            pytest.fail(f"redis-server did not answer on {url}")
        yield url
    finally:
        client.close()
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(params=STORES)
def store_setting(request, tmp_path) -> str:
    """``TUTOR_CLASS_STORE`` for a fresh, empty store of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/classes.sqlite3"
    import redis

    url = request.getfixturevalue("redis_url")
    with redis.Redis.from_url(url) as client:
        client.flushdb()
    return url
