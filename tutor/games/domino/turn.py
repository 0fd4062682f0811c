"""What a seat must or may do on its turn: the one statement of a turn's rules.

Everything that asks what is legal asks :func:`seat_turn`: :class:`~tutor.games.domino.Position`
(``required``, ``legal_actions`` and the reasons ``check`` gives), a seat's view in the hint
engine (``SeatView.required`` and ``legal_actions``), and the fast playouts (which are checked
against it on every step by the tests, see ``tutor/games/domino/playout.py``). It reads only what the
seat to move can see itself: its hand, the open ends, how many tiles the boneyard holds and how
many seats have passed in a row, so a seat's view and the whole position give the same answer.

>>> from tutor.games.domino.tiles import Tile, mask_of
>>> hand = mask_of([Tile.parse("6-1"), Tile.parse("2-2")])
>>> seat_turn(hand, (6, 3), boneyard=5, passes=0, seats=2) == (Required.PLAY, Tile.parse("6-1").bit)
True
>>> seat_turn(hand, (5, 3), boneyard=0, passes=1, seats=2)
(<Required.PASS: 'pass'>, 0)
"""

from __future__ import annotations

import enum

from tutor.games.domino.tiles import FULL_SET, NUMBER_MASK


class Required(enum.Enum):
    """What the rules require next (the API's ``action``)."""

    OPEN = "open"
    PLAY = "play"
    DRAW = "draw"
    PASS = "pass"
    OVER = "over"


def fitting_tiles(hand: int, ends: tuple[int, ...] | None) -> int:
    """The tiles of ``hand`` (a bit mask) that show the number of an open end (a line's two, or a
    spinner's up to four); none before the opening."""
    if ends is None:
        return 0
    if len(ends) == 2:  # a line: the common case, kept quick
        return hand & (NUMBER_MASK[ends[0]] | NUMBER_MASK[ends[1]])
    numbers = 0
    for end in ends:
        numbers |= NUMBER_MASK[end]
    return hand & numbers


def seat_turn(
    hand: int,
    ends: tuple[int, ...] | None,
    boneyard: int,
    passes: int,
    seats: int,
    played_out: bool = False,
    openers: int = FULL_SET,
    blocked: bool = False,
) -> tuple[Required, int]:
    """What the seat to move must do, and the bit mask of the tiles it may place.

    - Before the opening (``ends`` is None): ``OPEN`` with the tiles of ``openers`` it holds
      (the rule set's opening tile, or every tile when any tile may lead).
    - The round is over once a seat has played out (``played_out``) or every seat has passed in
      a row, or (``blocked``: the rule sets that end a round as soon as nobody can play and nothing
      is left to draw, see :func:`nobody_can_play`) that moment has come: ``OVER``, no tile.
    - Otherwise a seat holding a tile that shows an open end's number must ``PLAY`` one of those
      (the mask); holding none, it must ``DRAW`` while the boneyard has tiles, then ``PASS``.
    """
    if ends is None:
        return Required.OPEN, hand & openers
    if played_out or passes >= seats or blocked:
        return Required.OVER, 0
    fit = fitting_tiles(hand, ends)
    if fit:
        return Required.PLAY, fit
    return (Required.DRAW if boneyard else Required.PASS), 0


def nobody_can_play(hands: tuple[int, ...] | list[int], ends: tuple[int, ...] | None, boneyard: int) -> bool:
    """Nothing is left to draw and no hand holds a tile that fits an open end: the moment a round
    is blocked in Sato 157, Straight and All Fives (seeds 003, 004), without waiting for passes. It
    needs every hand, so the position works it out and a seat's view is told."""
    if boneyard or ends is None:
        return False
    return not any(fitting_tiles(hand, ends) for hand in hands)


__all__ = ["Required", "fitting_tiles", "nobody_can_play", "seat_turn"]
