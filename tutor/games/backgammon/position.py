"""Backgammon positions: both sides' checkers, the bar, borne-off, side to move, dice, videau.

A :class:`Position` is immutable. Inside, each side's checkers are a 25-tuple in that side's own
numbering (index ``i`` = its point ``i + 1``, index 24 = its bar), the layout GNU Backgammon uses;
outside (text, JSON, the API) points are numbered from the learner's side for both colours
(BACKGAMMON.md): White moves 24 -> 1, Black 1 -> 24.

>>> p = Position.parse("W 24x2 13x5 8x3 6x5 | B 19x5 17x3 12x5 1x2")
>>> p == START, p.pips(WHITE), p.gnu_id(), p.to_text()
(True, 167, '4HPwATDgc/ABMA', 'W 24x2 13x5 8x3 6x5 | B 19x5 17x3 12x5 1x2')
>>> Position.parse("W bar 6x2 | B 19x3 | B 6-5 cube 4W").to_text()
'W bar 6x2 | B 19x3 | B 6-5 cube 4W'
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Any, Sequence

from tutor.games.backgammon.errors import InvalidPositionError
from tutor.games.backgammon.ids import board_from_gnu_id, gnu_position_id

CHECKERS = 15
BAR = 24  # index of the bar in a side's 25-tuple
CUBE_CAP = 64


class Side(enum.Enum):
    WHITE = "white"
    BLACK = "black"

    @property
    def other(self) -> "Side":
        return BLACK if self is WHITE else WHITE

    @property
    def letter(self) -> str:
        return "W" if self is WHITE else "B"

    @classmethod
    def read(cls, value: Any, where: str = "to_move") -> "Side":
        for side in cls:
            if value in (side.value, side.letter, side.letter.lower()):
                return side
        raise InvalidPositionError(f"{value!r} is not white or black", where=where, code="side", value=str(value))


WHITE = Side.WHITE
BLACK = Side.BLACK


def learner_point(side: Side, own_point: int) -> int:
    """A side's own point number (1..24) in the learner's numbering (White's)."""
    return own_point if side is WHITE else 25 - own_point


def own_point(side: Side, learner: int) -> int:
    return learner if side is WHITE else 25 - learner


@dataclass(frozen=True)
class Cube:
    """The videau: its value and who owns it (``None`` = centred). Offers, takes and drops are
    values too (:mod:`.cube`)."""

    value: int = 1
    owner: Side | None = None

    def __post_init__(self) -> None:
        value = self.value
        if isinstance(value, bool) or not isinstance(value, int) or value < 1 or value > CUBE_CAP or value & (value - 1):
            raise InvalidPositionError(f"videau value {value!r} is not a power of 2 from 1 to {CUBE_CAP}",
                                       where="cube.value", code="cube_value", value=str(value))
        if self.owner is not None and not isinstance(self.owner, Side):
            raise InvalidPositionError(f"videau owner {self.owner!r} is not white, black or null",
                                       where="cube.owner", code="cube_owner", value=str(self.owner))

    @property
    def state(self) -> str:
        return "centred" if self.owner is None else "owned"

    def may_double(self, side: Side) -> bool:
        """Before rolling, ``side`` may offer the videau: centred or its own, and not at the cap."""
        return self.value < CUBE_CAP and self.owner in (None, side)

    def to_text(self) -> str:
        return f"{self.value}{self.owner.letter if self.owner else ''}"

    def to_json(self) -> dict:
        return {"value": self.value, "owner": self.owner.value if self.owner else None}


CENTRED = Cube()


def _validate_side(checkers: Sequence[int], side: Side) -> tuple[int, ...]:
    checkers = tuple(checkers)
    if len(checkers) != 25 or any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in checkers):
        raise InvalidPositionError(f"{side.value}: 25 non-negative counts expected", where=side.value, code="counts")
    if sum(checkers) > CHECKERS:
        raise InvalidPositionError(f"{side.value} has {sum(checkers)} checkers (at most {CHECKERS})",
                                   where=side.value, code="too_many", side=side.value, count=sum(checkers))
    return checkers


class Position:
    """A moment of a game. Build one with :meth:`parse`, :meth:`from_json`, :meth:`from_gnu_id`,
    :meth:`from_xgid` or :meth:`from_learner`."""

    __slots__ = ("white", "black", "to_move", "dice", "cube", "_hash")

    white: tuple[int, ...]
    black: tuple[int, ...]
    to_move: Side
    dice: tuple[int, int] | None
    cube: Cube

    def __init__(self, white: Sequence[int], black: Sequence[int], to_move: Side = WHITE,
                 dice: Sequence[int] | None = None, cube: Cube = CENTRED) -> None:
        self.white = _validate_side(white, WHITE)
        self.black = _validate_side(black, BLACK)
        for i in range(24):
            if self.white[i] and self.black[23 - i]:
                raise InvalidPositionError(f"white and black both on point {i + 1}", where=f"black.{i + 1}",
                                           code="shared_point", point=i + 1)
        if not isinstance(to_move, Side):
            raise InvalidPositionError(f"to_move {to_move!r} is not a side", where="to_move", code="side",
                                       value=str(to_move))
        self.to_move = to_move
        if dice is not None:
            dice = tuple(dice)
            if len(dice) != 2 or any(isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6 for d in dice):
                raise InvalidPositionError(f"dice {dice!r}: two numbers 1 to 6 expected", where="dice", code="dice")
        self.dice = dice
        if not isinstance(cube, Cube):
            raise InvalidPositionError("cube must be a Cube", where="cube", code="cube_value", value=str(cube))
        self.cube = cube
        if self.off(WHITE) == CHECKERS and self.off(BLACK) == CHECKERS:
            raise InvalidPositionError("both sides have borne off all 15 checkers", where="", code="both_off")
        self._hash = hash((self.white, self.black, to_move, dice, cube))

    # ---- values ---------------------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Position) and self.white == other.white and self.black == other.black
                and self.to_move == other.to_move and self.dice == other.dice and self.cube == other.cube)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Position.parse({self.to_text()!r})"

    def replace(self, **changes: Any) -> "Position":
        fields = {"white": self.white, "black": self.black, "to_move": self.to_move, "dice": self.dice,
                  "cube": self.cube}
        fields.update(changes)
        return Position(**fields)

    def with_dice(self, d1: int, d2: int) -> "Position":
        return self.replace(dice=(d1, d2))

    def checkers(self, side: Side) -> tuple[int, ...]:
        """The side's 25-tuple in its own numbering (index 24 = bar)."""
        return self.white if side is WHITE else self.black

    def board(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """``(opponent, mover)`` in their own numberings: GNU Backgammon's board layout."""
        if self.to_move is WHITE:
            return self.black, self.white
        return self.white, self.black

    def on_bar(self, side: Side) -> int:
        return self.checkers(side)[BAR]

    def off(self, side: Side) -> int:
        return CHECKERS - sum(self.checkers(side))

    def pips(self, side: Side) -> int:
        """Pips to bear everything off: a checker on its own point p counts p, on the bar 25."""
        return sum(n * (i + 1) for i, n in enumerate(self.checkers(side)))

    def at(self, learner: int) -> tuple[Side | None, int]:
        """Who is on a point of the learner's numbering, and how many."""
        if self.white[learner - 1]:
            return WHITE, self.white[learner - 1]
        if self.black[24 - learner]:
            return BLACK, self.black[24 - learner]
        return None, 0

    def points(self, side: Side) -> dict[int, int]:
        """``{learner point: count}`` for a side, highest point first (bar and off not included)."""
        own = self.checkers(side)
        return {p: own[own_point(side, p) - 1] for p in range(24, 0, -1) if own[own_point(side, p) - 1]}

    @property
    def winner(self) -> Side | None:
        for side in (WHITE, BLACK):
            if self.off(side) == CHECKERS:
                return side
        return None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @classmethod
    def from_learner(cls, white: dict[int, int], black: dict[int, int], bar: tuple[int, int] = (0, 0),
                     to_move: Side = WHITE, dice: Sequence[int] | None = None, cube: Cube = CENTRED) -> "Position":
        """From ``{learner point: count}`` per side and ``bar = (white, black)``."""
        w, b = [0] * 25, [0] * 25
        for p, n in white.items():
            w[p - 1] += n
        for p, n in black.items():
            b[24 - p] += n
        w[BAR], b[BAR] = bar
        return cls(w, b, to_move, dice, cube)

    # ---- one-line text ----------------------------------------------------------------------------
    def to_text(self) -> str:
        """``W 24x2 13x5 | B 19x5`` (learner's numbering, ``bar`` first, ``x1`` omitted; the rest
        is off), then ``| <side to move> [dice] [cube <value><owner>]`` unless it is White to move
        with no dice and the videau centred at 1."""
        parts = []
        for side in (WHITE, BLACK):
            tokens = [side.letter]
            bar = self.on_bar(side)
            if bar:
                tokens.append("bar" if bar == 1 else f"barx{bar}")
            tokens += [str(p) if n == 1 else f"{p}x{n}" for p, n in self.points(side).items()]
            parts.append(" ".join(tokens))
        if self.to_move is not WHITE or self.dice or self.cube != CENTRED:
            tail = [self.to_move.letter]
            if self.dice:
                tail.append(f"{self.dice[0]}-{self.dice[1]}")
            if self.cube != CENTRED:
                tail.append(f"cube {self.cube.to_text()}")
            parts.append(" ".join(tail))
        return " | ".join(parts)

    __str__ = to_text

    @classmethod
    def parse(cls, text: str) -> "Position":
        if not isinstance(text, str):
            raise InvalidPositionError("a position must be text", code="text", token=str(text))
        parts = [p.strip() for p in text.split("|")]
        if len(parts) not in (2, 3):
            raise InvalidPositionError(f"not a position: {text!r} (write W 24x2 13x5 | B 19x5)", code="text",
                                       token=text)
        sides = []
        for part, side in zip(parts[:2], (WHITE, BLACK)):
            tokens = part.split()
            if not tokens or tokens[0] != side.letter:
                raise InvalidPositionError(f"{part!r} must start with {side.letter}", code="text", token=part)
            own = [0] * 25
            for token in tokens[1:]:
                match = _POINT_RE.fullmatch(token)
                if match is None:
                    raise InvalidPositionError(f"{token!r} is not a point such as 13x5, 6 or bar", code="text",
                                               token=token)
                count = int(match[2] or 1)
                if match[1] == "bar":
                    index = BAR
                else:
                    point = int(match[1])
                    if not 1 <= point <= 24:
                        raise InvalidPositionError(f"{token!r}: points run from 1 to 24", code="text", token=token)
                    index = own_point(side, point) - 1
                if own[index] or count == 0:
                    raise InvalidPositionError(f"{token!r}: each point once, with a count of 1 or more",
                                               code="text", token=token)
                own[index] = count
            sides.append(own)
        to_move, dice, cube = WHITE, None, CENTRED
        if len(parts) == 3:
            match = _TAIL_RE.fullmatch(parts[2])
            if match is None:
                raise InvalidPositionError(f"{parts[2]!r}: write the side to move, the dice and the videau, "
                                           "such as B 6-5 cube 2W", code="text", token=parts[2])
            to_move = Side.read(match[1])
            if match[2]:
                dice = (int(match[2]), int(match[3]))
            if match[4]:
                cube = Cube(int(match[4]), Side.read(match[5]) if match[5] else None)
        return cls(sides[0], sides[1], to_move, dice, cube)

    # ---- JSON (the API's request format) ---------------------------------------------------------
    def to_json(self) -> dict:
        return {
            **self.checkers_json(),
            "to_move": self.to_move.value,
            "dice": list(self.dice) if self.dice else None,
            "cube": self.cube.to_json(),
        }

    def checkers_json(self) -> dict:
        """``white``, ``black`` and ``bar`` as the API writes them (points as strings)."""
        return {
            "white": {str(p): n for p, n in self.points(WHITE).items()},
            "black": {str(p): n for p, n in self.points(BLACK).items()},
            "bar": {"white": self.on_bar(WHITE), "black": self.on_bar(BLACK)},
        }

    @classmethod
    def from_json(cls, data: Any) -> "Position":
        """Read and validate an API request body; errors name the offending field in ``where``."""
        if not isinstance(data, dict):
            raise InvalidPositionError("the body must be a JSON object", where="", code="body")
        sides = {}
        for side in (WHITE, BLACK):
            if side.value not in data:
                raise InvalidPositionError(f"{side.value} is required", where=side.value, code="missing",
                                           field=side.value)
            points = data[side.value]
            if not isinstance(points, dict):
                raise InvalidPositionError(f"{side.value} must be an object of point: count", where=side.value,
                                           code="points_type", field=side.value)
            own = [0] * 25
            for key, count in points.items():
                where = f"{side.value}.{key}"
                if not (isinstance(key, str) and key.isascii() and key.isdigit() and 1 <= int(key) <= 24
                        and str(int(key)) == key):
                    raise InvalidPositionError(f"{key!r} is not a point 1 to 24", where=where, code="point_key",
                                               key=str(key))
                own[own_point(side, int(key)) - 1] = _read_count(count, where, 1)
            sides[side] = own
        bar = data.get("bar", {})
        if bar is None:
            bar = {}
        if not isinstance(bar, dict):
            raise InvalidPositionError("bar must be an object", where="bar", code="bar_type")
        for key in bar:
            if key not in ("white", "black"):
                raise InvalidPositionError(f"bar.{key}: white or black expected", where=f"bar.{key}",
                                           code="side", value=str(key))
        for side in (WHITE, BLACK):
            sides[side][BAR] = _read_count(bar.get(side.value, 0), f"bar.{side.value}", 0)
        for side in (WHITE, BLACK):
            total = sum(sides[side])
            if total > CHECKERS:
                raise InvalidPositionError(f"{side.value} has {total} checkers", where=side.value,
                                           code="too_many", side=side.value, count=total)
        for i in range(24):
            if sides[WHITE][i] and sides[BLACK][23 - i]:
                raise InvalidPositionError(f"white and black both on point {i + 1}", where=f"black.{i + 1}",
                                           code="shared_point", point=i + 1)
        if "to_move" not in data:
            raise InvalidPositionError("to_move is required", where="to_move", code="missing", field="to_move")
        to_move = data["to_move"]
        if to_move not in ("white", "black"):
            raise InvalidPositionError(f"to_move {to_move!r}: white or black", where="to_move", code="side",
                                       value=str(to_move)[:40])
        dice = data.get("dice")
        if dice is not None:
            if (not isinstance(dice, list) or len(dice) != 2
                    or any(isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6 for d in dice)):
                raise InvalidPositionError("dice must be two numbers 1 to 6", where="dice", code="dice")
            dice = tuple(dice)
        cube_data = data.get("cube")
        cube = CENTRED
        if cube_data is not None:
            if not isinstance(cube_data, dict):
                raise InvalidPositionError("cube must be an object", where="cube", code="cube_type")
            owner = cube_data.get("owner")
            if owner is not None and owner not in ("white", "black"):
                raise InvalidPositionError(f"cube owner {owner!r}", where="cube.owner", code="cube_owner",
                                           value=str(owner)[:40])
            cube = Cube(cube_data.get("value", 1), Side(owner) if owner else None)
        return cls(sides[WHITE], sides[BLACK], Side(to_move), dice, cube)

    # ---- the IDs other programs exchange -----------------------------------------------------------
    def gnu_id(self) -> str:
        return gnu_position_id(self.board())

    @classmethod
    def from_gnu_id(cls, text: str, to_move: Side = WHITE) -> "Position":
        """GNU Position ID: checkers only, relative to the side on roll, which it does not name."""
        opponent, mover = board_from_gnu_id(text)
        white, black = (mover, opponent) if to_move is WHITE else (opponent, mover)
        return cls(white, black, to_move)

    def xgid(self) -> str:
        return xgid_of(self)

    @classmethod
    def from_xgid(cls, text: str) -> "Position":
        return position_from_xgid(text)


# ---- XGID (eXtreme Gammon) ------------------------------------------------------------------------
# ``XGID=<26 chars>:<cube log2>:<cube owner>:<turn>:<dice>:<score bottom>:<score top>:<Crawford/Jacoby>:
# <match length>:<max cube>``. The 26 characters are the top player's bar, points 1-24 of the bottom
# player's numbering, the bottom player's bar; ``A``-``O`` count the bottom player's checkers,
# ``a``-``o`` the top player's, ``-`` is empty. The bottom player is our White (the learner), so the
# points are the learner's numbering. Owner and turn: 1 bottom, -1 top, 0 centred.
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


def _read_count(value: Any, where: str, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= CHECKERS:
        raise InvalidPositionError(f"{where}: {value!r} is not a whole number {low} to {CHECKERS}", where=where,
                                   code="count", value=str(value)[:40], low=low)
    return value


_POINT_RE = re.compile(r"(bar|[0-9]{1,2})(?:x([0-9]{1,2}))?")
_TAIL_RE = re.compile(r"([WB])(?:\s+([1-6])-([1-6]))?(?:\s+cube\s+([0-9]{1,2})([WB])?)?")

START = Position.from_learner({24: 2, 13: 5, 8: 3, 6: 5}, {19: 5, 17: 3, 12: 5, 1: 2})
