"""Engine players for Mexican Train (issue #16): the opponent of free play and of the guided hand.

A player's ``choose(position, seat)`` returns one harness action (``"12-5:s0"``, ``"draw"``,
``"pass"``) for ``seat``, which must be the seat to act. A turn may take several actions (a double
and the tile on it, a draw and then a play or a pass), so a caller asks again while the seat is
still to act: :func:`play_until`. Players look only at their own hand and the table (trains,
markers, the boneyard's size), never at the other hand or the boneyard's order.

Both players are pure functions of what they see (and the random one of its seed too), so a round
replayed from its deal and the learner's actions gives the same opponent's moves in any process.

>>> from tutor.games.domino.mexican_train.engine import Deal, Position
>>> deal = Deal.from_dict({"engine": 12, "top": 12, "first": 0, "boneyard": ["0-1"],
...                        "hands": [["12-5", "5-5", "5-1", "12-9"], ["12-7", "3-3"]]})
>>> TrainHeuristicPlayer().choose(Position.start(deal), 0)
'12-5:s0'
"""

from __future__ import annotations

import hashlib
import random
from typing import Protocol

from tutor.games.domino.mexican_train.engine import Position, TrainTile

#: How much each consideration weighs in :class:`TrainHeuristicPlayer`'s choice, in pips: laying a
#: double it cannot answer (its train gets a marker, the other player may close it) outweighs all.
UNANSWERABLE_DOUBLE = 100
OWN_TRAIN = 6  # extending its own train keeps it from being marked and saves the public ones for later
MARKED_OWN_TRAIN = 6  # ... and takes a marker off
FOLLOW_UP = 4  # the new end matches another tile in hand: the train can go on next turn
DOUBLE_ANSWERED = 8  # a double with an answer in hand sheds two tiles in one turn
NEW_PUBLIC_TRAIN = 3  # a public train opens a place to play that the other player's markers cannot take away


class MexicanPlayer(Protocol):
    def choose(self, position: Position, seat: int) -> str:
        """The harness action of ``seat``, the seat to act in ``position``."""


def _parse_play(action: str, top: int = 12) -> tuple[TrainTile, int, str]:
    """``"5-2:s0"`` -> (the tile 5-2, the half laid against the train (5), the train ``s0``)."""
    tile_text, train = action.split(":")
    half, outer = (int(n) for n in tile_text.split("-"))
    return TrainTile.of(half, outer), half, train


def _legal(position: Position, seat: int) -> list[str]:
    if position.to_act != seat:
        raise ValueError(f"seat {seat} is not to act")
    actions = position.legal_actions()
    if not actions:
        raise ValueError("the round is over")
    return actions


class TrainHeuristicPlayer:
    """A deterministic player: it answers an open double with its heaviest answer; otherwise it
    weighs each play by the pips it sheds, keeping its own train going (and its marker off), a
    follow-up for the new end, a double it can answer at once, and a new public train; it never
    lays a double it cannot answer unless that is all it can do. Ties go to the first action in
    the engine's sorted order. With no play it draws, then passes."""

    def choose(self, position: Position, seat: int) -> str:
        actions = _legal(position, seat)
        if actions in (["draw"], ["pass"]):
            return actions[0]
        if position.open_double() is not None:
            # Answering a double: every answer closes it, so shed the heaviest.
            return max(actions, key=lambda action: (_parse_play(action)[0].value, _reverse(action)))
        return max(actions, key=lambda action: (self.score(position, seat, action), _reverse(action)))

    def score(self, position: Position, seat: int, action: str) -> int:
        """How much this player likes a play (higher is better)."""
        tile, half, train = _parse_play(action)
        rest = [t for t in position.hands[seat] if t != tile]
        end = tile.other(half)
        score = tile.value
        if train == f"s{seat}":
            score += OWN_TRAIN + (MARKED_OWN_TRAIN if position.markers[seat] else 0)
        if position.train(train) is None:
            score += NEW_PUBLIC_TRAIN
        if tile.is_double:
            score += DOUBLE_ANSWERED if any(t.has(end) for t in rest) else -UNANSWERABLE_DOUBLE
        elif any(t.has(end) for t in rest):
            score += FOLLOW_UP
        return score


def _reverse(action: str) -> tuple[int, ...]:
    """A tie-break key that makes ``max`` prefer the action that sorts first."""
    return tuple(-ord(char) for char in action)


class RandomTrainPlayer:
    """A player that picks any legal action at random: the baseline the heuristic must beat. Its
    choice is fixed by its seed and what it sees (not by how often it was asked), so a replay
    gives the same round."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, position: Position, seat: int) -> str:
        actions = _legal(position, seat)
        seen = (self.seed, seat, sorted(map(str, position.hands[seat])), len(position.boneyard),
                [train.tiles() for train in position.trains], position.markers, position.drew)
        digest = hashlib.sha256(repr(seen).encode("ascii")).digest()
        return random.Random(digest).choice(actions)


def play_until(position: Position, players: dict[int, MexicanPlayer], until_seat: int | None) -> tuple[Position, list[str]]:
    """Let the engine players in ``players`` act until it is ``until_seat``'s turn (a seat without a
    player) or the round is over; the position reached and the actions taken."""
    actions: list[str] = []
    while not position.is_over() and position.to_act != until_seat:
        action = players[position.to_act].choose(position, position.to_act)
        actions.append(action)
        position = position.apply(action)
    return position, actions


__all__ = ["MexicanPlayer", "RandomTrainPlayer", "TrainHeuristicPlayer", "play_until"]
