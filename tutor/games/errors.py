"""The one shape of every engine error, whatever the game.

An error is a ``ValueError`` with an English message for logs, a machine-readable ``code`` and
``params`` (the web layer words them in the learner's language, never parsing English) and
``where``, the field or token it came from (``hands[1][0]``, ``turns[3]``). Each game subclasses
it once (``DominoError``, ``BackgammonError``) and names its own kinds.
"""

from __future__ import annotations

from typing import Any


class GameError(ValueError):
    """Base class of every error an engine raises on bad input."""

    code = "invalid"

    def __init__(self, message: str, *, where: str = "", code: str | None = None, **params: Any) -> None:
        super().__init__(message)
        self.where = where
        if code is not None:
            self.code = code
        self.params = params

    def at(self, where: str) -> "GameError":
        """Return this error, located at ``where`` when it had no place yet."""
        if not self.where:
            self.where = where
        return self


__all__ = ["GameError"]
