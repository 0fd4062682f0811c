"""What one seat can know: its own hand, the line, how many tiles the boneyard and the other hands
hold, who opened, played, drew and passed, and what that reveals about the other hands.

The players and the rest of the hint engine see a round only through a :class:`SeatView`. A
:class:`SeatTracker` builds views action by action, so a round's opponents cost work linear in
the round's length (each action is read once per seat), not a rebuild of the whole history for
every decision.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from tutor.games.domino import Action, ActionKind, End, Position, Required, RoundRecord
from tutor.games.domino.position import open_ends_of, spinner_placements, turn_actions
from tutor.games.domino.rules import PLAYBOARD, Opening, OpeningReason, RuleSet
from tutor.games.domino.spinner import SpinnerLayout
from tutor.games.domino.tiles import DOUBLES_MASK, FULL_SET, INDEX_OF, NUMBER_MASK, RANK, TILE_COUNT, TILES, Tile, tiles_in
from tutor.games.domino.turn import fitting_tiles, seat_turn

NUMBERS = range(7)


@dataclass(frozen=True)
class Event:
    """One public action of the round, as the viewing seat saw it.

    ``ends`` are the numbers at the open ends just before the action (None before the opening): a
    line's left and right, or a spinner's open arms in the order left, right, up, down. ``tile`` is
    the tile opened or played; for a draw it is the drawn tile only when the viewer drew it.
    """

    seat: int
    kind: ActionKind
    tile: Tile | None
    end: End | None
    ends: tuple[int, ...] | None
    #: seat by seat, the numbers the whole table knew that seat held none of just before the
    #: action (as :attr:`SeatView.table_voids`): what a player choosing then could see the others lack
    lacked: tuple[int, ...] = ()


@dataclass(frozen=True)
class SeatView:
    """What ``seat`` can know: never a tile of another hand or of the boneyard, only their counts.

    ``slot_voids`` is what the seat can infer about the others from their draws and passes: one
    entry per tile in each other hand, a bit mask of the numbers that tile cannot show (a seat
    that draws or passes at ends 4 and 1 holds no tile showing 4 or 1 at that moment; with a
    spinner, no tile showing the number of any open arm). The
    viewer's own entry is empty. ``opening`` is public: the rules name the opener and the tile.

    With a spinner (Straight, All Fives) ``layout`` is the table and ``line`` its left-right chain
    through the spinner, as in :class:`Position`; every reading below (the open ends, the legal
    actions, the tiles on the table) goes through the layout then, so every arm counts (the
    spinner's four, and the branches of the other doubles when they branch).
    """

    seat: int
    hand: int
    line: tuple[tuple[int, int], ...]
    to_move: int
    passes: int
    boneyard_count: int
    hand_sizes: tuple[int, ...]
    events: tuple[Event, ...]
    slot_voids: tuple[tuple[int, ...], ...]
    opening: Opening | None
    rules: RuleSet = field(default=PLAYBOARD, compare=False)
    layout: SpinnerLayout | None = None
    #: The round is over, blocked because nobody can play with nothing left to draw (Sato 157,
    #: Straight, All Fives): every seat sees the round end, though not the others' tiles.
    blocked: bool = False
    #: Seat by seat, the numbers the whole table knows that seat holds none of now (a 7-bit mask):
    #: for the viewer's own seat, what its draws and passes showed the others.
    table_voids: tuple[int, ...] = ()

    # ----- building -----------------------------------------------------------------------------
    @classmethod
    def from_position(cls, position: Position, seat: int) -> "SeatView":
        """The view without any history: nothing is inferred about the other hands."""
        return cls.from_history([position], [], seat)

    @classmethod
    def from_record(cls, record: RoundRecord, seat: int) -> "SeatView":
        """The view at the end of a :class:`~tutor.games.domino.RoundRecord`."""
        return cls.from_history(record.positions(), record.actions, seat)

    @classmethod
    def from_history(cls, positions: Sequence[Position], actions: Sequence[Action], seat: int) -> "SeatView":
        """The view after ``actions``, where ``positions[i + 1] == positions[i].apply(actions[i])``."""
        return SeatTracker(seat).view(positions, actions)

    # ----- reading ------------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return len(self.hand_sizes)

    @property
    def ends(self) -> tuple[int, ...] | None:
        """The numbers at the open ends, as :attr:`Position.ends`: a line's left and right, or a
        spinner's open arms in the order left, right, up, down; None before the opening."""
        return tuple(open_ends_of(self.line, self.layout).values()) if self.line else None

    def open_ends(self) -> dict[End, int]:
        """Each open end and the number it shows, as :meth:`Position.open_ends` (empty before the opening)."""
        return open_ends_of(self.line, self.layout)

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat and not self.is_over()

    def hand_tiles(self) -> list[Tile]:
        """The seat's tiles, heaviest index first, as :meth:`Position.hand` lists them."""
        return sorted(tiles_in(self.hand), reverse=True)

    def line_mask(self) -> int:
        """Bit mask of the tiles on the table (with a spinner, every arm's, not only the line's)."""
        if self.layout is not None:
            return sum(t.bit for t in self.layout.tiles)
        mask = 0
        for a, b in self.line:
            mask |= 1 << INDEX_OF[a][b]
        return mask

    def unseen(self) -> int:
        """Bit mask of the tiles this seat cannot see: the other hands and the boneyard."""
        return FULL_SET & ~self.hand & ~self.line_mask()

    def _turn(self) -> tuple[Required, int]:
        """:func:`~tutor.games.domino.turn.seat_turn` from what this seat sees, as if it were to move."""
        opening = self.opening
        openers = FULL_SET if opening is None or opening.tile is None else opening.tile.bit
        return seat_turn(self.hand, self.ends, self.boneyard_count, self.passes, self.seats,
                         played_out=0 in self.hand_sizes, openers=openers, blocked=self.blocked)

    def is_over(self) -> bool:
        return self._turn()[0] is Required.OVER

    def fitting(self) -> int:
        """Bit mask of this seat's tiles that fit an open end."""
        return fitting_tiles(self.hand, self.ends)

    def required(self) -> Required | None:
        """What the rules require of this seat now; None when another seat is to move."""
        required = self._turn()[0]
        if required is not Required.OVER and self.to_move != self.seat:
            return None
        return required

    def legal_actions(self) -> list[Action]:
        """This seat's legal actions now, in :meth:`Position.legal_actions`' order."""
        required, mask = self._turn()
        if required is Required.OVER or self.to_move != self.seat:
            return []
        if self.layout is not None and required is Required.PLAY:
            return spinner_placements(mask, self.layout.open_ends())
        return list(turn_actions(required, mask, self.ends))

    def layout_after(self, action: Action) -> SpinnerLayout:
        """A spinner game's table after this seat's ``action`` (the lead makes the spinner)."""
        tile = action.tile
        assert tile is not None
        if action.kind is ActionKind.OPEN:
            return SpinnerLayout.lead(tile)
        assert self.layout is not None and action.end is not None
        return self.layout.play(tile, action.end)

    def ends_after(self, action: Action) -> tuple[int, ...]:
        """The numbers at the open ends after this seat's ``action`` (the forced opening included):
        a line's left and right, or a spinner's open arms in the order left, right, up, down."""
        tile = action.tile
        assert tile is not None
        if self.rules.spinner:
            return tuple(self.layout_after(action).open_ends().values())
        if action.kind is ActionKind.OPEN:
            return tile.high, tile.low
        left, right = self.ends  # type: ignore[misc]
        if action.end is End.LEFT:
            return tile.other(left), right
        return left, tile.other(right)

    def voids(self, seat: int) -> list[int]:
        """The numbers ``seat`` is known to hold none of (every tile it holds is void in them)."""
        if seat == self.seat:
            return []
        common = _common_voids(self.slot_voids[seat])
        return [n for n in NUMBERS if common >> n & 1]

    def drawn_this_turn(self) -> list[Tile | None]:
        """The tiles the mover drew in the current turn, in order (None for another seat's)."""
        drawn: list[Tile | None] = []
        for event in reversed(self.events):
            if event.kind is not ActionKind.DRAW or event.seat != self.to_move:
                break
            drawn.append(event.tile)
        drawn.reverse()
        return drawn


class SeatTracker:
    """Follows a round for one seat and gives its :class:`SeatView` at any point.

    :meth:`view` reads only the actions it has not read yet, as long as it is asked about the same
    round growing (the same position objects); asked about another round, or a shorter or changed
    history (a search that backtracks), it starts again from the first position.
    """

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self._first: Position | None = None
        self._last: Position | None = None
        self._read = 0

    def view(self, positions: Sequence[Position], actions: Sequence[Action]) -> SeatView:
        """The view after ``actions``, where ``positions[i + 1] == positions[i].apply(actions[i])``."""
        if len(positions) != len(actions) + 1:
            raise ValueError("positions must hold one more entry than actions")
        first = positions[0]
        if not 0 <= self.seat < first.seats:
            raise ValueError(f"seat {self.seat} is not at this table")
        read = self._read
        if first is not self._first or read > len(actions) or positions[read] is not self._last:
            self._start(first)
            read = 0
        for i in range(read, len(actions)):
            self._read_action(positions[i], actions[i], positions[i + 1])
        self._read, self._last = len(actions), positions[-1]
        return self._freeze(positions[-1])

    def _start(self, first: Position) -> None:
        self._first = first
        self._opening = first.opening()  # None when the history starts after the opening
        # One entry per tile of each hand; older tiles have seen more draws and passes, so their void
        # masks contain the newer ones' (this keeps the inference sound, see below). The viewer's own
        # slots are what the others can infer about its hand (its entry in the view is left empty).
        self._slots: list[list[int]] = [[0] * first.hands[s].bit_count() for s in range(first.seats)]
        # The same slots as tile masks: a dealt slot also bars what the forced opening rules out.
        dealt_barred = not_dealt(self._opening) if not first.line else 0
        self._barred: list[list[int]] = [[dealt_barred] * len(s) for s in self._slots]
        self._events: list[Event] = []

    def _read_action(self, before: Position, action: Action, after: Position) -> None:
        seat = self.seat
        mover = before.to_move
        ends = before.ends
        tile = action.tile
        if action.kind is ActionKind.DRAW and mover == seat:
            tile = TILES[(after.hands[seat] & ~before.hands[seat]).bit_length() - 1]
        lacked = tuple(_common_voids(slots) for slots in self._slots)
        self._events.append(Event(mover, action.kind, tile, action.end, ends, lacked))
        mover_slots, mover_barred = self._slots[mover], self._barred[mover]
        if action.kind is ActionKind.DRAW or action.kind is ActionKind.PASS:
            assert ends is not None
            # Stuck: no tile of the hand shows the number of any open end (two on a line, up to
            # four with a spinner). Sato 157 with four players has no boneyard, so a stuck seat
            # passes at once: the pass tells the same.
            stuck = stuck_tiles = 0
            for number in ends:
                stuck |= 1 << number
                stuck_tiles |= NUMBER_MASK[number]
            mover_slots[:] = [voids | stuck for voids in mover_slots]
            mover_barred[:] = [tiles | stuck_tiles for tiles in mover_barred]
            if action.kind is ActionKind.DRAW:
                mover_slots.append(0)
                mover_barred.append(0)
        else:
            assert tile is not None
            _remove_slot_for(mover_slots, mover_barred, tile)

    def _freeze(self, last: Position) -> SeatView:
        return SeatView(
            seat=self.seat,
            hand=last.hands[self.seat],
            line=last.line,
            to_move=last.to_move,
            passes=last.passes,
            boneyard_count=len(last.boneyard),
            hand_sizes=tuple(h.bit_count() for h in last.hands),
            events=tuple(self._events),
            slot_voids=tuple(() if s == self.seat else tuple(slots) for s, slots in enumerate(self._slots)),
            table_voids=tuple(_common_voids(slots) for slots in self._slots),
            opening=self._opening,
            rules=last.rules,
            layout=last.layout,
            blocked=last.is_blocked() and last.passes < last.seats,
        )


def deals_every_tile(rules: RuleSet, seats: int) -> bool:
    """Every tile is dealt (Sato 157 with four players): there is never a boneyard, so a seat with
    no tile that fits passes at once."""
    return rules.hand_size(seats) * seats == TILE_COUNT


def _common_voids(slots: Sequence[int]) -> int:
    """The numbers every slot of a hand is void in (0 for an empty hand)."""
    common = 0x7F if slots else 0
    for voids in slots:
        common &= voids
    return common


def _remove_slot_for(slots: list[int], barred: list[int], tile: Tile) -> None:
    """Drop the slot that held ``tile``: the most constrained one that could have held it, from
    both the void numbers (``slots``) and the barred tiles (``barred``) of one seat.

    The constraints are nested (older slots saw every draw and pass the newer ones saw, and only
    the dealt slots, the oldest, carry the opening's), so removing the most constrained compatible
    slot never leaves a claim stronger than the truth.
    """
    best = -1
    for i, tiles in enumerate(barred):
        if not tiles >> tile.index & 1 and (best < 0 or tiles.bit_count() > barred[best].bit_count()):
            best = i
    if best < 0:  # cannot happen under the rules; stay sound by forgetting what was inferred
        best = 0
        slots[:] = [0] * len(slots)
        barred[:] = [0] * len(barred)
    del slots[best]
    del barred[best]


def not_dealt(opening: Opening | None) -> int:
    """The tiles the forced opening shows nobody was dealt, as a bit mask (0 when it shows none):
    after the highest double D opened, no higher double; after the heaviest tile T opened (nobody
    holding a double), no double and no tile that ranks above T."""
    if opening is None or opening.tile is None:
        return 0
    if opening.rule is OpeningReason.HIGHEST_DOUBLE:
        higher = [t for t in TILES if t.is_double and t.high > opening.tile.high]
        return sum(t.bit for t in higher)
    if opening.rule is OpeningReason.HEAVIEST_TILE:
        rank = RANK[opening.tile.index]
        return DOUBLES_MASK | sum(1 << i for i in range(TILE_COUNT) if RANK[i] > rank)
    return 0


__all__ = ["Event", "NUMBERS", "SeatTracker", "SeatView", "deals_every_tile", "not_dealt"]
