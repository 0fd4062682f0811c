"""An independent statement of a Mexican Train round (VARIANTS.md, "Mexican Train (issue #16)"),
written from VARIANTS.md alone, apart from the engine and sharing no code with it, to check the
engine against (issue #16), as ``variants_checker.py`` does for the other rule sets.

It offers the harness the engine offers too (VARIANTS.md, Mexican Train): ``legal_actions``,
``outcome``, ``markers`` and ``open_double``, each of a deal (plain data) and a history of actions
(strings), raising ``ValueError`` on an illegal action in the history.

A deal: ``{"engine": 12, "top": 12, "hands": [[...], [...]], "boneyard": [...], "first": 0}``
(tiles written "a-b", either half first; the boneyard in draw order). An action: ``"draw"``,
``"pass"`` or ``"x-y:T"``, the tile x-y played on train T with x matching T's open end (only so
written: ``"5-12:s0"`` is not ``"12-5:s0"``); trains are
``s0`` and ``s1`` (each seat's own) and ``t1``, ``t2``... (public, in the order they were started).

The rules, as this checker reads VARIANTS.md (its table and its decisions):
- a seat's first tile starts its own train from the engine; until then, that is its only play, and
  only the owner ever starts its own train;
- then a seat plays on its own train, on the other seat's train while it carries a marker (and
  holds a tile), on a public train, or starts a public train (at most 8 trains from the engine in
  all: the two own trains keep their places, so at most 6 public ones);
- a seat with no play draws one tile and must play it if it fits anywhere open to it, else it
  passes; with the boneyard empty it passes at once. A pass puts a marker on the passer's own train
  (started or not); the owner's next play on its own train takes the marker off;
- a double must be answered at once by the same seat, drawing one tile if needed (also when the
  double was itself the tile drawn this turn); unanswered, it stays open and, until someone plays
  on it, it is the only place anyone may play (whatever the markers, own train started or not);
- the round ends when a hand is empty (even on a double, which stays unanswered) or, checked
  after every action, when nobody can play any more: the boneyard is empty and neither seat could
  play even with both trains marked (markers only ever add places, so nothing could change).
  Blocked, the fewer pips left win (equal: nobody).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

Tile = tuple[int, int]  # (high, low)

MAX_TRAINS = 8  # VARIANTS.md: at most 8 trains from the engine in all
SEATS = 2


NUMBERS = [str(n) for n in range(13)]  # each half as written: "0" to "12", no leading zero


def tile(text: str) -> Tile:
    """``"5-12"`` -> ``(12, 5)``: the higher half first."""
    halves = text.split("-")
    if len(halves) != 2 or not all(h in NUMBERS for h in halves):
        raise ValueError(f"{text!r} is not a tile")
    a, b = (int(h) for h in halves)
    return (max(a, b), min(a, b))


def pips(tiles) -> int:
    return sum(a + b for a, b in tiles)


def play_text(piece: Tile, end: int, train: str) -> str:
    """The harness's name of playing ``piece`` on a train whose open end is ``end``: the matching
    half first."""
    other = piece[1] if piece[0] == end else piece[0]
    return f"{end}-{other}:{train}"


@dataclass
class Round:
    """A Mexican Train round between seats 0 and 1. ``apply`` returns a new round."""

    engine: int
    hands: list[list[Tile]]
    boneyard: list[Tile]                     # the next draw takes boneyard[0]
    to_move: int
    ends: dict[str, int] = field(default_factory=dict)   # each started train's open end
    publics: int = 0                          # public trains started (t1 .. t<publics>)
    markers: list[bool] = field(default_factory=lambda: [False, False])
    open_double: str | None = None            # the train whose end is an unanswered double
    drawn: bool = False                       # the seat to move has drawn this turn
    over: dict | None = None

    def copy(self) -> Round:
        return Round(self.engine, [list(h) for h in self.hands], list(self.boneyard), self.to_move,
                     dict(self.ends), self.publics, list(self.markers), self.open_double,
                     self.drawn, self.over)

    # --- where a seat may play -----------------------------------------------------------------

    def plays(self, seat: int, markers: list[bool] | None = None) -> list[str]:
        """Every tile play open to ``seat`` (with ``markers``, default the round's own)."""
        markers = self.markers if markers is None else markers
        hand = self.hands[seat]
        own = f"s{seat}"
        if self.open_double is not None:
            # An open double: nothing else may be played until it is closed.
            end = self.ends[self.open_double]
            return [play_text(p, end, self.open_double) for p in hand if end in p]
        if own not in self.ends:
            # The first tile starts the seat's own train from the engine.
            return [play_text(p, self.engine, own) for p in hand if self.engine in p]
        trains = [own] + [f"t{n}" for n in range(1, self.publics + 1)]
        other = f"s{1 - seat}"
        if markers[1 - seat] and other in self.ends:
            trains.append(other)
        found = [play_text(p, self.ends[t], t) for t in trains for p in hand if self.ends[t] in p]
        if SEATS + self.publics < MAX_TRAINS:
            new = f"t{self.publics + 1}"
            found += [play_text(p, self.engine, new) for p in hand if self.engine in p]
        return found

    def legal_actions(self) -> list[str]:
        if self.over is not None:
            return []
        plays = self.plays(self.to_move)
        if plays:
            return sorted(set(plays))
        if self.drawn or not self.boneyard:
            return ["pass"]
        return ["draw"]

    # --- doing it --------------------------------------------------------------------------------

    def apply(self, action: str) -> Round:
        legal = self.legal_actions()
        if action not in legal:  # exactly as written: a play names the matching half first
            raise ValueError(f"{action!r} is not legal here (legal: {legal})")
        r = self.copy()
        seat = r.to_move
        if action == "draw":
            r.hands[seat].append(r.boneyard.pop(0))
            r.drawn = True
        elif action == "pass":
            r.markers[seat] = True
            r._next_seat()
        else:
            r._play(seat, action)
        r._check_blocked()
        return r

    def _next_seat(self) -> None:
        self.to_move = 1 - self.to_move
        self.drawn = False

    def _play(self, seat: int, action: str) -> None:
        written, train = action.split(":")
        end, outer = (int(x) for x in written.split("-"))
        piece = (max(end, outer), min(end, outer))
        self.hands[seat].remove(piece)
        if train not in self.ends and train.startswith("t"):
            self.publics += 1
        self.ends[train] = outer
        if train == f"s{seat}":
            self.markers[seat] = False
        if end == outer:
            # A double: the same seat must answer it, with a fresh draw if needed.
            self.open_double = train
            self.drawn = False
        elif train == self.open_double:
            self.open_double = None
        if not self.hands[seat]:
            # Out, even if the last tile is a double, left unanswered (VARIANTS.md, decision).
            self.over = {"winner": seat, "pips": [pips(h) for h in self.hands], "reason": "out"}
        elif end != outer:
            self._next_seat()

    def _check_blocked(self) -> None:
        if self.over is not None or self.boneyard:
            return
        everything_marked = [True] * SEATS
        if any(self.plays(s, everything_marked) for s in range(SEATS)):
            return
        totals = [pips(h) for h in self.hands]
        self.over = {"winner": blocked_winner(totals), "pips": totals, "reason": "blocked"}


def blocked_winner(totals: list[int]) -> int | None:
    """A blocked round: the fewer pips left wins; equal pips, nobody."""
    low = min(totals)
    winners = [s for s, t in enumerate(totals) if t == low]
    return winners[0] if len(winners) == 1 else None


def start(deal: dict) -> Round:
    hands = [[tile(t) for t in hand] for hand in deal["hands"]]
    boneyard = [tile(t) for t in deal["boneyard"]]
    if len(hands) != SEATS:
        raise ValueError("this checker plays Mexican Train for two players")
    every = [t for h in hands for t in h] + boneyard
    if len(set(every)) != len(every):
        raise ValueError("a tile is dealt twice")
    engine = int(deal["engine"])
    if (engine, engine) in every:
        raise ValueError("the engine double is taken out of the set before dealing")
    if any(a > deal["top"] for a, _ in every) or engine > deal["top"]:
        raise ValueError("a tile is above the set's highest number")
    if not all(hands) or deal["first"] not in range(SEATS):
        raise ValueError("each seat holds tiles, and seat 0 or 1 plays first")
    r = Round(engine, hands, boneyard, int(deal["first"]))
    r._check_blocked()
    return r


# Replaying a whole history for each question would make the agreement test quadratic: the
# rounds along the last line asked about are kept, so asking about the same line one action longer
# replays that one action.
_line: dict = {"deal": None, "actions": [], "rounds": []}


def replay(deal: dict, history: list[str]) -> Round:
    if _line["deal"] != deal:
        _line.update(deal=copy.deepcopy(deal), actions=[], rounds=[start(deal)])
    actions, rounds = _line["actions"], _line["rounds"]
    history = list(history)
    if history[:len(actions)] != actions:
        same = 0
        while same < min(len(history), len(actions)) and history[same] == actions[same]:
            same += 1
        del actions[same:], rounds[same + 1:]
    for action in history[len(actions):]:
        rounds.append(rounds[-1].apply(action))
        actions.append(action)
    return rounds[len(history)]


def legal_actions(deal: dict, history: list[str]) -> list[str]:
    return replay(deal, history).legal_actions()


def outcome(deal: dict, history: list[str]) -> dict | None:
    over = replay(deal, history).over
    return None if over is None else dict(over, pips=list(over["pips"]))


def markers(deal: dict, history: list[str]) -> list[bool]:
    return list(replay(deal, history).markers)


def open_double(deal: dict, history: list[str]) -> str | None:
    return replay(deal, history).open_double


# --- matches ([003c]: 12-12 down to 1-1; "to play quicker, start with 6-6 and go on to 1-1, or stop
# at 6-6"; "in theory, a double-six set") -------------------------------------------------------------

#: Each match this app offers, as (the set's top, the first round's engine, the last round's engine).
MATCHES = {"twelve": (12, 12, 1), "six-down": (12, 6, 1), "to-six": (12, 12, 6), "double-six": (6, 6, 1)}
#: VARIANTS.md: 16 tiles each from the double-twelve set (the seed's), 7 from the double-six one (a decision).
HAND_SIZES = {12: 16, 6: 7}


def match_engines(name: str) -> list[int]:
    """The engines of a match's rounds, in the order played: one double lower each round."""
    _top, first, last = MATCHES[name]
    return list(range(first, last - 1, -1))


def match_result(totals: list[int]) -> list[int]:
    """The seats that win a finished match: the lower total of pips kept (both when equal)."""
    return [seat for seat in (0, 1) if totals[seat] == min(totals)]
