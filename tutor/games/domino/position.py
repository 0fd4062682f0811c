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
from typing import Any, Callable, Sequence

from tutor.games.domino.errors import (
    IllegalMoveError,
    InvalidActionError,
    InvalidLineError,
    InvalidPositionError,
    InvalidTileError,
)
from tutor.games.domino.rules import PLAYBOARD, NoDoubleDealt, Opening, RoundResult, RuleSet, Termination
from tutor.games.domino.spinner import ARMS, HANDS, Arm, Branch, End, SpinnerLayout, all_fives_score, arm_rank
from tutor.games.domino.tiles import FULL_SET, INDEX_OF, NUMBER_MASK, TILE_COUNT, TILES, Tile, mask_of, pips_in, tiles_in
from tutor.games.domino.turn import Required, fitting_tiles, nobody_can_play, seat_turn


class ActionKind(enum.Enum):
    OPEN = "open"
    PLAY = "play"
    DRAW = "draw"
    PASS = "pass"


_ACTION_RE = re.compile(r"([0-6]-[0-6])(?:([LRUD])|([LR])([0-6]))?")
_END_OF_LETTER = {"L": End.LEFT, "R": End.RIGHT, "U": End.UP, "D": End.DOWN}
_LETTER_OF_END = {end: letter for letter, end in _END_OF_LETTER.items()}


@dataclass(frozen=True, eq=False)
class Action:
    """One action of a round: open with a tile, play a tile at an end, draw one tile, or pass.

    Text forms: ``6-6`` (open), ``6-1L`` / ``6-1R`` (play at the left / right end), ``6-1U`` /
    ``6-1D`` (on a spinner's up / down side), ``4-2L4`` / ``4-2R4`` (on the left / right side of
    the double 4-4, when every double branches), ``draw``, ``pass``.
    """

    kind: ActionKind
    tile: Tile | None = None
    end: Arm | None = None

    @classmethod
    def open(cls, tile: Tile) -> "Action":
        return _OPENS[tile.index]

    @classmethod
    def play(cls, tile: Tile, end: Arm) -> "Action":
        if isinstance(end, End):
            return _PLAYS[tile.index][ARMS.index(end)]
        key = (tile.index, end)
        action = _BRANCH_PLAYS.get(key)
        if action is None:
            action = _BRANCH_PLAYS[key] = Action(ActionKind.PLAY, tile, end)
        return action

    @classmethod
    def parse(cls, text: str) -> "Action":
        if text == "draw":
            return DRAW
        if text == "pass":
            return PASS
        match = _ACTION_RE.fullmatch(text) if isinstance(text, str) else None
        if match is None:
            raise InvalidActionError(
                f"not an action: {text!r} (write 6-6, 6-1L, 6-1R, 6-1U, 6-1D, 4-2L4, draw or pass)", token=str(text)
            )
        tile = Tile.parse(match[1])
        if match[2]:
            return cls.play(tile, _END_OF_LETTER[match[2]])
        if match[3]:
            double = int(match[4])
            return cls.play(tile, Branch(TILES[INDEX_OF[double][double]], _END_OF_LETTER[match[3]]))
        return cls.open(tile)

    def __str__(self) -> str:
        if self.kind is ActionKind.OPEN:
            return str(self.tile)
        if self.kind is ActionKind.PLAY:
            end = self.end
            if isinstance(end, Branch):
                return f"{self.tile}{_LETTER_OF_END[end.hand]}{end.double.high}"
            return f"{self.tile}{_LETTER_OF_END[end]}"
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
_PLAYS: tuple[tuple[Action, ...], ...] = tuple(tuple(Action(ActionKind.PLAY, t, end) for end in ARMS) for t in TILES)
_BRANCH_PLAYS: dict[tuple[int, Branch], Action] = {}  # plays on a double's side, made the first time


def _read_tile(token: Any, where: str) -> Tile:
    try:
        return Tile.parse(token)
    except InvalidTileError as error:
        raise error.at(where)


#: What a layout may say: the spinner, its four arms and the branches of the other doubles.
LAYOUT_KEYS = ("spinner", "left", "right", "up", "down", "branches")


def _read_layout(data: Any, note: Callable[[Tile, str], None], branching: bool = False) -> SpinnerLayout | None:
    """A spinner's table from the API: ``{"spinner": "6-6", "left": [...], "right": [...], "up":
    [...], "down": [...], "branches": {"4-4": {"left": [...], "right": [...]}}}``, each arm from the
    spinner (a branch: from its double) outwards with touching halves equal (the first half of an
    arm's first tile is the number it grows from); ``null`` before the opening. ``branches`` gives
    the tiles on the sides of the doubles laid in the arms, ``left`` and ``right`` as seen looking
    out from the spinner along the double's arm; a double without an entry has nothing on its
    sides. With one spinner (``branching`` False) no branch may hold a tile."""
    if data is None:
        return None
    if not isinstance(data, dict):
        raise InvalidPositionError("layout must be an object: the spinner and its arms", where="layout", code="layout_type")
    for key in data:
        if key not in LAYOUT_KEYS:
            raise InvalidPositionError(f"layout.{key} is not part of a layout (its parts: {', '.join(LAYOUT_KEYS)})",
                                       where=f"layout.{key}", code="layout_key", key=str(key), keys=list(LAYOUT_KEYS))
    if "spinner" not in data:
        raise InvalidPositionError("layout.spinner is required", where="layout.spinner", code="missing", field="layout.spinner")
    spinner = _read_tile(data["spinner"], "layout.spinner")
    if not spinner.is_double:
        raise InvalidPositionError(f"{spinner} is not a double: the spinner is", where="layout.spinner",
                                   code="spinner_not_double", tile=str(spinner))
    note(spinner, "layout.spinner")
    layout = SpinnerLayout.lead(spinner, branching)
    for end in ARMS:
        layout = _read_arm(layout, end, data.get(end.value, []), f"layout.{end.value}", note)
    branches = data.get("branches", {})
    if not isinstance(branches, dict):
        raise InvalidPositionError("layout.branches must be an object: for a double, the tiles on its left and right sides",
                                   where="layout.branches", code="branches_type")
    # A double's branches are read once the double lies on the table (it may lie on a branch).
    pending = list(branches)
    while pending:
        progress = False
        for key in list(pending):
            where = f"layout.branches.{key}"
            double = _read_tile(key, where)
            if double is spinner:
                raise InvalidPositionError(f"{where}: the spinner's sides are the arms up and down", where=where,
                                           code="branch_spinner", tile=str(double))
            if not double.is_double:
                raise InvalidPositionError(f"{where}: {double} is not a double, so it has no sides to branch from",
                                           where=where, code="branch_not_double", tile=str(double))
            if double not in layout.tiles:
                continue
            sides = branches[key]
            if not isinstance(sides, dict):
                raise InvalidPositionError(f"{where} must be an object: the tiles on its left and right sides",
                                           where=where, code="branches_type")
            for side in sides:
                if side not in ("left", "right"):
                    raise InvalidPositionError(f"{where}.{side}: a double's sides are left and right",
                                               where=f"{where}.{side}", code="branch_side", key=str(side), tile=str(double))
            for hand in HANDS:
                tokens = sides.get(hand.value, [])
                if tokens and not branching and isinstance(tokens, list):
                    raise InvalidPositionError(f"{where}.{hand.value}: with one spinner, only the spinner branches",
                                               where=f"{where}.{hand.value}", code="one_spinner_branch", tile=str(double))
                if branching or not isinstance(tokens, list):
                    layout = _read_arm(layout, Branch(double, hand), tokens, f"{where}.{hand.value}", note)
            pending.remove(key)
            progress = True
        if not progress:
            where = f"layout.branches.{pending[0]}"
            raise InvalidPositionError(f"{where}: {pending[0]} is not on the table, so nothing can lie on its sides",
                                       where=where, code="branch_unknown", tile=str(_read_tile(pending[0], where)))
    return layout


def _read_arm(layout: SpinnerLayout, arm: Arm, tokens: Any, where: str, note: Callable[[Tile, str], None]) -> SpinnerLayout:
    """One arm's tiles (from the spinner, or a branch's double, outwards) added to ``layout``."""
    if not isinstance(tokens, list):
        raise InvalidPositionError(f"{where} must be a list of tiles, from the spinner outwards", where=where,
                                   code="arm_type", field=where)
    for i, token in enumerate(tokens):
        here = f"{where}[{i}]"
        tile = _read_tile(token, here)
        note(tile, here)
        if arm not in layout.open_arms():
            raise InvalidPositionError(f"{here}: a side of the spinner holds a tile before both its ends do",
                                       where=here, code="side_before_ends", token=token)
        number = layout.open_number(arm)
        if int(token[0]) != number:
            raise InvalidLineError(
                f"{here}: {token} does not join {number} (write the touching half first)",
                where=here, code="arm_mismatch", token=token, number=number,
            )
        layout = layout.play(tile, arm)
    return layout


def layout_to_json(layout: SpinnerLayout | None) -> dict | None:
    """The API's form of a spinner's table (see :func:`_read_layout`); ``branches`` names every
    double that branches, both its sides, even bare (none with one spinner)."""
    if layout is None:
        return None
    data: dict[str, Any] = {"spinner": str(layout.spinner)}
    for end in ARMS:
        data[end.value] = [f"{a}-{b}" for a, b in arm_pairs(layout, end)]
    doubles = layout.doubles()
    if doubles:
        data["branches"] = {str(double): {hand.value: [f"{a}-{b}" for a, b in arm_pairs(layout, Branch(double, hand))]
                                          for hand in HANDS} for double in doubles}
    return data


def _read_scores(data: Any, rules: RuleSet, seats: int) -> tuple[int, ...] | None:
    """The points each seat has scored during the round (All Fives only): multiples of 5."""
    if data is None:
        return None
    if not rules.scores_ends:
        raise InvalidPositionError(f"{rules.name} scores no points during play", where="scores", code="no_scores")
    if (not isinstance(data, list) or len(data) != seats
            or not all(type(p) is int and p >= 0 and p % 5 == 0 for p in data)):
        raise InvalidPositionError("scores must give every seat its points so far, each a multiple of 5",
                                   where="scores", code="scores", seats=seats)
    return tuple(data)


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

    With a spinner (Straight, All Fives) the table is a :class:`~.spinner.SpinnerLayout` in
    ``layout``, and ``line`` is its left-right chain through the spinner (the up and down arms are
    only in the layout); ``scores`` are the points each seat has scored during the round's play
    (All Fives), zeros otherwise.

    Immutable (slots, and assignment raises ``AttributeError``), so positions can be shared,
    cached and hashed.
    """

    __slots__ = ("hands", "line", "to_move", "passes", "boneyard", "rules", "layout", "scores", "_turn")

    hands: tuple[int, ...]
    line: tuple[tuple[int, int], ...]
    to_move: int
    passes: int
    boneyard: tuple[int, ...]
    rules: RuleSet
    layout: SpinnerLayout | None
    scores: tuple[int, ...]

    def __init__(
        self,
        hands: Sequence[int],
        line: Sequence[tuple[int, int]] = (),
        to_move: int = 0,
        passes: int = 0,
        boneyard: Sequence[int] | None = None,
        rules: RuleSet = PLAYBOARD,
        layout: SpinnerLayout | None = None,
        scores: Sequence[int] | None = None,
    ) -> None:
        """Build a position from bit-mask hands; prefer :meth:`from_json` or :meth:`parse`.

        ``boneyard`` lists tile indices in draw order; by default every tile that is in no hand
        and not on the table, lowest first. A rule set with a spinner takes the table as
        ``layout`` (``line`` is then worked out from it); the others take ``line``.
        """
        _set_hands(self, tuple(hands))
        if rules.spinner:
            if line and layout is None:
                raise InvalidPositionError("with a spinner the table is a layout, not a line", where="line", code="layout")
            line = chain_of(layout) if layout is not None else ()
        elif layout is not None:
            raise InvalidPositionError(f"{rules.name} has no spinner: the table is a line", where="layout", code="layout")
        if layout is not None and layout.branching != rules.doubles_branch:
            raise InvalidPositionError("the layout's doubles branch by other rules than the rule set's", where="layout",
                                       code="layout")
        _set_line(self, tuple(line))
        _set_layout(self, layout)
        _set_passes(self, passes)
        _set_rules(self, rules)
        _set_scores(self, tuple(scores) if scores is not None else (0,) * len(self.hands))
        if len(self.scores) != len(self.hands) or not all(type(p) is int and p >= 0 for p in self.scores):
            raise InvalidPositionError("scores must give every seat a whole number of points", where="scores", code="scores")
        self._check()
        used = 0
        for hand in self.hands:
            used |= hand
        for a, b in self._placed():
            used |= 1 << _index(a, b)
        rest = FULL_SET & ~used
        if boneyard is None:
            _set_boneyard(self, tuple(t.index for t in tiles_in(rest)))
        else:
            _set_boneyard(self, tuple(boneyard))
            if mask_of(TILES[i] for i in self.boneyard) != rest or len(set(self.boneyard)) != len(self.boneyard):
                raise InvalidPositionError("the boneyard must hold exactly the tiles in no hand and not in the line")
        if not self.line and any(self.hands):
            try:
                to_move = self.opening().seat
            except NoDoubleDealt:
                raise InvalidPositionError("nobody holds a double to lead: the tiles are dealt again",
                                           where="hands", code="no_double") from None
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
        return _restore, (self.hands, self.line, self.to_move, self.passes, self.boneyard, self.rules,
                          self.layout, self.scores)

    def _placed(self) -> tuple[tuple[int, int], ...]:
        """Every tile on the table as its pair of halves: the line, and a spinner's up and down arms."""
        if self.layout is None:
            return self.line
        return self.line + tuple(pair for arm in self.layout.every_arm[2:] for pair in arm_pairs(self.layout, arm))

    def _check(self) -> None:
        self.rules.check_seats(len(self.hands), where="hands")
        seen = 0
        for hand in self.hands:
            if hand & seen:
                raise InvalidPositionError("a tile is in two hands", where="hands", code="duplicate")
            seen |= hand
        for a, b in self._placed():
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
    def ends(self) -> tuple[int, ...] | None:
        """The numbers showing at the open ends: the line's left and right, or with a spinner each
        open arm's, in the order left, right, up, down; None before the opening."""
        return tuple(open_ends_of(self.line, self.layout).values()) if self.line else None

    def open_ends(self) -> dict[End, int]:
        """Each open end and the number it shows (empty before the opening)."""
        return open_ends_of(self.line, self.layout)

    def count(self) -> int | None:
        """All Fives' count of the open ends (a double at an end counts both halves); None before
        the opening and for a line without a spinner."""
        return self.layout.count() if self.layout is not None else None

    def points_for(self, action: Action) -> int:
        """What ``action`` scores during play: with All Fives' rules, a play whose open ends then
        add up to a multiple of 5 scores that count; the lead and everything else score 0."""
        if not self.rules.scores_ends or action.kind is not ActionKind.PLAY or self.layout is None:
            return 0
        return all_fives_score(self.layout.play(action.tile, action.end).count())  # type: ignore[arg-type]

    def hand(self, seat: int) -> list[Tile]:
        """The tiles in a seat's hand, heaviest index first (6-6 before 0-0)."""
        return sorted(tiles_in(self.hands[seat]), reverse=True)

    def pips(self, seat: int) -> int:
        return pips_in(self.hands[seat])

    def line_tiles(self) -> list[Tile]:
        """The tiles on the table: the line from left to right, then a spinner's up and down arms."""
        return [TILES[_index(a, b)] for a, b in self._placed()]

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
                return RoundResult(Termination.DOMINO, seat, self.rules.score_domino(pips, seat), pips, tiles,
                                   self._play_points())
        if self.passes >= self.seats or self._stuck():
            # the tile before the passes was placed by the seat before the first of them
            last_player = (self.to_move - self.passes - 1) % self.seats
            winner, points = self.rules.score_blocked(pips, tiles, last_player)
            return RoundResult(Termination.BLOCKED, winner, points, pips, tiles, self._play_points())
        return None

    def _stuck(self) -> bool:
        """Blocked by the rule of Sato 157, Straight and All Fives: nothing left to draw and no
        hand can play (a round that ends so needs no passes)."""
        return self.rules.ends_when_stuck and bool(self.line) and not self.boneyard and nobody_can_play(
            self.hands, self.ends, 0)

    def is_blocked(self) -> bool:
        """The round is over, blocked (every seat passed in a row, or nobody can play any more)."""
        return bool(self.line) and all(self.hands) and (self.passes >= self.seats or self._stuck())

    def _play_points(self) -> tuple[int, ...]:
        return self.scores if self.rules.scores_ends else ()

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
                ends: tuple[int, ...] | None = (line[0][0], line[-1][1]) if self.layout is None else self.ends
                required, mask = seat_turn(
                    hands[self.to_move], ends, len(self.boneyard), self.passes, len(hands), not all(hands),
                    blocked=self.rules.ends_when_stuck and not self.boneyard and nobody_can_play(hands, ends, 0),
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
            if self.layout is not None and required is Required.PLAY:
                cached = (required, tuple(spinner_placements(mask, self.layout.open_ends())))
            else:
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
            if self.layout is not None:
                return self._next_on_layout(hands, self.layout.play(tile, action.end), following, seat)  # type: ignore[arg-type]
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
        if self.rules.spinner:  # the lead is the spinner, and scores nothing
            layout = SpinnerLayout.lead(tile, self.rules.doubles_branch)
            return self._next(hands, ((tile.high, tile.low),), following, 0, self.boneyard, layout)
        return self._next(hands, ((tile.high, tile.low),), following, 0, self.boneyard)

    def _next_on_layout(self, hands, layout: SpinnerLayout, to_move: int, seat: int) -> "Position":
        scores = self.scores
        if self.rules.scores_ends:
            points = all_fives_score(layout.count())
            if points:
                scores = scores[:seat] + (scores[seat] + points,) + scores[seat + 1:]
        return self._next(hands, chain_of(layout), to_move, 0, self.boneyard, layout, scores)

    def with_boneyard(self, order: Sequence[int]) -> "Position":
        """The same moment with the boneyard's tiles (indices) in another draw order: free play draws
        in an order that follows the learner's actions (``tutor.freeplay.boneyard_shuffle``)."""
        order = tuple(order)
        if sorted(order) != sorted(self.boneyard):
            raise InvalidPositionError("the boneyard must hold exactly the tiles in no hand and not in the line")
        return self._next(self.hands, self.line, self.to_move, self.passes, order, self.layout, self.scores)

    def _next(self, hands, line, to_move, passes, boneyard, layout: SpinnerLayout | None = None,
              scores: tuple[int, ...] | None = None) -> "Position":
        # Skips __init__'s checks: apply() only builds positions that the rules allow.
        position = object.__new__(Position)
        _set_hands(position, tuple(hands))
        _set_line(position, line)
        _set_to_move(position, to_move)
        _set_passes(position, passes)
        _set_boneyard(position, boneyard)
        _set_rules(position, self.rules)
        _set_layout(position, layout if layout is not None else self.layout)
        _set_scores(position, scores if scores is not None else self.scores)
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
        open_ends = self.open_ends()
        if action.end not in open_ends:
            if self.layout is None:
                raise IllegalMoveError(f"{action}: a line has only a left and a right end", code="no_such_end",
                                       tile=str(tile), end=action.end.value, **base)
            if isinstance(action.end, Branch):
                double = str(action.end.double)
                if not self.layout.branching:
                    raise IllegalMoveError(f"{action}: with one spinner, only the spinner branches", code="one_spinner",
                                           tile=str(tile), end=action.end.value, double=double, **base)
                raise IllegalMoveError(f"{action}: {double} is not on the table", code="no_such_double",
                                       tile=str(tile), end=action.end.value, double=double, **base)
            raise IllegalMoveError(
                f"{action}: the spinner's sides open once both its ends hold a tile",
                code="side_closed", tile=str(tile), end=action.end.value, **base,
            )
        number = open_ends[action.end]
        if not tile.has(number):
            raise IllegalMoveError(
                f"{action}: {tile} has no {number}, the number at the {action.end.value} end",
                code="no_match", tile=str(tile), end=action.end.value, number=number, **base,
            )

    # ----- notation ----------------------------------------------------------------------------
    def to_json(self) -> dict:
        """The API's request shape, plus the boneyard in draw order. With a spinner the table is
        ``layout`` (see :func:`layout_to_json`) and, in All Fives, ``scores`` the points scored so far."""
        data: dict[str, Any] = {"hands": [[str(t) for t in self.hand(seat)] for seat in range(self.seats)]}
        if self.rules.spinner:
            data["layout"] = layout_to_json(self.layout)
        else:
            data["line"] = [f"{a}-{b}" for a, b in self.line]
        data.update(to_move=self.to_move, passes=self.passes, boneyard=[str(t) for t in self.boneyard_tiles()])
        if self.rules.scores_ends:
            data["scores"] = list(self.scores)
        return data

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
        table = "layout" if rules.spinner else "line"
        other = "line" if rules.spinner else "layout"
        if other in data:
            # (refused, not ignored: its tiles would silently count as in the boneyard)
            raise InvalidPositionError(
                f"{other} is not part of a {rules.name} position: its table is {table}", where=other,
                code="line_not_layout" if rules.spinner else "layout_not_spinner", rules=rules.name)
        if table not in data:
            raise InvalidPositionError(f"{table} is required", where=table, code="missing", field=table)
        line_data = data[table]
        if not rules.spinner and not isinstance(line_data, list):
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
        layout = None
        if rules.spinner:
            layout = _read_layout(line_data, note, rules.doubles_branch)
            line = chain_of(layout) if layout is not None else ()
        else:
            line = _read_line(line_data)
            for i, (a, b) in enumerate(line):
                note(TILES[_index(a, b)], f"line[{i}]")
        scores = _read_scores(data.get("scores"), rules, len(hands))
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
            ends = tuple(layout.open_ends().values()) if layout is not None else (line[0][0], line[-1][1])
            for back in range(1, passes + 1):
                seat = (to_move - back) % len(hands)
                fitting = fitting_tiles(hands[seat], ends)
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
                return cls(hands, () if layout else line, to_move, passes, boneyard, rules, layout, scores)
            except InvalidPositionError as error:
                raise error if error.code == "no_double" else error.at("boneyard")
        return cls(hands, () if layout else line, to_move, passes, None, rules, layout, scores)

    def to_text(self) -> str:
        """One line: hands (seats split by ``/``), line, seat to move, passes, and the boneyard
        order when it is not the default. ``-`` stands for an empty hand, line or boneyard.

        With a spinner the line's place holds the layout: the spinner, then its arms left, right,
        up and down from the spinner outwards, split by ``:`` (``5-5:5-3:5-0:-:-``), then each double
        whose sides hold tiles with its left and right branches (``:4-4=4-2,2-1|-``); All Fives
        adds the points scored so far when there are any (``scores=10,0``)."""
        hands = "/".join(",".join(str(t) for t in self.hand(s)) or "-" for s in range(self.seats))
        if self.layout is not None:
            layout = self.layout

            def written(arm: Arm) -> str:
                return ",".join(f"{a}-{b}" for a, b in arm_pairs(layout, arm)) or "-"

            arms = [written(end) for end in ARMS]
            arms += [f"{double}=" + "|".join(written(Branch(double, hand)) for hand in HANDS)
                     for double in layout.doubles()
                     if layout.arm(Branch(double, End.LEFT)) or layout.arm(Branch(double, End.RIGHT))]
            line = ":".join((str(layout.spinner), *arms))
        else:
            line = ",".join(f"{a}-{b}" for a, b in self.line) or "-"
        text = f"{hands} {line} {self.to_move} {self.passes}"
        if list(self.boneyard) != sorted(self.boneyard):
            text += " " + (",".join(str(t) for t in self.boneyard_tiles()) or "-")
        if any(self.scores):
            text += " scores=" + ",".join(str(p) for p in self.scores)
        return text

    @classmethod
    def parse(cls, text: str, rules: RuleSet = PLAYBOARD) -> "Position":
        fields = text.split()
        scores = [f for f in fields if f.startswith("scores=")]
        fields = [f for f in fields if not f.startswith("scores=")]
        if len(fields) not in (4, 5) or len(scores) > 1:
            raise InvalidPositionError(f"not a position: {text!r}", code="notation", token=text)

        def tiles(field: str) -> list[str]:
            return [] if field == "-" else field.split(",")

        try:
            to_move, passes = int(fields[2]), int(fields[3])
            points = [int(p) for p in scores[0].removeprefix("scores=").split(",")] if scores else None
        except ValueError:
            raise InvalidPositionError(f"not a position: {text!r}", code="notation", token=text) from None
        data: dict[str, Any] = {"hands": [tiles(h) for h in fields[0].split("/")], "to_move": to_move, "passes": passes}
        if rules.spinner:
            if fields[1] == "-":
                data["layout"] = None
            else:
                spinner, *arms = fields[1].split(":")
                if len(arms) < len(ARMS):
                    raise InvalidPositionError(f"not a position: {text!r}", code="notation", token=text)
                data["layout"] = {"spinner": spinner, **{end.value: tiles(arm) for end, arm in zip(ARMS, arms)}}
                branches = {}
                for entry in arms[len(ARMS):]:
                    double, _, sides = entry.partition("=")
                    if sides.count("|") != 1:
                        raise InvalidPositionError(f"not a position: {text!r}", code="notation", token=text)
                    left, right = sides.split("|")
                    branches[double] = {"left": tiles(left), "right": tiles(right)}
                if branches:
                    data["layout"]["branches"] = branches
        else:
            data["line"] = tiles(fields[1])
        if len(fields) == 5:
            data["boneyard"] = tiles(fields[4])
        if points is not None:
            data["scores"] = points
        return cls.from_json(data, rules)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and (
            self.hands, self.line, self.to_move, self.passes, self.boneyard, self.rules, self.layout, self.scores
        ) == (other.hands, other.line, other.to_move, other.passes, other.boneyard, other.rules, other.layout, other.scores)

    def __hash__(self) -> int:
        return hash((self.hands, self.line, self.to_move, self.passes, self.boneyard, self.layout))

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
_set_layout = Position.layout.__set__  # type: ignore[attr-defined]
_set_scores = Position.scores.__set__  # type: ignore[attr-defined]
_set_turn = Position._turn.__set__  # type: ignore[attr-defined]
_SETTERS = (_set_hands, _set_line, _set_to_move, _set_passes, _set_boneyard, _set_rules, _set_layout, _set_scores,
            _set_turn)


def _restore(hands, line, to_move, passes, boneyard, rules, layout=None, scores=None) -> Position:
    """Unpickle a position (pickle cannot assign the slots of an immutable object itself)."""
    position = object.__new__(Position)
    if scores is None:
        scores = (0,) * len(hands)
    for setter, value in zip(_SETTERS, (hands, line, to_move, passes, boneyard, rules, layout, scores, None)):
        setter(position, value)
    return position


def open_ends_of(line: Sequence[tuple[int, int]], layout: SpinnerLayout | None) -> dict[End, int]:
    """Each open end of a table and the number it shows: a spinner's open arms, or a line's left and
    right (empty before the opening). A position and what a seat sees of it both ask this."""
    if layout is not None:
        return layout.open_ends()
    if not line:
        return {}
    return {End.LEFT: line[0][0], End.RIGHT: line[-1][1]}


def arm_pairs(layout: SpinnerLayout, arm: End) -> tuple[tuple[int, int], ...]:
    """An arm's tiles from the spinner outwards, each as (the half towards the spinner, the half
    away from it)."""
    return tuple((tile.other(number), number) for tile, number in layout.arm(arm))


def chain_of(layout: SpinnerLayout) -> tuple[tuple[int, int], ...]:
    """A spinner layout's left-right line through the spinner, written left to right."""
    left = tuple((b, a) for a, b in reversed(arm_pairs(layout, End.LEFT)))
    return left + ((layout.spinner.high, layout.spinner.high),) + arm_pairs(layout, End.RIGHT)


def spinner_placements(fitting: int, open_ends: dict[Arm, int]) -> list[Action]:
    """Each tile of the bit mask ``fitting`` on each open arm it fits (arms in the table's order:
    left, right, up, down, then the doubles' branches): a tile fitting two arms is two moves, as on
    a line."""
    moves = []
    while fitting:
        bit = fitting & -fitting
        index = bit.bit_length() - 1
        plays = _PLAYS[index]
        for end, number in open_ends.items():
            if bit & NUMBER_MASK[number]:
                moves.append(plays[ARMS.index(end)] if isinstance(end, End) else Action.play(TILES[index], end))
        fitting ^= bit
    return moves


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

