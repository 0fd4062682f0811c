"""What a click on a game page asks for, as the rules see it: a move to make, a choice of end for a
tile that fits both, or a refusal with its reason as a code (the web layer words it,
``domino.refusal.<code>`` in ``tutor.web.sentences``).

A click is the text a page sends: ``draw``, ``pass``, or a tile such as ``6-1`` (the learner
tapped it; which end is for the rules to say, or for the learner when both fit).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tutor.games.domino.errors import DominoError, IllegalMoveError
from tutor.games.domino.position import DRAW, PASS, Action, End, Position, Required
from tutor.games.domino.spinner import arm_rank
from tutor.games.domino.tiles import Tile


@dataclass(frozen=True)
class Click:
    """One of three: ``action`` (make it), ``ends`` (the tile fits several ends: its moves, in the
    order left, right, up, down, then the doubles' branches, for the learner to choose) or ``refusal`` (a code, with ``params``
    for its sentence)."""

    action: Action | None = None
    ends: tuple[Action, ...] | None = None
    refusal: str | None = None
    params: dict[str, Any] = field(default_factory=dict)


def _refused(error: DominoError) -> Click:
    return Click(refusal=error.code, params=dict(error.params))


def interpret_click(position: Position, seat: int, text: str) -> Click:
    """What ``seat``'s click ``text`` asks for in ``position``."""
    if position.required() is Required.OVER or position.to_move != seat:
        return Click(refusal="not_your_turn")
    if text in ("draw", "pass"):
        action = DRAW if text == "draw" else PASS
        try:
            position.check(action)
        except IllegalMoveError as error:
            return _refused(error)
        return Click(action=action)
    try:
        tile = Tile.parse(text)
    except DominoError as error:
        return _refused(error)
    if position.required() is Required.OPEN:
        action = Action.open(tile)
        try:
            position.check(action)
        except IllegalMoveError as error:
            return _refused(error)
        return Click(action=action)
    moves = [m for m in position.legal_moves() if m.tile is tile]
    if len(moves) == 1:
        return Click(action=moves[0])
    if len(moves) > 1:
        return Click(ends=tuple(sorted(moves, key=lambda m: arm_rank(m.end, position.layout))))  # type: ignore[arg-type]
    # Not playable: the engine says why (not in hand, must draw first, ...), except for a tile of the
    # hand that fits no open end, which is said against all of them at once.
    try:
        position.check(Action.play(tile, End.LEFT))
    except IllegalMoveError as error:
        if error.code != "no_match":
            return _refused(error)
    numbers = sorted(set(position.open_ends().values()))
    if len(numbers) == 1:
        return Click(refusal="no_fit_one", params={"tile": str(tile), "number": numbers[0]})
    if position.layout is not None:
        return Click(refusal="no_fit_arms", params={"tile": str(tile), "numbers": numbers})
    left, right = position.ends  # type: ignore[misc]
    return Click(refusal="no_fit", params={"tile": str(tile), "left": left, "right": right})


__all__ = ["Click", "interpret_click"]
