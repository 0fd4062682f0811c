"""Where the app finds its data: one setting for every loader.

``templates/``, ``lessons/`` and ``translations/`` sit at the top of the repository (the project's
agreed layout), so by default the data directory is the repository's root. A deployment that keeps
them elsewhere sets the environment variable ``TUTOR_DATA_DIR``; ``create_app`` shows the value in
its config as ``DATA_DIR``. Pure (no Flask): the engines' data loaders and the catalog tools read it
too, at import time, which is why it is an environment variable and not a config a request could
change.
"""

from __future__ import annotations

import os
from pathlib import Path

#: The repository's root: the default data directory.
REPOSITORY = Path(__file__).resolve().parent.parent
DATA_DIR = Path(os.environ.get("TUTOR_DATA_DIR") or REPOSITORY).resolve()
LESSONS = DATA_DIR / "lessons"
TEMPLATES = DATA_DIR / "templates"
TRANSLATIONS = DATA_DIR / "translations"



def make_owner_only_folder(folder: Path) -> None:
    """Make ``folder`` (and its parents) if it is missing, the folder itself owner-only (0700)
    whatever the umask: the instance folder holds the secret key and class mode's store. Several
    processes may start at once; an existing folder is left as it is."""
    if folder.exists():
        return
    folder.parent.mkdir(parents=True, exist_ok=True)
    try:
        folder.mkdir(mode=0o700)
    except FileExistsError:
        return  # another process made it first
    os.chmod(folder, 0o700)  # the umask may have taken bits away (umask 0700) or left none


def make_owner_only_file(path: Path) -> None:
    """Make an empty ``path`` readable and writable by its owner only (0600) whatever the umask,
    unless it exists (SQLite gives its journal files the database file's permissions)."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return
    os.fchmod(descriptor, 0o600)
    os.close(descriptor)


__all__ = ["DATA_DIR", "LESSONS", "REPOSITORY", "TEMPLATES", "TRANSLATIONS", "make_owner_only_file",
           "make_owner_only_folder"]
