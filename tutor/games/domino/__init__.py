"""The rules engine: pure Python, no web framework.

>>> from tutor.games.domino import Position, Action
>>> p = Position.parse("5-4,6-1,2-2/2-0 5-3,3-3,3-6 0 0")
>>> [str(m) for m in p.legal_moves()]
['5-4L', '6-1R']
"""

from tutor.games.domino.errors import (
    DominoError,
    IllegalMoveError,
    InvalidActionError,
    InvalidLineError,
    InvalidPositionError,
    InvalidTileError,
)
from tutor.games.domino.match import Match
from tutor.games.domino.position import DRAW, PASS, Action, ActionKind, End, Position, Required
from tutor.games.domino.round import Deal, RoundRecord
from tutor.games.domino.rules import PLAYBOARD, Opening, OpeningReason, RoundResult, RuleSet, Termination
from tutor.games.domino.tiles import DOUBLES, TILES, Tile
from tutor.games.domino.turn import seat_turn

__all__ = [
    "Action", "ActionKind", "Deal", "DominoError", "DOUBLES", "DRAW", "End", "IllegalMoveError",
    "InvalidActionError", "InvalidLineError", "InvalidPositionError", "InvalidTileError", "Match",
    "Opening", "OpeningReason", "PASS", "PLAYBOARD", "Position", "Required", "RoundRecord",
    "RoundResult", "RuleSet", "Termination", "TILES", "Tile", "seat_turn",
]
