"""What the rules say about a position, as data: the API's answer, and how a finished round ended.

The reasons behind the required action are the hint engine's notes
(:func:`tutor.games.domino.hints.explain_position`): one explanation, not a second analysis.

Pure (no Flask). Explanations are :class:`Note` values, a kind plus parameters, which the web
layer renders through gettext in the learner's language (``tutor.web.domino.wording``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tutor.games.domino import Position, Required, Termination
from tutor.games.domino.rules import (PLAYBOARD, RoundResult, score_blocked_last_player, score_blocked_lower_pips, score_blocked_playboard,
                    score_blocked_sato, score_domino, score_domino_to_five)


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
    rules = position.rules
    moves = []
    for move in position.legal_moves():
        fields = {"tile": str(move.tile), "end": move.end.value if move.end else None}
        if rules.scores_ends:
            fields["points"] = position.points_for(move)
        moves.append(fields)
    answer = {
        "action": required.value,
        "to_move": None if required is Required.OVER else position.to_move,
        "ends": list(ends) if ends else [],
        "boneyard": len(position.boneyard),
        "legal_moves": moves,
        "opening": (
            {"seat": opening.seat, "tile": str(opening.tile), "rule": opening.rule.value} if opening else None
        ),
        "result": result.to_json() if result else None,
    }
    if rules is not PLAYBOARD:  # Playboard's answer keeps API.md's fields exactly
        answer["rules"] = rules.name
    if rules.spinner:  # the open end of every arm, by name; All Fives' count and points so far
        answer["open_ends"] = {end.value: number for end, number in position.open_ends().items()}
        answer["spinner"] = str(position.layout.spinner) if position.layout else None
    if rules.scores_ends:
        answer["count"] = position.count()
        answer["scores"] = list(position.scores)
    return answer


def explain_result(position: Position) -> list[Note]:
    """How the round ended and how its points add up, with the arithmetic (each rule set's own
    blocked-round rule: :data:`BLOCKED_NOTES`), then any points scored during play (All Fives)."""
    result = position.result()
    assert result is not None
    others = [(seat, pips) for seat, pips in enumerate(result.pips) if seat != result.winner]
    if result.reason is Termination.DOMINO:
        others_sum = sum(p for _, p in others)
        notes = [Note("domino", {"seat": result.winner})]
        # the rule set's own scoring says which sentence (All Fives rounds, even when 25 stays 25)
        kind = GOING_OUT_NOTES[position.rules.score_domino]
        notes.append(Note(kind, {"seat": result.winner, "sum": _sum(p for _, p in others), "points": result.points,
                                 **({"pips": others_sum} if kind == "domino_points_to_five" else {})}))
    else:
        # the rule set's own blocked round: everyone passed in a row, or nobody can play (no passes needed)
        notes = [Note("blocked_stuck", {}) if position.passes < position.seats else Note("blocked", {"seats": position.seats})]
        notes += [Note("pip_total", {"seat": s, "pips": p, "tiles": t})
                  for s, (p, t) in enumerate(zip(result.pips, result.tiles))]
        notes += BLOCKED_NOTES[position.rules.score_blocked](result)
    notes += [Note("play_points", {"seat": seat, "points": points})
              for seat, points in enumerate(result.play_points) if points]
    return notes


def _lowest_wins_notes(result: RoundResult) -> list[Note]:
    """Playboard's blocked round: the lowest pips win, then fewer tiles; the winner scores the
    others' pips minus their own."""
    notes = _winner_by_pips_then_tiles(result)
    if result.winner is not None:
        others = [p for seat, p in enumerate(result.pips) if seat != result.winner]
        notes.append(Note("blocked_points", {
            "seat": result.winner, "sum": _sum(others), "others": sum(others),
            "own": result.pips[result.winner], "points": result.points,
        }))
    return notes


def _others_pips_notes(result: RoundResult) -> list[Note]:
    """Sato 157: Playboard's winner, who scores the pips in the other hands."""
    return _winner_by_pips_then_tiles(result) + _others_points(result)


def _lower_pips_notes(result: RoundResult) -> list[Note]:
    """Straight: the lower pip total wins and scores the opponent's pips; equal pips: nobody."""
    if result.winner is None:
        return [Note("blocked_tie_pips", {"pips": min(result.pips)})]
    return [Note("blocked_lowest", {"seat": result.winner, "pips": min(result.pips)})] + _others_points(result)


def _last_player_notes(result: RoundResult) -> list[Note]:
    """All Fives: the seat that placed the last tile takes the opponent's pips rounded to 5."""
    others = [p for seat, p in enumerate(result.pips) if seat != result.winner]
    return [Note("blocked_last_player", {"seat": result.winner, "sum": _sum(others), "pips": sum(others),
                                         "points": result.points})]


def _others_points(result: RoundResult) -> list[Note]:
    """The winner's points, the pips of the other hands; a tie has no winner and no points to say."""
    if result.winner is None:
        return []
    others = [p for seat, p in enumerate(result.pips) if seat != result.winner]
    return [Note("blocked_points_others", {"seat": result.winner, "sum": _sum(others), "points": result.points})]


def _winner_by_pips_then_tiles(result: RoundResult) -> list[Note]:
    notes: list[Note] = []
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
    return notes


#: The sentence of a played-out round for each rule set's scoring of it (rules.py).
GOING_OUT_NOTES = {score_domino: "domino_points", score_domino_to_five: "domino_points_to_five"}

#: The explanation of a blocked round for each rule set's scoring of it (rules.py).
BLOCKED_NOTES = {
    score_blocked_playboard: _lowest_wins_notes,
    score_blocked_sato: _others_pips_notes,
    score_blocked_lower_pips: _lower_pips_notes,
    score_blocked_last_player: _last_player_notes,
}


def _sum(numbers) -> str:
    """``6 + 7`` (a lone number stays as it is)."""
    return " + ".join(str(n) for n in numbers)


__all__ = ["Note", "analyze", "explain_result"]
