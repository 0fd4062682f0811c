"""POST /api/v1/domino/analyze (shared/API.md; documented in README.md): a double-six position by
any rule set, or a Mexican Train round (``"rules": "mexican-train"``, ``tutor.web.domino.mexican_train.api``).
With ``"advice": true`` the answer adds the hint engine's estimate of each legal move and the
recommended move (``tutor.games.domino.hints.grading.estimate_fields``): the simulation costs tens
of milliseconds, so a tool that only asks what the rules say does not pay for it."""

from __future__ import annotations

from flask import jsonify

from tutor.games.domino import DominoError, Position
from tutor.games.domino.analysis import analyze as analyze_position
from tutor.games.domino.hints import SeatView, estimate_fields, explain_position
from tutor.games.domino.reachable import unreachable
from tutor.games.domino.rules import PLAYBOARD, rule_set_named
from tutor.web.api import error_response, game_api, read_json
from tutor.web.domino.mexican_train import api as mexican_api
from tutor.web.domino.wording import render_error, render_notes, render_refusal

bp = game_api("domino")


@bp.post("/analyze")
def analyze():
    data = read_json()
    if isinstance(data, dict) and data.get("rules") == mexican_api.NAME:
        return mexican_api.analyze(data)  # a round given as its deal and actions (README)
    try:
        rules = rule_set_named(data["rules"]) if isinstance(data, dict) and "rules" in data else PLAYBOARD
        position = Position.from_json(data, rules)
        refusal = unreachable(position)  # well formed, but no round by these rules comes to it
        if refusal is not None:
            raise refusal
    except DominoError as error:
        if error.code == "rules":  # the unknown-name message lists Mexican Train too
            error.params["names"] = [*error.params.get("names", ()), mexican_api.NAME]
        return error_response(render_error(error), error.where)
    advice = data.get("advice", False)
    if not isinstance(advice, bool):
        return error_response(render_refusal("advice", {}), "advice")
    answer = analyze_position(position)
    if advice and answer["action"] == "play":  # the hint engine's estimates, from the mover's side only
        answer.update(estimate_fields(SeatView.from_position(position, position.to_move), answer["legal_moves"]))
    answer["explanation"] = render_notes(explain_position(position))
    return jsonify(answer)
