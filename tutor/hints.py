"""The hint engine: what one seat can know, and what the rules and the odds say from there.

Pure (no Flask). Everything is built from a :class:`SeatView`, the part of a round one seat can
see: its own hand, the line, how many tiles the boneyard and the other hands hold, and who
opened, played, drew and passed. Explanations are :class:`~tutor.analysis.Note` values (a kind
plus parameters) that ``tutor.web.wording`` renders in the learner's language.

>>> from tutor.domino import Deal, RoundRecord
>>> deal = Deal.from_hands([["6-6", "5-4", "3-1", "2-0", "1-1", "4-0", "3-2"],
...                         ["5-5", "6-1", "4-4", "2-2", "3-0", "1-0", "0-0"]])
>>> record = RoundRecord(deal, ["6-6"])
>>> view = SeatView.from_record(record, seat=1)
>>> view.ends, view.hand_sizes, view.boneyard_count
((6, 6), (6, 7), 14)
>>> [(n.kind, n.params["tile"]) for n in legal_move_notes(view) if n.kind.startswith("fits_")]
[('fits_left', '6-1'), ('fits_right', '6-1')]
>>> str(recommend(view, seed=1).action) in {"6-1L", "6-1R"}
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Sequence

from .analysis import Note, explain_result
from .domino import Action, ActionKind, End, Match, Position, Required, RoundRecord
from .domino.position import placements
from .domino.rules import PLAYBOARD, Opening, OpeningReason, RuleSet
from .domino.tiles import (
    DOUBLES_MASK,
    FULL_SET,
    NUMBER_MASK,
    TILE_COUNT,
    TILE_HIGH,
    TILE_LOW,
    TILE_VALUE,
    TILES,
    Tile,
    tiles_in,
    sum_over_bits,
)

NUMBERS = range(7)
#: How many tiles of the set show a given number (6 with another number, plus its double).
TILES_PER_NUMBER = 7


# ==== what one seat can know ====================================================================
@dataclass(frozen=True)
class Event:
    """One public action of the round, as the viewing seat saw it.

    ``ends`` are the open ends just before the action (None before the opening). ``tile`` is the
    tile opened or played; for a draw it is the drawn tile only when the viewer drew it.
    """

    seat: int
    kind: ActionKind
    tile: Tile | None
    end: End | None
    ends: tuple[int, int] | None


@dataclass(frozen=True)
class SeatView:
    """What ``seat`` can know: never a tile of another hand or of the boneyard, only their counts.

    ``slot_voids`` is what the seat can infer about the others from their draws and passes: one
    entry per tile in each other hand, a bit mask of the numbers that tile cannot show (a seat
    that draws or passes at ends 4 and 1 holds no tile showing 4 or 1 at that moment). The
    viewer's own entry is empty. ``opening`` is public: the rules name the opener and the tile.

    ``slot_barred`` holds, slot for slot, every tile that slot cannot be (a bit mask by tile
    index): the tiles showing its void numbers, and for the tiles each seat was dealt, what the
    forced opening revealed: after the highest double D opened, no seat was dealt a higher double;
    after the heaviest tile T opened, nobody was dealt a double or a tile that ranks above T.
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
    slot_barred: tuple[tuple[int, ...], ...] = ()

    # ----- building -----------------------------------------------------------------------------
    @classmethod
    def from_position(cls, position: Position, seat: int) -> "SeatView":
        """The view without any history: nothing is inferred about the other hands."""
        return cls.from_history([position], [], seat)

    @classmethod
    def from_record(cls, record: RoundRecord, seat: int) -> "SeatView":
        return cls.from_history(record.positions(), record.actions, seat)

    @classmethod
    def from_history(cls, positions: Sequence[Position], actions: Sequence[Action], seat: int) -> "SeatView":
        """The view after ``actions``, where ``positions[i + 1] == positions[i].apply(actions[i])``."""
        if len(positions) != len(actions) + 1:
            raise ValueError("positions must hold one more entry than actions")
        first, last = positions[0], positions[-1]
        if not 0 <= seat < first.seats:
            raise ValueError(f"seat {seat} is not at this table")
        # One entry per unseen tile of each other hand; older tiles have seen more draws and passes,
        # so their void masks contain the newer ones' (this keeps the inference sound, see below).
        slots: list[list[int]] = [[] if s == seat else [0] * first.hands[s].bit_count() for s in range(first.seats)]
        # The same slots as tile masks: a dealt slot also bars what the forced opening rules out.
        dealt_barred = _not_dealt(first.opening()) if not first.line else 0
        barred: list[list[int]] = [[dealt_barred] * len(s) for s in slots]
        events = []
        for before, action, after in zip(positions, actions, positions[1:]):
            mover = before.to_move
            ends = before.ends
            tile = action.tile
            if action.kind is ActionKind.DRAW and mover == seat:
                tile = TILES[(after.hands[seat] & ~before.hands[seat]).bit_length() - 1]
            events.append(Event(mover, action.kind, tile, action.end, ends))
            if mover == seat:
                continue
            mover_slots, mover_barred = slots[mover], barred[mover]
            if action.kind in (ActionKind.DRAW, ActionKind.PASS):
                assert ends is not None
                stuck = (1 << ends[0]) | (1 << ends[1])
                stuck_tiles = NUMBER_MASK[ends[0]] | NUMBER_MASK[ends[1]]
                mover_slots[:] = [voids | stuck for voids in mover_slots]
                mover_barred[:] = [tiles | stuck_tiles for tiles in mover_barred]
                if action.kind is ActionKind.DRAW:
                    mover_slots.append(0)
                    mover_barred.append(0)
            else:
                assert tile is not None
                _remove_slot_for(mover_slots, mover_barred, tile)
        return cls(
            seat=seat,
            hand=last.hands[seat],
            line=last.line,
            to_move=last.to_move,
            passes=last.passes,
            boneyard_count=len(last.boneyard),
            hand_sizes=tuple(h.bit_count() for h in last.hands),
            events=tuple(events),
            slot_voids=tuple(tuple(s) for s in slots),
            slot_barred=tuple(tuple(b) for b in barred),
            opening=first.opening(),  # None when the history starts after the opening
            rules=last.rules,
        )

    # ----- reading ------------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return len(self.hand_sizes)

    @property
    def ends(self) -> tuple[int, int] | None:
        return (self.line[0][0], self.line[-1][1]) if self.line else None

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat and not self.is_over()

    def hand_tiles(self) -> list[Tile]:
        """The seat's tiles, heaviest index first, as :meth:`Position.hand` lists them."""
        return sorted(tiles_in(self.hand), reverse=True)

    def line_mask(self) -> int:
        mask = 0
        for a, b in self.line:
            mask |= TILES[_index(a, b)].bit
        return mask

    def unseen(self) -> int:
        """Bit mask of the tiles this seat cannot see: the other hands and the boneyard."""
        return FULL_SET & ~self.hand & ~self.line_mask()

    def is_over(self) -> bool:
        return bool(self.line) and (self.passes >= self.seats or 0 in self.hand_sizes)

    def fitting(self) -> int:
        """Bit mask of this seat's tiles that fit an open end."""
        ends = self.ends
        if ends is None:
            return 0
        return self.hand & (NUMBER_MASK[ends[0]] | NUMBER_MASK[ends[1]])

    def required(self) -> Required | None:
        """What the rules require of this seat now; None when another seat is to move."""
        if self.is_over():
            return Required.OVER
        if self.to_move != self.seat:
            return None
        if not self.line:
            return Required.OPEN
        if self.fitting():
            return Required.PLAY
        return Required.DRAW if self.boneyard_count else Required.PASS

    def legal_actions(self) -> list[Action]:
        """This seat's legal actions now, in :meth:`Position.legal_actions`' order."""
        required = self.required()
        if required is Required.OPEN:
            assert self.opening is not None and self.opening.tile is not None
            return [Action.open(self.opening.tile)]
        if required is Required.PLAY:
            left, right = self.ends  # type: ignore[misc]
            return placements(self.fitting(), left, right)
        if required is Required.DRAW:
            return [Action(ActionKind.DRAW)]
        if required is Required.PASS:
            return [Action(ActionKind.PASS)]
        return []

    def voids(self, seat: int) -> list[int]:
        """The numbers ``seat`` is known to hold none of (every tile it holds is void in them)."""
        slots = self.slot_voids[seat]
        if not slots or seat == self.seat:
            return []
        common = ~0
        for voids in slots:
            common &= voids
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


def _not_dealt(opening: Opening | None) -> int:
    """The tiles the forced opening shows nobody was dealt, as a bit mask (0 when it shows none)."""
    if opening is None or opening.tile is None:
        return 0
    if opening.rule is OpeningReason.HIGHEST_DOUBLE:
        higher = [t for t in TILES if t.is_double and t.high > opening.tile.high]
        return sum(t.bit for t in higher)
    if opening.rule is OpeningReason.HEAVIEST_TILE:
        rank = _RANK[opening.tile.index]
        return DOUBLES_MASK | sum(1 << i for i in range(TILE_COUNT) if _RANK[i] > rank)
    return 0


def _index(a: int, b: int) -> int:
    high, low = (a, b) if a >= b else (b, a)
    return high * (high + 1) // 2 + low


# ==== fast simulation ===========================================================================
# Tiles ranked lightest to heaviest by (value, higher half), so the heaviest tile of a mask is its
# highest set bit; ties in value go to the higher half, as the opening rule ranks them.
_BY_WEIGHT: tuple[int, ...] = tuple(sorted(range(TILE_COUNT), key=lambda i: (TILE_VALUE[i], TILE_HIGH[i])))
_RANK: tuple[int, ...] = tuple(_BY_WEIGHT.index(i) for i in range(TILE_COUNT))
_R_HIGH: tuple[int, ...] = tuple(TILE_HIGH[i] for i in _BY_WEIGHT)
_R_LOW: tuple[int, ...] = tuple(TILE_LOW[i] for i in _BY_WEIGHT)
_R_VALUE: tuple[int, ...] = tuple(TILE_VALUE[i] for i in _BY_WEIGHT)
_R_NUMBER_MASK: tuple[int, ...] = tuple(
    sum(1 << r for r, i in enumerate(_BY_WEIGHT) if NUMBER_MASK[n] >> i & 1) for n in NUMBERS
)


def _rank_mask(mask: int) -> int:
    ranked = 0
    while mask:
        low_bit = mask & -mask
        ranked |= 1 << _RANK[low_bit.bit_length() - 1]
        mask ^= low_bit
    return ranked


def _rank_pips(ranked: int) -> int:
    return sum_over_bits(ranked, _R_VALUE)


def _heaviest_playout(hands: list[int], left: int, right: int, to_move: int, passes: int,
                      stock: list[int], rules: RuleSet) -> tuple[int | None, int]:
    """Finish a round with every seat playing its heaviest fitting tile (at the left end when it
    fits both). Hands are rank masks and are modified; ``stock`` is drawn with ``pop()``.

    Against random play this policy is the better model of real opponents, and it is cheap:
    the heaviest fitting tile is one ``bit_length`` away.
    """
    seats = len(hands)
    number_mask = _R_NUMBER_MASK
    high, low = _R_HIGH, _R_LOW
    while True:
        hand = hands[to_move]
        fit = hand & (number_mask[left] | number_mask[right])
        if fit:
            rank = fit.bit_length() - 1
        else:
            rank = -1
            while stock:
                drawn = stock.pop()
                hand |= 1 << drawn
                a, b = high[drawn], low[drawn]
                if a == left or a == right or b == left or b == right:
                    rank = drawn
                    break
            if rank < 0:
                hands[to_move] = hand
                passes += 1
                if passes == seats:
                    pips = [_rank_pips(h) for h in hands]
                    return rules.score_blocked(pips, [h.bit_count() for h in hands])
                to_move = (to_move + 1) % seats
                continue
        passes = 0
        a, b = high[rank], low[rank]
        if a == left:
            left = b
        elif b == left:
            left = a
        elif a == right:
            right = b
        else:
            right = a
        hand ^= 1 << rank
        hands[to_move] = hand
        if not hand:
            pips = [_rank_pips(h) for h in hands]
            return to_move, rules.score_domino(pips, to_move)
        to_move = (to_move + 1) % seats


class _Sampler:
    """Deals the unseen tiles into the other hands and the boneyard (a determinization),
    consistent with their sizes and with what their draws and passes revealed.

    Without any inference a deal is a plain shuffle. With some, the unseen tiles fill a row of
    slots (each other hand's, then the boneyard in draw order) and each sample is reached from the
    previous one by random swaps that keep every tile out of the slots it cannot be in: a chain
    whose samples spread evenly over the consistent deals, at a fixed cost per sample, even when a
    few tiles can only be in one place (where dealing greedily keeps failing).
    """

    def __init__(self, view: SeatView, rng: random.Random) -> None:
        self.view = view
        self.unseen = [t.index for t in tiles_in(view.unseen())]
        self.own = _rank_mask(view.hand)
        self.seat_of_slot: list[int] = []  # a seat, or -1 for the boneyard
        self.barred_of_slot: list[int] = []  # the tiles a slot cannot hold, by tile index
        for seat in range(view.seats):
            if seat != view.seat:
                self.seat_of_slot += [seat] * len(view.slot_voids[seat])
                self.barred_of_slot += list(view.slot_barred[seat]) if view.slot_barred else [
                    _tiles_showing(voids) for voids in view.slot_voids[seat]]
        self.hand_slots = len(self.seat_of_slot)
        self.seat_of_slot += [-1] * (len(self.unseen) - self.hand_slots)
        self.barred_of_slot += [0] * (len(self.unseen) - self.hand_slots)
        self.chain: list[int] | None = None
        self.free_slots: list[int] | None = None
        masks = set(self.barred_of_slot) - {0}
        if len(masks) == 1:
            # One kind of constrained slot (the opening's alone, or one set of voids): the barred
            # tiles take random free slots and the rest fill the others at random, which is
            # exactly uniform over the consistent deals and as cheap as a shuffle.
            barred = masks.pop()
            self.free_slots = [i for i, mask in enumerate(self.barred_of_slot) if not mask]
            self.banned = [t for t in self.unseen if barred >> t & 1]
            self.allowed = [t for t in self.unseen if not barred >> t & 1]
            if len(self.banned) > len(self.free_slots):  # cannot happen: the real deal is consistent
                self.free_slots, self.barred_of_slot = None, [0] * len(self.unseen)
        elif masks:
            self.chain = _consistent_assignment(self.unseen, self.barred_of_slot, rng)
            if self.chain is None:  # cannot happen: the real deal is consistent; use sizes only
                self.barred_of_slot = [0] * len(self.unseen)
            else:
                self.swaps = 3 * len(self.unseen)
                self._swap(rng, 10 * len(self.unseen))  # forget the starting order

    def sample(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """Rank-mask hands and a stock (drawn with ``pop()``)."""
        if self.free_slots is not None:
            slots = rng.sample(self.free_slots, len(self.banned))
            order = [-1] * len(self.unseen)
            for slot, tile in zip(slots, self.banned):
                order[slot] = tile
            rest = self.allowed[:]
            rng.shuffle(rest)
            filler = iter(rest)
            order = [tile if tile >= 0 else next(filler) for tile in order]
        elif self.chain is None:
            order = self.unseen[:]
            rng.shuffle(order)
        else:
            self._swap(rng, self.swaps)
            order = self.chain
        hands = [0] * self.view.seats
        hands[self.view.seat] = self.own
        rank = _RANK
        seat_of_slot = self.seat_of_slot
        for slot in range(self.hand_slots):
            hands[seat_of_slot[slot]] |= 1 << rank[order[slot]]
        return hands, [rank[t] for t in order[self.hand_slots:]]

    def _swap(self, rng: random.Random, count: int) -> None:
        chain, barred = self.chain, self.barred_of_slot
        assert chain is not None
        size = len(chain)
        rand = rng.random
        for _ in range(count):
            i, j = int(rand() * size), int(rand() * size)
            a, b = chain[i], chain[j]
            if not barred[j] >> a & 1 and not barred[i] >> b & 1:
                chain[i], chain[j] = b, a


def _tiles_showing(numbers: int) -> int:
    """The tiles showing any number of the 7-bit mask ``numbers``, as a tile bit mask."""
    tiles = 0
    for n in NUMBERS:
        if numbers >> n & 1:
            tiles |= NUMBER_MASK[n]
    return tiles


def _consistent_assignment(tiles: list[int], barred_of_slot: list[int], rng: random.Random) -> list[int] | None:
    """One tile per slot with no slot holding a tile it bars, found by augmenting paths (Kuhn's
    matching); None when there is no such assignment."""
    order = tiles[:]
    rng.shuffle(order)
    holder: dict[int, int] = {}  # slot -> tile

    def place(tile: int, visited: set[int]) -> bool:
        for slot, barred in enumerate(barred_of_slot):
            if slot in visited or barred >> tile & 1:
                continue
            visited.add(slot)
            if slot not in holder or place(holder[slot], visited):
                holder[slot] = tile
                return True
        return False

    if not all(place(tile, set()) for tile in order):
        return None
    return [holder[slot] for slot in range(len(barred_of_slot))]


@dataclass(frozen=True)
class CandidateScore:
    """How one legal move did in the simulated rounds, from the viewing seat's side."""

    action: Action
    win_rate: float  # rounds won, a tie (nobody scores) counting half
    margin: float  # mean points: won as positive, lost as negative


def _after_move(view: SeatView, action: Action) -> tuple[int, int]:
    """The open ends after ``action`` (the forced opening included)."""
    tile = action.tile
    assert tile is not None
    if action.kind is ActionKind.OPEN:
        return tile.high, tile.low
    left, right = view.ends  # type: ignore[misc]
    if action.end is End.LEFT:
        return tile.other(left), right
    return left, tile.other(right)


def simulate(view: SeatView, actions: Sequence[Action], samples: int, rng: random.Random) -> list[CandidateScore]:
    """Score each of ``actions`` (legal placements for the viewer) over ``samples``
    determinizations, every action on the same deals, each finished by heaviest-first playouts."""
    sampler = _Sampler(view, rng)
    seat, seats, rules = view.seat, view.seats, view.rules
    following = (seat + 1) % seats
    starts = []
    for action in actions:
        assert action.tile is not None
        left, right = _after_move(view, action)
        starts.append((sampler.own & ~(1 << _RANK[action.tile.index]), left, right))
    wins = [0.0] * len(actions)
    margins = [0] * len(actions)
    for _ in range(samples):
        hands, stock = sampler.sample(rng)
        for i, (own_after, left, right) in enumerate(starts):
            if not own_after:  # the move plays out: the others' pips are the score
                dealt = list(hands)
                dealt[seat] = 0
                wins[i] += 1
                margins[i] += rules.score_domino([_rank_pips(h) for h in dealt], seat)
                continue
            dealt = list(hands)
            dealt[seat] = own_after
            winner, points = _heaviest_playout(dealt, left, right, following, 0, stock[:], rules)
            if winner == seat:
                wins[i] += 1
                margins[i] += points
            elif winner is None:
                wins[i] += 0.5
            else:
                margins[i] -= points
    return [CandidateScore(a, w / samples, m / samples) for a, w, m in zip(actions, wins, margins)]


# ==== the recommended move ======================================================================
#: Determinizations per recommendation. Strength levels off near 100 against heaviest-first
#: (bench/hints.py); 600 keeps the percentages shown to a learner steady (about ±2 points) and
#: still answers in a few tens of milliseconds.
DEFAULT_SAMPLES = 600


@dataclass(frozen=True)
class Recommendation:
    """The move to play and why: ``candidates`` (best first) holds every distinct placement that
    was simulated; it is empty when the rules leave one choice."""

    action: Action
    candidates: tuple[CandidateScore, ...]
    samples: int
    notes: tuple[Note, ...]


def distinct_moves(view: SeatView) -> list[Action]:
    """The viewer's legal actions, keeping one of each set of placements that lead to the same
    game (a tile fitting two equal ends: left or right leaves the same pair of ends)."""
    seen = set()
    moves = []
    for action in view.legal_actions():
        key: object = action
        if action.kind is ActionKind.PLAY:
            key = (action.tile, tuple(sorted(_after_move(view, action))))
        if key not in seen:
            seen.add(key)
            moves.append(action)
    return moves


def recommend(view: SeatView, *, seed: int = 0, samples: int = DEFAULT_SAMPLES) -> Recommendation:
    """The move with the best chance to win the round, by simulating ``samples`` deals of the
    unseen tiles consistent with what the viewer knows; the same seed gives the same answer.

    Raises ``ValueError`` when it is not the viewer's turn.
    """
    if not view.my_turn:
        raise ValueError(f"seat {view.seat} is not to move")
    moves = distinct_moves(view)
    if len(moves) == 1 or moves[0].kind in (ActionKind.DRAW, ActionKind.PASS):
        return Recommendation(moves[0], (), 0, tuple(_forced_reason(view, moves[0])))
    scores = simulate(view, moves, samples, random.Random(seed))
    # Best chance to win first, then the better points margin; the legal order breaks exact ties.
    order = sorted(range(len(scores)), key=lambda i: (-scores[i].win_rate, -scores[i].margin, i))
    ranked = tuple(scores[i] for i in order)
    return Recommendation(ranked[0].action, ranked, samples, tuple(_move_reasons(view, ranked, samples)))


def _percent(rate: float) -> int:
    return round(100 * rate)


def _forced_reason(view: SeatView, action: Action) -> list[Note]:
    if action.kind is ActionKind.OPEN:
        return [Note("recommend_open", {"tile": str(action.tile)})]
    if action.kind is ActionKind.DRAW:
        return [Note("move_draw", {})]
    if action.kind is ActionKind.PASS:
        return [Note("move_pass", {})]
    assert action.tile is not None and action.end is not None
    ends = view.ends
    assert ends is not None
    number = ends[0] if action.end is End.LEFT else ends[1]
    if len(view.legal_actions()) > 1:
        # One tile on two ends that show the same number: two legal moves that lead to the same
        # game, so the choice of end does not matter (it is not the only legal move).
        return [Note("recommend_either_end", {"tile": str(action.tile), "number": number})]
    return [Note("recommend_only_" + action.end.value, {"tile": str(action.tile), "number": number})]


def _move_reasons(view: SeatView, ranked: Sequence[CandidateScore], samples: int) -> list[Note]:
    best = ranked[0]
    action = best.action
    tile = action.tile
    assert tile is not None and action.end is not None
    left, right = view.ends  # type: ignore[misc]
    number = left if action.end is End.LEFT else right
    notes = [Note("recommend_" + action.end.value, {
        "tile": str(tile), "number": number, "samples": samples, "wins": _percent(best.win_rate),
    })]
    runner_up = ranked[1].action
    assert runner_up.tile is not None and runner_up.end is not None
    notes.append(Note("alternative_" + runner_up.end.value, {
        "tile": str(runner_up.tile), "number": left if runner_up.end is End.LEFT else right,
        "wins": _percent(ranked[1].win_rate),
    }))
    # Plain-language reasons that hold for this move, so the percentages are not the only why.
    rest = view.hand & ~tile.bit
    if not rest:
        notes.append(Note("reason_plays_out", {"tile": str(tile)}))
        return notes
    new_left, new_right = _after_move(view, action)
    exposed = tile.other(number)
    if tile.is_double:
        notes.append(Note("reason_double", {"tile": str(tile)}))
    other_values = [c.action.tile.value for c in ranked[1:] if c.action.tile is not None]
    if tile.value > max(other_values):
        notes.append(Note("reason_heavy", {"tile": str(tile), "value": tile.value}))
    for seat in range(view.seats):
        void = [n for n in view.voids(seat) if n in (new_left, new_right)]
        if void:
            notes.append(Note("reason_blocks", {"seat": seat, "number": void[0]}))
    replies = (rest & NUMBER_MASK[exposed]).bit_count()
    if replies:
        notes.append(Note("reason_keeps_reply", {"number": exposed, "count": replies}))
    return notes


# ==== explanations ==============================================================================
def explain_turn(view: SeatView) -> list[Note]:
    """What the rules let the viewer do now, and why (the full explanation of a hint)."""
    required = view.required()
    if required is None:
        return [Note("waiting", {"seat": view.to_move})]
    if required is Required.OVER:
        return [Note("round_over", {})]
    if required is Required.OPEN:
        return opening_notes(view)
    notes = draw_notes(view) if view.drawn_this_turn() or required is Required.DRAW else []
    if required is Required.PLAY:
        notes += legal_move_notes(view)
    elif required is Required.PASS:
        notes += pass_notes(view)
    return notes


def opening_notes(view: SeatView) -> list[Note]:
    """Who opens and why; the tie rule; that no other first tile is legal."""
    opening = view.opening
    if opening is None or opening.tile is None:
        return []
    tile = opening.tile
    if opening.rule is OpeningReason.HIGHEST_DOUBLE:
        notes = [Note("open_double", {"seat": opening.seat, "tile": str(tile)})]
    else:
        notes = [Note("open_heaviest", {"seat": opening.seat, "tile": str(tile), "value": tile.value})]
        # Only tiles the viewer can see are named: another hand's tiles stay hidden.
        visible = view.hand | tile.bit
        rivals = [t for t in tiles_in(visible) if t.value == tile.value and t is not tile]
        for rival in rivals:
            notes.append(Note("open_tie", {"tile": str(tile), "other": str(rival), "value": tile.value,
                                           "high": tile.high, "other_high": rival.high}))
        # The tie rule for equal tiles the viewer cannot place: a lower-ranked one would not have
        # opened; a higher-ranked one was dealt to nobody, or it would have opened instead.
        unseen = [t for t in TILES if t.value == tile.value and t is not tile and not t.is_double and t not in rivals]
        lower = [str(t) for t in unseen if t.high < tile.high]
        higher = [str(t) for t in unseen if t.high > tile.high]
        if lower and not rivals:
            notes.append(Note("open_tie_rule", {"tile": str(tile), "others": lower, "value": tile.value}))
        if higher:
            notes.append(Note("open_tie_absent", {"tile": str(tile), "others": higher, "value": tile.value}))
    if opening.seat == view.seat:
        others = [str(t) for t in view.hand_tiles() if t is not tile]
        if others:
            notes.append(Note("open_others_illegal", {"tile": str(tile), "tiles": others}))
    return notes


def legal_move_notes(view: SeatView) -> list[Note]:
    """Each fitting tile with the end and number it matches, and why the others do not fit."""
    if view.required() is not Required.PLAY:
        return []
    left, right = view.ends  # type: ignore[misc]
    moves = view.legal_actions()
    notes = [Note("ends", {"left": left, "right": right}),
             Note("legal_count", {"seat": view.seat, "count": len(moves)})]
    for move in moves:
        assert move.end is not None
        notes.append(Note("fits_" + move.end.value, {
            "tile": str(move.tile), "number": left if move.end is End.LEFT else right}))
    misfits = [str(t) for t in tiles_in(view.hand & ~view.fitting())]
    if misfits:
        notes.append(Note("no_fit_tiles", {"tiles": misfits, "left": left, "right": right}))
    notes.append(Note("play_compulsory", {}))
    return notes


def draw_notes(view: SeatView) -> list[Note]:
    """Why the viewer must draw, and after drawing, which drawn tile fits and why drawing stopped."""
    required = view.required()
    ends = view.ends
    if ends is None or required not in (Required.PLAY, Required.DRAW, Required.PASS):
        return []
    left, right = ends
    notes = []
    drawn = [t for t in view.drawn_this_turn() if t is not None]
    if drawn:
        notes.append(Note("drew_tiles", {"seat": view.seat, "count": len(drawn), "tiles": [str(t) for t in drawn]}))
        last = drawn[-1]
        misses = drawn[:-1] if required is Required.PLAY else drawn
        # Drawing went on after every miss but the one that emptied the boneyard (then: pass).
        emptied = required is Required.PASS
        went_on = misses[:-1] if emptied else misses
        if went_on:
            notes.append(_about_ends("drawn_misfits", left, right, tiles=[str(t) for t in went_on]))
        if emptied:
            notes.append(_about_ends("drawn_last_misfit", left, right, tile=str(last)))
        if required is Required.PLAY:
            if last.has(left) and last.has(right):
                notes.append(_about_ends("drawn_fits_both", left, right, tile=str(last)))
            else:
                end = "left" if last.has(left) else "right"
                notes.append(Note("drawn_fits_" + end, {"tile": str(last), "number": left if end == "left" else right}))
    if required is Required.DRAW:
        notes.append(Note("must_draw", {"seat": view.seat, "left": left, "right": right, "boneyard": view.boneyard_count}))
    return notes


def _about_ends(kind: str, left: int, right: int, **params) -> Note:
    """A note naming both end numbers, or its ``_one`` form naming the number once when the two
    ends show the same number (not "a 5 or a 5")."""
    if left == right:
        return Note(kind + "_one", {**params, "number": left})
    return Note(kind, {**params, "left": left, "right": right})


def pass_notes(view: SeatView) -> list[Note]:
    """Why the viewer must pass, and how close the round is to being blocked."""
    if view.required() is not Required.PASS:
        return []
    left, right = view.ends  # type: ignore[misc]
    notes = [Note("must_pass", {"seat": view.seat, "left": left, "right": right})]
    if view.passes:
        notes.append(Note("passes_so_far", {"passes": view.passes, "seats": view.seats}))
    return notes


def round_end_notes(position: Position) -> list[Note]:
    """How a finished round ended and its score with the arithmetic: the tiles left in each hand
    with their pip sums, then :func:`tutor.analysis.explain_result`'s notes."""
    notes = explain_result(position)
    hands = [Note("hand_left", {"seat": seat, "tiles": [str(t) for t in position.hand(seat)],
                                "sum": " + ".join(f"{t.high} + {t.low}" for t in position.hand(seat)),
                                "pips": position.pips(seat)})
             for seat in range(position.seats) if position.hands[seat]]
    return notes[:1] + hands + notes[1:]


def match_notes(match: Match) -> list[Note]:
    """The last round's points added to the running totals, and each seat's distance to the target."""
    notes = []
    target = match.rules.target_score
    if match.results:
        last = match.results[-1]
        before = Match(match.seats, match.rules, match.results[:-1]).totals
        if last.winner is None:
            notes.append(Note("round_no_points", {}))
        else:
            notes.append(Note("round_points", {"seat": last.winner, "points": last.points,
                                               "before": before[last.winner], "after": match.totals[last.winner]}))
    for seat, total in enumerate(match.totals):
        notes.append(Note("match_total", {"seat": seat, "total": total, "target": target,
                                          "to_go": max(0, target - total)}))
    if match.winner is not None:
        notes.append(Note("match_won", {"seat": match.winner, "total": match.totals[match.winner], "target": target}))
    return notes


#: A boneyard this small makes a miss expensive: the next stuck seat may have to pass.
LOW_BONEYARD = 4


def strategy_notes(view: SeatView) -> list[Note]:
    """On request: for each number at the open ends, where its seven tiles are; what the others
    are known to lack; doubles worth shedding; boneyard pressure."""
    notes = []
    ends = view.ends
    line = view.line_mask()
    if ends is not None:
        for number in sorted(set(ends)):
            on_table = (line & NUMBER_MASK[number]).bit_count()
            in_hand = (view.hand & NUMBER_MASK[number]).bit_count()
            notes.append(Note("number_count", {"number": number, "table": on_table, "hand": in_hand,
                                               "unseen": TILES_PER_NUMBER - on_table - in_hand}))
    for seat in range(view.seats):
        voids = view.voids(seat)
        if voids:
            notes.append(Note("known_void", {"seat": seat, "numbers": voids}))
    doubles = [t for t in view.hand_tiles() if t.is_double]
    if doubles:
        notes.append(Note("shed_doubles", {"tiles": [str(t) for t in doubles],
                                           "pips": sum(t.value for t in doubles)}))
        playable = [str(t) for t in tiles_in(view.fitting() & DOUBLES_MASK)]
        if playable and view.my_turn:
            notes.append(Note("shed_double_now", {"tiles": playable}))
    if view.boneyard_count == 0:
        notes.append(Note("boneyard_empty", {}))
    elif view.boneyard_count <= LOW_BONEYARD:
        notes.append(Note("boneyard_low", {"boneyard": view.boneyard_count}))
    else:
        notes.append(Note("boneyard_plenty", {"boneyard": view.boneyard_count}))
    return notes


# ==== the hint ladder ===========================================================================
@dataclass(frozen=True)
class HintLadder:
    """Hints from least to most: a nudge, the tile to look at, the move, then the full why."""

    nudge: Note
    highlight: Note
    move: Note
    explanation: tuple[Note, ...]
    recommendation: Recommendation


def hint_ladder(view: SeatView, *, seed: int = 0, samples: int = DEFAULT_SAMPLES) -> HintLadder:
    """Every rung of the ladder for the viewer's turn. Raises ``ValueError`` when it is not its turn."""
    recommendation = recommend(view, seed=seed, samples=samples)
    action = recommendation.action
    ends = view.ends
    explanation = tuple(explain_turn(view)) + recommendation.notes
    if action.kind is ActionKind.DRAW or action.kind is ActionKind.PASS:
        assert ends is not None
        kind = action.kind.value
        return HintLadder(
            _about_ends("nudge_" + kind, *ends),
            Note("highlight_boneyard", {"boneyard": view.boneyard_count}),
            Note("move_" + kind, {}),
            explanation, recommendation,
        )
    tile = str(action.tile)
    if action.kind is ActionKind.OPEN:
        return HintLadder(Note("nudge_open", {}), Note("highlight_tile", {"tile": tile}),
                          Note("move_open", {"tile": tile}), explanation, recommendation)
    assert ends is not None and action.end is not None
    number = ends[0] if action.end is End.LEFT else ends[1]
    return HintLadder(
        Note("nudge_" + action.end.value, {"number": number}),
        Note("highlight_tile", {"tile": tile}),
        Note("move_" + action.end.value, {"tile": tile, "number": number}),
        explanation, recommendation,
    )


__all__ = [
    "CandidateScore", "DEFAULT_SAMPLES", "Event", "HintLadder", "Recommendation", "SeatView",
    "distinct_moves", "draw_notes", "explain_turn", "hint_ladder", "legal_move_notes", "match_notes",
    "opening_notes", "pass_notes", "recommend", "round_end_notes", "simulate", "strategy_notes",
]
