"""The recommendation: the move with the best chance to win the round from what one seat knows,
with the plain-language reasons that hold for it (:class:`~tutor.games.domino.analysis.Note` values)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from tutor.games.domino.analysis import Note, _sum
from tutor.games.domino import Action, ActionKind, End
from tutor.games.domino.rules import score_domino_to_five
from tutor.games.domino.spinner import Arm, SpinnerLayout, all_fives_score
from tutor.games.domino.tiles import NUMBER_MASK
from tutor.games.domino.hints.simulation import CandidateScore, difference, simulate
from tutor.games.domino.hints.view import SeatView, deals_every_tile

#: Determinizations per recommendation on a line. Strength levels off near 100 against
#: heaviest-first (bench/hints.py). With the reading of the others' plays, 1,200 won no more over
#: 2,000 rounds than 600 (76.2 / 68.9 % against heaviest-first / the HeuristicPlayer, where 600
#: won 76.7 / 68.9 %) at p95 276 ms: what the coach lacks is not the estimate's noise. 300, each
#: kept from four drawn (``simulation.LINE_POOL``), won more than 600 from one and answers within
#: the same time (figures there), and the percentages shown to a learner move less from one seed
#: to another: by 2.7 points (a standard deviation; 600 from one drawn, 3.6), measured on the 217
#: moves of 80 positions of HeuristicPlayer rounds, two seeds each. "The best" is said only beyond
#: that noise (:data:`CLEAR_LEAD`).
DEFAULT_SAMPLES = 300

#: Determinizations per recommendation in a spinner game (Straight, All Fives), whose playouts
#: choose among up to four arms (and in All Fives count every play): 200 answers within about
#: 0.1 s on the test machine for the widest choices (bench/spinner_hints.py).
SPINNER_SAMPLES = 200

#: A move is called the best only when its lead over every other is more than this many standard
#: errors of the deal-by-deal difference (the simulation's own uncertainty: the same deals are
#: played for every move, so their results are compared pair by pair): about a 2 % chance that
#: noise alone made it lead. Moves within that are "about as good", and said so.
CLEAR_LEAD = 2.0


@dataclass(frozen=True)
class Recommendation:
    """The move to play and why: ``candidates`` (best first) holds every distinct placement that
    was simulated; it is empty when the rules leave one choice."""

    action: Action
    candidates: tuple[CandidateScore, ...]
    samples: int
    notes: tuple[Note, ...]
    #: the other candidates whose results are within the simulation's uncertainty of the best one
    #: (:data:`CLEAR_LEAD`): when there are any, no move is called the best
    equal: tuple[CandidateScore, ...] = ()

    @property
    def clear(self) -> bool:
        """Whether the recommended move is the best by more than the simulation's uncertainty."""
        return bool(self.candidates) and not self.equal


def game_key(view: SeatView, action: Action) -> object:
    """What the rest of the round depends on after ``action``: equal for two placements that lead
    to the same game (a tile fitting two equal ends: left or right leaves the same pair of ends)."""
    if action.kind is ActionKind.PLAY and view.layout is not None:
        return action.tile, _spinner_game(view.layout_after(action))
    if action.kind is ActionKind.PLAY:
        return action.tile, tuple(sorted(view.ends_after(action)))
    return action


def distinct_moves(view: SeatView) -> list[Action]:
    """The viewer's legal actions, keeping one of each set of placements that lead to the same
    game (:func:`game_key`)."""
    seen = set()
    moves = []
    for action in view.legal_actions():
        key = game_key(view, action)
        if key not in seen:
            seen.add(key)
            moves.append(action)
    return moves


def _spinner_game(layout: SpinnerLayout) -> tuple:
    """What the rest of a spinner game depends on, alike for tables that differ only by mirroring:
    the left and right arms may swap, and so may the up and down ones, and the doubles' branches
    among themselves (each arm as whether it holds a tile, its open number and whether a double
    ends it: that decides the fits and the count; every branch is open, and counts, alike)."""
    def arm(end: Arm) -> tuple[bool, int, bool]:
        tiles = layout.arm(end)
        return bool(tiles), layout.open_number(end), bool(tiles) and tiles[-1][0].is_double

    return (tuple(sorted((arm(End.LEFT), arm(End.RIGHT)))), tuple(sorted((arm(End.UP), arm(End.DOWN)))),
            tuple(sorted(arm(branch) for branch in layout.every_arm[4:])))


def recommend(view: SeatView, *, seed: int = 0, samples: int | None = None) -> Recommendation:
    """The move with the best chance to win the round, by simulating ``samples`` deals of the
    unseen tiles consistent with what the viewer knows; the same seed gives the same answer. By
    default :data:`DEFAULT_SAMPLES`, with a spinner :data:`SPINNER_SAMPLES`.

    In All Fives, where points are scored all through the round, "best" is the most points gained
    over the opponent from this move to the round's end (then the chance to gain any); otherwise
    the best chance to win the round (then the points margin).

    Raises ``ValueError`` when it is not the viewer's turn.
    """
    if not view.my_turn:
        raise ValueError(f"seat {view.seat} is not to move")
    if samples is None:
        samples = SPINNER_SAMPLES if view.rules.spinner else DEFAULT_SAMPLES
    return _recommend(view, view.rules.name, seed, samples)


#: The recommendations last made, kept by view, rule set, seed and samples (the same inputs give the
#: same answer): a game's page grades the learner's last move again for each hint, explanation,
#: strategy fact or refused try until the next move, and that grade is the recommendation the
#: hint gave before the move. Each is a few kilobytes.
KEPT_RECOMMENDATIONS = 1024


@lru_cache(maxsize=KEPT_RECOMMENDATIONS)
def _recommend(view: SeatView, _rules_name: str, seed: int, samples: int) -> Recommendation:
    # the view's rule set is not part of its equality: its name is part of the key
    moves = distinct_moves(view)
    if len(moves) == 1 or moves[0].kind in (ActionKind.DRAW, ActionKind.PASS):
        return Recommendation(moves[0], (), 0, tuple(_forced_reason(view, moves[0])))
    scores = simulate(view, moves, samples, random.Random(seed))
    # Best chance to win first, then the better points margin (All Fives: points first); the
    # legal order breaks exact ties. The simulation's order holds even within its noise: among the
    # moves within one standard error of the first, playing the one the HeuristicPlayer scores
    # highest measured worse (bench/hints.py, 2,000 rounds: -2.1 and -1.2 points of win rate
    # against heaviest-first and the HeuristicPlayer, standard errors 0.8 and 0.9).
    if view.rules.scores_ends:
        order = sorted(range(len(scores)), key=lambda i: (-scores[i].margin, -scores[i].win_rate, i))
    else:
        order = sorted(range(len(scores)), key=lambda i: (-scores[i].win_rate, -scores[i].margin, i))
    ranked = tuple(scores[i] for i in order)
    equal = about_as_good(ranked)
    notes = _move_reasons(view, ranked, samples)
    notes.insert(2, _lead_note(view, equal))  # after the move and the next best, before the reasons
    return Recommendation(ranked[0].action, ranked, samples, tuple(notes), equal)


def about_as_good(ranked: Sequence[CandidateScore]) -> tuple[CandidateScore, ...]:
    """The candidates after the first whose difference from it, deal by deal, is within
    :data:`CLEAR_LEAD` standard errors (All Fives' outcomes are points, the others' rounds won)."""
    best = ranked[0]
    found = []
    for other in ranked[1:]:
        gap = difference(best, other)
        if gap.lead <= CLEAR_LEAD * gap.error:
            found.append(other)
    return tuple(found)


def move_of(view: SeatView, action: Action) -> dict:
    """A move as the notes name it: the tile and where it goes (an end, an arm, or nowhere: an
    opening)."""
    if action.kind is ActionKind.OPEN or action.end is None:
        return {"tile": str(action.tile), "end": None}
    return {"tile": str(action.tile), "end": action.end.value, "spinner": view.layout is not None}


def _lead_note(view: SeatView, equal: Sequence[CandidateScore]) -> Note:
    """Whether the recommended move is clearly the best or one of several about as good."""
    if not equal:
        return Note("best_clear", {"points": view.rules.scores_ends})
    return Note("about_as_good", {"moves": [move_of(view, c.action) for c in equal],
                                  "points": view.rules.scores_ends})


def _percent(rate: float) -> int:
    return round(100 * rate)


def _forced_reason(view: SeatView, action: Action) -> list[Note]:
    if action.kind is ActionKind.OPEN:
        return [Note("recommend_open", {"tile": str(action.tile)})]
    if action.kind is ActionKind.DRAW:
        return [Note("move_draw", {})]
    if action.kind is ActionKind.PASS:
        return [Note("move_pass_at_once" if deals_every_tile(view.rules, view.seats) else "move_pass", {})]
    assert action.tile is not None and action.end is not None
    if view.layout is not None:
        number = view.open_ends()[action.end]
        params = {"tile": str(action.tile), "arm": action.end.value, "number": number}
        if len(view.legal_actions()) > 1:
            # The tile fits several arms, and each leaves the same game (mirror images).
            return [Note("recommend_any_arm", {"tile": str(action.tile), "number": number})]
        return [Note("recommend_only_arm", params)] + _points_note(view, action)
    ends = view.ends
    assert ends is not None
    number = ends[0] if action.end is End.LEFT else ends[1]
    if len(view.legal_actions()) > 1:
        # One tile on two ends that show the same number: two legal moves that lead to the same
        # game, so the choice of end does not matter (it is not the only legal move).
        return [Note("recommend_either_end", {"tile": str(action.tile), "number": number})]
    return [Note("recommend_only_" + action.end.value, {"tile": str(action.tile), "number": number})]


def _points_note(view: SeatView, action: Action) -> list[Note]:
    """All Fives: what the move scores, with the count of the open ends after it."""
    if not view.rules.scores_ends:
        return []
    terms = view.layout_after(action).count_terms()
    points = all_fives_score(sum(terms))
    kind = "reason_scores" if points else "reason_scores_nothing"
    return [Note(kind, {"tile": str(action.tile), "sum": _sum(terms), "count": sum(terms), "points": points})]


def _spinner_move_notes(view: SeatView, ranked: Sequence[CandidateScore], samples: int) -> list[Note]:
    """The recommended move and the next best in a spinner game: win rates in Straight, the points
    gained over the opponent in All Fives (one decimal: the average of the simulated rounds)."""
    open_ends = view.open_ends()
    notes = []
    for place, candidate in enumerate(ranked[:2]):
        action = candidate.action
        assert action.tile is not None and action.end is not None
        params: dict = {"tile": str(action.tile), "arm": action.end.value, "number": open_ends[action.end]}
        if view.rules.scores_ends:
            params["margin"] = round(candidate.margin, 1)
            kind = "recommend_arm_points" if place == 0 else "alternative_arm_points"
        else:
            params["wins"] = _percent(candidate.win_rate)
            kind = "recommend_arm" if place == 0 else "alternative_arm"
        if place == 0:
            params["samples"] = samples
        else:
            del params["number"]
        notes.append(Note(kind, params))
    return notes + _points_note(view, ranked[0].action)


def _opening_reasons(view: SeatView, ranked: Sequence[CandidateScore], samples: int) -> list[Note]:
    """A lead with any tile (Sato 157 after the first round): the best opening and the next best by
    their win rates, and why (a double is hard to place later; the heaviest tile sheds the most pips)."""
    best, runner_up = ranked[0], ranked[1]
    tile = best.action.tile
    assert tile is not None and runner_up.action.tile is not None
    notes = [Note("recommend_open_any", {"tile": str(tile), "samples": samples, "wins": _percent(best.win_rate)}),
             Note("alternative_open", {"tile": str(runner_up.action.tile), "wins": _percent(runner_up.win_rate)})]
    if tile.is_double:
        notes.append(Note("reason_double", {"tile": str(tile)}))
    if tile.value > max(c.action.tile.value for c in ranked[1:] if c.action.tile is not None):
        notes.append(Note("reason_heavy", {"tile": str(tile), "value": tile.value}))
    return notes


def _move_reasons(view: SeatView, ranked: Sequence[CandidateScore], samples: int) -> list[Note]:
    best = ranked[0]
    action = best.action
    tile = action.tile
    if action.kind is ActionKind.OPEN:
        return _opening_reasons(view, ranked, samples)
    assert tile is not None and action.end is not None
    if view.layout is not None:
        notes = _spinner_move_notes(view, ranked, samples)
        number = view.open_ends()[action.end]
    else:
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
        rounded = view.rules.score_domino is score_domino_to_five  # All Fives rounds the pips to 5
        notes.append(Note("reason_plays_out_to_five" if rounded else "reason_plays_out", {"tile": str(tile)}))
        return notes
    open_after = view.ends_after(action)
    exposed = tile.other(number)
    if tile.is_double:
        notes.append(Note("reason_double", {"tile": str(tile)}))
    other_values = [c.action.tile.value for c in ranked[1:] if c.action.tile is not None]
    if tile.value > max(other_values):
        notes.append(Note("reason_heavy", {"tile": str(tile), "value": tile.value}))
    for seat in range(view.seats):
        void = [n for n in view.voids(seat) if n in open_after]
        if void:
            notes.append(Note("reason_blocks", {"seat": seat, "number": void[0]}))
    replies = (rest & NUMBER_MASK[exposed]).bit_count()
    if replies:
        notes.append(Note("reason_keeps_reply", {"number": exposed, "count": replies}))
    return notes



__all__ = ["CLEAR_LEAD", "DEFAULT_SAMPLES", "Recommendation", "SPINNER_SAMPLES", "about_as_good", "distinct_moves", "game_key", "move_of",
           "recommend"]
