"""The end of a game and the videau (doubling cube).

Results: single 1, gammon 2 (the loser has borne off nothing), backgammon 3 (nothing off and a
checker on the bar or in the winner's home board), times the videau. A refused double pays the
value before doubling, never times gammon. The videau's states are values: :class:`Cube`
(centred or owned), :class:`Offer` (offered, before the answer), and the answers ``take`` (a new
``Cube``) and ``drop`` (a :class:`Result`).

>>> from tutor.games.backgammon import Position, WHITE
>>> result(Position.parse("W | B 19x15 | B cube 2W"))
Result(winner=<Side.WHITE: 'white'>, kind='gammon', multiplier=2, cube=2, points=4)
>>> Offer(Cube(), WHITE).take()
Cube(value=2, owner=<Side.BLACK: 'black'>)
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.games.backgammon.errors import IllegalMoveError
from tutor.games.backgammon.position import BAR, BLACK, CHECKERS, CUBE_CAP, WHITE, Cube, Position, Side

KINDS = {1: "single", 2: "gammon", 3: "backgammon"}


@dataclass(frozen=True)
class Result:
    """How a game ended: ``kind`` is single / gammon / backgammon, or ``drop`` (a refused double)."""

    winner: Side
    kind: str
    multiplier: int
    cube: int
    points: int

    def to_json(self) -> dict:
        return {"winner": self.winner.value, "kind": self.kind, "multiplier": self.multiplier, "cube": self.cube,
                "points": self.points}


def result(position: Position) -> Result | None:
    """The result of a finished game (a side has borne off all 15), else ``None``."""
    winner = position.winner
    if winner is None:
        return None
    loser = winner.other
    own = position.checkers(loser)
    if position.off(loser):
        multiplier = 1
    # The winner's home board is the loser's points 19-24 (indices 18-23), the bar index 24.
    elif own[BAR] or any(own[18:24]):
        multiplier = 3
    else:
        multiplier = 2
    value = position.cube.value
    return Result(winner, KINDS[multiplier], multiplier, value, multiplier * value)


@dataclass(frozen=True)
class Offer:
    """``by`` has offered the videau ``cube`` (before rolling); the other side answers."""

    cube: Cube
    by: Side

    def __post_init__(self) -> None:
        if not self.cube.may_double(self.by):
            code = "cube_cap" if self.cube.value >= CUBE_CAP else "cube_not_yours"
            raise IllegalMoveError(f"{self.by.value} may not double this videau", where="cube", code=code,
                                   value=self.cube.value)

    def take(self) -> Cube:
        """Accepted: twice the value, and the taker owns the videau (only it may redouble)."""
        return Cube(self.cube.value * 2, self.by.other)

    def drop(self) -> Result:
        """Refused: the doubler wins the value before doubling, never times gammon."""
        return Result(self.by, "drop", 1, self.cube.value, self.cube.value)


def offer(position: Position) -> Offer:
    """The side to move offers the videau before rolling (IllegalMoveError if it may not)."""
    if position.is_over:
        raise IllegalMoveError("the game is over", code="game_over")
    if position.dice is not None:
        raise IllegalMoveError("the videau is offered before rolling", code="cube_after_roll")
    return Offer(position.cube, position.to_move)


def can_double(position: Position) -> bool:
    return not position.is_over and position.cube.may_double(position.to_move)


# ---- the computer's videau (BACKGAMMON.md, decision: Trice's 8-9-12 on the pip counts) -------------
def pip_lead(position: Position, side: Side) -> int:
    return position.pips(side.other) - position.pips(side)


def computer_doubles(position: Position, side: Side | None = None) -> bool:
    """Double if 100 x lead >= 8 x own pips (9 to redouble), when the videau may be offered."""
    side = side or position.to_move
    if position.is_over or not position.cube.may_double(side):
        return False
    threshold = 8 if position.cube.owner is None else 9
    return 100 * pip_lead(position, side) >= threshold * position.pips(side)


def computer_takes(position: Position, doubler: Side) -> bool:
    """Accept if the doubler's lead is at most 12 % of the doubler's pip count."""
    return 100 * pip_lead(position, doubler) <= 12 * position.pips(doubler)
