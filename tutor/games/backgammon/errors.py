"""Errors raised by the backgammon engine.

As in the domino engine, every error is a ``ValueError`` with an English message for logs, a
machine-readable ``code`` and ``params`` (the web layer words them in the learner's language) and
``where``, the field or token it came from (``white.24``, ``turns[3]``).
"""

from __future__ import annotations

from typing import Any


class BackgammonError(ValueError):
    """Base class of every error the engine raises on bad input."""

    code = "invalid"

    def __init__(self, message: str, *, where: str = "", code: str | None = None, **params: Any) -> None:
        super().__init__(message)
        self.where = where
        if code is not None:
            self.code = code
        self.params = params

    def at(self, where: str) -> "BackgammonError":
        """Return this error, located at ``where`` when it had no place yet."""
        if not self.where:
            self.where = where
        return self


class InvalidPositionError(BackgammonError):
    """A position that cannot exist: 16 checkers, both colours on one point, a bad ID string..."""

    code = "position"


class InvalidNotationError(BackgammonError):
    """A play whose text cannot be read, such as ``24-18`` or ``13/x``."""

    code = "notation"


class IllegalMoveError(BackgammonError):
    """A readable play or step that the rules do not allow; ``code`` is a why-not reason."""

    code = "illegal"


class IllegalRecordError(BackgammonError):
    """A game record with an illegal entry; ``where`` names the first one (``turns[4]``) and
    ``params["reason"]`` / ``params["reason_params"]`` say why."""

    code = "record"
