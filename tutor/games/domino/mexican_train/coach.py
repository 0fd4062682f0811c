"""The Mexican Train coach (issue #34): the play that keeps the fewest pips in your hand, and how
good the learner's play was, from what the learner can see.

Pure (no Flask). :func:`recommend` deals the tiles the seat cannot see (the other hand, then the
boneyard's order) in ``samples`` random ways, finishes the round from each distinct play with both
players playing as :class:`~tutor.games.domino.mexican_train.players.TrainHeuristicPlayer` does
(:func:`playout`: the same choices, on plain lists, several times faster than the engine's
positions), and ranks the plays by the pips margin they leave at the round's end (the other
player's pips left minus yours: what the round adds to the match's totals, where fewer is better),
then by the chance to win the round. Every play is tried on the same deals, so two plays are told
apart by their deal-by-deal difference: a play leads clearly only when that difference is more than
:data:`CLEAR_LEAD` standard errors; otherwise the plays are about as good.

The deals follow what the other player's draws and passes showed (:func:`inferred_bars`): a
player draws, and passes after drawing, only when no tile of its hand can be laid, so until it
lays a tile again none of the tiles it held then fits where it could have played. Without that
history (``known`` left empty) every hidden deal is equally likely.

>>> from tutor.games.domino.mexican_train.engine import Deal, Position
>>> deal = Deal.from_dict({"engine": 12, "top": 12, "first": 0, "boneyard": ["0-1", "2-3"],
...                        "hands": [["12-5", "5-5", "3-4"], ["12-7", "3-3"]]})
>>> recommend(Position.start(deal), 0, seed=1).action  # the only tile that starts your train
'12-5:s0'
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Sequence

from tutor.games.domino.dealing import ConstrainedShuffle

from tutor.games.domino.mexican_train.engine import MAX_PUBLIC_TRAINS, SEATS, Position, TrainTile, full_set
from tutor.games.domino.mexican_train.players import (DOUBLE_ANSWERED, FOLLOW_UP, MARKED_OWN_TRAIN,
                                                      NEW_PUBLIC_TRAIN, OWN_TRAIN, UNANSWERABLE_DOUBLE)

#: Hidden deals per recommendation: the estimates' standard error is then about 2 pips for a
#: play in the middle of a round (bench/mexican_coach.py), and a recommendation takes tens of ms.
SAMPLES = 120
#: A play leads clearly when its deal-by-deal lead is more than this many standard errors (as the
#: other rule sets' recommendation, ``tutor.games.domino.hints.recommendation.CLEAR_LEAD``).
CLEAR_LEAD = 2.0
#: A play costing less than this many pips (kept in hand at the round's end, on average) against
#: the recommended one is "good": about one small tile, a slip a learner need not dwell on.
GOOD_PIPS = 4.0
LABELS = ("best", "good", "mistake")


# ----- the fast playout --------------------------------------------------------------------------------
class _Round:
    """A round as plain lists, for playouts: tiles are (high, low) pairs; ``ends[i]`` the number
    train ``i`` needs (``s0``, ``s1``, then the public ``t1``, ``t2``...), ``started[i]`` whether it
    holds a tile, ``double`` the train ending with an unanswered double (or -1); ``boneyard`` is
    drawn from its end."""

    __slots__ = ("engine", "hands", "boneyard", "ends", "started", "markers", "double", "to_act", "drew")

    def __init__(self, position: Position, hands: tuple[list, list], boneyard: list) -> None:
        self.engine = position.engine
        self.hands = hands
        self.boneyard = boneyard
        self.ends = [train.end for train in position.trains]
        self.started = [bool(train.played) for train in position.trains]
        self.markers = list(position.markers)
        open_double = position.open_double()
        self.double = -1 if open_double is None else [t.name for t in position.trains].index(open_double.name)
        self.to_act = position.to_act
        self.drew = position.drew

    @classmethod
    def of(cls, position: Position) -> "_Round":
        """The position itself, its boneyard in the engine's order."""
        return cls(position, (_pairs(position.hands[0]), _pairs(position.hands[1])),
                   _pairs(reversed(position.boneyard)))

    def plays(self, seat: int, every_train_marked: bool = False) -> list[tuple[tuple[int, int], int, int]]:
        """(tile, the half laid against the train, train index), as ``Position.plays_for``."""
        hand = self.hands[seat]
        if self.double >= 0:
            end, train = self.ends[self.double], self.double
            return [(t, end, train) for t in hand if t[0] == end or t[1] == end]
        engine = self.engine
        if not self.started[seat]:
            return [(t, engine, seat) for t in hand if t[0] == engine or t[1] == engine]
        ends = self.ends
        other = 1 - seat
        found = []
        for train in (seat, *range(SEATS, len(ends)),
                      *((other,) if self.started[other] and (self.markers[other] or every_train_marked) else ())):
            end = ends[train]
            for t in hand:
                if t[0] == end or t[1] == end:
                    found.append((t, end, train))
        if len(ends) - SEATS < MAX_PUBLIC_TRAINS:
            new = len(ends)
            found += [(t, engine, new) for t in hand if t[0] == engine or t[1] == engine]
        return found

    def blocked(self) -> bool:
        return not self.boneyard and not any(self.plays(seat, every_train_marked=True) for seat in range(SEATS))

    def lay(self, seat: int, tile: tuple[int, int], half: int, train: int) -> None:
        self.hands[seat].remove(tile)
        high, low = tile
        outer = low if high == half else high
        if train == len(self.ends):
            self.ends.append(outer)
            self.started.append(True)
        else:
            self.ends[train] = outer
            self.started[train] = True
        if train == seat:
            self.markers[seat] = False
        self.double = train if high == low else -1
        self.to_act = seat if high == low else 1 - seat
        self.drew = False


def _pairs(tiles) -> list[tuple[int, int]]:
    return [(t.high, t.low) for t in tiles]


def _name(train: int) -> str:
    return f"s{train}" if train < SEATS else f"t{train - SEATS + 1}"


def _action(play: tuple[tuple[int, int], int, int]) -> str:
    (high, low), half, train = play
    return f"{half}-{low if high == half else high}:{_name(train)}"


def _choice(state: _Round, seat: int, plays: list) -> tuple[tuple[int, int], int, int]:
    """TrainHeuristicPlayer's choice among ``plays``, ties to the action that sorts first."""
    if state.double >= 0:
        scored = [(p[0][0] + p[0][1], p) for p in plays]
    else:
        scored = []
        showing = [0] * 13  # halves 0 to 12: the largest set is the double-twelve
        for high, low in state.hands[seat]:  # how many tiles of the hand show each number
            showing[high] += 1
            if low != high:
                showing[low] += 1
        new = len(state.ends)
        own_bonus = OWN_TRAIN + (MARKED_OWN_TRAIN if state.markers[seat] else 0)
        for play in plays:
            (high, low), half, train = play
            follow = showing[low if high == half else high] > 1  # another tile of the hand shows the new end
            score = high + low
            if train == seat:
                score += own_bonus
            elif train == new:
                score += NEW_PUBLIC_TRAIN
            if high == low:
                score += DOUBLE_ANSWERED if follow else -UNANSWERABLE_DOUBLE
            elif follow:
                score += FOLLOW_UP
            scored.append((score, play))
    top = max(score for score, _play in scored)
    tied = [p for score, p in scored if score == top]
    return tied[0] if len(tied) == 1 else min(tied, key=_action)


def _pips(hand: list[tuple[int, int]]) -> int:
    return sum(high + low for high, low in hand)


def playout(state: _Round) -> tuple[int | None, tuple[int, int]]:
    """Finish the round, both seats choosing as TrainHeuristicPlayer: (the winner, or None for a
    blocked round with equal pips; the pips left in each hand)."""
    hands = state.hands
    while True:
        if not hands[0] or not hands[1]:
            return (0 if not hands[0] else 1), (_pips(hands[0]), _pips(hands[1]))
        if not state.boneyard and state.blocked():
            left = (_pips(hands[0]), _pips(hands[1]))
            return (None if left[0] == left[1] else (0 if left[0] < left[1] else 1)), left
        seat = state.to_act
        plays = state.plays(seat)
        if plays:
            state.lay(seat, *_choice(state, seat, plays))
        elif state.boneyard and not state.drew:
            hands[seat].append(state.boneyard.pop())
            state.drew = True
        else:
            state.markers[seat] = True
            state.to_act = 1 - seat
            state.drew = False


def play_action(state: _Round, action: str) -> None:
    """Make the harness action ``action`` (legal in the state's position) for the seat to act."""
    seat = state.to_act
    if action == "draw":
        state.hands[seat].append(state.boneyard.pop())
        state.drew = True
    elif action == "pass":
        state.markers[seat] = True
        state.to_act = 1 - seat
        state.drew = False
    else:
        play = next(p for p in state.plays(seat) if _action(p) == action)
        state.lay(seat, *play)


# ----- the recommendation ------------------------------------------------------------------------------
@dataclass(frozen=True)
class TrainCandidate:
    """A play's estimate: the mean pips margin at the round's end (the other player's pips left
    minus yours) and the share of rounds won (a blocked round with equal pips counts half)."""

    action: str
    margin: float
    win_rate: float
    outcomes: tuple[int, ...]  # the margin on each hidden deal, in the order they were dealt


@dataclass(frozen=True)
class TrainRecommendation:
    action: str
    candidates: tuple[TrainCandidate, ...]  # best first; empty when the rules leave no choice
    samples: int
    equal: tuple[TrainCandidate, ...] = ()  # the plays about as good as the first

    @property
    def clear(self) -> bool:
        """Whether the first play leads every other by more than the estimate's uncertainty."""
        return len(self.candidates) > 1 and not self.equal


def lead(better: TrainCandidate, other: TrainCandidate) -> tuple[float, float]:
    """The mean and standard error of ``better``'s deal-by-deal lead over ``other``, in pips."""
    differences = [a - b for a, b in zip(better.outcomes, other.outcomes)]
    n = len(differences)
    mean = sum(differences) / n
    spread = sum((d - mean) ** 2 for d in differences) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(spread / n)


def _within_margin(mean: float, error: float) -> bool:
    """A lead no larger than :data:`CLEAR_LEAD` standard errors: the two plays are about as good."""
    return mean <= CLEAR_LEAD * error


def hidden_tiles(position: Position, seat: int) -> list[TrainTile]:
    """The tiles ``seat`` cannot see: the other hand and the boneyard, in the set's order."""
    seen = set(position.hands[seat]) | {TrainTile.of(position.engine, position.engine)}
    for train in position.trains:
        seen.update(TrainTile.of(a, b) for a, b in train.played)
    return [tile for tile in full_set(position.top) if tile not in seen]


#: What a seat knows of the other hand: for each tile it holds, the tiles that one cannot be.
Known = tuple[frozenset[TrainTile], ...]


def inferred_bars(positions: Sequence[Position], actions: Sequence[str], seat: int) -> Known:
    """What ``seat`` can tell of the other hand after ``actions`` (``positions[i + 1]`` follows
    ``positions[i]`` by ``actions[i]``): one entry per tile the other player holds, the tiles it
    cannot be. A draw or a pass shows that no tile then in its hand could be laid anywhere it could
    play (the engine's own :meth:`~Position.plays_for`, asked of every tile not on the table); a
    tile drawn is a new entry that has not shown anything yet. A tile laid takes the entry most
    constrained among those it could be, which never claims more than the truth (older entries
    have seen every draw and pass the newer ones saw)."""
    if len(positions) != len(actions) + 1:
        raise ValueError("positions must hold one more entry than actions")
    other = 1 - seat
    entries: list[frozenset[TrainTile]] = [frozenset()] * len(positions[0].hands[other])
    for before, action in zip(positions, actions):
        if before.to_act != other:
            continue
        if action in ("draw", "pass"):
            stuck = _layable(before, other)
            entries = [bars | stuck for bars in entries]
            if action == "draw":
                entries.append(frozenset())
        else:
            tile = TrainTile.of(*map(int, action.split(":")[0].split("-")))
            fits = [i for i, bars in enumerate(entries) if tile not in bars]
            entries.pop(max(fits, key=lambda i: len(entries[i])) if fits else 0)
    return tuple(entries)


@lru_cache(maxsize=1024)
def _layable(position: Position, seat: int) -> frozenset[TrainTile]:
    """Every tile not on the table that ``seat`` could lay at ``position`` were it in its hand."""
    on_table = {TrainTile.of(a, b) for train in position.trains for a, b in train.played}
    every = tuple(t for t in full_set(position.top) if t not in on_table)
    return frozenset(play.tile for play in replace(position, hands=position._with_hand(seat, every)).plays_for(seat))


def recommend(position: Position, seat: int, *, seed: int = 0, samples: int = SAMPLES,
              known: Known = ()) -> TrainRecommendation:
    """The play that leaves the best pips margin at the round's end, from what ``seat`` can see and
    ``known`` (:func:`inferred_bars`); the same seed gives the same answer. Raises ``ValueError``
    when ``seat`` is not to act."""
    if position.to_act != seat or position.is_over():
        raise ValueError(f"seat {seat} is not to act")
    if known and len(known) != len(position.hands[1 - seat]):
        raise ValueError("known must hold one entry per tile of the other hand")
    return _recommend(position, seat, seed, samples, known)


#: The recommendations last made, by position, seat, seed and samples (the same inputs give the same
#: answer): a page grades the learner's play again for each hint until the next one.
KEPT_RECOMMENDATIONS = 256


@lru_cache(maxsize=KEPT_RECOMMENDATIONS)
def _recommend(position: Position, seat: int, seed: int, samples: int, known: Known) -> TrainRecommendation:
    actions = position.legal_actions()
    if len(actions) == 1:
        return TrainRecommendation(actions[0], (), 0)
    rng = random.Random(seed)
    hidden = hidden_tiles(position, seat)
    other = 1 - seat
    other_size = len(position.hands[other])
    # the other hand's tiles first, then the boneyard in draw order; an entry bars what it cannot be
    place = {tile: i for i, tile in enumerate(hidden)}
    barred = [sum(1 << place[t] for t in bars if t in place) for bars in known] or [0] * other_size
    dealing = ConstrainedShuffle(list(range(len(hidden))), barred + [0] * (len(hidden) - other_size), rng)
    mine = _pairs(position.hands[seat])
    outcomes: dict[str, list[int]] = {action: [] for action in actions}
    wins: dict[str, float] = {action: 0.0 for action in actions}
    for _ in range(samples):
        dealt = _pairs(hidden[i] for i in dealing.sample(rng))
        other_hand, boneyard = dealt[:other_size], dealt[other_size:]
        for action in actions:
            hands = (mine[:], other_hand[:]) if seat == 0 else (other_hand[:], mine[:])
            state = _Round(position, hands, boneyard[:])
            play_action(state, action)
            winner, left = playout(state)
            outcomes[action].append(left[other] - left[seat])
            wins[action] += 0.5 if winner is None else float(winner == seat)
    scores = [TrainCandidate(a, sum(outcomes[a]) / samples, wins[a] / samples, tuple(outcomes[a])) for a in actions]
    # the better margin first, then the better chance to win; the actions' sorted order breaks ties
    ranked = tuple(sorted(scores, key=lambda c: (-c.margin, -c.win_rate, actions.index(c.action))))
    best = ranked[0]
    equal = tuple(c for c in ranked[1:] if _within_margin(*lead(best, c)))
    return TrainRecommendation(best.action, ranked, samples, equal)


# ----- a play graded -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class TrainGrade:
    action: str
    label: str  # best, good or mistake
    loss: float  # pips lost against the recommended play, on average; 0 for the best
    recommendation: TrainRecommendation
    forced: bool  # the rules left one action

    @property
    def better(self) -> str | None:
        return None if self.label == "best" else self.recommendation.action


def grade(position: Position, seat: int, action: str, *, seed: int = 0, known: Known = ()) -> TrainGrade:
    """How ``action`` (legal for ``seat``, the seat to act) compares with the recommended play."""
    recommendation = recommend(position, seat, seed=seed, known=known)
    if not recommendation.candidates:
        return TrainGrade(action, "best", 0.0, recommendation, True)
    mine = next((c for c in recommendation.candidates if c.action == action), None)
    if mine is None:
        raise ValueError(f"{action} is not a legal action here")
    best = recommendation.candidates[0]
    loss = max(0.0, best.margin - mine.margin)
    if mine is best or mine in recommendation.equal:
        label = "best"
    else:
        label = "good" if loss < GOOD_PIPS else "mistake"
    return TrainGrade(action, label, 0.0 if label == "best" else loss, recommendation, False)


def advice_fields(position: Position, legal_moves: list[dict], *, seed: int = 0, known: Known = ()) -> dict:
    """The analyze API's advice for the seat to act, from what it can see (``legal_moves``: its
    answer's, ``{"tile", "train", "action"}`` each): each play's estimated pips margin at the
    round's end and chance to win the round, and the recommended play, whether it is clearly the
    best, and the plays about as good. Nothing when the rules leave one action."""
    recommendation = recommend(position, position.to_act, seed=seed, known=known)
    if not recommendation.candidates:
        return {}
    by_action = {c.action: c for c in recommendation.candidates}
    moves = [{**move, "win_rate": round(by_action[move["action"]].win_rate, 3),
              "margin": round(by_action[move["action"]].margin, 1)} for move in legal_moves]
    named = {move["action"]: {key: move[key] for key in ("tile", "train", "action")} for move in legal_moves}
    best = recommendation.candidates[0]
    return {"legal_moves": moves,
            "recommended": {**named[best.action], "win_rate": round(best.win_rate, 3), "margin": round(best.margin, 1),
                            "clear": recommendation.clear,
                            "about_as_good": [named[c.action] for c in recommendation.equal],
                            "samples": recommendation.samples, "measure": "pips"}}


__all__ = ["CLEAR_LEAD", "GOOD_PIPS", "LABELS", "SAMPLES", "TrainCandidate", "TrainGrade", "TrainRecommendation",
           "advice_fields", "grade", "hidden_tiles", "inferred_bars", "lead", "playout", "recommend"]
