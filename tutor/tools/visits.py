"""What the context pictures visit: a page, a form posted, an answer of the analyze API, with the
cookies of a class's teacher or student (its own module: the tools that find visits and the one
that photographs them share it)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Visit:
    """A request whose answer shows texts: a page (``form``: the fields posted to it, if any) or the
    analyze API (``body``: the JSON posted; its answer is shown as JSON); ``cookies``, (name, value,
    path) sent with it (class mode's pages know a teacher and a student by theirs)."""

    path: str
    form: tuple[tuple[str, str], ...] = ()
    body: Any = None
    cookies: tuple[tuple[str, str, str], ...] = ()

    @property
    def is_api(self) -> bool:
        return self.path.startswith("/api/")

    def key(self) -> str:
        """The same visit, the same key (a body is a dict: not hashable)."""
        return json.dumps([self.path, self.form, self.body, self.cookies], sort_keys=True)
