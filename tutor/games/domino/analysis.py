"""What the rules say about a position, as data: the API's answer and the reasons behind it.

Pure (no Flask). Explanations are :class:`Note` values, a kind plus parameters, which the web
layer renders through gettext in the learner's language (``tutor.web.wording``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import Position, Required, Termination
from .rules import OpeningReason
from .tiles import tiles_in


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


def explain(position: Position) -> list[Note]:
    """Why the rules require what they require here, step by step."""
    required = position.required()
    seat = position.to_move
    if required is Required.OPEN:
        return _explain_opening(position)
    if required is Required.OVER:
        return explain_result(position)
    left, right = position.ends  # type: ignore[misc]
    notes = [Note("ends", {"left": left, "right": right})]
    if required is Required.PLAY:
        moves = position.legal_moves()
        notes.append(Note("legal_count", {"seat": seat, "count": len(moves)}))
        for move in moves:
            number = left if move.end.value == "left" else right
            notes.append(Note("fits_" + move.end.value, {"tile": str(move.tile), "number": number}))
        misfits = [str(t) for t in tiles_in(position.hands[seat] & ~position.fitting())]
        if misfits:
            notes.append(Note("no_fit_tiles", {"tiles": misfits, "left": left, "right": right}))
        notes.append(Note("play_compulsory", {}))
    elif required is Required.DRAW:
        notes.append(Note("must_draw", {"seat": seat, "left": left, "right": right, "boneyard": len(position.boneyard)}))
    else:
        notes.append(Note("must_pass", {"seat": seat, "left": left, "right": right}))
        if position.passes:
            notes.append(Note("passes_so_far", {"passes": position.passes, "seats": position.seats}))
    return notes


def _explain_opening(position: Position) -> list[Note]:
    opening = position.opening()
    assert opening is not None and opening.tile is not None
    tile = opening.tile
    if opening.rule is OpeningReason.HIGHEST_DOUBLE:
        return [Note("open_double", {"seat": opening.seat, "tile": str(tile)})]
    notes = [Note("open_heaviest", {"seat": opening.seat, "tile": str(tile), "value": tile.value})]
    held = 0
    for hand in position.hands:
        held |= hand
    rivals = [t for t in tiles_in(held) if t.value == tile.value and t is not tile]
    for rival in rivals:
        notes.append(Note("open_tie", {"tile": str(tile), "other": str(rival), "value": tile.value,
                                       "high": tile.high, "other_high": rival.high}))
    return notes


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


__all__ = ["Note", "analyze", "explain", "explain_result"]
