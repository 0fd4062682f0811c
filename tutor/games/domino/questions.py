"""Check questions, judged by the engine: the answer is whatever the rules say, never a stored key.

Pure (no Flask). An answer is a short string: a move (``6-1R``, ``6-6`` for the opening), an action
(``open``, ``play``, ``draw``, ``pass``), a seat number or ``nobody``, or a number of points.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from functools import lru_cache

from tutor.games.domino.analysis import Note
from tutor.games.domino import TILES, Action, ActionKind, Deal, DominoError, End, Match, Position, Required, Tile
from tutor.games.domino.rules import RoundResult, Termination, score_domino_to_five


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
                for end in (End.LEFT, End.RIGHT):
                    choices.append(Option(str(Action.play(tile, end)), "play_at_" + end.value, {"tile": str(tile)}))
        return choices
    if kind == "action":
        return [Option(r.value, "action_" + r.value, {}) for r in Required if r is not Required.OVER]
    if kind == "winner":
        return [Option(str(s), "seat", {"seat": s}) for s in range(position.seats)] + [Option("nobody", "nobody", {})]
    if kind in ("points", "count"):
        return []  # a number typed by the learner
    if kind == "match":
        return [Option(str(s), "seat", {"seat": s}) for s in range(position.seats)] + [Option("nobody", "match_goes_on", {})]
    raise ValueError(f"unknown question kind {kind!r}")


def expected(kind: str, position: Position, **facts) -> tuple[str, ...]:
    """Every answer the rules accept for this question (``facts``: see :func:`facts_of`)."""
    if kind == "count":
        return (str(_count(position, **facts)),)
    if kind == "match":
        winner = match_before(position.seats, facts["totals"]).after(position.result()).winner
        return ("nobody" if winner is None else str(winner),)
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


def judge(kind: str, position: Position, answer: str, **facts) -> Verdict:
    """Judge ``answer``; a malformed answer raises ``DominoError`` (the caller answers 400)."""
    answer = answer.strip()
    if kind in ("points", "count"):
        number = read_number(answer)
        if number is None or number != number.to_integral_value():
            raise DominoError(f"not a whole number: {answer!r}", code="not_a_number", where="answer")
        answer = str(int(number))  # 15.0, +15 and 015 are 15
    elif answer not in {o.value for o in options(kind, position)}:
        raise DominoError(f"not one of the choices: {answer!r}", code="answer", where="answer")
    accepted = expected(kind, position, **facts)
    normal = str(int(answer)) if kind in ("points", "count") else answer
    return Verdict(normal in accepted, normal, accepted)


def describe_move(value: str) -> tuple[str, dict]:
    """A move answer as a label kind plus parameters."""
    action = Action.parse(value)
    if action.kind is ActionKind.OPEN:
        return "open_with", {"tile": str(action.tile)}
    return "play_at_" + action.end.value, {"tile": str(action.tile)}


# ----- where a question's position comes from (tutor.course.Question) ----------------------------
def finished_by_playing_out(hands: tuple[tuple[str, ...], ...] | list) -> Position:
    """A round that has just ended by playing out: the hands as given (one of them empty), and one
    tile on the line (the first tile of the set that nobody holds: which one does not change the score)."""
    held = {str(Tile.parse(t)) for hand in hands for t in hand}
    table = next(str(t) for t in TILES if str(t) not in held)
    return Position.from_json({"hands": [list(h) for h in hands], "line": [table], "to_move": 0, "passes": 0})


@lru_cache(maxsize=256)
def seeded_round(seed: int, seats: int, stop: int | None = None, rules: str = "") -> tuple[Deal, tuple[Action, ...]]:
    """The round dealt by ``seed`` (by ``rules``, Playboard's when empty) when every seat plays its
    heaviest legal tile: its deal and its actions, to its end or for ``stop`` actions."""
    from tutor.games.domino.players import HeaviestFirst  # the engine's simplest player; imported late (it needs the hints)
    from tutor.games.domino.rules import PLAYBOARD, RULE_SETS

    deal = Deal.from_seed(seed, seats, RULE_SETS[rules] if rules else PLAYBOARD)
    player, position, actions = HeaviestFirst(), deal.position(), []
    while position.required() is not Required.OVER and (stop is None or len(actions) < stop):
        action = player.choose(position)
        actions.append(action)
        position = position.apply(action)
    return deal, tuple(actions)


@lru_cache(maxsize=256)
def played_round(seed: int, seats: int, stop: int | None = None, rules: str = "") -> Position:
    """The end of the round dealt by ``seed`` when every seat plays its heaviest legal tile (or its
    position after ``stop`` actions)."""
    deal, actions = seeded_round(seed, seats, stop, rules)
    position = deal.position()
    for action in actions:
        position = position.apply(action)
    return position


def position_of(question) -> Position:
    """The engine position a question (``tutor.course.Question``) asks about."""
    if question.diagram:
        from tutor.games.domino.diagrams import diagram_by_id

        return diagram_by_id(question.diagram).position
    if question.hands:
        return finished_by_playing_out(question.hands)
    if question.round:
        return played_round(*question.round, question.stop, question.rules)
    return Deal.from_seed(0, question.seats).position()


def question_diagram(question, diagram_id: str, title: str):
    """A picture of a question's round stopped mid-round (``round`` with ``stop``), as a diagram
    (``tutor.games.domino.diagrams.Diagram``) seen from seat 0 with ``title`` (an English msgid);
    ``None`` for any other question (a rulebook diagram has its own; a finished round is named in
    the question's words)."""
    if not question.round or question.stop is None:
        return None
    from tutor.games.domino.diagrams import Diagram, Display

    deal, actions = seeded_round(*question.round, question.stop, question.rules)
    size = deal.rules.hand_size(deal.seats)
    hands = tuple(tuple(str(t) for t in deal.order[seat * size:(seat + 1) * size]) for seat in range(deal.seats))
    return Diagram(diagram_id, "", title, "", deal.seats, 0, hands, tuple(str(t) for t in deal.order[deal.seats * size:]),
                   tuple(str(a) for a in actions), Display(), rules=deal.rules)


def facts_of(question) -> dict:
    """What a count or match question adds to its position."""
    if question.kind == "count":
        return {"count": question.count, "number": question.number}
    if question.kind == "match":
        return {"totals": question.totals}
    return {}


def match_before(seats: int, totals: tuple[int, ...]) -> Match:
    """A match whose totals are ``totals`` (one won round per seat with points, in seat order)."""
    match = Match(seats)
    for seat, points in enumerate(totals):
        if points:
            match = match.after(RoundResult(Termination.DOMINO, seat, points, (0,) * seats, (0,) * seats))
    return match


def unseen_counts(position: Position, number: int, seat: int = 0) -> dict:
    """How many of the seven tiles showing ``number`` are on the table, in ``seat``'s hand, unseen."""
    table = sum(t.has(number) for t in position.line_tiles())
    hand = sum(t.has(number) for t in position.hand(seat))
    return {"number": number, "table": table, "hand": hand, "unseen": sum(t.has(number) for t in TILES) - table - hand}


def _count(position: Position, count: str, number: int = 0, **_facts) -> int:
    if count == "hand_size":
        return len(position.hand(0))
    if count == "unseen":
        return unseen_counts(position, number)["unseen"]
    if count == "pips":
        return position.pips(0)
    raise ValueError(f"unknown count {count!r}")


# ----- why a wrong answer is wrong ---------------------------------------------------------------
def why_wrong(kind: str, position: Position, answer: str, seat: int = 0, **facts) -> Note:
    """Why the rules refuse ``answer`` (already judged wrong), as a note for the web layer to word.

    The note says what is wrong with THAT choice, in terms of the position, without naming the
    right answer."""
    if kind == "move":
        return _wrong_move(position, Action.parse(answer))
    if kind == "action":
        return _wrong_action(position, answer, seat)
    if kind == "winner":
        return _wrong_winner(position, answer)
    if kind == "points":
        return _wrong_points(position, int(answer))
    if kind == "count":
        return _wrong_count(position, int(answer), **facts)
    if kind == "match":
        return _wrong_match(position, answer, facts["totals"])
    raise ValueError(f"unknown question kind {kind!r}")


def _wrong_move(position: Position, action: Action) -> Note:
    tile = action.tile
    assert tile is not None
    if action.kind is ActionKind.OPEN:
        opening = position.opening()
        assert opening is not None and opening.tile is not None
        if opening.tile.is_double:
            kind = "open_lower_double" if tile.is_double else "open_not_double"
        else:
            kind = "open_not_heaviest"
        return Note(kind, {"tile": str(tile)})
    left, right = position.ends  # type: ignore[misc]
    number = left if action.end is End.LEFT else right
    return Note("no_match_" + action.end.value, {"tile": str(tile), "number": number})


def _wrong_action(position: Position, answer: str, seat: int) -> Note:
    required = position.required()
    if required is Required.OPEN:
        return Note("not_opened_" + answer)  # play, draw or pass before the first tile
    if answer == "open":
        return Note("already_opened")
    if answer == "play":  # the numbers at every open end: a line's two, or a spinner's open arms
        return Note("nothing_fits", {"numbers": sorted(set(position.open_ends().values()))})
    if required is Required.PLAY:
        return Note("a_tile_fits_" + answer)  # draw or pass while a tile fits
    if answer == "draw":
        return Note("boneyard_empty")
    return Note("boneyard_not_empty", {"count": len(position.boneyard)})


def _wrong_winner(position: Position, answer: str) -> Note:
    result = position.result()
    assert result is not None
    if result.reason is Termination.DOMINO:
        if answer == "nobody":
            return Note("domino_has_winner")
        return Note("still_holds_tiles", {"seat": int(answer), "seats": position.seats,
                                          "count": result.tiles[int(answer)]})
    lowest = min(result.pips)
    if answer == "nobody":
        tied_on_pips = result.pips.count(lowest) > 1
        return Note("tie_broken_by_tiles" if tied_on_pips else "pips_not_tied", {"lowest": lowest})
    seat = int(answer)
    params = {"seat": seat, "seats": position.seats, "pips": result.pips[seat], "lowest": lowest,
              "count": result.tiles[seat]}
    if result.winner is None:
        return Note("tied_nobody_wins", params)
    if result.pips[seat] > lowest:
        return Note("more_pips", params)
    return Note("more_tiles", params)


def _wrong_points(position: Position, answer: int) -> Note:
    result = position.result()
    assert result is not None
    others = sum(p for s, p in enumerate(result.pips) if s != result.winner)
    tiles_left = sum(n for s, n in enumerate(result.tiles) if s != result.winner)
    params = {"answer": answer}
    if answer == tiles_left and answer != result.points:
        return Note("counted_tiles", params)
    if result.reason is Termination.DOMINO and position.rules.score_domino is score_domino_to_five:
        # All Fives rounds the pips to a multiple of 5 (the rule set says so, not the figures)
        return Note("not_rounded" if answer == others else "domino_points_to_five", params)
    if result.reason is Termination.BLOCKED and result.winner is not None:
        own = result.pips[result.winner]
        if own and answer == others:
            return Note("forgot_own_pips", params)
        if own and answer == others + own:
            return Note("added_own_pips", params)
        return Note("blocked_points", params)
    return Note("domino_points", params)


def _wrong_count(position: Position, answer: int, count: str, number: int = 0, **_facts) -> Note:
    if count == "hand_size":
        from tutor.games.domino import PLAYBOARD

        other = [n for n in PLAYBOARD.seat_counts if PLAYBOARD.hand_size(n) == answer]
        if other:
            return Note("hand_size_of", {"answer": answer, "players": other, "seats": position.seats})
        return Note("hand_size", {"answer": answer, "seats": position.seats})
    if count == "pips":
        # counting tiles instead of pips is the likely slip; else, recount
        return Note("counted_tiles_kept" if answer == len(position.hand(0)) else "pips_kept", {"answer": answer})
    counts = unseen_counts(position, number)
    if answer == 7 - counts["table"] and counts["hand"]:
        return Note("unseen_forgot_hand", {"number": number})
    if answer == 7 - counts["hand"] and counts["table"]:
        return Note("unseen_forgot_table", {"number": number})
    return Note("unseen", {"number": number})


def _wrong_match(position: Position, answer: str, totals: tuple[int, ...]) -> Note:
    result = position.result()
    assert result is not None
    if answer == "nobody":
        return Note("match_reached")
    seat = int(answer)
    if seat != result.winner:
        return Note("match_only_round_winner_scores", {"seat": seat, "seats": position.seats})
    return Note("match_not_reached", {"seat": seat, "seats": position.seats})


__all__ = ["Option", "Verdict", "options", "expected", "judge", "describe_move", "DominoError",
           "position_of", "facts_of", "why_wrong", "finished_by_playing_out", "played_round", "question_diagram",
           "seeded_round", "unseen_counts"]
