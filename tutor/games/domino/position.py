"""Positions, actions and the rules of a turn.

A :class:`Position` is immutable: ``position.apply(action)`` returns the next one, so a round is
its deal plus a list of actions, and undo is keeping the previous position.

>>> p = Position.parse("6-6,5-4/3-1,2-0 - 0 0")
>>> p.required(), [str(a) for a in p.legal_moves()]
(<Required.OPEN: 'open'>, ['6-6'])
>>> p = p.apply(Action.parse("6-6"))
>>> p.to_text()
'5-4/3-1,2-0 6-6 1 0'
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Any, Sequence

from .errors import (
    IllegalMoveError,
    InvalidActionError,
    InvalidLineError,
    InvalidPositionError,
    InvalidTileError,
)
from .rules import PLAYBOARD, Opening, RoundResult, RuleSet, Termination
from .spinner import End
from .tiles import FULL_SET, INDEX_OF, NUMBER_MASK, TILE_COUNT, TILES, Tile, mask_of, pips_in, tiles_in
from .turn import Required, fitting_tiles, seat_turn


class ActionKind(enum.Enum):
    OPEN = "open"
    PLAY = "play"
    DRAW = "draw"
    PASS = "pass"


_ACTION_RE = re.compile(r"([0-6]-[0-6])([LR]?)")


@dataclass(frozen=True, eq=False)
class Action:
    """One action of a round: open with a tile, play a tile at an end, draw one tile, or pass.

    Text forms: ``6-6`` (open), ``6-1L`` / ``6-1R`` (play at the left / right end), ``draw``, ``pass``.
    """

    kind: ActionKind
    tile: Tile | None = None
    end: End | None = None

    @classmethod
    def open(cls, tile: Tile) -> "Action":
        return _OPENS[tile.index]

    @classmethod
    def play(cls, tile: Tile, end: End) -> "Action":
        return _PLAYS[tile.index][end is End.RIGHT]

    @classmethod
    def parse(cls, text: str) -> "Action":
        if text == "draw":
            return DRAW
        if text == "pass":
            return PASS
        match = _ACTION_RE.fullmatch(text) if isinstance(text, str) else None
        if match is None:
            raise InvalidActionError(
                f"not an action: {text!r} (write 6-6, 6-1L, 6-1R, draw or pass)", token=str(text)
            )
        tile = Tile.parse(match[1])
        if not match[2]:
            return cls.open(tile)
        return cls.play(tile, End.LEFT if match[2] == "L" else End.RIGHT)

    def __str__(self) -> str:
        if self.kind is ActionKind.OPEN:
            return str(self.tile)
        if self.kind is ActionKind.PLAY:
            return f"{self.tile}{'L' if self.end is End.LEFT else 'R'}"
        return self.kind.value

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    def to_json(self) -> dict:
        return {"tile": str(self.tile) if self.tile else None, "end": self.end.value if self.end else None}

    # Tiles and enum members are unique objects, so fields compare by identity (legal actions are
    # looked up in lists on every apply(); the generated __eq__ built and compared tuples).
    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if other.__class__ is not Action:
            return NotImplemented
        return self.kind is other.kind and self.tile is other.tile and self.end is other.end  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((self.kind, self.tile, self.end))


DRAW = Action(ActionKind.DRAW)
PASS = Action(ActionKind.PASS)
# Every open and play, made once: the engine hands out these objects, so a legal action is found
# in a list of them by identity before any comparison of fields.
_OPENS: tuple[Action, ...] = tuple(Action(ActionKind.OPEN, t) for t in TILES)
_PLAYS: tuple[tuple[Action, Action], ...] = tuple(
    (Action(ActionKind.PLAY, t, End.LEFT), Action(ActionKind.PLAY, t, End.RIGHT)) for t in TILES
)


def _read_tile(token: Any, where: str) -> Tile:
    try:
        return Tile.parse(token)
    except InvalidTileError as error:
        raise error.at(where)


def _read_line(tokens: Sequence[Any], where: str = "line") -> tuple[tuple[int, int], ...]:
    """A line of play, each tile oriented so that touching halves are equal."""
    line: list[tuple[int, int]] = []
    for i, token in enumerate(tokens):
        _read_tile(token, f"{where}[{i}]")  # validates; the line keeps the written order of halves
        a, b = int(token[0]), int(token[2])
        if line and line[-1][1] != a:
            raise InvalidLineError(
                f"{where}[{i}]: {token} does not join {line[-1][0]}-{line[-1][1]} "
                f"(touching halves {line[-1][1]} and {a} differ)",
                where=f"{where}[{i}]",
                code="line_mismatch",
                token=token,
                previous=f"{line[-1][0]}-{line[-1][1]}",
            )
        line.append((a, b))
    return tuple(line)


class Position:
    """A moment in a round: every hand, the line, the boneyard in draw order, whose turn, and
    how many seats have passed in a row just before it.

    Immutable (slots, and assignment raises ``AttributeError``), so positions can be shared,
    cached and hashed.
    """

    __slots__ = ("hands", "line", "to_move", "passes", "boneyard", "rules", "_turn")

    hands: tuple[int, ...]
    line: tuple[tuple[int, int], ...]
    to_move: int
    passes: int
    boneyard: tuple[int, ...]
    rules: RuleSet

    def __init__(
        self,
        hands: Sequence[int],
        line: Sequence[tuple[int, int]] = (),
        to_move: int = 0,
        passes: int = 0,
        boneyard: Sequence[int] | None = None,
        rules: RuleSet = PLAYBOARD,
    ) -> None:
        """Build a position from bit-mask hands; prefer :meth:`from_json` or :meth:`parse`.

        ``boneyard`` lists tile indices in draw order; by default every tile that is in no hand
        and not in the line, lowest first.
        """
        _set_hands(self, tuple(hands))
        _set_line(self, tuple(line))
        _set_passes(self, passes)
        _set_rules(self, rules)
        self._check()
        used = 0
        for hand in self.hands:
            used |= hand
        for a, b in self.line:
            used |= 1 << _index(a, b)
        rest = FULL_SET & ~used
        if boneyard is None:
            _set_boneyard(self, tuple(t.index for t in tiles_in(rest)))
        else:
            _set_boneyard(self, tuple(boneyard))
            if mask_of(TILES[i] for i in self.boneyard) != rest or len(set(self.boneyard)) != len(self.boneyard):
                raise InvalidPositionError("the boneyard must hold exactly the tiles in no hand and not in the line")
        if not self.line and any(self.hands):
            to_move = self.opening().seat
        if not 0 <= to_move < len(self.hands):
            raise InvalidPositionError(f"to_move {to_move} is not a seat", where="to_move", code="to_move")
        _set_to_move(self, to_move)
        _set_turn(self, None)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a Position is immutable: cannot set {name!r} (apply() returns the next position)")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Position is immutable: cannot delete {name!r}")

    def __copy__(self) -> "Position":
        return self  # immutable: a copy would be the same value

    def __deepcopy__(self, memo: dict) -> "Position":
        return self

    def __reduce__(self) -> tuple:
        return _restore, (self.hands, self.line, self.to_move, self.passes, self.boneyard, self.rules)

    def _check(self) -> None:
        self.rules.check_seats(len(self.hands), where="hands")
        seen = 0
        for hand in self.hands:
            if hand & seen:
                raise InvalidPositionError("a tile is in two hands", where="hands", code="duplicate")
            seen |= hand
        for a, b in self.line:
            bit = 1 << _index(a, b)
            if bit & seen:
                raise InvalidPositionError(f"{a}-{b} is placed twice", where="line", code="duplicate", tile=f"{a}-{b}")
            seen |= bit
        for previous, current in zip(self.line, self.line[1:]):
            if previous[1] != current[0]:
                raise InvalidLineError("touching halves differ", where="line", code="line_mismatch")

    # ----- reading -----------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return len(self.hands)

    @property
    def ends(self) -> tuple[int, int] | None:
        """The numbers showing at the left and right open ends, or None before the opening."""
        if not self.line:
            return None
        return self.line[0][0], self.line[-1][1]

    def hand(self, seat: int) -> list[Tile]:
        """The tiles in a seat's hand, heaviest index first (6-6 before 0-0)."""
        return sorted(tiles_in(self.hands[seat]), reverse=True)

    def pips(self, seat: int) -> int:
        return pips_in(self.hands[seat])

    def line_tiles(self) -> list[Tile]:
        return [TILES[_index(a, b)] for a, b in self.line]

    def boneyard_tiles(self) -> list[Tile]:
        return [TILES[i] for i in self.boneyard]

    def opening(self) -> Opening | None:
        """Who must open and with what, while the line is empty."""
        if self.line:
            return None
        return self.rules.choose_opening(self.hands)

    def result(self) -> RoundResult | None:
        """How the round ended, or None while it goes on."""
        if not self.line:
            return None
        pips = tuple(pips_in(h) for h in self.hands)
        tiles = tuple(h.bit_count() for h in self.hands)
        for seat, hand in enumerate(self.hands):
            if not hand:
                return RoundResult(Termination.DOMINO, seat, self.rules.score_domino(pips, seat), pips, tiles)
        if self.passes >= self.seats:
            winner, points = self.rules.score_blocked(pips, tiles)
            return RoundResult(Termination.BLOCKED, winner, points, pips, tiles)
        return None

    def is_over(self) -> bool:
        return (self._turn or self._options())[0] is Required.OVER

    def fitting(self) -> int:
        """Bit mask of the tiles in the mover's hand that fit an open end."""
        return fitting_tiles(self.hands[self.to_move], self.ends)

    def _options(self) -> tuple[Required, tuple[Action, ...]]:
        """What the rules require of the mover and its legal actions, from :func:`seat_turn`;
        worked out once per position (positions are immutable)."""
        cached = self._turn
        if cached is None:
            line = self.line
            hands = self.hands
            if line:
                ends: tuple[int, int] | None = (line[0][0], line[-1][1])
                required, mask = seat_turn(
                    hands[self.to_move], ends, len(self.boneyard), self.passes, len(hands), not all(hands)
                )
            else:
                ends = None
                try:
                    opening = self.opening()
                except LookupError:  # no tile dealt: nothing to open with
                    opening = None
                openers = FULL_SET if opening is None or opening.tile is None else opening.tile.bit
                seat = self.to_move if opening is None else opening.seat
                required, mask = seat_turn(hands[seat], None, len(self.boneyard), self.passes, len(hands), False, openers)
            cached = (required, turn_actions(required, mask, ends))
            _set_turn(self, cached)
        return cached

    def required(self) -> Required:
        """What the rules require next."""
        return self._options()[0]

    def legal_moves(self) -> list[Action]:
        """Every legal placement: the forced opening, or each fitting tile at each end it fits
        (a tile fitting both ends is two moves). Empty when the player must draw or pass."""
        required, actions = self._options()
        return list(actions) if required is Required.OPEN or required is Required.PLAY else []

    def legal_actions(self) -> list[Action]:
        """Every action the mover may take now, draws and passes included."""
        return list((self._turn or self._options())[1])

    def is_legal(self, action: Action) -> bool:
        return action in self._options()[1]

    # ----- acting ------------------------------------------------------------------------------
    def apply(self, action: Action) -> "Position":
        """The position after ``action``; raises :class:`IllegalMoveError` naming why it is illegal."""
        if action not in (self._turn or self._options())[1]:
            self.check(action)  # raises, saying why
            raise AssertionError(f"check() let {action} through although it is not a legal action")
        hands = list(self.hands)
        seat = self.to_move
        following = seat + 1 if seat + 1 < len(hands) else 0
        kind = action.kind
        if kind is ActionKind.PLAY:
            tile = action.tile
            hands[seat] ^= 1 << tile.index  # type: ignore[union-attr]
            line = self.line
            if action.end is End.LEFT:
                left = line[0][0]
                line = ((tile.other(left), left),) + line  # type: ignore[union-attr]
            else:
                right = line[-1][1]
                line = line + ((right, tile.other(right)),)  # type: ignore[union-attr]
            return self._next(hands, line, following, 0, self.boneyard)
        if kind is ActionKind.DRAW:
            hands[seat] |= 1 << self.boneyard[0]
            return self._next(hands, self.line, seat, 0, self.boneyard[1:])
        if kind is ActionKind.PASS:
            return self._next(hands, self.line, following, self.passes + 1, self.boneyard)
        tile = action.tile
        assert tile is not None
        hands[seat] &= ~tile.bit
        return self._next(hands, ((tile.high, tile.low),), following, 0, self.boneyard)

    def _next(self, hands, line, to_move, passes, boneyard) -> "Position":
        # Skips __init__'s checks: apply() only builds positions that the rules allow.
        position = object.__new__(Position)
        _set_hands(position, tuple(hands))
        _set_line(position, line)
        _set_to_move(position, to_move)
        _set_passes(position, passes)
        _set_boneyard(position, boneyard)
        _set_rules(position, self.rules)
        _set_turn(position, None)
        return position

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalMoveError` if ``action`` is not legal here, saying why."""
        required = self.required()
        seat = self.to_move
        base = {"action": str(action), "seat": seat}
        if required is Required.OVER:
            raise IllegalMoveError(f"{action}: the round is over", code="round_over", **base)
        if action.kind is ActionKind.OPEN or required is Required.OPEN:
            opening = self.opening()
            if opening is None:
                raise IllegalMoveError(f"{action}: the round is already open", code="already_open", **base)
            if action.kind is not ActionKind.OPEN or (opening.tile is not None and action.tile is not opening.tile):
                raise IllegalMoveError(
                    f"{action}: seat {opening.seat} must open with {opening.tile}",
                    code="must_open", tile=str(opening.tile), rule=opening.rule.value, **base,
                )
            if not self.hands[opening.seat] >> action.tile.index & 1:
                raise IllegalMoveError(f"{action}: not in the opener's hand", code="not_in_hand", **base)
            return
        if action.kind is ActionKind.DRAW:
            if required is Required.PLAY:
                raise IllegalMoveError(f"draw: seat {seat} holds a tile that fits and must play it", code="must_play", **base)
            if required is Required.PASS:
                raise IllegalMoveError("draw: the boneyard is empty", code="boneyard_empty", **base)
            return
        if action.kind is ActionKind.PASS:
            if required is Required.PLAY:
                raise IllegalMoveError(f"pass: seat {seat} holds a tile that fits and must play it", code="must_play", **base)
            if required is Required.DRAW:
                raise IllegalMoveError(
                    f"pass: the boneyard still has {len(self.boneyard)} tiles, so seat {seat} must draw",
                    code="must_draw", boneyard=len(self.boneyard), **base,
                )
            return
        tile = action.tile
        assert tile is not None and action.end is not None
        if not self.hands[seat] >> tile.index & 1:
            raise IllegalMoveError(f"{action}: {tile} is not in seat {seat}'s hand", code="not_in_hand", tile=str(tile), **base)
        number = self.line[0][0] if action.end is End.LEFT else self.line[-1][1]
        if not tile.has(number):
            raise IllegalMoveError(
                f"{action}: {tile} has no {number}, the number at the {action.end.value} end",
                code="no_match", tile=str(tile), end=action.end.value, number=number, **base,
            )

    # ----- notation ----------------------------------------------------------------------------
    def to_json(self) -> dict:
        """The API's request shape, plus the boneyard in draw order."""
        return {
            "hands": [[str(t) for t in self.hand(seat)] for seat in range(self.seats)],
            "line": [f"{a}-{b}" for a, b in self.line],
            "to_move": self.to_move,
            "passes": self.passes,
            "boneyard": [str(t) for t in self.boneyard_tiles()],
        }

    @classmethod
    def from_json(cls, data: Any, rules: RuleSet = PLAYBOARD) -> "Position":
        """Read and validate an API request body; errors name the offending field in ``where``."""
        if not isinstance(data, dict):
            raise InvalidPositionError("the body must be a JSON object", where="", code="body")
        hands_data = data.get("hands")
        if "hands" not in data:
            raise InvalidPositionError("hands is required", where="hands", code="missing", field="hands")
        if not isinstance(hands_data, list) or not all(isinstance(h, list) for h in hands_data):
            raise InvalidPositionError("hands must be a list of lists of tiles", where="hands", code="hands_type")
        rules.check_seats(len(hands_data), where="hands")
        if "line" not in data:
            raise InvalidPositionError("line is required", where="line", code="missing", field="line")
        line_data = data["line"]
        if not isinstance(line_data, list):
            raise InvalidPositionError("line must be a list of tiles", where="line", code="line_type")
        placed: dict[Tile, str] = {}

        def note(tile: Tile, where: str) -> None:
            if tile in placed:
                raise InvalidPositionError(
                    f"{where}: {tile} is already at {placed[tile]}",
                    where=where, code="duplicate", tile=str(tile), first=placed[tile],
                )
            placed[tile] = where

        hands = []
        for seat, hand_data in enumerate(hands_data):
            mask = 0
            for i, token in enumerate(hand_data):
                tile = _read_tile(token, f"hands[{seat}][{i}]")
                note(tile, f"hands[{seat}][{i}]")
                mask |= tile.bit
            hands.append(mask)
        line = _read_line(line_data)
        for i, (a, b) in enumerate(line):
            note(TILES[_index(a, b)], f"line[{i}]")
        empty = [seat for seat, hand in enumerate(hands) if not hand]
        if not line and empty:
            raise InvalidPositionError(
                f"hands[{empty[0]}] is empty before the round has opened",
                where=f"hands[{empty[0]}]", code="empty_before_open", seat=empty[0],
            )
        if len(empty) > 1:
            raise InvalidPositionError(
                "more than one hand is empty", where=f"hands[{empty[1]}]", code="two_empty", seat=empty[1]
            )
        to_move = data.get("to_move")
        if line:
            if "to_move" not in data or to_move is None:
                raise InvalidPositionError("to_move is required once the line has tiles", where="to_move", code="missing", field="to_move")
            if type(to_move) is not int or not 0 <= to_move < len(hands):
                raise InvalidPositionError(
                    f"to_move must be a seat from 0 to {len(hands) - 1}, not {to_move!r}",
                    where="to_move", code="to_move", value=repr(to_move), last=len(hands) - 1,
                )
        else:
            to_move = 0
        passes = data.get("passes", 0)
        if type(passes) is not int or not 0 <= passes <= len(hands):
            raise InvalidPositionError(
                f"passes must be from 0 to {len(hands)}, not {passes!r}",
                where="passes", code="passes", value=repr(passes), last=len(hands),
            )
        boneyard_count = TILE_COUNT - len(placed)
        if passes and not line:
            raise InvalidPositionError("nobody can pass before the round opens", where="passes", code="pass_before_open")
        if passes and boneyard_count:
            raise InvalidPositionError(
                f"passes is {passes}, but a pass is only allowed with an empty boneyard and it holds {boneyard_count} tiles",
                where="passes", code="pass_with_boneyard", boneyard=boneyard_count,
            )
        if passes and line:
            # The seats that just passed, most recent first: each was stuck, and a pass changes
            # nothing, so none of them can hold a tile that fits the ends shown now.
            for back in range(1, passes + 1):
                seat = (to_move - back) % len(hands)
                fitting = fitting_tiles(hands[seat], (line[0][0], line[-1][1]))
                if fitting:
                    tile = next(iter(tiles_in(fitting)))
                    raise InvalidPositionError(
                        f"passes is {passes}, but seat {seat}, which just passed, holds {tile}, which fits an open end",
                        where="passes", code="pass_with_fitting_tile", seat=seat, tile=str(tile), passes=passes,
                    )
        boneyard = None
        if data.get("boneyard") is not None:
            order = data["boneyard"]
            if not isinstance(order, list):
                raise InvalidPositionError("boneyard must be a list of tiles", where="boneyard", code="boneyard")
            boneyard = [_read_tile(token, f"boneyard[{i}]").index for i, token in enumerate(order)]
            try:
                return cls(hands, line, to_move, passes, boneyard, rules)
            except InvalidPositionError as error:
                raise error.at("boneyard")
        return cls(hands, line, to_move, passes, None, rules)

    def to_text(self) -> str:
        """One line: hands (seats split by ``/``), line, seat to move, passes, and the boneyard
        order when it is not the default. ``-`` stands for an empty hand, line or boneyard."""
        hands = "/".join(",".join(str(t) for t in self.hand(s)) or "-" for s in range(self.seats))
        line = ",".join(f"{a}-{b}" for a, b in self.line) or "-"
        text = f"{hands} {line} {self.to_move} {self.passes}"
        if list(self.boneyard) != sorted(self.boneyard):
            text += " " + (",".join(str(t) for t in self.boneyard_tiles()) or "-")
        return text

    @classmethod
    def parse(cls, text: str, rules: RuleSet = PLAYBOARD) -> "Position":
        fields = text.split()
        if len(fields) not in (4, 5):
            raise InvalidPositionError(f"not a position: {text!r}", code="notation", token=text)

        def tiles(field: str) -> list[str]:
            return [] if field == "-" else field.split(",")

        try:
            to_move, passes = int(fields[2]), int(fields[3])
        except ValueError:
            raise InvalidPositionError(f"not a position: {text!r}", code="notation", token=text) from None
        data = {
            "hands": [tiles(h) for h in fields[0].split("/")],
            "line": tiles(fields[1]),
            "to_move": to_move,
            "passes": passes,
        }
        if len(fields) == 5:
            data["boneyard"] = tiles(fields[4])
        return cls.from_json(data, rules)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and (
            self.hands, self.line, self.to_move, self.passes, self.boneyard, self.rules
        ) == (other.hands, other.line, other.to_move, other.passes, other.boneyard, other.rules)

    def __hash__(self) -> int:
        return hash((self.hands, self.line, self.to_move, self.passes, self.boneyard))

    def __repr__(self) -> str:
        return f"Position.parse({self.to_text()!r})"


# The slots' own setters: the only way to fill a Position, used while building one (they bypass
# the __setattr__ that makes it immutable, at the cost of a plain attribute store).
_set_hands = Position.hands.__set__  # type: ignore[attr-defined]
_set_line = Position.line.__set__  # type: ignore[attr-defined]
_set_to_move = Position.to_move.__set__  # type: ignore[attr-defined]
_set_passes = Position.passes.__set__  # type: ignore[attr-defined]
_set_boneyard = Position.boneyard.__set__  # type: ignore[attr-defined]
_set_rules = Position.rules.__set__  # type: ignore[attr-defined]
_set_turn = Position._turn.__set__  # type: ignore[attr-defined]
_SETTERS = (_set_hands, _set_line, _set_to_move, _set_passes, _set_boneyard, _set_rules, _set_turn)


def _restore(hands, line, to_move, passes, boneyard, rules) -> Position:
    """Unpickle a position (pickle cannot assign the slots of an immutable object itself)."""
    position = object.__new__(Position)
    for setter, value in zip(_SETTERS, (hands, line, to_move, passes, boneyard, rules, None)):
        setter(position, value)
    return position


def placements(fitting: int, left: int, right: int) -> list[Action]:
    """Each tile of the bit mask ``fitting`` at each end it fits, tiles in index order, the left
    end first: a tile fitting both ends is two moves, even when both ends show the same number."""
    moves = []
    at_left, at_right = NUMBER_MASK[left], NUMBER_MASK[right]
    while fitting:
        bit = fitting & -fitting
        plays = _PLAYS[bit.bit_length() - 1]
        if bit & at_left:
            moves.append(plays[0])
        if bit & at_right:
            moves.append(plays[1])
        fitting ^= bit
    return moves


def turn_actions(required: Required, mask: int, ends: tuple[int, int] | None) -> tuple[Action, ...]:
    """The legal actions :func:`~tutor.games.domino.turn.seat_turn`'s answer allows, in the engine's
    order: the opening tiles (index order), the placements (see :func:`placements`), or the one
    draw or pass; none when the round is over."""
    if required is Required.PLAY:
        return tuple(placements(mask, ends[0], ends[1]))  # type: ignore[index]
    if required is Required.OPEN:
        return tuple(_OPENS[t.index] for t in tiles_in(mask))
    if required is Required.DRAW:
        return (DRAW,)
    if required is Required.PASS:
        return (PASS,)
    return ()


def _index(a: int, b: int) -> int:
    return INDEX_OF[a][b]

