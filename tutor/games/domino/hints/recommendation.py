"""The recommendation: the move with the best chance to win the round from what one seat knows,
with the plain-language reasons that hold for it (:class:`~tutor.games.domino.analysis.Note` values)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from ..analysis import Note
from .. import Action, ActionKind, End
from ..tiles import NUMBER_MASK
from .simulation import CandidateScore, simulate
from .view import SeatView

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
            key = (action.tile, tuple(sorted(view.ends_after(action))))
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
    new_left, new_right = view.ends_after(action)
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



__all__ = ["DEFAULT_SAMPLES", "Recommendation", "distinct_moves", "recommend"]
