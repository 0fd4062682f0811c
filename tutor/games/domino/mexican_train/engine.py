"""Mexican Train for two players (issue #16; the rules and every decision: VARIANTS.md, "Mexican Train").

This engine stands apart from the double-six one: its tiles run 0..12 (or 0..6 in the shorter game)
and its table is a set of trains from the round's engine double. Like the rest of the domino engine
it is pure Python and immutable: ``position.apply(action)`` returns the next position, so a round is
its deal plus a list of actions, written as the shared harness writes them (``"draw"``, ``"pass"``,
``"x-y:T"``: tile x-y on train T, x being the half that matches T's open end; trains ``s0`` and ``s1``
are the players' own, ``t1``, ``t2``, ... the public ones in the order they were started).

A tiny round: each player starts their own train; seat 0 lays a double and must answer it at once;
seat 1 cannot play, draws, still cannot, and passes, which marks its train; seat 0 then goes out on
seat 1's marked train.

>>> deal = {"engine": 12, "top": 12, "first": 0, "boneyard": ["0-1", "9-9"],
...         "hands": [["12-5", "5-5", "5-1", "7-2"], ["12-7", "3-3"]]}
>>> legal_actions(deal, [])
['12-5:s0']
>>> legal_actions(deal, ["12-5:s0", "12-7:s1"])
['5-1:s0', '5-5:s0']
>>> history = ["12-5:s0", "12-7:s1", "5-5:s0"]
>>> legal_actions(deal, history), open_double(deal, history)
(['5-1:s0'], 's0')
>>> history += ["5-1:s0"]
>>> legal_actions(deal, history)
['draw']
>>> history += ["draw", "pass"]
>>> markers(deal, history), legal_actions(deal, history)
([False, True], ['7-2:s1'])
>>> outcome(deal, history + ["7-2:s1"])
{'winner': 0, 'pips': [0, 7], 'reason': 'out'}
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, Hashable, Iterable, Mapping, Sequence

from tutor.games.domino.errors import IllegalMoveError, InvalidActionError, InvalidPositionError, InvalidTileError

#: The sets this engine plays: double-twelve (the game) and double-six (the shorter game).
TOPS = (12, 6)
#: Tiles dealt to each of the two players (VARIANTS.md: 16; the shorter game's 7 is a decision).
HAND_SIZE = {12: 16, 6: 7}
#: At most 8 trains from the engine; both players' own trains always count among them.
MAX_TRAINS = 8
MAX_PUBLIC_TRAINS = MAX_TRAINS - 2
SEATS = 2

_NUMBER = r"(1[0-2]|[0-9])"  # 0..12, written without a leading zero
_TILE_RE = re.compile(f"{_NUMBER}-{_NUMBER}")
_PLAY_RE = re.compile(f"{_NUMBER}-{_NUMBER}:(s[01]|t[1-9])")


# --------------------------------------------------------------------------------------------- tiles


@dataclass(frozen=True, order=True)
class TrainTile:
    """A tile of a double-``top`` set, held high half first (``12-5``, never ``5-12``)."""

    high: int
    low: int

    @classmethod
    def of(cls, a: int, b: int) -> "TrainTile":
        return cls(a, b) if a >= b else cls(b, a)

    @classmethod
    def parse(cls, text: object, top: int = 12) -> "TrainTile":
        """Read ``a-b`` with halves 0..top, in either order."""
        match = _TILE_RE.fullmatch(text) if isinstance(text, str) else None
        if match is None or int(match[1]) > top or int(match[2]) > top:
            raise InvalidTileError(f"not a tile: {text!r} (write a-b with halves 0 to {top})", token=str(text), top=top)
        return cls.of(int(match[1]), int(match[2]))

    @property
    def value(self) -> int:
        """The pip sum: what the tile costs when it is left in hand."""
        return self.high + self.low

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    def has(self, number: int) -> bool:
        return number == self.high or number == self.low

    def other(self, number: int) -> int:
        """The half opposite the one showing ``number`` (the tile must show it)."""
        return self.low if number == self.high else self.high

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"


def full_set(top: int) -> tuple[TrainTile, ...]:
    """Every tile of the double-``top`` set: 91 for 12, 28 for 6."""
    return tuple(TrainTile(high, low) for high in range(top + 1) for low in range(high + 1))


def pips(tiles: Iterable[TrainTile]) -> int:
    return sum(tile.value for tile in tiles)


# ---------------------------------------------------------------------------------------------- deal


def draw_for_first(rng: random.Random, tiles: Sequence[TrainTile]) -> int:
    """Who starts: each player draws a tile, more pips goes first; equal pips: both draw again."""
    while True:
        first, second = rng.sample(list(tiles), 2)
        if first.value != second.value:
            return 0 if first.value > second.value else 1


@dataclass(frozen=True)
class Deal:
    """A round's deal: its engine double, the two hands, the boneyard in drawing order, the first seat.

    A designed deal (tests, lessons) may hold fewer tiles than the whole set; a shuffled one
    (:meth:`from_seed`) deals the whole set but the engine."""

    engine: int
    top: int
    hands: tuple[tuple[TrainTile, ...], tuple[TrainTile, ...]]
    boneyard: tuple[TrainTile, ...]
    first: int

    def __post_init__(self) -> None:
        if self.top not in TOPS:
            raise InvalidPositionError(f"the set's top must be one of {TOPS}, not {self.top!r}", code="deal", where="top")
        if not (isinstance(self.engine, int) and 0 <= self.engine <= self.top):
            raise InvalidPositionError(f"no engine double {self.engine!r}-{self.engine!r}", code="deal", where="engine")
        if self.first not in (0, 1):
            raise InvalidPositionError(f"the first seat is 0 or 1, not {self.first!r}", code="deal", where="first")
        if len(self.hands) != SEATS or not all(self.hands):
            raise InvalidPositionError("a deal has two hands, each with a tile at least", code="deal", where="hands")
        every = [tile for hand in self.hands for tile in hand] + list(self.boneyard)
        if len(set(every)) != len(every):
            raise InvalidPositionError("a tile is dealt twice", code="deal", where="hands")
        if TrainTile(self.engine, self.engine) in every:
            raise InvalidPositionError("the engine double lies in the centre, not in a hand or the boneyard", code="deal")
        if any(tile.high > self.top for tile in every):
            raise InvalidPositionError(f"a tile above {self.top}", code="deal")

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Deal":
        """Read the harness's dict: ``engine``, ``top``, ``hands`` (two lists of ``"a-b"``), ``boneyard``, ``first``."""
        if not isinstance(data, Mapping):
            raise InvalidPositionError("a deal is a dict", code="deal")
        try:
            top = data.get("top", 12)
            if top not in TOPS:
                raise InvalidPositionError(f"the set's top must be one of {TOPS}", code="deal", where="top")
            hands = data["hands"]
            if not isinstance(hands, (list, tuple)) or len(hands) != SEATS:
                raise InvalidPositionError("a deal has two hands", code="deal", where="hands")

            def read(tokens: Iterable[object], where: str) -> tuple[TrainTile, ...]:
                # Each bad token is named by its place, e.g. hands[1][3].
                return tuple(_tile_at(token, top, f"{where}[{i}]") for i, token in enumerate(tokens))

            return cls(
                engine=data["engine"],
                top=top,
                hands=(read(hands[0], "hands[0]"), read(hands[1], "hands[1]")),
                boneyard=read(data.get("boneyard", ()), "boneyard"),
                first=data.get("first", 0),
            )
        except (KeyError, TypeError) as error:
            raise InvalidPositionError(f"not a deal: {error}", code="deal") from None

    def to_dict(self) -> dict:
        return {
            "engine": self.engine,
            "top": self.top,
            "hands": [[str(tile) for tile in hand] for hand in self.hands],
            "boneyard": [str(tile) for tile in self.boneyard],
            "first": self.first,
        }

    @classmethod
    def from_seed(cls, seed: int, engine: int | None = None, top: int = 12, first: int | None = None) -> "Deal":
        """A shuffled deal, the same for the same seed: the round's engine (``top`` unless given) is
        taken out, the players draw for who starts unless ``first`` is given, the tiles go back and
        are shuffled, and each player takes ``HAND_SIZE[top]`` tiles; the rest is the boneyard."""
        engine = top if engine is None else engine
        rng = random.Random(seed)
        tiles = [tile for tile in full_set(top) if tile != TrainTile(engine, engine)]
        if first is None:
            first = draw_for_first(rng, tiles)
        rng.shuffle(tiles)
        size = HAND_SIZE[top]
        return cls(engine, top, (tuple(tiles[:size]), tuple(tiles[size:2 * size])), tuple(tiles[2 * size:]), first)

    def redealt(self, seed: int) -> "Deal":
        """The same hand for seat 0, the other hand and the boneyard dealt again (shuffled by ``seed``)."""
        rest = list(self.hands[1] + self.boneyard)
        random.Random(seed).shuffle(rest)
        size = len(self.hands[1])
        return replace(self, hands=(self.hands[0], tuple(rest[:size])), boneyard=tuple(rest[size:]))


def _tile_at(token: object, top: int, where: str) -> TrainTile:
    try:
        return TrainTile.parse(token, top)
    except InvalidTileError as error:
        raise error.at(where)


# -------------------------------------------------------------------------------------------- trains


@dataclass(frozen=True)
class Train:
    """A line from the engine: a player's own (``owner`` 0 or 1) or a public one (``owner`` None).
    ``played`` holds each tile as laid, (the half touching the line, the outer half)."""

    name: str
    owner: int | None
    start: int
    played: tuple[tuple[int, int], ...] = ()

    @property
    def end(self) -> int:
        """The number a tile must show to be played here (the engine's while the train is empty)."""
        return self.played[-1][1] if self.played else self.start

    @property
    def ends_with_double(self) -> bool:
        return bool(self.played) and self.played[-1][0] == self.played[-1][1]

    def tiles(self) -> list[str]:
        return [f"{a}-{b}" for a, b in self.played]


@dataclass(frozen=True)
class Play:
    """A tile laid on a train, ``half`` being the half that matches the train's open end."""

    tile: TrainTile
    half: int
    train: str

    def __str__(self) -> str:
        return f"{self.half}-{self.tile.other(self.half)}:{self.train}"


@dataclass(frozen=True)
class RoundOutcome:
    """How a round ended: ``reason`` "out" (a hand emptied) or "blocked"; the pips left in each hand
    (what each player adds to the match total); ``winner``: the player who went out, or in a blocked
    round the one with fewer pips (equal: None)."""

    reason: str
    winner: int | None
    pips: tuple[int, int]

    def to_dict(self) -> dict:
        return {"winner": self.winner, "pips": list(self.pips), "reason": self.reason}


# ------------------------------------------------------------------------------------------ position


@dataclass(frozen=True)
class Position:
    """A moment of a round. ``to_act`` is the seat whose action is next (a turn may be several
    actions: a double and the tile on it, a draw and a play); ``drew``: that seat has drawn since it
    last laid a tile, so it may not draw again before playing; ``markers[seat]``: that seat's own
    train is open to the other player."""

    engine: int
    hands: tuple[tuple[TrainTile, ...], tuple[TrainTile, ...]]
    boneyard: tuple[TrainTile, ...]
    trains: tuple[Train, ...]
    markers: tuple[bool, bool]
    to_act: int
    drew: bool = False
    top: int = 12  # the set's highest number: a tile with a higher half is not in the game at all

    @classmethod
    def start(cls, deal: Deal) -> "Position":
        own = tuple(Train(f"s{seat}", seat, deal.engine) for seat in range(SEATS))
        return cls(deal.engine, deal.hands, deal.boneyard, own, (False, False), deal.first, top=deal.top)

    # -- what the table shows

    def train(self, name: str) -> Train | None:
        for train in self.trains:
            if train.name == name:
                return train
        return None

    @property
    def public_trains(self) -> tuple[Train, ...]:
        return self.trains[SEATS:]

    def open_double(self) -> Train | None:
        """The train that ends with an unanswered double (at most one: nothing else may be played
        until it is answered, and the answer is never a double)."""
        for train in self.trains:
            if train.ends_with_double:
                return train
        return None

    def pips(self, seat: int) -> int:
        return pips(self.hands[seat])

    # -- the rules of a play (each stated once, here)

    def plays_for(self, seat: int, every_train_marked: bool = False) -> list[Play]:
        """Every tile ``seat`` could lay now if it were its turn. ``every_train_marked`` counts the
        other player's train as marked: the blocked-round test asks whether anyone could ever play."""
        hand = self.hands[seat]
        double = self.open_double()
        if double is not None:
            # An open double: the only plays are answers to it, whoever's train it lies on.
            return [Play(tile, double.end, double.name) for tile in hand if tile.has(double.end)]
        own = self.trains[seat]
        if not own.played:
            # Before your own train holds a tile, your only play is to start it.
            return [Play(tile, self.engine, own.name) for tile in hand if tile.has(self.engine)]
        other = self.trains[1 - seat]
        targets = [own, *self.public_trains]
        if other.played and (self.markers[1 - seat] or every_train_marked):
            targets.append(other)
        plays = [Play(tile, train.end, train.name) for tile in hand for train in targets if tile.has(train.end)]
        if len(self.public_trains) < MAX_PUBLIC_TRAINS:
            new_public = f"t{len(self.public_trains) + 1}"
            plays += [Play(tile, self.engine, new_public) for tile in hand if tile.has(self.engine)]
        return plays

    def outcome(self) -> RoundOutcome | None:
        """None while the round goes on. It ends when a hand is empty (even after a double left
        unanswered), or, with the boneyard empty, when neither player could play even were both
        trains marked: markers only add plays, so then nobody can ever play again."""
        return self._outcome

    @cached_property
    def _outcome(self) -> RoundOutcome | None:
        # Kept on the (immutable) position: every harness call asks whether the round is over.
        left = (self.pips(0), self.pips(1))
        for seat in range(SEATS):
            if not self.hands[seat]:
                return RoundOutcome("out", seat, left)
        if not self.boneyard and not any(self.plays_for(seat, every_train_marked=True) for seat in range(SEATS)):
            winner = None if left[0] == left[1] else (0 if left[0] < left[1] else 1)
            return RoundOutcome("blocked", winner, left)
        return None

    def is_over(self) -> bool:
        return self.outcome() is not None

    def legal_actions(self) -> list[str]:
        """The harness's sorted action strings: plays when there are any; else ``draw`` (one tile,
        not twice without a play between), else ``pass``; ``[]`` once the round is over."""
        return list(self._legal_actions)

    @cached_property
    def _legal_actions(self) -> tuple[str, ...]:
        if self.is_over():
            return ()
        plays = self.plays_for(self.to_act)
        if plays:
            return tuple(sorted(str(play) for play in plays))
        if self.boneyard and not self.drew:
            return ("draw",)
        return ("pass",)

    def apply(self, action: str) -> "Position":
        """The position after ``action``; an ``IllegalMoveError`` (a ``ValueError``) naming the reason
        in ``params["reason"]`` when the rules refuse it, ``InvalidActionError`` when it cannot be read."""
        if not isinstance(action, str) or (action not in ("draw", "pass") and not _PLAY_RE.fullmatch(action)):
            raise InvalidActionError(
                f"not an action: {action!r} (write draw, pass or x-y:T such as 12-5:s0)", token=str(action)
            )
        legal = self._legal_actions
        if action not in legal:
            reason, params = self._refusal(action, legal)
            raise IllegalMoveError(f"{action} is not allowed ({reason})", action=action, reason=reason, **params)
        seat = self.to_act
        if action == "draw":
            drawn, *rest = self.boneyard
            return replace(self, hands=self._with_hand(seat, self.hands[seat] + (drawn,)), boneyard=tuple(rest), drew=True)
        if action == "pass":
            # A pass marks your own train: the other player may now play on it.
            markers = tuple(True if s == seat else m for s, m in enumerate(self.markers))
            return replace(self, markers=markers, to_act=1 - seat, drew=False)
        match = _PLAY_RE.fullmatch(action)
        half, outer, name = int(match[1]), int(match[2]), match[3]
        tile = TrainTile.of(half, outer)
        existing = self.train(name)
        if existing is None:
            trains = self.trains + (Train(name, None, self.engine, ((half, outer),)),)
        else:
            trains = tuple(replace(t, played=t.played + ((half, outer),)) if t is existing else t for t in self.trains)
        markers = self.markers
        if name == f"s{seat}":
            # Playing on your own train takes its marker away.
            markers = tuple(False if s == seat else m for s, m in enumerate(self.markers))
        hand = tuple(t for t in self.hands[seat] if t != tile)
        # A double keeps the turn: the same player must answer it at once.
        next_seat = seat if tile.is_double else 1 - seat
        return replace(
            self, hands=self._with_hand(seat, hand), trains=trains, markers=markers, to_act=next_seat, drew=False
        )

    def _with_hand(self, seat: int, hand: tuple[TrainTile, ...]) -> tuple[tuple[TrainTile, ...], tuple[TrainTile, ...]]:
        return (hand, self.hands[1]) if seat == 0 else (self.hands[0], hand)

    def _refusal(self, action: str, legal: Sequence[str]) -> tuple[str, dict]:
        """Why a well-formed action is refused: a reason code and its params, for the learner's words."""
        if not legal:
            return "round_over", {}
        seat = self.to_act
        if action in ("draw", "pass"):
            if tuple(legal) not in (("draw",), ("pass",)):
                return "must_play", {}
            if action == "pass":
                return "must_draw", {}
            return ("already_drew" if self.drew else "boneyard_empty"), {}
        match = _PLAY_RE.fullmatch(action)
        half, name = int(match[1]), match[3]
        tile = TrainTile.of(half, int(match[2]))
        params = {"tile": str(tile), "train": name}
        if tile.high > self.top:
            return "not_in_set", dict(params, top=self.top)
        if tile not in self.hands[seat]:
            return "not_in_hand", params
        train = self.train(name)
        next_public = f"t{len(self.public_trains) + 1}"
        if train is None and name != next_public:
            return "no_such_train", params
        double = self.open_double()
        if double is not None and name != double.name:
            return "open_double", dict(params, double=double.name)
        if double is None and not self.trains[seat].played and name != f"s{seat}":
            return "start_own_train_first", params
        if train is not None and train.owner == 1 - seat and double is None:
            if not train.played:
                return "not_started", params
            if not self.markers[1 - seat]:
                return "not_marked", params
        if train is None and len(self.public_trains) >= MAX_PUBLIC_TRAINS:
            return "too_many_trains", params
        end = train.end if train is not None else self.engine
        return "no_match", dict(params, end=end)


# ---------------------------------------------------------------------------------------------- match


@dataclass(frozen=True)
class MatchPlan:
    """Which rounds a match plays: the set (``top``), the first round's engine (``start``) and the
    last's (``stop``), one round for each double between them, going down."""

    top: int
    start: int
    stop: int

    def __post_init__(self) -> None:
        if self.top not in TOPS or not 1 <= self.stop <= self.start <= self.top:
            raise ValueError(f"no match from {self.start}-{self.start} down to {self.stop}-{self.stop} with a double-{self.top} set")

    @property
    def rounds(self) -> int:
        return self.start - self.stop + 1


#: The matches VARIANTS.md plays ([003c]): the game (double-twelve, 12-12 down to 1-1), its quicker
#: games with the same set ("start with 6-6 and go on to 1-1, or stop at 6-6": 12-12 down to 6-6),
#: and the double-six set ("in theory, a double-six set"), 6-6 down to 1-1.
MATCHES: dict[str, MatchPlan] = {
    "twelve": MatchPlan(12, 12, 1),
    "six-down": MatchPlan(12, 6, 1),
    "to-six": MatchPlan(12, 12, 6),
    "double-six": MatchPlan(6, 6, 1),
}


@dataclass(frozen=True)
class Match:
    """The rounds from the first engine down to the last (12-12 to 1-1: 12 rounds; the quicker games
    6-6 to 1-1 or 12-12 to 6-6; the double-six set 6-6 to 1-1), the players taking turns to start;
    each adds the pips left in hand, and the lowest total wins (a tie is shared)."""

    top: int = 12
    first: int = 0
    results: tuple[RoundOutcome, ...] = ()
    start: int | None = None  # the first round's engine (None: the set's top)
    stop: int = 1  # the last round's engine

    @classmethod
    def drawn(cls, seed: int, top: int = 12, start: int | None = None, stop: int = 1) -> "Match":
        """A new match whose first player is drawn for, as VARIANTS.md says (the first round's
        engine is out of the set then)."""
        first_engine = top if start is None else start
        MatchPlan(top, first_engine, stop)  # raises for a match no rule plays
        tiles = [tile for tile in full_set(top) if tile != TrainTile(first_engine, first_engine)]
        return cls(top, draw_for_first(random.Random(seed), tiles), (), start, stop)

    @property
    def first_engine(self) -> int:
        return self.top if self.start is None else self.start

    @property
    def rounds(self) -> int:
        return self.first_engine - self.stop + 1

    @property
    def next_engine(self) -> int | None:
        """The next round's engine double's number (12, 11, ... down to the last), None once the match is over."""
        return None if self.is_over() else self.first_engine - len(self.results)

    @property
    def next_first(self) -> int:
        return (self.first + len(self.results)) % SEATS

    def deal(self, seed: int) -> Deal:
        """The next round's shuffled deal."""
        if self.next_engine is None:
            raise InvalidPositionError("the match is over", code="match_over")
        return Deal.from_seed(seed, engine=self.next_engine, top=self.top, first=self.next_first)

    def after(self, result: RoundOutcome) -> "Match":
        if self.is_over():
            raise InvalidPositionError("the match is over", code="match_over")
        return replace(self, results=self.results + (result,))

    @property
    def totals(self) -> tuple[int, int]:
        return (sum(r.pips[0] for r in self.results), sum(r.pips[1] for r in self.results))

    def is_over(self) -> bool:
        return len(self.results) >= self.rounds

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the lowest total once every round is played (both when tied); () before."""
        if not self.is_over():
            return ()
        totals = self.totals
        return tuple(seat for seat in range(SEATS) if totals[seat] == min(totals))


# --------------------------------------------------------------------------------------------- harness

# The harness replays a history on every call; positions are kept by (deal, history prefix) so a
# caller walking a round action by action replays one action per call.
_CACHE: dict[tuple[Hashable, tuple[str, ...]], Position] = {}
_DEALS: dict[Hashable, Deal] = {}
_CACHE_LIMIT = 20_000


def _deal_of(deal: Mapping[str, Any] | Deal) -> tuple[Hashable, Deal]:
    """The deal, read once, and a key that names it in the caches."""
    if isinstance(deal, Deal):
        return deal, deal
    try:
        # The dict's plain content (with the scalars' types, so 12.0 is not taken for 12).
        scalars = tuple((type(deal[name]), deal[name]) for name in ("engine", "top", "first") if name in deal)
        key: Hashable = (scalars, tuple(map(tuple, deal["hands"])), tuple(deal.get("boneyard", ())))
        hash(key)
    except (KeyError, TypeError, AttributeError):
        return object(), Deal.from_dict(deal)  # not plain data: read it (and refuse it) uncached
    parsed = _DEALS.get(key)
    if parsed is None:
        parsed = Deal.from_dict(deal)
        if len(_DEALS) >= _CACHE_LIMIT:
            _DEALS.clear()
        _DEALS[key] = parsed
    return key, parsed


def position_after(deal: Mapping[str, Any] | Deal, history: Sequence[str]) -> Position:
    """The position after ``history`` from ``deal`` (a :class:`Deal` or the harness's dict)."""
    key, parsed = _deal_of(deal)
    history = tuple(history)
    known = len(history)
    while known > 0 and (key, history[:known]) not in _CACHE:
        known -= 1
    position = _CACHE.get((key, history[:known])) or Position.start(parsed)
    for index in range(known, len(history)):
        if position.is_over():
            raise IllegalMoveError(f"the round is over before history[{index}]", where=f"history[{index}]", reason="round_over")
        try:
            position = position.apply(history[index])
        except (IllegalMoveError, InvalidActionError) as error:
            raise error.at(f"history[{index}]")
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        _CACHE[(key, history[: index + 1])] = position
    return position


def legal_actions(deal: Mapping[str, Any] | Deal, history: Sequence[str]) -> list[str]:
    """The sorted legal actions after ``history``; [] when the round is over."""
    return position_after(deal, history).legal_actions()


def outcome(deal: Mapping[str, Any] | Deal, history: Sequence[str]) -> dict | None:
    """None while the round goes on, else ``{"winner": seat or None, "pips": [...], "reason": "out" | "blocked"}``."""
    result = position_after(deal, history).outcome()
    return None if result is None else result.to_dict()


def markers(deal: Mapping[str, Any] | Deal, history: Sequence[str]) -> list[bool]:
    """Each seat's own train: marked open to the other player?"""
    return list(position_after(deal, history).markers)


def open_double(deal: Mapping[str, Any] | Deal, history: Sequence[str]) -> str | None:
    """The train whose end is an unanswered double (``"t1"``...), or None."""
    train = position_after(deal, history).open_double()
    return None if train is None else train.name


__all__ = [
    "Deal",
    "HAND_SIZE",
    "MATCHES",
    "Match",
    "MatchPlan",
    "Play",
    "Position",
    "RoundOutcome",
    "Train",
    "TrainTile",
    "full_set",
    "legal_actions",
    "markers",
    "open_double",
    "outcome",
    "position_after",
]
