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

__all__ = ["DATA_DIR", "LESSONS", "REPOSITORY", "TEMPLATES", "TRANSLATIONS"]
