"""The answer of ``POST /api/v1/backgammon/analyze`` (shared/API.md) for a valid position, and
the notes its explanation is written from (each note a sentence kind with parameters, worded in
the learner's language by the web layer).

>>> from tutor.games.backgammon import START
>>> answer = analyze(START.with_dice(6, 5))
>>> answer["action"], len(answer["plays"]), answer["plays"][0]["notation"]
('play', 7, '24/18 13/8')
>>> [n.kind for n in explain(START.with_dice(6, 5))]
['pips', 'play_count', 'first_steps']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tutor.games.backgammon.cube import can_double, result
from tutor.games.backgammon.plays import BAR_POINT, OFF, Step, first_steps, legal_plays, play_order
from tutor.games.backgammon.position import BLACK, WHITE, Position, Side, learner_point


@dataclass(frozen=True)
class Note:
    """One thing to explain: ``kind`` names the sentence, ``params`` fill it in."""

    kind: str
    params: dict[str, Any] = field(default_factory=dict)


def action(position: Position) -> str:
    if position.is_over:
        return "over"
    if position.dice is None:
        return "roll"
    return "play" if legal_plays(position) else "no_play"


def _learner(side: Side, point: int) -> int | str:
    if point == BAR_POINT:
        return "bar"
    if point == OFF:
        return "off"
    return learner_point(side, point)


def step_json(side: Side, step: Step, hit: bool = True) -> dict:
    data = {"from": _learner(side, step.src), "to": _learner(side, step.dst), "die": step.die}
    if hit:
        data["hit"] = step.hit
    return data


def analyze(position: Position) -> dict[str, Any]:
    """The API's response fields (all but ``explanation``)."""
    kind = action(position)
    side = position.to_move
    plays = sorted(legal_plays(position), key=play_order, reverse=True) if kind == "play" else []
    over = result(position)
    return {
        "action": kind,
        "to_move": None if kind == "over" else side.value,
        "dice": list(position.dice) if position.dice else None,
        "pips": {"white": position.pips(WHITE), "black": position.pips(BLACK)},
        "plays": [{"notation": play.notation, "steps": [step_json(side, s) for s in play.steps],
                   "after": play.after.checkers_json()} for play in plays],
        "first_steps": [step_json(side, s, hit=False) for s in first_steps(position)] if plays else [],
        "can_double": can_double(position),
        "result": over.to_json() if over else None,
    }


def explain(position: Position, recommended: dict | None = None) -> list[Note]:
    """What a learner needs to hear about this position, as notes; with the advice's
    ``recommended`` play (``coach.advice_fields``), the evaluator's choice too."""
    side = position.to_move
    notes = [Note("pips", {"white": position.pips(WHITE), "black": position.pips(BLACK)})]
    over = result(position)
    if over is not None:
        notes.append(Note(f"over_{over.kind}", {"side": over.winner.value}))
        notes.append(Note("points", {"multiplier": over.multiplier, "cube": over.cube, "points": over.points}))
        return notes
    if position.dice is None:
        cube = position.cube
        if can_double(position):
            notes.append(Note("may_double", {"side": side.value, "value": cube.value, "doubled": cube.value * 2}))
        elif cube.owner is side.other:
            notes.append(Note("cube_theirs", {"side": side.value, "owner": cube.owner.value, "value": cube.value}))
        else:
            notes.append(Note("cube_cap", {"side": side.value, "value": cube.value}))
        return notes
    d1, d2 = position.dice
    bar = position.on_bar(side)
    plays = legal_plays(position)
    if not plays:
        if bar:
            notes.append(Note("entry_closed", {"side": side.value, "dice": f"{d1}-{d2}"}))
        notes.append(Note("turn_lost", {"side": side.value, "dice": f"{d1}-{d2}"}))
        return notes
    if bar:
        notes.append(Note("enter_first", {"side": side.value, "count": bar}))
    if d1 == d2:
        notes.append(Note("same_dice", {"die": d1}))
    used = max(len(p.steps) for p in plays)
    if d1 != d2 and used == 1 and not any(p.after.is_over for p in plays):
        die = plays[0].steps[0].die
        notes.append(Note("one_die_higher" if die == max(d1, d2) else "one_die_lower",
                          {"high": max(d1, d2), "low": min(d1, d2)}))
    elif d1 == d2 and used < 4 and not any(p.after.is_over for p in plays):
        notes.append(Note("fewer_same_dice", {"count": used, "die": d1}))
    notes.append(Note("play_count", {"side": side.value, "dice": f"{d1}-{d2}", "count": len(plays)}))
    firsts = first_steps(position)
    notes.append(Note("first_steps", {"steps": [str(s) for s in firsts]}))
    if recommended is not None:
        forced = "only_play" in recommended["reasons"]
        notes.append(Note("only_play" if forced else "best_play", {"play": recommended["notation"]}))
    return notes
