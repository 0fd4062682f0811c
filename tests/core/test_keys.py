"""Issue #35, part 4: the secret key free play is derived from (review C1, C2). A ``TUTOR_SECRET_KEY``
too short to be a key is refused, saying the minimum; ``instance/`` and its key file are made
owner-only whatever the umask, and a key folder others may write to is refused."""

from __future__ import annotations

import os
import stat
import subprocess
import sys

import pytest

from conftest import ROOT
from tutor.freeplay import MIN_KEY_BYTES, secret_key_from_environment, secret_key_from_file


def start_app(instance, umask: int, key: str | None = None) -> subprocess.CompletedProcess:
    """The key a starting app reads (``create_app`` calls this function for ``instance/secret_key``),
    in a fresh process under ``umask``."""
    env = {key_name: value for key_name, value in os.environ.items() if key_name != "TUTOR_SECRET_KEY"}
    if key is not None:
        env["TUTOR_SECRET_KEY"] = key
    program = ("import os, sys; os.umask(int(sys.argv[2], 8)); from pathlib import Path; "
               "from tutor.freeplay import secret_key_from_file; "
               "print(len(secret_key_from_file(Path(sys.argv[1]) / 'secret_key')))")
    return subprocess.run([sys.executable, "-c", program, str(instance), oct(umask)[2:]], capture_output=True,
                          text=True, cwd=ROOT, env={**env, "PYTHONPATH": str(ROOT)})


@pytest.mark.parametrize("umask", [0o000, 0o002, 0o022, 0o077, 0o700, 0o777])
def test_the_key_folder_and_file_are_owner_only_whatever_the_umask(tmp_path, umask):
    instance = tmp_path / "checkout" / "instance"
    made = start_app(instance, umask)
    assert made.returncode == 0, made.stderr
    assert made.stdout.strip() == str(2 * MIN_KEY_BYTES)  # 32 random bytes, as hex digits
    assert stat.S_IMODE(instance.stat().st_mode) == 0o700
    assert stat.S_IMODE((instance / "secret_key").stat().st_mode) == 0o600
    again = start_app(instance, umask)  # the next start reads the same key
    assert again.returncode == 0 and again.stdout == made.stdout


@pytest.mark.parametrize("umask", [0o000, 0o022, 0o777])
def test_class_modes_store_is_owner_only_when_the_key_comes_from_the_environment(tmp_path, umask):
    """With ``TUTOR_SECRET_KEY`` set, no key file makes ``instance/``: class mode's SQLite store does,
    owner-only as the key's folder, its file (and so SQLite's journal files) 0600."""
    instance = tmp_path / "instance"
    program = ("import os, sys; os.umask(int(sys.argv[2], 8)); from pathlib import Path; "
               "from tutor.web.class_store import SQLiteStore; "
               "store = SQLiteStore(Path(sys.argv[1]) / 'classes.sqlite3'); store._connection().execute('SELECT 1')")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TUTOR_SECRET_KEY": "x" * MIN_KEY_BYTES}
    made = subprocess.run([sys.executable, "-c", program, str(instance), oct(umask)[2:]], capture_output=True,
                          text=True, cwd=ROOT, env=env)
    assert made.returncode == 0, made.stderr
    assert stat.S_IMODE(instance.stat().st_mode) == 0o700
    for kept in instance.iterdir():  # the database and its -wal and -shm files
        assert stat.S_IMODE(kept.stat().st_mode) == 0o600, kept.name


@pytest.mark.parametrize("mode", [0o777, 0o775, 0o757, 0o722])
def test_a_key_folder_others_may_write_to_is_refused(tmp_path, mode):
    instance = tmp_path / "instance"
    instance.mkdir()
    os.chmod(instance, mode)
    with pytest.raises(ValueError, match="chmod 700"):
        secret_key_from_file(instance / "secret_key")
    assert not (instance / "secret_key").exists()
    os.chmod(instance, 0o755)  # readable by others but writable only by its owner: used
    assert len(secret_key_from_file(instance / "secret_key")) == 2 * MIN_KEY_BYTES


@pytest.mark.parametrize("key", ["a", "x" * 31, "ключ" * 3 + "abcdefghijklmnopqrst"[:7], " " * 31])
def test_a_short_environment_key_is_refused_with_the_minimum(monkeypatch, key):
    assert len(key.encode("utf-8")) < MIN_KEY_BYTES
    with pytest.raises(ValueError, match=f"at least {MIN_KEY_BYTES} bytes"):
        secret_key_from_environment(key)
    monkeypatch.setenv("TUTOR_SECRET_KEY", key)
    from tutor import create_app

    with pytest.raises(ValueError, match="TUTOR_SECRET_KEY"):
        create_app()


@pytest.mark.parametrize("key", ["x" * 32, "ключ" * 8, "a key of thirty-two bytes or more!"])
def test_a_key_of_32_bytes_or_more_is_taken(monkeypatch, key):
    assert len(key.encode("utf-8")) >= MIN_KEY_BYTES
    monkeypatch.setenv("TUTOR_SECRET_KEY", key)
    from tutor import create_app

    assert create_app().config["SECRET_KEY"] == key


def test_a_short_key_stops_the_server_before_it_serves(tmp_path):
    """gunicorn's own start (``make serve``'s command) fails with the sentence, no page is served."""
    started = subprocess.run([sys.executable, "-c", "from tutor import create_app; create_app()"],
                             capture_output=True, text=True, cwd=ROOT,
                             env={**os.environ, "PYTHONPATH": str(ROOT), "TUTOR_SECRET_KEY": "short"})
    assert started.returncode != 0
    assert f"at least {MIN_KEY_BYTES} bytes" in started.stderr
