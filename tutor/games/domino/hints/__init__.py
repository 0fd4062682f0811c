"""The hint engine: what one seat can know, and what the rules and the odds say from there.

Pure (no Flask), in four modules by job:

- :mod:`~tutor.games.domino.hints.view`: what a seat may know (:class:`SeatView`, built action by action by a
  :class:`SeatTracker`); the engine's players import only this;
- :mod:`~tutor.games.domino.hints.simulation`: determinizations of the unseen tiles and fast playouts;
- :mod:`~tutor.games.domino.hints.recommendation`: the move with the best chance to win, and its reasons;
- :mod:`~tutor.games.domino.hints.explain`: explanations and the hint ladder, as
  :class:`~tutor.games.domino.analysis.Note` values that ``tutor.web.domino.wording`` renders.

``from tutor.games.domino.hints import X`` keeps working for every name below: each is loaded from its module
on first use, so importing the view does not load the simulation.

>>> from tutor.games.domino import Deal, RoundRecord
>>> from tutor.games.domino.hints import SeatView, legal_move_notes, recommend
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

import importlib
from typing import Any

#: Where each public name lives (the private ones are for the tests).
_HOMES = {
    "Event": "view", "SeatTracker": "view", "SeatView": "view",
    "CandidateScore": "simulation", "simulate": "simulation", "_Sampler": "simulation", "_BY_WEIGHT": "simulation",
    "DEFAULT_SAMPLES": "recommendation", "Recommendation": "recommendation", "distinct_moves": "recommendation",
    "recommend": "recommendation", "MoveGrade": "grading", "grade_move": "grading", "estimate_fields": "grading",
    "HintLadder": "explain", "draw_notes": "explain", "explain_position": "explain", "explain_turn": "explain", "hint_ladder": "explain",
    "legal_move_notes": "explain", "opening_notes": "explain",
    "pass_notes": "explain", "round_end_notes": "explain", "strategy_notes": "explain",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value  # found once; later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))


__all__ = [
    "CandidateScore", "DEFAULT_SAMPLES", "Event", "HintLadder", "Recommendation", "SeatTracker", "SeatView",
    "MoveGrade", "distinct_moves", "draw_notes", "estimate_fields", "grade_move", "explain_position", "explain_turn", "hint_ladder", "legal_move_notes",
    "opening_notes", "pass_notes", "recommend", "round_end_notes", "simulate", "strategy_notes",
]
