"""``POST /api/v1/domino/analyze`` with ``"rules": "mexican-train"`` (issue #16; documented in README.md).

A Mexican Train round is its deal plus its actions (the harness's own notation): a position alone
cannot say who has already drawn this turn, so the request gives the deal and the history, and the
answer is the position they lead to. Every field is checked here before the engine sees it, so each
mistake gets its own localized message and the field it came from; an action the rules refuse is
reported with its index and the engine's reason, worded by ``tutor.web.domino.mexican_train.wording``.
"""

from __future__ import annotations

from typing import Any, Mapping

from flask import Response, jsonify

from tutor.games.domino.errors import DominoError, IllegalMoveError, InvalidActionError, InvalidTileError
from tutor.games.domino.mexican_train.coach import advice_fields, inferred_bars
from tutor.games.domino.mexican_train.engine import (HAND_SIZE, MATCHES, TOPS, Deal, MatchPlan, Position, TrainTile,
                                                     full_set, pips, position_after)
from tutor.web.domino.mexican_train.wording import explain, history_refusal, refusal_words, result_words, words
from tutor.web.domino.wording import render_refusal

NAME = "mexican-train"


class RequestError(Exception):
    """A request that does not describe a round: its refusal code, params and field."""

    def __init__(self, code: str, where: str, **params: Any) -> None:
        super().__init__(code)
        self.code, self.where, self.params = code, where, params


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _read_deal(data: Mapping[str, Any]) -> Deal:
    if "deal" not in data:
        raise RequestError("missing", "deal", field="deal")
    deal = data["deal"]
    if not isinstance(deal, dict):
        raise RequestError("deal_type", "deal")
    # A tool walking a round posts the same deal at every step: a deal read once is kept.
    try:
        key = tuple((name, type(deal.get(name)), deal.get(name)) for name in ("top", "engine", "first")) + tuple(
            (name, tuple(deal[name][0]), tuple(deal[name][1])) if name == "hands" else (name, tuple(deal[name]))
            for name in ("hands", "boneyard"))
        hash(key)
    except (KeyError, TypeError, IndexError):
        return _check_deal(deal)
    return _known_deal(key, deal)


def _known_deal(key: tuple, deal: dict) -> Deal:
    found = _DEALS.get(key)
    if found is None:
        found = _check_deal(deal)  # raises on a bad deal, which is then not kept
        if len(_DEALS) >= 2_000:
            _DEALS.clear()
        _DEALS[key] = found
    return found


_DEALS: dict[tuple, Deal] = {}


def _check_deal(deal: dict) -> Deal:
    top = deal.get("top", 12)
    if not (_whole(top) and top in TOPS):
        raise RequestError("top", "deal.top", value=_shown(top))
    if "engine" not in deal:
        raise RequestError("missing", "deal.engine", field="deal.engine")
    engine = deal["engine"]
    if not (_whole(engine) and 0 <= engine <= top):
        raise RequestError("engine", "deal.engine", value=_shown(engine), top=top)
    first = deal.get("first", 0)
    if not (_whole(first) and first in (0, 1)):
        raise RequestError("first", "deal.first", value=_shown(first))
    hands = deal.get("hands")
    if not (isinstance(hands, list) and len(hands) == 2 and all(isinstance(h, list) and h for h in hands)):
        raise RequestError("hands", "deal.hands")
    boneyard = deal.get("boneyard", [])
    if not isinstance(boneyard, list):
        raise RequestError("boneyard_type", "deal.boneyard")

    seen: dict[TrainTile, str] = {}
    places = [(f"deal.hands[{s}][{i}]", token) for s in (0, 1) for i, token in enumerate(hands[s])]
    places += [(f"deal.boneyard[{i}]", token) for i, token in enumerate(boneyard)]
    tiles = []
    for where, token in places:
        try:
            tile = TrainTile.parse(token, top)
        except InvalidTileError:
            raise RequestError("tile", where, token=_shown(token), top=top) from None
        if tile == TrainTile(engine, engine):
            raise RequestError("engine_dealt", where, tile=str(tile))
        if tile in seen:
            raise RequestError("duplicate", where, tile=str(tile), first=seen[tile])
        seen[tile] = where
        tiles.append(tile)
    # The whole set is dealt (the engine aside): the boneyard is the rest, in drawing order.
    missing = [str(t) for t in full_set(top) if t not in seen and t != TrainTile(engine, engine)]
    if missing:
        raise RequestError("missing_tiles", "deal", tiles=missing)
    size = len(hands[0])
    return Deal(engine, top, (tuple(tiles[:size]), tuple(tiles[size:size + len(hands[1])])),
                tuple(tiles[size + len(hands[1]):]), first)


def _shown(value: object) -> str:
    """A wrong value as the message quotes it (short, whatever its type)."""
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _read_history(data: Mapping[str, Any], deal: Deal) -> tuple[list[str], Position]:
    history = data.get("history", [])
    if not isinstance(history, list):
        raise RequestError("history_type", "history")
    for index, action in enumerate(history):
        if not isinstance(action, str):
            raise RequestError("action", f"history[{index}]", token=_shown(action))
    try:
        return history, position_after(deal, history)
    except (IllegalMoveError, InvalidActionError) as error:
        index = int(error.where.removeprefix("history[").removesuffix("]"))
        seat = position_after(deal, history[:index]).to_act
        code = error.params.get("reason", error.code)
        raise RequestError("history", error.where, index=index, action=_shown(history[index]),
                           reason=code, params=error.params, seat=seat) from None


def _read_options(data: Mapping[str, Any]) -> tuple[int | None, list[int] | None]:
    seat = data.get("seat")
    if seat is not None and not (_whole(seat) and seat in (0, 1)):
        raise RequestError("seat", "seat", value=_shown(seat))
    totals = data.get("totals")
    if totals is not None and not (isinstance(totals, list) and len(totals) == 2
                                   and all(_whole(t) and t >= 0 for t in totals)):
        raise RequestError("totals", "totals")
    return seat, totals


def _message(error: RequestError) -> str:
    if error.code == "history":
        p = error.params
        return history_refusal(p["index"], p["action"], p["reason"], p["params"], p["seat"])
    return refusal_words(error.code, error.params)


def _trains(position: Position) -> list[dict]:
    return [{"name": train.name, "owner": train.owner, "tiles": train.tiles(), "open_end": train.end,
             "marker": position.markers[train.owner] if train.owner is not None else None}
            for train in position.trains]


def _move(action: str) -> dict:
    written, train = action.split(":")
    high, low = (int(x) for x in written.split("-"))
    return {"tile": str(TrainTile.of(high, low)), "train": train, "action": action}


def answer(deal: Deal, position: Position, seat: int | None, totals: list[int] | None,
           plan: MatchPlan | None = None) -> dict:
    """The response for ``position`` (reached from ``deal``, a round of ``plan``: by default the
    set's whole match)."""
    plan = plan or MATCHES["twelve" if deal.top == 12 else "double-six"]
    outcome = position.outcome()
    actions = position.legal_actions()
    if outcome is not None:
        action = "over"
    elif actions in (["draw"], ["pass"]):
        action = actions[0]
    else:
        action = "play"
    result = None
    if outcome is not None:
        result = outcome.to_dict()
        after = None if totals is None else [totals[s] + outcome.pips[s] for s in (0, 1)]
        if after is not None:
            result["totals"] = after
        # The match ends with its last round: 1-1, or 6-6 in the quicker game that stops there.
        said = result_words(outcome, 0 if seat is None else seat, after, match_over=deal.engine == plan.stop)
    else:
        said = explain(position, position.to_act if seat is None else seat)
    double = position.open_double()
    return {
        "rules": NAME,
        "action": action,
        "to_move": None if outcome is not None else position.to_act,
        "drew": position.drew and outcome is None,
        "engine": deal.engine,
        "trains": _trains(position),
        "markers": list(position.markers),
        "open_double": None if double is None else double.name,
        "boneyard": len(position.boneyard),
        "hands": [len(hand) for hand in position.hands],
        "legal_actions": actions,
        "legal_moves": [_move(a) for a in actions if a not in ("draw", "pass")],
        "result": result,
        "explanation": words(said),
    }


def _read_match(data: Mapping[str, Any], deal: Deal) -> MatchPlan:
    """The match the round belongs to (``match``: one of ``MATCHES`` by name; by default the set's
    whole match), and the round's engine one of its rounds'."""
    name = data.get("match", "twelve" if deal.top == 12 else "double-six")
    if not isinstance(name, str) or name not in MATCHES:
        raise RequestError("match", "match", value=_shown(name), names=list(MATCHES))
    plan = MATCHES[name]
    if plan.top != deal.top:
        raise RequestError("match_set", "match", match=name, top=deal.top, set=plan.top)
    if not plan.stop <= deal.engine <= plan.start:
        # engine 0 among them: no round of any match has it (the last round's engine is 1-1 or 6-6)
        raise RequestError("engine_round", "deal.engine", engine=deal.engine, start=plan.start, stop=plan.stop)
    return plan


def _check_reachable(deal: Deal, plan: MatchPlan, totals: list[int] | None) -> None:
    """What no match can come to: hands of another size than the deal gives, pips kept before the
    first round, more pips than the earlier rounds' hands could keep."""
    for seat, hand in enumerate(deal.hands):
        if len(hand) != HAND_SIZE[deal.top]:
            raise RequestError("hand_size", f"deal.hands[{seat}]", seat=seat, tiles=len(hand), size=HAND_SIZE[deal.top])
    if totals is None:
        return
    earlier = plan.start - deal.engine
    if earlier == 0 and any(totals):
        raise RequestError("totals_first_round", "totals", engine=deal.engine)
    # a hand keeps at most every tile of the set but that round's engine
    most = sum(pips(tile for tile in full_set(deal.top) if tile != TrainTile(e, e)) for e in range(deal.engine + 1, plan.start + 1))
    if any(total > most for total in totals):
        raise RequestError("totals_too_big", "totals", rounds=earlier, most=most)


def analyze(data: Mapping[str, Any]) -> tuple[Response, int] | Response:
    """The endpoint's answer for a Mexican Train body (``data["rules"] == "mexican-train"``)."""
    try:
        deal = _read_deal(data)
        seat, totals = _read_options(data)
        plan = _read_match(data, deal)
        _check_reachable(deal, plan, totals)
        history, position = _read_history(data, deal)
    except RequestError as error:
        return jsonify({"error": _message(error), "where": error.where}), 400
    except DominoError as error:  # the engine refusing what the checks above let through: still a 400
        return jsonify({"error": refusal_words(error.code, error.params), "where": error.where}), 400
    advice = data.get("advice", False)
    if not isinstance(advice, bool):
        return jsonify({"error": render_refusal("advice", {}), "where": "advice"}), 400
    response = answer(deal, position, seat, totals, plan)
    if advice and response["action"] == "play":  # the coach's estimates, from the mover's side only
        positions = [position_after(deal, history[:index]) for index in range(len(history) + 1)]
        known = inferred_bars(positions, history, position.to_act)
        response.update(advice_fields(position, response["legal_moves"], known=known))
    return jsonify(response)
