"""Errors raised by the backgammon engine: each a ``GameError`` (``tutor.games.errors``: a code,
its params and where it came from, such as ``white.24`` or ``turns[3]``)."""

from __future__ import annotations

from tutor.games.errors import GameError


class BackgammonError(GameError):
    """Base class of every error this engine raises on bad input (the shape: ``tutor.games.errors``)."""


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
