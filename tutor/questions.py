"""Check questions, judged by the engine: the answer is whatever the rules say, never a stored key.

Pure (no Flask). An answer is a short string: a move (``6-1R``, ``6-6`` for the opening), an action
(``open``, ``play``, ``draw``, ``pass``), a seat number or ``nobody``, or a number of points.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from .domino import Action, ActionKind, DominoError, End, Position, Required


#: A number as a learner or a browser's number field writes it: 15, 15.0, +15, -3, .5, and 15,0
#: with the decimal comma of Vietnamese and Indonesian. Spaces around it do not count.
_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)")
MAX_NUMBER_LENGTH = 12


def read_number(text: str) -> Decimal | None:
    """The number ``text`` writes, or None when it is not a number."""
    text = text.strip()
    if len(text) > MAX_NUMBER_LENGTH or not text.isascii() or not _NUMBER.fullmatch(text):
        return None
    return Decimal(text.replace(",", "."))


@dataclass(frozen=True)
class Option:
    """One answer the learner can pick: ``value`` is submitted, ``kind`` and ``params`` say how to label it."""

    value: str
    kind: str
    params: dict


@dataclass(frozen=True)
class Verdict:
    correct: bool
    answer: str
    expected: tuple[str, ...]  # every answer the rules accept


def options(kind: str, position: Position, seat: int = 0) -> list[Option]:
    """The choices offered for a question about ``position`` seen from ``seat``."""
    if kind == "move":
        choices = []
        opening = position.required() is Required.OPEN
        for tile in position.hand(seat):
            if opening:
                choices.append(Option(str(Action.open(tile)), "open_with", {"tile": str(tile)}))
            else:
                for end in End:
                    choices.append(Option(str(Action.play(tile, end)), "play_at_" + end.value, {"tile": str(tile)}))
        return choices
    if kind == "action":
        return [Option(r.value, "action_" + r.value, {}) for r in Required if r is not Required.OVER]
    if kind == "winner":
        return [Option(str(s), "seat", {"seat": s}) for s in range(position.seats)] + [Option("nobody", "nobody", {})]
    if kind == "points":
        return []  # a number typed by the learner
    raise ValueError(f"unknown question kind {kind!r}")


def expected(kind: str, position: Position) -> tuple[str, ...]:
    """Every answer the rules accept for this question."""
    if kind == "move":
        return tuple(str(m) for m in position.legal_moves())
    if kind == "action":
        return (position.required().value,)
    result = position.result()
    if result is None:
        raise ValueError("winner and points questions need a finished round")
    if kind == "winner":
        return ("nobody" if result.winner is None else str(result.winner),)
    if kind == "points":
        return (str(result.points),)
    raise ValueError(f"unknown question kind {kind!r}")


def judge(kind: str, position: Position, answer: str) -> Verdict:
    """Judge ``answer``; a malformed answer raises ``DominoError`` (the caller answers 400)."""
    answer = answer.strip()
    if kind == "points":
        number = read_number(answer)
        if number is None or number != number.to_integral_value():
            raise DominoError(f"not a whole number: {answer!r}", code="not_a_number", where="answer")
        answer = str(int(number))  # 15.0, +15 and 015 are 15
    elif answer not in {o.value for o in options(kind, position)}:
        raise DominoError(f"not one of the choices: {answer!r}", code="answer", where="answer")
    accepted = expected(kind, position)
    normal = str(int(answer)) if kind == "points" else answer
    return Verdict(normal in accepted, normal, accepted)


def describe_move(value: str) -> tuple[str, dict]:
    """A move answer as a label kind plus parameters."""
    action = Action.parse(value)
    if action.kind is ActionKind.OPEN:
        return "open_with", {"tile": str(action.tile)}
    return "play_at_" + action.end.value, {"tile": str(action.tile)}


__all__ = ["Option", "Verdict", "options", "expected", "judge", "describe_move", "DominoError"]
