"""The two position strings backgammon programs exchange: GNU Position ID and XGID.

GNU Position ID (GNU Backgammon manual, "Position ID"): 80 bits, for the side not on roll then the
side on roll, points 1-24 and the bar in that side's own numbering, each point written as one
``1`` per checker and a closing ``0``; bits packed from the low bit of each byte; base64 of the 10
bytes without padding. It does not say who is on roll.

XGID (eXtreme Gammon): ``XGID=<26 chars>:<cube log2>:<cube owner>:<turn>:<dice>:<score bottom>:
<score top>:<Crawford/Jacoby>:<match length>:<max cube>``. The 26 characters are the top player's
bar, points 1-24 of the bottom player's numbering, the bottom player's bar; ``A``-``O`` count the
bottom player's checkers, ``a``-``o`` the top player's, ``-`` is empty. The bottom player is our
White (the learner), so the points are the learner's numbering. Owner and turn: 1 bottom, -1 top,
0 centred.
"""

from __future__ import annotations

import base64
import binascii
import re

from .errors import InvalidPositionError
from .position import BAR, BLACK, CENTRED, WHITE, Cube, Position

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


def xgid_of(position: Position) -> str:
    chars = [_xg_char(position.black[BAR], lower=True)]
    for point in range(1, 25):
        white, black = position.white[point - 1], position.black[24 - point]
        chars.append(_xg_char(white, lower=False) if white else _xg_char(black, lower=True))
    chars.append(_xg_char(position.white[BAR], lower=False))
    cube = position.cube
    owner = 0 if cube.owner is None else (1 if cube.owner is WHITE else -1)
    turn = 1 if position.to_move is WHITE else -1
    dice = f"{position.dice[0]}{position.dice[1]}" if position.dice else "00"
    return f"XGID={''.join(chars)}:{cube.value.bit_length() - 1}:{owner}:{turn}:{dice}:0:0:0:0:10"


def _xg_char(count: int, lower: bool) -> str:
    if not count:
        return "-"
    return chr((ord("a") if lower else ord("A")) + count - 1)


_XGID_RE = re.compile(r"(?:XGID=)?([-a-oA-O]{26}):([0-6]):(-1|0|1):(-1|1):(00|[1-6][1-6]|D|B|R)"
                      r"(?::-?\d+){0,5}")


def position_from_xgid(text: str) -> Position:
    match = _XGID_RE.fullmatch(text.strip()) if isinstance(text, str) else None
    if match is None:
        raise InvalidPositionError(f"{str(text)[:60]!r} is not an XGID (XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10)",
                                   where="xgid", code="xgid", token=str(text)[:60])
    chars = match[1]
    white, black = [0] * 25, [0] * 25
    black[BAR] = _xg_count(chars[0], lower=True, where="xgid")
    white[BAR] = _xg_count(chars[25], lower=False, where="xgid")
    for point in range(1, 25):
        char = chars[point]
        if char.isupper():
            white[point - 1] = ord(char) - ord("A") + 1
        elif char.islower():
            black[24 - point] = ord(char) - ord("a") + 1
    value = 1 << int(match[2])
    owner = {"0": None, "1": WHITE, "-1": BLACK}[match[3]]
    cube = Cube(value, owner) if (value, owner) != (1, None) else CENTRED
    to_move = WHITE if match[4] == "1" else BLACK
    dice = (int(match[5][0]), int(match[5][1])) if match[5][0].isdigit() and match[5] != "00" else None
    return Position(white, black, to_move, dice, cube)


def _xg_count(char: str, lower: bool, where: str) -> int:
    if char == "-":
        return 0
    if char.islower() != lower:
        raise InvalidPositionError(f"{char!r}: a bar holds only its own side's checkers", where=where, code="xgid",
                                   token=char)
    return ord(char.lower()) - ord("a") + 1
