"""What the rules say about a position, as data: the API's answer, and how a finished round ended.

The reasons behind the required action are the hint engine's notes
(:func:`tutor.games.domino.hints.explain_position`): one explanation, not a second analysis.

Pure (no Flask). Explanations are :class:`Note` values, a kind plus parameters, which the web
layer renders through gettext in the learner's language (``tutor.web.wording``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import Position, Required, Termination


@dataclass(frozen=True)
class Note:
    """One thing to explain: ``kind`` names the sentence, ``params`` fill it in."""

    kind: str
    params: dict[str, Any] = field(default_factory=dict)


def analyze(position: Position) -> dict[str, Any]:
    """The API's response fields (all but ``explanation``) for a valid position."""
    required = position.required()
    opening = position.opening() if required is Required.OPEN else None
    result = position.result() if required is Required.OVER else None
    ends = position.ends
    return {
        "action": required.value,
        "to_move": None if required is Required.OVER else position.to_move,
        "ends": list(ends) if ends else [],
        "boneyard": len(position.boneyard),
        "legal_moves": [
            {"tile": str(move.tile), "end": move.end.value if move.end else None} for move in position.legal_moves()
        ],
        "opening": (
            {"seat": opening.seat, "tile": str(opening.tile), "rule": opening.rule.value} if opening else None
        ),
        "result": result.to_json() if result else None,
    }


def explain_result(position: Position) -> list[Note]:
    """How the round ended and how its points add up, with the arithmetic."""
    result = position.result()
    assert result is not None
    others = [(seat, pips) for seat, pips in enumerate(result.pips) if seat != result.winner]
    if result.reason is Termination.DOMINO:
        return [
            Note("domino", {"seat": result.winner}),
            Note("domino_points", {"seat": result.winner, "sum": _sum(p for _, p in others), "points": result.points}),
        ]
    notes = [Note("blocked", {"seats": position.seats})]
    notes += [Note("pip_total", {"seat": s, "pips": p, "tiles": t}) for s, (p, t) in enumerate(zip(result.pips, result.tiles))]
    lowest = min(result.pips)
    on_lowest = [s for s, p in enumerate(result.pips) if p == lowest]
    if result.winner is None:
        # Name exactly the seats tied on pips, then exactly those of them also tied on the fewest tiles.
        fewest = min(result.tiles[s] for s in on_lowest)
        on_fewest = [s for s in on_lowest if result.tiles[s] == fewest]
        if on_fewest == on_lowest:
            notes.append(Note("blocked_tie", {"seats": on_lowest, "pips": lowest, "tiles": fewest}))
        else:
            notes.append(Note("blocked_tie_fewest", {"seats": on_lowest, "pips": lowest,
                                                     "tied": on_fewest, "tiles": fewest}))
        return notes
    if len(on_lowest) > 1:
        notes.append(Note("blocked_tiebreak", {"seat": result.winner, "seats": on_lowest, "pips": lowest,
                                               "tiles": result.tiles[result.winner]}))
    else:
        notes.append(Note("blocked_lowest", {"seat": result.winner, "pips": lowest}))
    others_sum = sum(p for _, p in others)
    notes.append(Note("blocked_points", {
        "seat": result.winner, "sum": _sum(p for _, p in others), "others": others_sum,
        "own": result.pips[result.winner], "points": result.points,
    }))
    return notes


def _sum(numbers) -> str:
    """``6 + 7`` (a lone number stays as it is)."""
    return " + ".join(str(n) for n in numbers)


__all__ = ["Note", "analyze", "explain_result"]
