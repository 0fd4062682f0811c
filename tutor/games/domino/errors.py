"""Errors raised by the engine.

Every error is a ``ValueError`` whose message names the offending token. It also carries a
machine-readable ``code`` and ``params`` (so the web layer can say the same thing in the learner's
language without parsing English) and ``where``, the field the token came from (``hands[1][0]``).
"""

from __future__ import annotations

from typing import Any


class DominoError(ValueError):
    """Base class of every error the engine raises on bad input."""

    code = "invalid"

    def __init__(self, message: str, *, where: str = "", code: str | None = None, **params: Any) -> None:
        super().__init__(message)
        self.where = where
        if code is not None:
            self.code = code
        self.params = params

    def at(self, where: str) -> "DominoError":
        """Return this error, located at ``where`` when it had no place yet."""
        if not self.where:
            self.where = where
        return self


class InvalidTileError(DominoError):
    """A token that is not a tile of the double-six set, such as ``7-1`` or ``6/3``."""

    code = "tile"


class InvalidLineError(DominoError):
    """A line of play whose touching halves differ."""

    code = "line"


class InvalidPositionError(DominoError):
    """A position that cannot exist: a duplicated tile, a wrong number of seats, ..."""

    code = "position"


class InvalidActionError(DominoError):
    """An action whose text cannot be read (syntax), such as ``6-1X``."""

    code = "action"


class IllegalMoveError(DominoError):
    """A well-formed action that the rules do not allow in the position."""

    code = "illegal"
