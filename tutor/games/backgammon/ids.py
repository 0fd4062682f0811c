"""GNU Position ID, one of the two position strings backgammon programs exchange (the other, XGID,
is read and written by ``Position.xgid`` and ``Position.from_xgid`` in ``position.py``).

GNU Position ID (GNU Backgammon manual, "Position ID"): 80 bits, for the side not on roll then the
side on roll, points 1-24 and the bar in that side's own numbering, each point written as one
``1`` per checker and a closing ``0``; bits packed from the low bit of each byte; base64 of the 10
bytes without padding. It does not say who is on roll.
"""

from __future__ import annotations

import base64
import binascii
import re

from tutor.games.backgammon.errors import InvalidPositionError

Board = tuple[tuple[int, ...], tuple[int, ...]]


def gnu_position_id(board: Board) -> str:
    bits = 0
    position = 0
    for side in board:
        for count in side:
            bits |= ((1 << count) - 1) << position
            position += count + 1
    return base64.b64encode(bits.to_bytes(10, "little")).decode("ascii").rstrip("=")


def board_from_gnu_id(text: str) -> Board:
    def bad(why: str) -> InvalidPositionError:
        return InvalidPositionError(f"{text!r} is not a GNU Position ID: {why}", where="gnu_id", code="gnu_id",
                                    token=str(text)[:40])

    if not isinstance(text, str) or not re.fullmatch(r"[A-Za-z0-9+/]{14}", text):
        raise bad("14 base64 characters expected")
    try:
        bits = int.from_bytes(base64.b64decode(text + "=="), "little")
    except (binascii.Error, ValueError):
        raise bad("not base64") from None
    sides: list[list[int]] = [[0] * 25, [0] * 25]
    side = point = 0
    for position in range(80):
        if side == 2:
            if bits >> position:
                raise bad("bits after the last point")
            break
        if bits >> position & 1:
            sides[side][point] += 1
        else:
            point += 1
            if point == 25:
                side, point = side + 1, 0
    if side != 2:
        raise bad("fewer than 50 points")
    for own in sides:
        if sum(own) > 15:
            raise bad("more than 15 checkers for a side")
    return tuple(sides[0]), tuple(sides[1])
