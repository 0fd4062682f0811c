"""Errors raised by the domino engine: each a ``GameError`` (``tutor.games.errors``: a message
naming the offending token, a code, its params and where it came from, such as ``hands[1][0]``)."""

from __future__ import annotations

from tutor.games.errors import GameError


class DominoError(GameError):
    """Base class of every error this engine raises on bad input (the shape: ``tutor.games.errors``)."""


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
