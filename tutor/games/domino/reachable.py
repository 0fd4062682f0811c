"""Positions no game of the other rule sets can reach (issue #29): what the analyze API refuses beside
a malformed body. A position built from a body (:meth:`Position.from_json`) is well formed: every
tile once, lines and arms that join, passes that only stuck seats made. Some such positions still
cannot happen by the rules of Sato 157, Straight or All Fives: more tiles in the boneyard than the
deal leaves, hands of the wrong size before the lead, All Fives points before any play or past the
target, passes after the round had already ended. Playboard's answers keep the API's version 1 as
``shared/API.md`` states it, so these checks are for the other rule sets only.

>>> from tutor.games.domino import Position
>>> from tutor.games.domino.rules import SATO
>>> unreachable(Position.parse("6-6/5-5/4-4/3-3 - 0 0", SATO)).code  # four players: nothing left to draw
'boneyard_too_big'
"""

from __future__ import annotations

from tutor.games.domino.errors import InvalidPositionError
from tutor.games.domino.position import Position
from tutor.games.domino.rules import PLAYBOARD
from tutor.games.domino.tiles import TILE_COUNT
from tutor.games.domino.turn import nobody_can_play


def unreachable(position: Position) -> InvalidPositionError | None:
    """Why no round by ``position.rules`` can come to ``position`` (an error naming the field, as
    the API's refusals do), or None when one can, as far as these checks see. Playboard: None."""
    rules = position.rules
    if rules.name == PLAYBOARD.name:
        return None
    seats, size = position.seats, rules.hand_size(position.seats)
    dealt_boneyard = TILE_COUNT - seats * size  # what the deal leaves to draw
    boneyard = len(position.boneyard)
    if boneyard > dealt_boneyard:
        return InvalidPositionError(
            f"{boneyard} tiles in the boneyard, but {rules.name} with {seats} players deals {size} tiles each "
            f"and leaves {dealt_boneyard}", where="hands", code="boneyard_too_big",
            boneyard=boneyard, dealt=dealt_boneyard, seats=seats, size=size)
    drawn = dealt_boneyard - boneyard  # tiles drawn so far, by every seat together
    if not position.line:
        for seat, hand in enumerate(position.hands):
            if hand.bit_count() != size:
                return InvalidPositionError(
                    f"hands[{seat}] holds {hand.bit_count()} tiles before the lead, but the deal gives {size}",
                    where=f"hands[{seat}]", code="deal_size", seat=seat, tiles=hand.bit_count(), size=size)
    for seat, hand in enumerate(position.hands):
        if hand.bit_count() > size + drawn:
            return InvalidPositionError(
                f"hands[{seat}] holds {hand.bit_count()} tiles: {size} dealt and {drawn} drawn make at most "
                f"{size + drawn}", where=f"hands[{seat}]", code="hand_too_big", seat=seat,
                tiles=hand.bit_count(), most=size + drawn)
    if rules.scores_ends and any(position.scores):
        if not position.line:
            return InvalidPositionError("points scored before the lead", where="scores", code="scores_before_lead")
        if len(position.line_tiles()) == 1:
            return InvalidPositionError("points scored with only the spinner on the table: the lead scores nothing",
                                        where="scores", code="scores_before_play")
        over = [p for p in position.scores if p >= rules.target_score]
        if over:
            return InvalidPositionError(
                f"{over[0]} points in the round: the match ends the moment a player reaches {rules.target_score}",
                where="scores", code="scores_past_target", points=over[0], target=rules.target_score)
    if rules.ends_when_stuck and position.passes and nobody_can_play(position.hands, position.ends, boneyard):
        return InvalidPositionError(
            f"passes is {position.passes}, but nobody can play: the round ended, blocked, before anyone passed",
            where="passes", code="passes_after_block", passes=position.passes)
    return None


__all__ = ["unreachable"]
