"""The dominoes coach: how good the learner's move was, from the hint engine's own estimate.

Pure (no Flask). The recommendation (``recommendation.recommend``) simulates every distinct move on
the same deals of the tiles the seat cannot see; a move is graded by what it loses against the
recommended one, in the round's winning chance (All Fives: in points gained over the opponent,
its own measure):

- **best**: the recommended move, or one the simulation cannot tell from it (within
  ``CLEAR_LEAD`` standard errors of the deal-by-deal difference: ``recommend``'s "about as good");
- **good**: it loses less than :data:`GOOD_CHANCE` of the winning chance (All Fives:
  :data:`GOOD_POINTS` points), about one round in twenty: a small slip a learner need not dwell on;
- **mistake**: it loses more.

>>> from tutor.games.domino import Deal, RoundRecord
>>> from tutor.games.domino.hints import SeatView
>>> deal = Deal.from_hands([["6-6", "5-4", "3-1", "2-0", "1-1", "4-0", "3-2"],
...                         ["5-5", "6-1", "4-4", "2-2", "3-0", "1-0", "0-0"]])
>>> view = SeatView.from_record(RoundRecord(deal, ["6-6"]), seat=1)
>>> graded = grade_move(view, view.legal_actions()[0])
>>> graded.label, graded.forced  # 6-1 is the only tile that fits, on either end: the same game
('best', True)
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.games.domino import Action
from tutor.games.domino.hints.recommendation import Recommendation, distinct_moves, game_key, move_of, recommend
from tutor.games.domino.hints.simulation import CandidateScore
from tutor.games.domino.hints.view import SeatView

#: A move losing less than this share of the round's winning chance is "good" (one round in 20).
GOOD_CHANCE = 0.05
#: All Fives: a move losing less than this many points (gained over the opponent, on average) is "good".
GOOD_POINTS = 1.5
LABELS = ("best", "good", "mistake")


@dataclass(frozen=True)
class MoveGrade:
    """How the learner's move compares with the recommended one."""

    action: Action
    label: str  # best, good or mistake
    loss: float  # winning chance (0..1) lost, or All Fives' points; 0 for the best
    recommendation: Recommendation
    forced: bool  # the rules left no real choice (one move, or moves that lead to the same game)
    points: bool  # All Fives: ``loss`` is in points

    @property
    def better(self) -> Action | None:
        """The move to show instead, when the learner's was not the best."""
        return None if self.label == "best" else self.recommendation.action


def same_move(view: SeatView, one: Action, other: Action) -> bool:
    """Whether two legal actions lead to the same game (a tile on two ends that show the same
    number, or on mirrored arms): the recommendation simulates one of each such set."""
    return one == other or game_key(view, one) == game_key(view, other)


def candidate_for(view: SeatView, recommendation: Recommendation, action: Action) -> CandidateScore | None:
    """The simulated candidate that stands for ``action`` (None when nothing was simulated)."""
    return next((c for c in recommendation.candidates if same_move(view, c.action, action)), None)


def grade_move(view: SeatView, action: Action, *, seed: int = 0) -> MoveGrade:
    """The grade of ``action``, a legal action of the seat to move in ``view``."""
    recommendation = recommend(view, seed=seed)
    points = view.rules.scores_ends
    if not recommendation.candidates or len(distinct_moves(view)) == 1:
        return MoveGrade(action, "best", 0.0, recommendation, True, points)
    mine = candidate_for(view, recommendation, action)
    best = recommendation.candidates[0]
    if mine is None:  # a draw or pass while a tile fitted cannot be: the rules refuse it first
        raise ValueError(f"{action} is not one of the simulated moves")
    loss = (best.margin - mine.margin) if points else (best.win_rate - mine.win_rate)
    if mine is best or mine in recommendation.equal:
        label = "best"
    else:
        label = "good" if loss < (GOOD_POINTS if points else GOOD_CHANCE) else "mistake"
    return MoveGrade(action, label, max(0.0, loss), recommendation, False, points)


def estimate_fields(view: SeatView, legal_moves: list[dict], *, seed: int = 0) -> dict:
    """The analyze API's estimates (``legal_moves``: its answer's, ``{"tile", "end"}`` each): each
    legal move with its simulated winning chance (``win_rate``, a tie counting half) and mean
    points margin (``margin``: All Fives' measure), placements that lead to the same game sharing
    theirs; and the recommended move, with whether it is clearly the best and the moves about as
    good. Nothing is added when the rules leave no choice."""
    recommendation = recommend(view, seed=seed)
    if not recommendation.candidates:
        return {}
    by_move = {(str(a.tile), a.end.value if a.end else None): a for a in view.legal_actions()}
    moves = []
    for move in legal_moves:
        candidate = candidate_for(view, recommendation, by_move[(move["tile"], move["end"])])
        moves.append({**move, "win_rate": round(candidate.win_rate, 3), "margin": round(candidate.margin, 1)})

    def named(candidate: CandidateScore) -> dict:
        move = move_of(view, candidate.action)
        return {"tile": move["tile"], "end": move["end"]}

    best = recommendation.candidates[0]
    return {"legal_moves": moves,
            "recommended": {**named(best), "win_rate": round(best.win_rate, 3), "margin": round(best.margin, 1),
                            "clear": recommendation.clear,
                            "about_as_good": [named(c) for c in recommendation.equal],
                            "samples": recommendation.samples,
                            "measure": "margin" if view.rules.scores_ends else "win_rate"}}


__all__ = ["GOOD_CHANCE", "GOOD_POINTS", "LABELS", "MoveGrade", "candidate_for", "estimate_fields", "grade_move",
           "same_move"]
