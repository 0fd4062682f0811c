"""The backgammon rules engine: pure Python, no web framework (rules: ../shared/BACKGAMMON.md).

>>> from tutor.games.backgammon import START, legal_plays
>>> len(legal_plays(START.with_dice(3, 1))), len(legal_plays(START.with_dice(6, 6)))
(16, 11)
"""

from tutor.games.backgammon.errors import BackgammonError, IllegalMoveError, IllegalRecordError, InvalidNotationError, InvalidPositionError
from tutor.games.backgammon.plays import Play, Reason, Step, first_steps, legal_plays, notation, parse_play, why_not
from tutor.games.backgammon.position import BLACK, CENTRED, CHECKERS, CUBE_CAP, START, WHITE, Cube, Position, Side

__all__ = [
    "BLACK", "BackgammonError", "CENTRED", "CHECKERS", "CUBE_CAP", "Cube", "IllegalMoveError",
    "IllegalRecordError", "InvalidNotationError", "InvalidPositionError", "Play", "Position", "Reason", "START",
    "Side", "Step", "WHITE", "first_steps", "legal_plays", "notation", "parse_play", "why_not",
]
